import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ROLE_LABELS, ROLES } from '@mediport/contracts';
import { FilterBar } from '@mediport/ui';
import { doctorName } from '../user-form-model';
import { USERS_TEXT as T } from '../messages';
import type { UserFilterName, UserList } from './use-user-list';

/** "Alle" (the empty value) shows as a choice, with the label above it. */
const SELECT_PROPS = { inputLabel: { shrink: true }, select: { displayEmpty: true } };

interface FilterSelectProps {
  label: string;
  value: string;
  /** Label of the empty value (e.g. "Alle"). */
  emptyLabel: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  width?: number;
}

/** One select of the filter bar; the empty value is shown as a choice. */
function FilterSelect({ label, value, emptyLabel, options, onChange, width = 200 }: FilterSelectProps) {
  return (
    <TextField
      select
      slotProps={SELECT_PROPS}
      label={label}
      size="small"
      fullWidth={false}
      margin="none"
      sx={{ minWidth: { xs: 0, sm: width }, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <MenuItem value="">{emptyLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The filter row of the user lists (libs/ui FilterBar): the search first, then the filters the
 * viewer's roles allow: the status filter only for admin, no doctor filter for the doctor
 * role, no home filter for the home role, a role filter for everyone.
 */
export function UserFilters({ list }: { list: UserList }) {
  const { state, lookups } = list;
  const viewerRoles = list.auth?.roles ?? [];
  const isAdmin = viewerRoles.includes('ROLE_ADMIN');
  const showHome = !viewerRoles.includes('ROLE_HOME') && !!lookups;
  const showDoctor = !viewerRoles.includes('ROLE_DOCTOR') && !!lookups;
  const set = (name: UserFilterName) => (value: string) => state.setFilter(name, value);

  return (
    <FilterBar search={state.search} onSearch={state.setSearch} searchLabel={T.search}>
      <FilterSelect
        label={T.roleFilter}
        width={180}
        value={state.filters.roles}
        emptyLabel={T.all}
        options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        onChange={set('roles')}
      />
      {showHome && (
        <FilterSelect label={T.homeFilter} value={state.filters.home} emptyLabel={T.all} options={lookups.homes.map((h) => ({ value: h._id, label: h.name }))} onChange={set('home')} />
      )}
      {showDoctor && (
        <FilterSelect
          label={T.doctorFilter}
          value={state.filters.doctor}
          emptyLabel={T.all}
          options={lookups.doctors.map((d) => ({ value: d._id, label: doctorName(d) }))}
          onChange={set('doctor')}
        />
      )}
      {isAdmin && (
        <FilterSelect
          label={T.statusFilter}
          width={160}
          value={state.filters.status}
          emptyLabel={T.statusActive}
          options={[
            { value: 'removed', label: T.statusRemoved },
            { value: 'all', label: T.statusAll },
          ]}
          onChange={set('status')}
        />
      )}
    </FilterBar>
  );
}

import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ROLE_LABELS, ROLES, type Role, type UserListFilter, type UserLookups } from '@mediport/contracts';
import { doctorName } from '../user-form-model';
import { USERS_TEXT as T } from '../messages';

/** Text-input debounce of tables (spec §9). */
export const SEARCH_DEBOUNCE_MS = 250;

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
      sx={{ minWidth: width }}
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

export interface UserFiltersProps {
  value: UserListFilter;
  onChange: (next: UserListFilter) => void;
  viewerRoles: readonly string[];
  lookups?: UserLookups;
}

/**
 * Filters of the user lists, by the viewer's roles (spec §2): the status filter only for admin, no
 * doctor filter for the doctor role, no home filter for the home role, a role filter for everyone.
 */
export function UserFilters({ value, onChange, viewerRoles, lookups }: UserFiltersProps) {
  const [text, setText] = useState(value.text ?? '');
  useEffect(() => {
    if ((value.text ?? '') === text) return;
    const timer = setTimeout(() => onChange({ ...value, text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  const isAdmin = viewerRoles.includes('ROLE_ADMIN');
  const showHome = !viewerRoles.includes('ROLE_HOME') && !!lookups;
  const showDoctor = !viewerRoles.includes('ROLE_DOCTOR') && !!lookups;

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <TextField label={T.search} value={text} onChange={(e) => setText(e.target.value)} size="small" fullWidth={false} margin="none" sx={{ minWidth: 220 }} />
      <FilterSelect
        label={T.roleFilter}
        width={180}
        value={value.roles?.[0] ?? ''}
        emptyLabel={T.all}
        options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        onChange={(v) => onChange({ ...value, roles: v ? [v as Role] : undefined })}
      />
      {showHome && (
        <FilterSelect
          label={T.homeFilter}
          value={value.home ?? ''}
          emptyLabel={T.all}
          options={lookups.homes.map((h) => ({ value: h._id, label: h.name }))}
          onChange={(v) => onChange({ ...value, home: v || undefined })}
        />
      )}
      {showDoctor && (
        <FilterSelect
          label={T.doctorFilter}
          value={value.doctor ?? ''}
          emptyLabel={T.all}
          options={lookups.doctors.map((d) => ({ value: d._id, label: doctorName(d) }))}
          onChange={(v) => onChange({ ...value, doctor: v || undefined })}
        />
      )}
      {isAdmin && (
        <FilterSelect
          label={T.statusFilter}
          width={160}
          value={value.status ?? ''}
          emptyLabel={T.statusActive}
          options={[
            { value: 'removed', label: T.statusRemoved },
            { value: 'all', label: T.statusAll },
          ]}
          onChange={(v) => onChange({ ...value, status: v as UserListFilter['status'] })}
        />
      )}
    </Box>
  );
}

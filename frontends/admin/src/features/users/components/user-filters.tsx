import { useEffect, useState } from 'react';
import { Box, MenuItem, TextField } from '@mui/material';
import { ROLE_LABELS, ROLES, type Role, type UserListFilter, type UserLookups } from '@mediport/contracts';
import { doctorName } from '../user-form-model';
import { USERS_TEXT as T } from '../messages';

/** Text-input debounce of tables (spec §9). */
export const SEARCH_DEBOUNCE_MS = 250;

/** "Alle" (the empty value) shows as a choice, with the label above it. */
const SELECT_PROPS = { inputLabel: { shrink: true }, select: { displayEmpty: true } };

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
      <TextField
        select
        slotProps={SELECT_PROPS}
        label={T.roleFilter}
        size="small"
        fullWidth={false}
        margin="none"
        sx={{ minWidth: 180 }}
        value={value.roles?.[0] ?? ''}
        onChange={(e) => onChange({ ...value, roles: e.target.value ? [e.target.value as Role] : undefined })}
      >
        <MenuItem value="">{T.all}</MenuItem>
        {ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {ROLE_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      {showHome && (
        <TextField
          select
          slotProps={SELECT_PROPS}
          label={T.homeFilter}
          size="small"
          fullWidth={false}
          margin="none"
          sx={{ minWidth: 200 }}
          value={value.home ?? ''}
          onChange={(e) => onChange({ ...value, home: e.target.value || undefined })}
        >
          <MenuItem value="">{T.all}</MenuItem>
          {lookups.homes.map((h) => (
            <MenuItem key={h._id} value={h._id}>
              {h.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {showDoctor && (
        <TextField
          select
          slotProps={SELECT_PROPS}
          label={T.doctorFilter}
          size="small"
          fullWidth={false}
          margin="none"
          sx={{ minWidth: 200 }}
          value={value.doctor ?? ''}
          onChange={(e) => onChange({ ...value, doctor: e.target.value || undefined })}
        >
          <MenuItem value="">{T.all}</MenuItem>
          {lookups.doctors.map((d) => (
            <MenuItem key={d._id} value={d._id}>
              {doctorName(d)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {isAdmin && (
        <TextField
          select
          slotProps={SELECT_PROPS}
          label={T.statusFilter}
          size="small"
          fullWidth={false}
          margin="none"
          sx={{ minWidth: 160 }}
          value={value.status ?? ''}
          onChange={(e) => onChange({ ...value, status: e.target.value as UserListFilter['status'] })}
        >
          <MenuItem value="">{T.statusActive}</MenuItem>
          <MenuItem value="removed">{T.statusRemoved}</MenuItem>
          <MenuItem value="all">{T.statusAll}</MenuItem>
        </TextField>
      )}
    </Box>
  );
}

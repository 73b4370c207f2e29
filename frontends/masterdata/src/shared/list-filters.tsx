import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { DeactivatedFilter } from '@mediport/contracts';
import { UI_MESSAGES } from '@mediport/ui';
import { FORM_TEXTS } from './texts';

/**
 * URL defaults of the filters every master-data list with seen marks and deactivation has
 * (patients, doctors, homes): `notSeen` '' or '1' (filter[notSeen]=1: only "neu"), `deactivated`
 * '0' (active only), '1' or 'all'. Spread into `useListState({ filters })`.
 */
export const FLAG_FILTER_DEFAULTS = { notSeen: '', deactivated: '0' } as const;

/** A record the caller has not opened yet ("neu"): its `seen` list does not name the caller. */
export const isNewRecord = (row: { seen: string[] }) => row.seen.length === 0;

/** The "Nur neue" switch (`filter[notSeen]=1`). */
export function OnlyNewSwitch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <FormControlLabel
      control={<Switch checked={value === '1'} onChange={(e) => onChange(e.target.checked ? '1' : '')} />}
      label={FORM_TEXTS.onlyNew}
    />
  );
}

const DEACTIVATED_OPTIONS: [DeactivatedFilter, string][] = [
  ['0', FORM_TEXTS.no],
  ['1', FORM_TEXTS.yes],
  ['all', FORM_TEXTS.all],
];

/** The "Deaktiviert" select (Nein: active only, Ja: only deactivated, Alle: both); for users with the delete right. */
export function DeactivatedSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      select
      label={FORM_TEXTS.deactivated}
      size="small"
      margin="none"
      fullWidth={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 140 }}
    >
      {DEACTIVATED_OPTIONS.map(([v, label]) => (
        <MenuItem key={v} value={v}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** "Alle als gelesen markieren" (with `useMarkAllRead`). */
export function MarkAllReadButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="outlined" size="small" onClick={onClick} disabled={disabled}>
      {UI_MESSAGES.markAllRead}
    </Button>
  );
}

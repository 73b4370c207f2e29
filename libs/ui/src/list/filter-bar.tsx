import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { UI_MESSAGES } from '../messages.js';

export interface FilterBarProps {
  /** The search text as typed (ListState.search) and its setter. */
  search: string;
  onSearch: (text: string) => void;
  searchLabel?: string;
  /** Further filters (selects, switches) beside the search field. */
  children?: ReactNode;
  /** Right-aligned buttons (e.g. "mark all read"). */
  actions?: ReactNode;
}

/** The filter row above a DataTable: the search field first, the list's own filters after it. */
export function FilterBar({ search, onSearch, searchLabel = UI_MESSAGES.search, children, actions }: FilterBarProps) {
  return (
    <Box role="search" sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        label={searchLabel}
        type="search"
        size="small"
        margin="none"
        fullWidth={false}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ flex: '1 1 220px', minWidth: 0, maxWidth: 420 }}
      />
      {children}
      {actions && <Box sx={{ ml: 'auto', display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}

/** The "neu" badge of a record the user has not opened yet. */
export function NewBadge() {
  return <Chip size="small" color="secondary" label={UI_MESSAGES.newBadge} sx={{ ml: 1, height: 20 }} />;
}

/** A yes/no filter of a FilterBar kept as '1' or '' (e.g. "Nur neue": `filter[notSeen]=1`). */
export function FilterSwitch({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <FormControlLabel control={<Switch checked={value === '1'} onChange={(e) => onChange(e.target.checked ? '1' : '')} />} label={label} />;
}

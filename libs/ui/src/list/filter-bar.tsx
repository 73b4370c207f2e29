import { type ReactNode, useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { UI_MESSAGES } from '../messages.js';
import { SPEC_BREAKPOINTS } from './table-defaults.js';

export interface FilterBarProps {
  /** The search text as typed (ListState.search) and its setter. */
  search: string;
  onSearch: (text: string) => void;
  searchLabel?: string;
  /** Further filters (selects, switches) beside the search field. */
  children?: ReactNode;
  /** Right-aligned buttons (e.g. "mark all read"). */
  actions?: ReactNode;
  /** How many of the further filters are set: shown on the "Filter" button below 768 px. */
  activeFilters?: number;
}

/** The filter row above a DataTable: the search field first, the list's own filters after it. */
export function FilterBar({ search, onSearch, searchLabel = UI_MESSAGES.search, children, actions, activeFilters = 0 }: FilterBarProps) {
  // Below 768 px the further filters fold away behind a "Filter" button, so the list starts on the first screen.
  const compact = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.tablet - 0.05}px)`);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (compact && children) {
    return (
      <Box role="search" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <SearchField label={searchLabel} value={search} onChange={onSearch} />
          <Badge badgeContent={activeFilters} color="secondary">
            <Button variant={open ? 'contained' : 'outlined'} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
              {UI_MESSAGES.filters}
            </Button>
          </Badge>
        </Box>
        <Collapse in={open} id={panelId}>
          <Box sx={{ display: 'flex', gap: 2, pt: 2, flexWrap: 'wrap', alignItems: 'center' }}>{children}</Box>
        </Collapse>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', pt: 2 }}>{actions}</Box>}
      </Box>
    );
  }
  return (
    <Box role="search" sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <SearchField label={searchLabel} value={search} onChange={onSearch} />
      {children}
      {actions && <Box sx={{ ml: 'auto', display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}

function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <TextField
      label={label}
      type="search"
      size="small"
      margin="none"
      fullWidth={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ flex: '1 1 220px', minWidth: 0, maxWidth: 420 }}
    />
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

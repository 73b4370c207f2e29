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
import { FilterChips, type FilterChip } from './filter-chips.js';

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
  /**
   * The less used filters: from 768 px behind a "Weitere Filter" button at the end of the bar
   * (below it, in the "Filter" panel with the others).
   */
  more?: ReactNode;
  /** How many of `more` are set: shown on the "Weitere Filter" button. */
  moreActive?: number;
  /** The set filters as removable chips under the bar. */
  chips?: FilterChip[];
}

/**
 * The filter row above a DataTable: the search field first, the list's own filters after it, the
 * less used ones behind "Weitere Filter", and what is set as removable chips below.
 */
export function FilterBar({ search, onSearch, searchLabel = UI_MESSAGES.search, children, actions, activeFilters = 0, more, moreActive = 0, chips = [] }: FilterBarProps) {
  // Below 768 px the further filters fold away behind a "Filter" button, so the list starts on the first screen.
  const compact = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.tablet - 0.05}px)`);
  const [open, setOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const panelId = useId();
  const moreId = useId();
  const chipRow = chips.length > 0 && (
    <Box sx={{ pt: compact ? 1.5 : 0, px: compact ? 0 : 2, pb: compact ? 0 : 1.5 }}>
      <FilterChips chips={chips} />
    </Box>
  );
  if (compact && (children || more)) {
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
          <Box sx={{ display: 'flex', gap: 2, pt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            {children}
            {more}
          </Box>
        </Collapse>
        {chipRow}
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', pt: 2 }}>{actions}</Box>}
      </Box>
    );
  }
  return (
    <Box role="search">
      <Box sx={{ display: 'flex', columnGap: 2, rowGap: 1.5, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField label={searchLabel} value={search} onChange={onSearch} />
        {children}
        {more && (
          <Badge badgeContent={moreActive} color="secondary">
            <Button variant={moreOpen ? 'contained' : 'outlined'} aria-expanded={moreOpen} aria-controls={moreId} onClick={() => setMoreOpen((o) => !o)}>
              {UI_MESSAGES.moreFilters}
            </Button>
          </Badge>
        )}
        {actions && <Box sx={{ ml: 'auto', display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {more && (
        <Collapse in={moreOpen} id={moreId}>
          <Box sx={{ display: 'flex', gap: 2, px: 2, pb: 2, flexWrap: 'wrap', alignItems: 'center' }}>{more}</Box>
        </Collapse>
      )}
      {chipRow}
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

/** A yes/no filter of a FilterBar kept as '1' or '' (e.g. "Nur neue": `filter[notSeen]=1`); `small` for a compact bar. */
export function FilterSwitch({ label, value, onChange, size }: { label: string; value: string; onChange: (value: string) => void; size?: 'small' | 'medium' }) {
  return (
    <FormControlLabel
      control={<Switch size={size} checked={value === '1'} onChange={(e) => onChange(e.target.checked ? '1' : '')} />}
      label={label}
      sx={size === 'small' ? { mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } } : undefined}
    />
  );
}

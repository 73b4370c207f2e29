import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { UI_MESSAGES } from '../messages.js';

export interface FilterChip {
  /** Unique within the list (e.g. the filter's name). */
  key: string;
  /** What is set, in German, e.g. "Status: Neu" or "Neu angelegt". */
  label: string;
  /** Removes it (clears the filter). */
  onDelete: () => void;
  /** 'warning' for a chip that stands for a highlighted row (e.g. the record just created). */
  color?: 'default' | 'primary' | 'warning';
}

/**
 * The set filters of a list as a row of chips, each removed by its ✕, a click, or Delete /
 * Backspace; named "<label> entfernen" for screen readers. Nothing while none is set.
 */
export function FilterChips({ chips, label = UI_MESSAGES.activeFilters }: { chips: FilterChip[]; label?: string }) {
  if (chips.length === 0) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {chips.map((chip) => (
        <Box component="li" key={chip.key} sx={{ minWidth: 0, maxWidth: '100%' }}>
          <Chip
            size="small"
            color={chip.color ?? 'default'}
            variant={chip.color && chip.color !== 'default' ? 'filled' : 'outlined'}
            label={chip.label}
            aria-label={UI_MESSAGES.removeChip(chip.label)}
            onClick={chip.onDelete}
            onDelete={chip.onDelete}
            sx={{ maxWidth: '100%' }}
          />
        </Box>
      ))}
    </Box>
  );
}

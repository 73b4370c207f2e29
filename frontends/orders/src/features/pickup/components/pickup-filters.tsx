import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type FilterOption, OptionFilter } from '../../list/components/task-filters';
import { PICKUP_TEXTS as T } from '../messages';
import type { PickupFilters, PickupGrouping } from '../pickup-request';

/** Two filters share a phone's row; on wider screens each takes up to 260 px. */
const FILTER_SX = { minWidth: 140, flex: { xs: '1 1 140px', sm: '0 1 260px' } };

export interface PickupFilterBarProps {
  by: PickupGrouping;
  onGroup: (by: PickupGrouping) => void;
  filters: PickupFilters;
  onFilter: (name: keyof PickupFilters, value: string | boolean) => void;
  homes: FilterOption[];
  doctors: FilterOption[];
}

/** Grouping ("nach Arzt" / "nach Einrichtung"), the home and doctor filters and "nur neue". */
export function PickupFilterBar({ by, onGroup, filters, onFilter, homes, doctors }: PickupFilterBarProps) {
  return (
    <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label={T.groupBy}
        value={by}
        onChange={(_e, next: PickupGrouping | null) => next && onGroup(next)}
        sx={{ '& .MuiToggleButton-root': { minHeight: 40, textTransform: 'none', px: 2 } }}
      >
        <ToggleButton value="doctor">{T.byDoctor}</ToggleButton>
        <ToggleButton value="home">{T.byHome}</ToggleButton>
      </ToggleButtonGroup>
      <OptionFilter label={T.homeFilter} value={filters.home} options={homes} onChange={(v) => onFilter('home', v)} sx={FILTER_SX} />
      <OptionFilter label={T.doctorFilter} value={filters.doctor} options={doctors} onChange={(v) => onFilter('doctor', v)} sx={FILTER_SX} />
      <FormControlLabel control={<Switch checked={filters.notSeen} onChange={(e) => onFilter('notSeen', e.target.checked)} />} label={T.onlyNew} sx={{ minHeight: 44, mr: 0 }} />
    </Box>
  );
}

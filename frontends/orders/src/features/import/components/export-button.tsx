import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { SxProps, Theme } from '@mui/material/styles';
import { useExportTasks } from '../api/import-api';
import { IMPORT_TEXTS as T } from '../messages';
import { DownloadIcon } from './icons';

/**
 * "Exportieren (Excel)": the orders list's current filter and sort as .xlsx in the import's column
 * layout. An icon with its name as label and tooltip (the list's header has no room for another
 * text button); `sx` places it.
 */
export function ExportButton({ query, sx }: { query: Record<string, string | number>; sx?: SxProps<Theme> }) {
  const exportTasks = useExportTasks();
  return (
    <Tooltip title={T.export}>
      <Box component="span" sx={sx}>
        <IconButton aria-label={T.export} onClick={() => exportTasks.mutate(query)} disabled={exportTasks.isPending}>
          <DownloadIcon />
        </IconButton>
      </Box>
    </Tooltip>
  );
}

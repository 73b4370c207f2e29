import { useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { monthLabel } from '@mediport/contracts/invoices';
import { formatCents } from '@mediport/contracts/shop';
import { ErrorPanel, LoadingState } from '@mediport/ui';
import { downloadSepa, useSepaMonths } from '../api/mandate-api';
import { MANDATE_TEXTS as T } from '../mandate-texts';

/**
 * Accounting: the pain.008 file of a billed month. The months offered are those with invoices to
 * collect (newest first, with their count and sum), so no month is picked that has nothing in it;
 * after an export the list is read again.
 */
export function SepaExportCard() {
  const { enqueueSnackbar } = useSnackbar();
  const months = useSepaMonths();
  const [month, setMonth] = useState('');
  const [busy, setBusy] = useState(false);
  const offered = months.data ?? [];

  // The newest month by default, and again when the chosen one is gone (exported).
  useEffect(() => {
    if (!offered.some((m) => m.month === month)) setMonth(offered[0]?.month ?? '');
  }, [offered, month]);

  async function onExport() {
    setBusy(true);
    try {
      await downloadSepa(month);
      enqueueSnackbar(T.exported, { variant: 'success' });
    } catch {
      // The common error handler has shown the server's message.
    } finally {
      setBusy(false);
      void months.refetch();
    }
  }

  return (
    <Box component="section" aria-labelledby="sepa-export-title">
      <Typography id="sepa-export-title" variant="h6" component="h2" gutterBottom>
        {T.exportTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.exportText}
      </Typography>
      {months.isError ? (
        <ErrorPanel message={T.exportMonthsFailed} onRetry={() => void months.refetch()} />
      ) : months.isLoading ? (
        <LoadingState />
      ) : offered.length === 0 ? (
        <Typography variant="body2">{T.exportNothing}</Typography>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
          <TextField select label={T.exportMonth} value={offered.some((m) => m.month === month) ? month : ''} onChange={(e) => setMonth(e.target.value)} sx={{ flex: 1, minWidth: 0 }}>
            {offered.map((m) => (
              <MenuItem key={m.month} value={m.month}>
                {T.exportMonthOption(monthLabel(m.month), m.invoices, formatCents(m.amountCents))}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" onClick={() => void onExport()} disabled={busy || !month} sx={{ flexShrink: 0 }}>
            {T.exportButton}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

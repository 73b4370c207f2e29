import { useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { downloadSepa } from '../api/mandate-api';
import { MANDATE_TEXTS as T } from '../mandate-texts';

/** Accounting: the pain.008 file of a billed month (by default the month that ended last). */
export function SepaExportCard() {
  const { enqueueSnackbar } = useSnackbar();
  const [month, setMonth] = useState(() => dayjs().subtract(1, 'month').format('YYYY-MM'));
  const [busy, setBusy] = useState(false);

  async function onExport() {
    setBusy(true);
    try {
      await downloadSepa(month);
      enqueueSnackbar(T.exported, { variant: 'success' });
    } catch {
      // The common error handler has shown the server's message.
    } finally {
      setBusy(false);
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <TextField type="month" label={T.exportMonth} value={month} onChange={(e) => setMonth(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} sx={{ minWidth: 200 }} />
        <Button variant="contained" onClick={() => void onExport()} disabled={busy || !/^\d{4}-\d{2}$/.test(month)}>
          {T.exportButton}
        </Button>
      </Stack>
    </Box>
  );
}

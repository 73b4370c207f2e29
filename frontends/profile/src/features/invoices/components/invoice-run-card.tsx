import { useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INVOICE_MESSAGES as M, monthLabel } from '@mediport/contracts/invoices';
import { ConfirmDialog } from '@mediport/ui';
import { useInvoiceRun } from '../api/invoices-api';

/** How many ended months the run offers. */
const MONTHS = 24;

/** The last `count` months that have ended before `today`, newest first ('YYYY-MM'). */
export function endedMonths(today: Date, count = MONTHS): string[] {
  const out: string[] = [];
  for (let back = 1; back <= count; back++) {
    const d = new Date(today.getFullYear(), today.getMonth() - back, 1);
    out.push(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/**
 * The billing run of an ended month (invoice_run_view). The scheduled run bills each month on the
 * 1st; this one bills a month again after contracts were corrected, or one the schedule missed.
 * Asks first; a month billed already gets nothing new (the server's message says so).
 */
export function InvoiceRunCard() {
  const { enqueueSnackbar } = useSnackbar();
  const [months] = useState(() => endedMonths(new Date()));
  const [month, setMonth] = useState(months[0]!);
  const [asking, setAsking] = useState(false);
  const run = useInvoiceRun();

  async function onRun() {
    setAsking(false);
    const answer = await run.mutateAsync(month).catch(() => null);
    if (answer) enqueueSnackbar(answer.message, { variant: 'success' });
  }

  return (
    <Box component="section" aria-labelledby="invoice-run-title" sx={{ mb: 3 }}>
      <Typography id="invoice-run-title" variant="h6" component="h2" gutterBottom>
        {M.runTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {M.runText}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, maxWidth: 760 }}>
        <TextField select size="small" fullWidth={false} label={M.runMonth} value={month} onChange={(e) => setMonth(e.target.value)} sx={{ minWidth: 220 }}>
          {months.map((m) => (
            <MenuItem key={m} value={m}>
              {monthLabel(m)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => setAsking(true)} disabled={run.isPending} sx={{ flexShrink: 0 }}>
          {run.isPending ? M.runRunning : M.runButton}
        </Button>
      </Stack>
      <ConfirmDialog open={asking} title={M.runConfirmTitle(month)} confirmLabel={M.runButton} onCancel={() => setAsking(false)} onConfirm={() => void onRun()}>
        {M.runConfirmText}
      </ConfirmDialog>
    </Box>
  );
}

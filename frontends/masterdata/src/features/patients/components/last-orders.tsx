import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@mediport/ui';
import { PATIENT_TEXTS as T } from '../messages';

/**
 * The patient's "Letzte Aufträge" (spec §2). Orders arrive with the orders issue, which fills this
 * block with the paginated list; until then it shows the spec's empty text.
 */
export function LastOrders() {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="patient-last-orders" sx={{ mt: 3, p: { xs: 2, sm: 3 } }}>
      <Typography id="patient-last-orders" variant="h2" component="h2">
        {T.lastOrders}
      </Typography>
      <EmptyState text={T.noOrders} />
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import { PROFILE_MESSAGES } from '@mediport/contracts';

/** The tabs Rechnungen, Mandat and Backup are not built yet; they show this note. */
export function BillingNote() {
  return <Alert severity="info">{PROFILE_MESSAGES.billingFollows}</Alert>;
}

import Alert from '@mui/material/Alert';
import { PROFILE_MESSAGES } from '@mediport/contracts';

/** Rechnungen, Verträge, Mandat and Backup arrive with the billing issue (spec part 2). */
export function BillingNote() {
  return <Alert severity="info">{PROFILE_MESSAGES.billingFollows}</Alert>;
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { FORM_TEXTS } from './texts';

/** The "deaktiviert" chip beside a deactivated record's name in a list. */
export function DeactivatedChip() {
  return <Chip size="small" variant="outlined" label={FORM_TEXTS.deactivatedChip} sx={{ ml: 1, height: 20 }} />;
}

export interface DeactivationNoticeProps {
  deactivated: boolean;
  /** On the delete page: the warning that deleting only deactivates. */
  deleting: boolean;
  /** The record type's warning (spec: "deactivated, not deleted …"). */
  warning: string;
  /** Shown while the record is deactivated. */
  deactivatedText: string;
  /** Offers "Reaktivieren" beside the note (pass it by the record's `deletable` flag). */
  onReactivate?: () => void;
  pending?: boolean;
}

/**
 * Above a master-data form: on the delete page the deactivation warning; for a deactivated
 * record the note that it is deactivated, with "Reaktivieren" where the caller may.
 */
export function DeactivationNotice({ deactivated, deleting, warning, deactivatedText, onReactivate, pending }: DeactivationNoticeProps) {
  if (deactivated)
    return (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        action={
          onReactivate && (
            <Button color="inherit" size="small" disabled={pending} onClick={onReactivate}>
              {FORM_TEXTS.reactivate}
            </Button>
          )
        }
      >
        {deactivatedText}
      </Alert>
    );
  if (!deleting) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {warning}
    </Alert>
  );
}

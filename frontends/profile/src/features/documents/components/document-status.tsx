import Chip from '@mui/material/Chip';
import type { ProfileDocumentDto } from '@mediport/contracts';
import { MESSAGES } from '../../../messages';

export function DocumentStatus({ decision }: { decision: ProfileDocumentDto['decision'] }) {
  if (decision === 'accepted') return <Chip size="small" color="success" label={MESSAGES.documentAccepted} />;
  if (decision === 'reject') return <Chip size="small" color="secondary" label={MESSAGES.documentRejected} />;
  return <Chip size="small" variant="outlined" label={MESSAGES.documentOpen} />;
}

import Chip, { type ChipProps } from '@mui/material/Chip';
import { REQUEST_STATE_LABELS, type RequestState, type TaskRequestRef } from '@mediport/contracts/documents';
import { RowChip } from '@mediport/ui';
import { TRACKER_TEXTS as T } from '../messages';

/** How a state stands out: done in green, a failure in red, the rest quiet. */
const COLORS: Record<RequestState, { color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  requested: { color: 'default', variant: 'outlined' },
  submitted: { color: 'info', variant: 'outlined' },
  delivered: { color: 'primary', variant: 'outlined' },
  confirmed: { color: 'success', variant: 'outlined' },
  received: { color: 'success', variant: 'filled' },
  failed: { color: 'error', variant: 'filled' },
};

/** A request's or an order's state as a small chip ('zugestellt', 'Rezept eingegangen', …). */
export function RequestStateChip({ state }: { state: RequestState }) {
  return <Chip size="small" label={REQUEST_STATE_LABELS[state]} {...COLORS[state]} />;
}

/** The orders list's chip of a row whose order has a request ('Anforderung zugestellt'); its title says more. */
export function RowRequestChip({ request }: { request: TaskRequestRef }) {
  return (
    <span title={T.chipTitle(REQUEST_STATE_LABELS[request.state], request.priority === 'urgent')}>
      <RowChip variant="outlined" color={request.state === 'failed' ? 'error' : 'default'} label={T.chip[request.state]} />
    </span>
  );
}

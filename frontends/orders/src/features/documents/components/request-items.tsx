import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { REQUEST_STATE_LABELS, type RequestItemDto } from '@mediport/contracts/documents';
import { formatDateTime } from '@mediport/ui';
import { TRACKER_TEXTS as T } from '../messages';
import { RequestStateChip } from './request-state-chip';

export interface RequestItemsProps {
  items: RequestItemDto[];
  /** Marks one order; absent when the user may not. */
  onConfirm?: (task: string) => void;
  onReceived?: (task: string) => void;
  busy: boolean;
}

/** Buttons at least 44 px high on touch screens. */
const TOUCH = { '@media (pointer: coarse)': { minHeight: 44 } } as const;

const confirmable = (i: RequestItemDto) => i.state !== 'confirmed' && i.state !== 'received';

/** The orders of a request, each with its state, its buttons and its history (oldest first: when, what, who). */
export function RequestItems({ items, onConfirm, onReceived, busy }: RequestItemsProps) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {items.map((item) => (
        <Box component="li" key={item.task} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {item.patient}
            </Typography>
            <Typography component="span" color="textSecondary" sx={{ overflowWrap: 'anywhere', flexGrow: 1 }}>
              {item.medicine}
            </Typography>
            <RequestStateChip state={item.state} />
            {onConfirm && confirmable(item) && (
              <Button size="small" variant="outlined" disabled={busy} onClick={() => onConfirm(item.task)} aria-label={T.confirmItem(item.patient, item.medicine)} sx={TOUCH}>
                {T.confirm}
              </Button>
            )}
            {onReceived && item.state !== 'received' && (
              <Button size="small" variant="outlined" color="success" disabled={busy} onClick={() => onReceived(item.task)} aria-label={T.receivedItem(item.patient, item.medicine)} sx={TOUCH}>
                {T.received}
              </Button>
            )}
          </Box>
          <Box component="ol" aria-label={T.historyOf(item.patient, item.medicine)} sx={{ m: 0, mt: 1, pl: 0, listStyle: 'none', display: 'grid', gap: 0.25 }}>
            {item.history.map((h, i) => (
              <Box component="li" key={`${h.at}-${i}`} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, fontSize: '0.8125rem', color: 'text.secondary' }}>
                <Box component="span" sx={{ minWidth: 130, fontVariantNumeric: 'tabular-nums' }}>
                  {formatDateTime(h.at)}
                </Box>
                <Box component="span" sx={{ color: h.state === 'failed' ? 'error.main' : 'text.primary', fontWeight: 500 }}>
                  {h.cause === 'reminder' ? T.causes.reminder : REQUEST_STATE_LABELS[h.state]}
                </Box>
                <span>
                  {h.cause === 'reminder' ? '' : `${T.causes[h.cause]} · `}
                  {h.by ? T.by(h.by.username) : T.system}
                </span>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

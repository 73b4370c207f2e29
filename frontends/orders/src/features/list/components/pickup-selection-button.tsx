import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { type TaskDto } from '@mediport/contracts';
import { PICKUP_MESSAGES } from '@mediport/contracts/delivery';
import { useCreatePickupSheet } from '../api/tasks-api';
import { LIST_TEXTS as T } from '../messages';
import { pickupSelectionReason } from './task-actions';

interface PickupSelectionButtonProps {
  /** The selected orders on screen. */
  tasks: TaskDto[];
  /** Orders whose finish still waits for its "Rückgängig" window. */
  finishing: ReadonlySet<string>;
  /** After the sheet was saved (the list clears its selection). */
  onDone: () => void;
}

/** Why the selection cannot go on a pickup sheet now (undefined: it can). */
function blockedReason(tasks: TaskDto[], finishing: ReadonlySet<string>): string | undefined {
  if (tasks.length === 0) return PICKUP_MESSAGES.empty;
  const reasons = new Set(tasks.map((task) => pickupSelectionReason(task, finishing.has(task._id))).filter((r): r is string => !!r));
  return reasons.size > 0 ? T.pickupSelectionBlocked([...reasons]) : undefined;
}

/**
 * 'Abholauftrag erzeugen' for the selected orders: one pickup sheet for all of them. Greyed out,
 * with the reason as its tooltip, while nothing is selected or a selected order cannot go to the
 * drivers (the server checks again).
 */
export function PickupSelectionButton({ tasks, finishing, onDone }: PickupSelectionButtonProps) {
  const sheet = useCreatePickupSheet(onDone);
  const reason = blockedReason(tasks, finishing);
  return (
    <Tooltip title={reason ?? ''} describeChild>
      {/* A disabled button gets no pointer events; the span carries the tooltip. */}
      <span>
        <Button variant="outlined" size="small" disabled={!!reason || sheet.isPending} aria-description={reason} onClick={() => sheet.mutate(tasks.map((task) => task._id))}>
          {T.pickupSelected}
        </Button>
      </span>
    </Tooltip>
  );
}

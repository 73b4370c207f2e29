import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { type TaskActionState, type TaskDto, type TaskStatus } from '@mediport/contracts';
import { TASK_ON_THE_ROAD_STATUSES } from '@mediport/contracts/task-machine';
import { type AppIcon, DoneIcon, EditIcon, ErrorOutlineIcon, LocalShippingIcon, ReplayIcon, RowGroup, RowIconButton } from '@mediport/ui';
import type { PickupStatus } from '../api/pickup-api';
import { PICKUP_TEXTS as T } from '../messages';

/** What the row's buttons do (the page holds the dialogs and the calls). */
export interface PickupHandlers {
  setStatus: (task: TaskDto, status: PickupStatus) => void;
  giveBack: (task: TaskDto) => void;
  sign: (task: TaskDto) => void;
  incident: (task: TaskDto) => void;
  /** A status change is in flight: the buttons that change the status wait for it. */
  busy: boolean;
}

interface PickupAction {
  id: 'deliver' | 'sign' | 'finish' | 'giveBack' | 'incident';
  label: string;
  icon: AppIcon;
  /** Why it is not possible now (greyed out with this text). */
  reason?: string;
  run: () => void;
  /** Changes the status (waits while another change is in flight). */
  changes: boolean;
}

const onTheRoad = (status: TaskStatus) => (TASK_ON_THE_ROAD_STATUSES as readonly TaskStatus[]).includes(status);

/** The server's answer for one action in the user's words: undefined when allowed. */
function reasonOf(state: TaskActionState | undefined, statusReason: string): string | undefined {
  if (state === undefined || state === true) return undefined;
  if (state === 'scope') return T.notThisOrder;
  if (state === 'type') return T.notThisType;
  return statusReason;
}

/**
 * A row's actions as the server answers them with the order (`task.actions`): an action it does
 * not name is left out, one it names but does not allow now is greyed out with the reason.
 * "Zustellen mit Unterschrift" finishes an order out for delivery to a care home with the
 * recipient's signature; "Problem melden" is there for whoever works the order on the road.
 */
function pickupActions(task: TaskDto, h: PickupHandlers): PickupAction[] {
  const { actions } = task;
  const out: PickupAction[] = [];
  if (actions.deliver !== undefined)
    out.push({ id: 'deliver', label: T.deliver, icon: LocalShippingIcon, reason: reasonOf(actions.deliver, T.deliverOnlyPickup), run: () => h.setStatus(task, 'delivery'), changes: true });
  if (actions.finish !== undefined && task.status === 'delivery' && task.homeDetails)
    out.push({ id: 'sign', label: T.sign, icon: EditIcon, reason: reasonOf(actions.finish, T.finishNotNow), run: () => h.sign(task), changes: true });
  if (actions.finish !== undefined)
    out.push({ id: 'finish', label: T.finish, icon: DoneIcon, reason: reasonOf(actions.finish, T.finishNotNow), run: () => h.setStatus(task, 'finished'), changes: true });
  if (actions.reopen !== undefined)
    out.push({ id: 'giveBack', label: T.giveBack, icon: ReplayIcon, reason: reasonOf(actions.reopen, T.giveBackOnlyOnTheRoad), run: () => h.giveBack(task), changes: true });
  if ((actions.deliver !== undefined || actions.finish !== undefined) && onTheRoad(task.status))
    out.push({ id: 'incident', label: T.incident, icon: ErrorOutlineIcon, run: () => h.incident(task), changes: false });
  return out;
}

/** The actions of a table row: small icon buttons named by their tooltip (the list's one tooltip). */
export function RowActions({ task, handlers }: { task: TaskDto; handlers: PickupHandlers }) {
  return (
    <RowGroup gap={4}>
      {pickupActions(task, handlers).map((a) => (
        <RowIconButton
          key={a.id}
          label={a.label}
          icon={a.icon}
          iconColor={a.id === 'incident' ? 'error' : undefined}
          disabledReason={a.reason}
          disabled={a.changes && handlers.busy}
          onClick={a.run}
        />
      ))}
    </RowGroup>
  );
}

/**
 * The actions of a phone card: labelled buttons of at least 44 px, the first allowed of
 * "Ausliefern", "Zustellen mit Unterschrift" and "Rezept abgeholt" filled (one tap for the usual
 * next step); one greyed out tells why on touch.
 */
export function CardActions({ task, handlers }: { task: TaskDto; handlers: PickupHandlers }) {
  const list = pickupActions(task, handlers);
  const primary = list.find((a) => !a.reason && (a.id === 'deliver' || a.id === 'sign' || a.id === 'finish'));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
      {list.map((a) => {
        const button = (
          <Button
            key={a.id}
            variant={a === primary ? 'contained' : 'outlined'}
            color={a.id === 'incident' ? 'error' : 'primary'}
            startIcon={<a.icon />}
            disabled={!!a.reason || (a.changes && handlers.busy)}
            onClick={a.run}
            sx={{ minHeight: 44, flex: a === primary ? '1 1 100%' : '1 1 auto' }}
          >
            {a.label}
          </Button>
        );
        return a.reason ? (
          <Tooltip key={a.id} title={a.reason} enterTouchDelay={0} describeChild>
            <Box component="span" sx={{ display: 'flex', flex: '1 1 auto' }}>
              {button}
            </Box>
          </Tooltip>
        ) : (
          button
        );
      })}
    </Box>
  );
}

import { Fragment, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { TASK_MESSAGES, TASK_TYPE_LABELS, type TaskDto, type TaskRowAction, type TaskStatus } from '@mediport/contracts';
import {
  type AppIcon,
  CancelIcon,
  ContentCopyIcon,
  ContractRequiredDialog,
  DoneIcon,
  EditIcon,
  LocalShippingIcon,
  MailIcon,
  MoreVertIcon,
  PrintIcon,
  ReplayIcon,
  RowGroup,
  RowIconButton,
  UI_MESSAGES,
  useConfirm,
} from '@mediport/ui';
import { printTask, useChangeTaskStatus, useCreatePickupSheet } from '../api/tasks-api';
import { useUndoableFinish } from '../api/undoable-finish';
import { copyTaskPath, editTaskPath, LIST_TEXTS as T, sendTaskPath } from '../messages';
import type { TaskRights } from './task-rights';

/** Space between a row's action buttons, px. */
const SLOT_GAP = 4;
/** The menu of a row's further actions (one for the whole list). */
const MENU_ID = 'task-more-actions';

/** One action of a row: allowed (with what it does) or not, and then why. */
interface RowAction {
  id: string;
  label: string;
  icon: AppIcon;
  iconColor?: 'primary' | 'error';
  /** Why it is not possible for this order; the slot stays, greyed out, with this reason. */
  reason?: string;
  onClick?: () => void;
  to?: string;
  /** A menu entry that changes the order for good (drawn in red, set apart). */
  danger?: boolean;
}

interface ActionState {
  rights: TaskRights;
  /** The order's finish waits for its "Rückgängig" window or the server. */
  finishing: boolean;
  setStatus: (task: TaskDto, status: TaskStatus) => void;
  /** 'Abholauftrag erzeugen': the pickup sheet, or the bare status change without the right to the sheet. */
  pickup: (task: TaskDto) => void;
  finish: (task: TaskDto) => void;
  askCancel: (task: TaskDto) => void;
  lockedTemplate: () => void;
}

/**
 * The row's actions in fixed slots (the status machine; the server checks again). A slot exists when the user
 * holds the permission, in every row at the same place; where the status machine does not allow
 * the action, it is greyed out with the reason. In the row: pickup, print, edit, finish, and
 * "Weitere Aktionen" with e-mail, fax, re-order, reopen and – set apart, after a question – cancel,
 * so the two actions that close an order never sit side by side.
 */
/** Why an action the server marks as not allowed now is greyed out, in the user's words. */
function reasonFor(task: TaskDto, action: TaskRowAction): string | undefined {
  const state = task.actions[action];
  if (state === undefined || state === true) return undefined;
  if (state === 'scope') return T.notThisOrder;
  if (state === 'type') return T.pickupNotForType(TASK_TYPE_LABELS[task.type]);
  return STATUS_REASONS[action] ?? T.notThisOrder;
}

/** The reason of each action that the order's status does not allow. */
const STATUS_REASONS: Partial<Record<TaskRowAction, string>> = {
  pickup: T.pickupOnlyNew,
  edit: T.editOnlyOpen,
  finish: T.alreadyFinished,
  cancel: T.cancelOnlyOpen,
  reopen: T.reopenOnlyClosed,
};

/**
 * The row's actions in fixed slots, as the server answers them with the order (`task.actions`:
 * the status machine and the user's rights; the server checks again on every change). A slot
 * exists when the server names the action, in every row at the same place; where it is not
 * allowed now, it is greyed out with the reason. In the row: pickup, print, edit, finish, and
 * "Weitere Aktionen" with e-mail, fax, re-order, reopen and – set apart, after a question – cancel,
 * so the two actions that close an order never sit side by side.
 */
function rowActions(task: TaskDto, s: ActionState): { inline: RowAction[]; menu: RowAction[] } {
  const { rights, finishing } = s;
  const has = (action: TaskRowAction) => task.actions[action] !== undefined;
  // While a finish waits, nothing else may change the status under it.
  const held = finishing ? T.finishPending : undefined;
  const inline: RowAction[] = [];
  const menu: RowAction[] = [];
  if (has('pickup')) inline.push({ id: 'pickup', label: T.pickup, icon: LocalShippingIcon, reason: held ?? reasonFor(task, 'pickup'), onClick: () => s.pickup(task) });
  if (has('print')) inline.push({ id: 'print', label: T.print, icon: PrintIcon, reason: reasonFor(task, 'print'), onClick: () => void printTask(task._id) });
  if (has('edit')) inline.push({ id: 'edit', label: T.edit, icon: EditIcon, reason: held ?? reasonFor(task, 'edit'), to: editTaskPath(task._id) });
  if (has('finish')) inline.push({ id: 'finish', label: T.finish, icon: DoneIcon, reason: held ?? reasonFor(task, 'finish'), onClick: () => s.finish(task) });
  if (rights.mail) menu.push({ id: 'mail', label: T.mail, icon: MailIcon, reason: task.doctorDetails?.email ? undefined : T.noEmail, to: sendTaskPath(task._id, 'email') });
  if (rights.fax) menu.push({ id: 'fax', label: T.fax, icon: PrintIcon, iconColor: 'primary', reason: task.doctorDetails?.fax ? undefined : T.noFax, to: sendTaskPath(task._id, 'fax') });
  if (rights.template) menu.push({ id: 'template', label: T.template, icon: ContentCopyIcon, to: copyTaskPath(task._id) });
  else if (rights.templateLocked) menu.push({ id: 'template', label: T.template, icon: ContentCopyIcon, onClick: s.lockedTemplate });
  if (has('reopen')) menu.push({ id: 'reopen', label: T.reopen, icon: ReplayIcon, reason: held ?? reasonFor(task, 'reopen'), onClick: () => s.setStatus(task, 'new') });
  if (has('cancel')) menu.push({ id: 'cancel', label: T.cancel, icon: CancelIcon, danger: true, reason: held ?? reasonFor(task, 'cancel'), onClick: () => s.askCancel(task) });
  return { inline, menu };
}

/**
 * Why one order of a selection cannot go on a pickup sheet (undefined: it can): the row's own
 * reason, a finish still waiting, or no pickup action for this order at all.
 */
export function pickupSelectionReason(task: TaskDto, finishing: boolean): string | undefined {
  if (task.actions.pickup === true) return finishing ? T.finishPending : undefined;
  return reasonFor(task, 'pickup') ?? T.notThisOrder;
}

/**
 * The row's actions (`actions(task)`), the width of their column, the list-wide menu and dialogs
 * (`dialogs`), and the orders whose finish still waits (`finishing`). Finishing offers
 * "Rückgängig" for a few seconds before it is sent (useUndoableFinish); cancelling asks first.
 */
export function useTaskActions(rights: TaskRights) {
  const change = useChangeTaskStatus();
  const pickupSheet = useCreatePickupSheet();
  const { finish, finishing } = useUndoableFinish();
  const [contractDialog, setContractDialog] = useState(false);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; task: TaskDto } | null>(null);
  const confirmCancel = useConfirm({ title: T.cancelTitle, children: TASK_MESSAGES.cancelConfirm, confirmLabel: T.cancelConfirm, destructive: true });
  const busy = change.isPending || pickupSheet.isPending;
  const state = (task: TaskDto): ActionState => ({
    rights,
    finishing: finishing.has(task._id),
    setStatus: (t, status) => change.mutate({ id: t._id, status }),
    // The sheet needs pickup_create_view; whoever holds only the row's own permission hands the order over without it.
    pickup: (t) => (rights.pickupSheet ? pickupSheet.mutate([t._id]) : change.mutate({ id: t._id, status: 'pickup' })),
    finish: (t) => finish(t._id),
    askCancel: (t) => confirmCancel.ask(() => change.mutate({ id: t._id, status: 'canceled' })),
    lockedTemplate: () => setContractDialog(true),
  });

  const actions = (task: TaskDto) => {
    const { inline, menu: more } = rowActions(task, state(task));
    const menuOpen = menu?.task._id === task._id;
    return (
      <RowGroup gap={SLOT_GAP}>
        {inline.map((a) => (
          <RowIconButton
            key={a.id}
            label={a.label}
            icon={a.icon}
            iconColor={a.iconColor}
            disabledReason={a.reason}
            to={a.to}
            onClick={a.onClick}
            // A status change in flight: the buttons that change the status wait for it.
            disabled={busy && a.id !== 'print' && a.id !== 'edit'}
          />
        ))}
        {more.length > 0 && (
          <RowIconButton
            label={UI_MESSAGES.moreActions}
            icon={MoreVertIcon}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? MENU_ID : undefined}
            onClick={(e) => setMenu({ anchor: e.currentTarget, task })}
          />
        )}
      </RowGroup>
    );
  };

  const menuItems: ReactNode[] = [];
  if (menu) {
    const { menu: more } = rowActions(menu.task, state(menu.task));
    const close = () => setMenu(null);
    more.forEach((a, i) => {
      const icon = (
        <ListItemIcon sx={a.danger && !a.reason ? { color: 'error.main' } : undefined}>
          <a.icon fontSize="small" color={a.iconColor} />
        </ListItemIcon>
      );
      const text = <ListItemText primary={a.label} secondary={a.reason} slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }} />;
      const disabled = !!a.reason || (busy && !a.to);
      menuItems.push(
        <Fragment key={a.id}>
          {a.danger && i > 0 && <Divider />}
          {a.to && !a.reason ? (
            <MenuItem component={RouterLink} to={a.to} onClick={close}>
              {icon}
              {text}
            </MenuItem>
          ) : (
            <MenuItem
              disabled={disabled}
              sx={a.danger && !disabled ? { color: 'error.main' } : undefined}
              onClick={() => {
                close();
                a.onClick?.();
              }}
            >
              {icon}
              {text}
            </MenuItem>
          )}
        </Fragment>,
      );
    });
  }

  const dialogs = (
    <>
      <Menu
        id={MENU_ID}
        anchorEl={menu?.anchor}
        open={!!menu}
        onClose={() => setMenu(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { maxWidth: 340 } }, list: { 'aria-label': UI_MESSAGES.moreActions, dense: true } }}
      >
        {menuItems}
      </Menu>
      {confirmCancel.dialog}
      <ContractRequiredDialog open={contractDialog} onClose={() => setContractDialog(false)} />
    </>
  );
  return { actions, dialogs, finishing };
}

import { useState, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popper, { type PopperProps } from '@mui/material/Popper';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router-dom';
import { PICKUP_TASK_TYPES, TASK_MESSAGES, type TaskDto, type TaskStatus } from '@mediport/contracts';
import {
  CancelIcon,
  ContentCopyIcon,
  ContractRequiredDialog,
  DoneIcon,
  EditIcon,
  LocalShippingIcon,
  MailIcon,
  PrintIcon,
  ReplayIcon,
  useConfirm,
} from '@mediport/ui';
import { printTask, useChangeTaskStatus } from '../api/tasks-api';
import { copyTaskPath, editTaskPath, LIST_TEXTS as T, sendTaskPath } from '../messages';
import type { TaskRights } from './task-rights';

const OPEN: readonly TaskStatus[] = ['new', 'pickup', 'delivery'];
const CLOSED: readonly TaskStatus[] = ['finished', 'canceled'];

/**
 * The tooltip's popper (MUI's own Popper, with the z-index and pointer events of MUI's tooltip
 * popper), rendered from the first time the tooltip opens. A closed MUI Tooltip still renders its
 * popper, two styled components that emotion serialises on every render: ~600 for a list of 50
 * orders with six actions each, a good part of the rows' first React commit. Once opened it stays
 * mounted, so the closing transition runs as before.
 */
function ActionTooltipPopper({ ownerState, as: _as, open, sx, ...props }: PopperProps & { ownerState?: { disableInteractive?: boolean }; as?: unknown }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Popper open={open} {...props} sx={[{ zIndex: 'tooltip', pointerEvents: open && !ownerState?.disableInteractive ? 'auto' : 'none' }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]} />;
}
const TOOLTIP_SLOTS = { popper: ActionTooltipPopper } as const;

/** An icon button with its German name as tooltip and accessible name; a link when `to` is given. */
function Action({ label, icon, to, onClick, disabled }: { label: string; icon: ReactElement; to?: string; onClick?: () => void; disabled?: boolean }) {
  const button = to ? (
    <IconButton size="small" aria-label={label} component={RouterLink} to={to}>
      {icon}
    </IconButton>
  ) : (
    <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
      {icon}
    </IconButton>
  );
  return (
    <Tooltip title={label} slots={TOOLTIP_SLOTS}>
      <span>{button}</span>
    </Tooltip>
  );
}

/**
 * The row's actions, each behind its permission and only where the status machine allows it
 * (spec §4; the server checks again): pickup, print, e-mail/fax, re-order, edit, finish, cancel
 * (after the question), reopen.
 */
export function useTaskActions(rights: TaskRights) {
  const change = useChangeTaskStatus();
  const [contractDialog, setContractDialog] = useState(false);
  const confirmCancel = useConfirm({ title: T.cancelTitle, children: TASK_MESSAGES.cancelConfirm, confirmLabel: T.cancelConfirm });
  const setStatus = (task: TaskDto, status: TaskStatus) => change.mutate({ id: task._id, status });
  const busy = change.isPending;

  const actions = (task: TaskDto) => {
    const { status } = task;
    // At most four icons a line, so a pharmacy row with every action still fits a 1280 px screen.
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', maxWidth: 4 * 34 }}>
        {rights.pickup && status === 'new' && PICKUP_TASK_TYPES.includes(task.type) && (
          <Action label={T.pickup} icon={<LocalShippingIcon fontSize="small" />} onClick={() => setStatus(task, 'pickup')} disabled={busy} />
        )}
        {rights.print && <Action label={T.print} icon={<PrintIcon fontSize="small" />} onClick={() => void printTask(task._id)} />}
        {rights.mail && task.doctorDetails?.email && <Action label={T.mail} icon={<MailIcon fontSize="small" />} to={sendTaskPath(task._id)} />}
        {rights.fax && task.doctorDetails?.fax && <Action label={T.fax} icon={<PrintIcon fontSize="small" color="primary" />} to={sendTaskPath(task._id)} />}
        {rights.template && <Action label={T.template} icon={<ContentCopyIcon fontSize="small" />} to={copyTaskPath(task._id)} />}
        {!rights.template && rights.templateLocked && (
          <Action label={T.template} icon={<ContentCopyIcon fontSize="small" />} onClick={() => setContractDialog(true)} />
        )}
        {rights.edit && OPEN.includes(status) && <Action label={T.edit} icon={<EditIcon fontSize="small" />} to={editTaskPath(task._id)} />}
        {rights.finish && status !== 'finished' && <Action label={T.finish} icon={<DoneIcon fontSize="small" />} onClick={() => setStatus(task, 'finished')} disabled={busy} />}
        {rights.cancel && OPEN.includes(status) && (
          <Action label={T.cancel} icon={<CancelIcon fontSize="small" />} onClick={() => confirmCancel.ask(() => setStatus(task, 'canceled'))} disabled={busy} />
        )}
        {rights.reopen && CLOSED.includes(status) && <Action label={T.reopen} icon={<ReplayIcon fontSize="small" />} onClick={() => setStatus(task, 'new')} disabled={busy} />}
      </Box>
    );
  };

  const dialogs = (
    <>
      {confirmCancel.dialog}
      <ContractRequiredDialog open={contractDialog} onClose={() => setContractDialog(false)} />
    </>
  );
  return { actions, dialogs };
}

import { useState } from 'react';
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
  RowGroup,
  RowIconButton,
  useConfirm,
} from '@mediport/ui';
import { printTask, useChangeTaskStatus } from '../api/tasks-api';
import { copyTaskPath, editTaskPath, LIST_TEXTS as T, sendTaskPath } from '../messages';
import type { TaskRights } from './task-rights';

const OPEN: readonly TaskStatus[] = ['new', 'pickup', 'delivery'];
const CLOSED: readonly TaskStatus[] = ['finished', 'canceled'];

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
      <RowGroup maxWidth={4 * 34}>
        {rights.pickup && status === 'new' && PICKUP_TASK_TYPES.includes(task.type) && (
          <RowIconButton label={T.pickup} icon={LocalShippingIcon} onClick={() => setStatus(task, 'pickup')} disabled={busy} />
        )}
        {rights.print && <RowIconButton label={T.print} icon={PrintIcon} onClick={() => void printTask(task._id)} />}
        {rights.mail && task.doctorDetails?.email && <RowIconButton label={T.mail} icon={MailIcon} to={sendTaskPath(task._id)} />}
        {rights.fax && task.doctorDetails?.fax && <RowIconButton label={T.fax} icon={PrintIcon} iconColor="primary" to={sendTaskPath(task._id)} />}
        {rights.template && <RowIconButton label={T.template} icon={ContentCopyIcon} to={copyTaskPath(task._id)} />}
        {!rights.template && rights.templateLocked && <RowIconButton label={T.template} icon={ContentCopyIcon} onClick={() => setContractDialog(true)} />}
        {rights.edit && OPEN.includes(status) && <RowIconButton label={T.edit} icon={EditIcon} to={editTaskPath(task._id)} />}
        {rights.finish && status !== 'finished' && <RowIconButton label={T.finish} icon={DoneIcon} onClick={() => setStatus(task, 'finished')} disabled={busy} />}
        {rights.cancel && OPEN.includes(status) && (
          <RowIconButton label={T.cancel} icon={CancelIcon} onClick={() => confirmCancel.ask(() => setStatus(task, 'canceled'))} disabled={busy} />
        )}
        {rights.reopen && CLOSED.includes(status) && <RowIconButton label={T.reopen} icon={ReplayIcon} onClick={() => setStatus(task, 'new')} disabled={busy} />}
      </RowGroup>
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

import { useEffect, useMemo, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PRODUCT_NAME, SOCKET_EVENTS, TASK_STATUS_LABELS, type TaskDto } from '@mediport/contracts';
import { useLiveEvent } from '@mediport/api-client';
import {
  ChatIcon,
  CloseIcon,
  DataTable,
  ErrorOutlineIcon,
  ExpandLessIcon,
  ExpandMoreIcon,
  PageHeader,
  RefreshIcon,
  RowBadge,
  RowCaption,
  RowCheckbox,
  RowChip,
  RowGroup,
  RowIcon,
  RowIconButton,
  RowLink,
  RowNewBadge,
  SPEC_BREAKPOINTS,
  UI_MESSAGES,
  useDebouncedValue,
  useListState,
  type DataColumn,
} from '@mediport/ui';
import { useMarkTaskSeen, useMarkTasksSeen, useTasks } from '../api/tasks-api';
import { homeEditPath, LIST_TEXTS as T } from '../messages';
import { TASK_FILTER_DELAY_MS, TASK_LIST_URL, taskListQuery } from '../list-request';
import { TaskFilters } from './task-filters';
import { useTaskActions } from './task-actions';
import { TaskDetails } from './task-details';
import { useTaskRights, type TaskRights } from './task-rights';

const personName = (p: { title?: string; firstname: string; lastname: string } | null) => (p ? [p.title, p.firstname, p.lastname].filter(Boolean).join(' ') : '');
const patientOf = (task: TaskDto) => personName(task.patientDetails);

/** Status, "neu", urgency with the latest delivery, and the error mark of a row. */
function StatusCell({ task }: { task: TaskDto }) {
  return (
    <RowGroup gap={4}>
      <RowChip variant="outlined" label={TASK_STATUS_LABELS[task.status]} />
      {task.seen.length === 0 && <RowNewBadge />}
      {task.urgent && <RowChip color="error" label={T.urgent} />}
      {task.latestDelivery && <RowCaption color={task.urgent ? 'error' : 'secondary'}>{T.deliverBy(task.latestDelivery)}</RowCaption>}
      {task.error && <RowIcon icon={ErrorOutlineIcon} color="error" title={T.error} />}
    </RowGroup>
  );
}

function MessageCount({ task }: { task: TaskDto }) {
  return (
    <RowGroup inline gap={8} aria-label={T.messagesCount(task.events, task.unseenEvents)}>
      <RowBadge count={task.unseenEvents}>
        <RowIcon icon={ChatIcon} color="action" />
      </RowBadge>
      {task.events}
    </RowGroup>
  );
}

interface ColumnContext {
  rights: TaskRights;
  phone: boolean;
  expanded: Set<string>;
  toggle: (task: TaskDto) => void;
  selected: Set<string>;
  select: (task: TaskDto, on: boolean) => void;
}

/** The columns of spec §2 (expand, select, message count, patient, home, medicine, doctor), each behind its permission. */
function taskColumns({ rights, phone, expanded, toggle, selected, select }: ColumnContext): DataColumn<TaskDto>[] {
  const columns: DataColumn<TaskDto>[] = [
    {
      id: 'expand',
      label: T.expand,
      hideOnCard: true,
      narrow: !phone,
      cell: (task) => {
        const open = expanded.has(task._id);
        if (phone)
          return (
            <Button size="small" variant="outlined" onClick={() => toggle(task)}>
              {T.details}
            </Button>
          );
        return (
          <RowIconButton
            label={`${open ? UI_MESSAGES.collapseRow : UI_MESSAGES.expandRow}: ${patientOf(task)}`}
            icon={open ? ExpandLessIcon : ExpandMoreIcon}
            iconSize="medium"
            tooltip={false}
            aria-expanded={open}
            onClick={() => toggle(task)}
          />
        );
      },
    },
    {
      id: 'select',
      label: T.select,
      hideOnCard: true,
      narrow: true,
      cell: (task) => <RowCheckbox label={T.selectRow(patientOf(task))} checked={selected.has(task._id)} onChange={(on) => select(task, on)} />,
    },
  ];
  if (rights.messages) columns.push({ id: 'messages', label: T.messages, cell: (task) => <MessageCount task={task} /> });
  if (rights.patient)
    columns.push({
      id: 'patient',
      label: T.patient,
      sortKey: 'patient',
      hideOnCard: true,
      cell: (task) => (
        <>
          {patientOf(task)}
          {task.patientDetails?.dateOfBirth && <RowCaption block>{task.patientDetails.dateOfBirth}</RowCaption>}
        </>
      ),
    });
  if (rights.home)
    columns.push({
      id: 'home',
      label: T.home,
      sortKey: 'home',
      hideBelow: 'desktop',
      cell: (task) =>
        task.homeDetails && rights.homeEdit ? (
          <RowLink to={homeEditPath(task.homeDetails._id)}>{task.homeDetails.name}</RowLink>
        ) : (
          (task.homeDetails?.name ?? '')
        ),
    });
  if (rights.medicine)
    columns.push({
      id: 'medicine',
      label: T.medicine,
      sortKey: 'medicine',
      cell: (task) => (
        <>
          {task.medicine}
          <RowCaption block>{[task.dose, `${T.amount} ${task.amount}`].filter(Boolean).join(' · ')}</RowCaption>
        </>
      ),
    });
  if (rights.doctor) columns.push({ id: 'doctor', label: T.doctor, sortKey: 'doctor', hideBelow: 'desktop', cell: (task) => personName(task.doctorDetails) });
  columns.push({ id: 'status', label: T.status, sortKey: 'status', cell: (task) => <StatusCell task={task} /> });
  return columns;
}

/** The refresh button: lit up once a live 'newtask' arrived (spec §2), loads the list again on click. */
function RefreshButton({ fresh, onClick }: { fresh: boolean; onClick: () => void }) {
  return (
    <Tooltip title={T.refresh}>
      <span>
        <IconButton aria-label={T.refresh} onClick={onClick} disabled={!fresh} color={fresh ? 'secondary' : 'default'}>
          <Badge variant="dot" color="secondary" invisible={!fresh}>
            <RefreshIcon />
          </Badge>
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * /anforderungen (spec part 2 §2 Orders list): the orders with filters in the URL, expandable rows
 * with details and the event feed, the actions of each row, mark-as-read, and live updates.
 */
export function TaskListPage() {
  const rights = useTaskRights();
  const phone = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.phone - 0.05}px)`);
  const list = useListState({ ...TASK_LIST_URL, debounceMs: TASK_FILTER_DELAY_MS });

  // The text filter is debounced as typed (and the medicine field likewise); any other filter change re-fetches 500 ms later.
  const { text, medicine, ...others } = list.filters;
  const settled = useDebouncedValue(others, TASK_FILTER_DELAY_MS);
  const query = useMemo(
    // The same query as the remote's start-up prefetch (list-request.ts), so that answer is taken.
    () => taskListQuery({ ...settled, text, medicine }, { offset: Number(list.query.offset), limit: Number(list.query.limit) }, list.sort),
    [settled, text, medicine, list.query.offset, list.query.limit, list.sort],
  );
  const tasks = useTasks(query);
  const rows = tasks.data?.data;

  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [fresh, setFresh] = useState(false);
  const [phoneTask, setPhoneTask] = useState<string | null>(null);
  const markSeen = useMarkTaskSeen();
  const markMany = useMarkTasksSeen(() => setSelected(new Set()));
  const { actions, dialogs } = useTaskActions(rights);

  // A new page or filter starts without a selection.
  useEffect(() => setSelected(new Set()), [query]);

  useLiveEvent(SOCKET_EVENTS.newTask, () => setFresh(true));
  // A new message or a status change elsewhere: the rows' counts and states load again, quietly.
  useLiveEvent(SOCKET_EVENTS.newEvent, () => void tasks.refetch());
  useLiveEvent(SOCKET_EVENTS.taskChanged, () => void tasks.refetch());

  const toggle = (task: TaskDto) => {
    const opening = phone ? phoneTask !== task._id : !expanded.has(task._id);
    if (opening && task.seen.length === 0) markSeen.mutate(task._id);
    if (phone) {
      setPhoneTask(opening ? task._id : null);
      return;
    }
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(task._id)) next.delete(task._id);
      else next.add(task._id);
      return next;
    });
  };
  const select = (task: TaskDto, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(task._id);
      else next.delete(task._id);
      return next;
    });

  const columns = taskColumns({ rights, phone, expanded, toggle, selected, select });
  const phoneOpen = rows?.find((t) => t._id === phoneTask);

  return (
    <>
      <PageHeader title={T.title} breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: T.section }, { label: T.title }]} />
      <DataTable
        label={T.title}
        columns={columns}
        dense
        rows={rows}
        count={tasks.data?.count ?? 0}
        countCapped={tasks.data?.countCapped}
        loading={tasks.isFetching}
        error={tasks.error}
        onRetry={() => void tasks.refetch()}
        rowKey={(task) => task._id}
        list={list}
        highlight={(task) => task.seen.length === 0}
        cardTitle={(task) => (
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            {rights.patient ? patientOf(task) : task.medicine}
            {columns[0]!.cell(task)}
            {columns[1]!.cell(task)}
          </Box>
        )}
        actions={rights.actions ? actions : undefined}
        detail={(task) => !phone && expanded.has(task._id) && <TaskDetails task={task} />}
        toolbar={
          <TaskFilters
            list={list}
            rights={rights}
            selected={selected.size}
            onMarkSelectedRead={() => markMany.mutate([...selected])}
            onMarkAllRead={() => markMany.mutate(true)}
            marking={markMany.isPending}
            refresh={
              <RefreshButton
                fresh={fresh}
                onClick={() => {
                  setFresh(false);
                  void tasks.refetch();
                }}
              />
            }
          />
        }
      />
      <Dialog fullScreen open={!!phoneOpen} onClose={() => setPhoneTask(null)} aria-labelledby="task-details-title">
        <DialogTitle id="task-details-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{phoneOpen ? `${patientOf(phoneOpen)} – ${phoneOpen.medicine}` : ''}</Box>
          <IconButton aria-label={T.close} onClick={() => setPhoneTask(null)}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>{phoneOpen && <TaskDetails task={phoneOpen} />}</DialogContent>
      </Dialog>
      {dialogs}
    </>
  );
}

import { useEffect, useMemo, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PRODUCT_NAME, SOCKET_EVENTS, TASK_STATUS_LABELS, type TaskDto } from '@mediport/contracts';
import { readAuth, useLiveEvent } from '@mediport/api-client';
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
  RowLine,
  RowLink,
  RowNewBadge,
  SPEC_BREAKPOINTS,
  UI_MESSAGES,
  useCompactView,
  useConfirm,
  useDebouncedValue,
  useListState,
  type DataColumn,
} from '@mediport/ui';
import { useMarkTaskSeen, useMarkTasksSeen, useTasks } from '../features/list/api/tasks-api';
import { homeEditPath, LIST_TEXTS as T } from '../features/list/messages';
import { TASK_FILTER_DELAY_MS, TASK_LIST_URL, taskListQuery } from '../features/list/list-request';
import { TaskFilters } from '../features/list/components/task-filters';
import { useTaskActions } from '../features/list/components/task-actions';
import { TaskDetails } from '../features/list/components/task-details';
import { useTaskRights, type TaskRights } from '../features/list/components/task-rights';
import { useCreatedPin } from '../features/list/components/created-pin';
import { PickupSelectionButton } from '../features/list/components/pickup-selection-button';
import { RowRequestChip } from '../features/documents/components/request-state-chip';
import { ExportButton } from '../features/import/components/export-button';

/** localStorage name of the list's "Kompakte Ansicht" choice. */
const VIEW_KEY = 'anforderungen';

const personName = (p: { title?: string; firstname: string; lastname: string } | null) => (p ? [p.title, p.firstname, p.lastname].filter(Boolean).join(' ') : '');
const patientOf = (task: TaskDto) => personName(task.patientDetails);
/** Name and birth date: how a resident is told apart where the birth date column is not shown. */
const patientWithBirth = (task: TaskDto) => {
  const born = task.patientDetails?.dateOfBirth;
  return born ? `${patientOf(task)} (${born})` : patientOf(task);
};

/**
 * Status, "neu" and the error mark on the first line; urgency, the latest delivery and where its
 * prescription request stands on the second. An order whose finish waits for its "Rückgängig"
 * window shows as finished already.
 */
function StatusCell({ task, finishing }: { task: TaskDto; finishing: boolean }) {
  return (
    <>
      <RowGroup gap={4}>
        <RowChip variant="outlined" label={TASK_STATUS_LABELS[finishing ? 'finished' : task.status]} />
        {task.seen.length === 0 && <RowNewBadge />}
        {task.error && <RowIcon icon={ErrorOutlineIcon} color="error" title={T.error} />}
      </RowGroup>
      {(task.urgent || task.latestDelivery || task.request) && (
        <RowGroup gap={4}>
          {task.urgent && <RowChip color="error" label={T.urgent} />}
          {task.latestDelivery && <RowCaption color={task.urgent ? 'error' : 'secondary'}>{T.deliverBy(task.latestDelivery)}</RowCaption>}
          {task.request && <RowRequestChip request={task.request} />}
        </RowGroup>
      )}
    </>
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

const doseLine = (task: TaskDto) => [task.dose, `${T.amount} ${task.amount}`].filter(Boolean).join(' · ');

interface ColumnContext {
  rights: TaskRights;
  phone: boolean;
  expanded: Set<string>;
  toggle: (task: TaskDto) => void;
  selected: Set<string>;
  select: (task: TaskDto, on: boolean) => void;
  finishing: ReadonlySet<string>;
  compact: boolean;
}

function ExpandButton({ task, open, phone, toggle }: { task: TaskDto; open: boolean; phone: boolean; toggle: (task: TaskDto) => void }) {
  if (phone)
    return (
      <Button size="small" variant="outlined" onClick={() => toggle(task)} sx={{ minHeight: { xs: 44, sm: 'auto' } }}>
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
}

/**
 * The list's columns (expand, select, message count, patient, home, medicine, doctor), each
 * behind its permission, and the status. Patient, home, medicine and doctor give way in compact
 * rows (their lines end in an ellipsis; the title tells the whole text).
 */
function taskColumns({ rights, phone, expanded, toggle, selected, select, finishing, compact }: ColumnContext): DataColumn<TaskDto>[] {
  const columns: DataColumn<TaskDto>[] = [
    {
      id: 'expand',
      label: T.expand,
      hideOnCard: true,
      narrow: !phone,
      cell: (task) => <ExpandButton task={task} open={expanded.has(task._id)} phone={phone} toggle={toggle} />,
    },
    {
      id: 'select',
      label: T.select,
      hideOnCard: true,
      narrow: true,
      cell: (task) => <RowCheckbox label={T.selectRow(patientOf(task))} checked={selected.has(task._id)} onChange={(on) => select(task, on)} />,
    },
  ];
  // Compact: the chat icon says what the count is; the header stays for screen readers.
  if (rights.messages) columns.push({ id: 'messages', label: T.messages, narrow: compact && !phone, cell: (task) => <MessageCount task={task} /> });
  if (rights.patient)
    columns.push({
      id: 'patient',
      label: T.patient,
      sortKey: 'patient',
      hideOnCard: true,
      shrink: 18,
      cell: (task) => (
        <>
          <RowLine title={patientOf(task)}>{patientOf(task)}</RowLine>
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
      shrink: 17,
      cell: (task) =>
        task.homeDetails && rights.homeEdit ? (
          <RowLine title={task.homeDetails.name}>
            <RowLink to={homeEditPath(task.homeDetails._id)}>{task.homeDetails.name}</RowLink>
          </RowLine>
        ) : task.homeDetails ? (
          <RowLine title={task.homeDetails.name}>{task.homeDetails.name}</RowLine>
        ) : (
          ''
        ),
    });
  if (rights.medicine)
    columns.push({
      id: 'medicine',
      label: T.medicine,
      sortKey: 'medicine',
      shrink: 22,
      cell: (task) => (
        <>
          <RowLine title={task.medicine}>{task.medicine}</RowLine>
          <RowCaption block>{doseLine(task)}</RowCaption>
        </>
      ),
    });
  if (rights.doctor)
    columns.push({
      id: 'doctor',
      label: T.doctor,
      sortKey: 'doctor',
      hideBelow: 'desktop',
      shrink: 15,
      cell: (task) => (task.doctorDetails ? <RowLine title={personName(task.doctorDetails)}>{personName(task.doctorDetails)}</RowLine> : ''),
    });
  columns.push({ id: 'status', label: T.status, sortKey: 'status', cell: (task) => <StatusCell task={task} finishing={finishing.has(task._id)} /> });
  return columns;
}

/**
 * A phone card: patient (with birth date, so two residents of the same name are told apart) and
 * medicine on the first line, status, urgency, latest delivery and the messages on the second; the
 * selection and "Details" beside them, each a 44 px target. "Details" names the home too.
 */
function TaskCard({ task, rights, ctx }: { task: TaskDto; rights: TaskRights; ctx: ColumnContext }) {
  const title = [rights.patient ? patientWithBirth(task) : '', rights.medicine ? task.medicine : ''].filter(Boolean).join(' · ');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto auto', columnGap: 1, alignItems: 'center' }}>
      {/* Up to two lines, so the birth date is never cut off behind a long name. */}
      <Box sx={{ fontWeight: 500, display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2, overflow: 'hidden', overflowWrap: 'anywhere' }} title={title}>
        {title}
      </Box>
      <Box component="span">{rights.messages && <MessageCount task={task} />}</Box>
      <Box component="label" sx={{ gridRow: 'span 2', display: 'flex', alignItems: 'center', justifyContent: 'center', minWidth: 44, minHeight: 44, cursor: 'pointer' }}>
        <RowCheckbox label={T.selectRow(patientOf(task))} checked={ctx.selected.has(task._id)} onChange={(on) => ctx.select(task, on)} />
      </Box>
      <Box sx={{ gridColumn: 'span 2', display: 'flex', alignItems: 'center', columnGap: 0.5, flexWrap: 'wrap', minWidth: 0 }}>
        <StatusCell task={task} finishing={ctx.finishing.has(task._id)} />
      </Box>
    </Box>
  );
}

/** The refresh button: lit up once a live 'newtask' arrived, loads the list again on click. */
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
 * /anforderungen: the orders with filters in the URL, expandable rows
 * with details and the event feed, the actions of each row, mark-as-read, and live updates; compact
 * rows on a desktop ("Kompakte Ansicht"), and the order just saved pinned on top (`?created=`).
 */
export function TaskListPage() {
  const rights = useTaskRights();
  const phone = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.phone - 0.05}px)`);
  const cards = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.small - 0.05}px)`);
  const [compact, setCompact] = useCompactView(VIEW_KEY);
  const list = useListState({ ...TASK_LIST_URL, debounceMs: TASK_FILTER_DELAY_MS });

  // The text filter is debounced as typed (and the medicine field likewise); any other filter change re-fetches 500 ms later.
  const { text, medicine, ...others } = list.filters;
  // By content: a new object each render would restart the delay on every render and, once it ran
  // out, hand over an equal object that counts as a new query (and clears the selection).
  const othersKey = JSON.stringify(others);
  const settledKey = useDebouncedValue(othersKey, TASK_FILTER_DELAY_MS);
  const settled = useMemo(() => JSON.parse(settledKey) as typeof others, [settledKey]);
  const query = useMemo(
    // The same query as the remote's start-up prefetch (list-request.ts), so that answer is taken.
    () => taskListQuery({ ...settled, text, medicine }, { offset: Number(list.query.offset), limit: Number(list.query.limit) }, list.sort),
    [settled, text, medicine, list.query.offset, list.query.limit, list.sort],
  );
  const tasks = useTasks(query);
  const rows = tasks.data?.data;
  const created = useCreatedPin(list, rows);

  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [fresh, setFresh] = useState(false);
  const [phoneTask, setPhoneTask] = useState<string | null>(null);
  // The orders open for reading, as they were opened: one the list no longer answers (with "Nur
  // neue", opening marks it seen) stays on screen with its chat until it is closed.
  const [kept, setKept] = useState<Map<string, TaskDto>>(new Map());
  const markSeen = useMarkTaskSeen();
  const markMany = useMarkTasksSeen(() => setSelected(new Set()));
  const confirmAllRead = useConfirm({ title: T.markAllRead, children: T.markAllReadQuestion, confirmLabel: T.markAllReadConfirm });
  const { actions, dialogs, finishing } = useTaskActions(rights);

  // A new page or filter starts without a selection (compared by content, not by object).
  const queryKey = JSON.stringify(query);
  useEffect(() => setSelected(new Set()), [queryKey]);

  useLiveEvent(SOCKET_EVENTS.newTask, () => setFresh(true));
  // A new message or a status change elsewhere: the rows' counts and states load again, quietly.
  useLiveEvent(SOCKET_EVENTS.newEvent, () => void tasks.refetch());
  useLiveEvent(SOCKET_EVENTS.taskChanged, () => void tasks.refetch());

  const toggle = (task: TaskDto) => {
    const opening = phone ? phoneTask !== task._id : !expanded.has(task._id);
    if (opening && task.seen.length === 0) markSeen.mutate(task._id);
    setKept((old) => {
      const next = new Map(old);
      if (opening) next.set(task._id, task.seen.length ? task : { ...task, seen: [readAuth()?.user._id ?? ''] });
      else next.delete(task._id);
      if (phone) for (const id of next.keys()) if (id !== task._id || !opening) next.delete(id);
      return next;
    });
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

  const ctx: ColumnContext = { rights, phone, expanded, toggle, selected, select, finishing, compact: compact && !cards };
  const columns = taskColumns(ctx);
  // The selected orders on screen (the pinned one and the page's rows), for the pickup sheet.
  const onScreen = new Map<string, TaskDto>();
  for (const task of [...(created.pinned?.rows ?? []), ...(rows ?? [])]) onScreen.set(task._id, task);
  const selectedTasks = [...onScreen.values()].filter((task) => selected.has(task._id));
  const phoneOpen = rows?.find((t) => t._id === phoneTask) ?? created.pinned?.rows.find((t) => t._id === phoneTask) ?? (phoneTask ? kept.get(phoneTask) : undefined);
  // Open orders the list left out since (see `kept`) stay on top of the page until they are closed.
  const openIds = phone ? (phoneTask ? [phoneTask] : []) : [...expanded];
  const leftOut = openIds.filter((id) => !onScreen.has(id)).flatMap((id) => (kept.has(id) ? [kept.get(id)!] : []));
  const shownRows = rows && leftOut.length ? [...leftOut, ...rows] : rows;

  const headerActions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {!cards && (
        <FormControlLabel
          control={<Switch size="small" checked={compact} onChange={(e) => setCompact(e.target.checked)} />}
          label={UI_MESSAGES.compactView}
          sx={{ mr: 1, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
        />
      )}
      <Button variant="outlined" size="small" onClick={() => markMany.mutate([...selected])} disabled={selected.size === 0 || markMany.isPending}>
        {T.markSelectedRead}
      </Button>
      {rights.pickupSheet && <PickupSelectionButton tasks={selectedTasks} finishing={finishing} onDone={() => setSelected(new Set())} />}
      <Button variant="outlined" size="small" onClick={() => confirmAllRead.ask(() => markMany.mutate(true))} disabled={markMany.isPending}>
        {T.markAllRead}
      </Button>
      {cards && <ExportButton query={query} />}
      <RefreshButton
        fresh={fresh}
        onClick={() => {
          setFresh(false);
          void tasks.refetch();
        }}
      />
    </Box>
  );

  return (
    <>
      <Box sx={{ position: 'relative' }}>
        <PageHeader title={T.title} breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: T.section }, { label: T.title }]} actions={headerActions} />
        {/* On a desktop the header's row of actions is full: the export sits on the title's line. */}
        {!cards && <ExportButton query={query} sx={{ position: 'absolute', top: 0, right: 0 }} />}
      </Box>
      <DataTable
        label={T.title}
        columns={columns}
        dense
        compact={compact}
        rows={shownRows}
        count={tasks.data?.count ?? 0}
        countCapped={tasks.data?.countCapped}
        loading={tasks.isFetching}
        error={tasks.error}
        onRetry={() => void tasks.refetch()}
        rowKey={(task) => task._id}
        list={list}
        highlight={(task) => task.seen.length === 0}
        pinned={created.pinned}
        card={(task) => <TaskCard task={task} rights={rights} ctx={ctx} />}
        actions={
          rights.actions
            ? (task) =>
                cards ? (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', flexWrap: 'wrap' }}>
                    {actions(task)}
                    <Box sx={{ ml: 'auto' }}>
                      <ExpandButton task={task} open={phone ? phoneTask === task._id : expanded.has(task._id)} phone={phone} toggle={toggle} />
                    </Box>
                  </Box>
                ) : (
                  actions(task)
                )
            : cards
              ? (task) => <ExpandButton task={task} open={phone ? phoneTask === task._id : expanded.has(task._id)} phone={phone} toggle={toggle} />
              : undefined
        }
        detail={(task) => !phone && expanded.has(task._id) && <TaskDetails task={task} />}
        toolbar={<TaskFilters list={list} rights={rights} extraChips={created.chip ? [created.chip] : []} />}
      />
      <Dialog fullScreen open={!!phoneOpen} onClose={() => setPhoneTask(null)} aria-labelledby="task-details-title">
        <DialogTitle id="task-details-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{phoneOpen ? `${patientWithBirth(phoneOpen)} – ${phoneOpen.medicine}${phoneOpen.homeDetails ? ` · ${phoneOpen.homeDetails.name}` : ''}` : ''}</Box>
          <IconButton aria-label={T.close} onClick={() => setPhoneTask(null)}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>{phoneOpen && <TaskDetails task={phoneOpen} />}</DialogContent>
      </Dialog>
      {confirmAllRead.dialog}
      {dialogs}
    </>
  );
}

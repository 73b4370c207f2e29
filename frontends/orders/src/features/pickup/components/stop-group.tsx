import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { TASK_STATUS_LABELS, type TaskDto } from '@mediport/contracts';
import {
  atLeast,
  ChatIcon,
  ExpandLessIcon,
  ExpandMoreIcon,
  HomeIcon,
  lazyPage,
  LocalHospitalIcon,
  RowCaption,
  RowCheckbox,
  RowChip,
  RowGroup,
  RowIconButton,
  RowLine,
  RowNewBadge,
  rowPartStyles,
  useRowTooltip,
} from '@mediport/ui';
import { addressLine, doctorName, homeName, patientName, telHref, type StopGroup } from '../grouping';
import { PICKUP_TEXTS as T } from '../messages';
import type { PickupGrouping } from '../pickup-request';
import { CardActions, RowActions, type PickupHandlers } from './pickup-actions';

// The event feed is fetched when a row's messages are first opened, not with the list.
const ChatPanel = lazyPage(() => import(/* webpackChunkName: "chat-panel" */ '../../chat/components/chat-panel').then((m) => m.ChatPanel));

/** How a stop's rows look and what they offer (the same for every stop of the page). */
export interface StopRowsContext {
  by: PickupGrouping;
  /** Phone cards instead of a table (below 601 px). */
  cards: boolean;
  selected: ReadonlySet<string>;
  select: (ids: string[], on: boolean) => void;
  expanded: ReadonlySet<string>;
  toggle: (task: TaskDto) => void;
  /** The row actions of the "Unterwegs" view; none in "Abholbereit" (there the selection makes the sheet). */
  handlers: PickupHandlers | null;
}

/** Only those who may read an order's chat get it (a driver never). */
const hasChat = (task: TaskDto) => task.actions.chat === true;

const patientLine = (task: TaskDto) => [task.patientDetails?.dateOfBirth ? T.bornOn(task.patientDetails.dateOfBirth) : '', task.livingArea ?? ''].filter(Boolean).join(' · ');
const doseLine = (task: TaskDto) => [task.dose, T.amount(task.amount)].filter(Boolean).join(' · ');
/** The order's other stop: its home when grouped by doctor, its doctor when grouped by home. */
const otherStop = (task: TaskDto, by: PickupGrouping) => (by === 'doctor' ? homeName(task) : doctorName(task));

function StatusMarks({ task }: { task: TaskDto }) {
  return (
    <RowGroup gap={4}>
      <RowChip variant="outlined" label={TASK_STATUS_LABELS[task.status]} />
      {task.seen.length === 0 && <RowNewBadge />}
    </RowGroup>
  );
}

function DeliveryDate({ task }: { task: TaskDto }) {
  if (!task.urgent && !task.latestDelivery) return null;
  return (
    <RowGroup gap={4}>
      {task.urgent && <RowChip color="error" label={T.urgent} />}
      {task.latestDelivery && <RowCaption color={task.urgent ? 'error' : 'secondary'}>{T.deliverBy(task.latestDelivery)}</RowCaption>}
    </RowGroup>
  );
}

/** The stop's name, address and phone, and the checkbox that selects its orders. */
function StopHeader({ group, by, headingId, ctx }: { group: StopGroup; by: PickupGrouping; headingId: string; ctx: StopRowsContext }) {
  const ids = group.tasks.map((t) => t._id);
  const chosen = ids.filter((id) => ctx.selected.has(id)).length;
  const Icon = by === 'doctor' ? LocalHospitalIcon : HomeIcon;
  const address = addressLine(group.address);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 1, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}>
      <Checkbox
        checked={chosen > 0 && chosen === ids.length}
        indeterminate={chosen > 0 && chosen < ids.length}
        onChange={(e) => ctx.select(ids, e.target.checked)}
        slotProps={{ input: { 'aria-label': T.selectGroup(group.name) } }}
        sx={{ width: 44, height: 44 }}
      />
      <Icon color="action" fontSize="small" />
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 500, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {group.name}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {[address, T.tasksCount(group.tasks.length)].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      {group.address?.phone && (
        <Link href={telHref(group.address.phone)} aria-label={T.call(group.address.phone)} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, px: 1, whiteSpace: 'nowrap' }}>
          {group.address.phone}
        </Link>
      )}
    </Box>
  );
}

/** The table's body cells as MUI's small TableCell draws them (plain cells: a stop may hold hundreds of rows). */
const tableSx: SxProps<Theme> = (theme) => ({
  ...rowPartStyles(theme),
  '& > tbody > tr > td': {
    ...theme.typography.body2,
    padding: '6px 8px',
    borderBottom: `1px solid ${theme.palette.divider}`,
    verticalAlign: 'middle',
  },
  '& > tbody > tr.PickupRow-new': { backgroundColor: theme.alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity) },
  '& > tbody > tr.PickupRow-open > td': { borderBottom: 'unset' },
  '& > tbody > tr > td.PickupCell-narrow': { width: 24, padding: '0 4px 0 8px' },
  '& > tbody > tr > td.PickupCell-actions': { whiteSpace: 'nowrap', textAlign: 'right' },
  '& > thead > tr > th': { px: 1 },
  // The order's other stop gives way below 1024 px.
  '& .PickupCell-other': { display: 'none', [atLeast('desktop')]: { display: 'table-cell' } },
});

/** Read by screen readers, not shown (a control column's header). */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', width: '1px', margin: '-1px', padding: 0, overflow: 'hidden', position: 'absolute', whiteSpace: 'nowrap' } as const;

function StopTable({ group, ctx }: { group: StopGroup; ctx: StopRowsContext }) {
  const { handlers: tooltipHandlers, tooltip } = useRowTooltip();
  const chat = group.tasks.some(hasChat);
  const otherLabel = ctx.by === 'doctor' ? T.home : T.doctor;
  const columns = 5 + (chat ? 1 : 0) + (ctx.handlers ? 1 : 0) + 1;
  const hidden = (label: string) => (
    <TableCell padding="checkbox">
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </TableCell>
  );
  return (
    <Box sx={{ overflowX: 'auto' }} {...tooltipHandlers}>
      <Table size="small" aria-label={group.name} sx={tableSx}>
        <TableHead>
          <TableRow>
            {chat && hidden(T.expand)}
            {hidden(T.select)}
            <TableCell>{T.patient}</TableCell>
            <TableCell>{T.medicine}</TableCell>
            <TableCell className="PickupCell-other">{otherLabel}</TableCell>
            <TableCell>{T.latestDelivery}</TableCell>
            <TableCell>{T.status}</TableCell>
            {ctx.handlers && <TableCell align="right">{T.actions}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {group.tasks.map((task) => {
            const open = ctx.expanded.has(task._id) && hasChat(task);
            const patient = patientName(task);
            return (
              <Row key={task._id} open={open} colSpan={columns} detail={open ? <ChatPanel taskId={task._id} /> : null} isNew={task.seen.length === 0}>
                {chat && (
                  <td className="PickupCell-narrow">
                    {hasChat(task) && (
                      <RowIconButton
                        label={open ? T.hideChat(patient) : T.showChat(patient)}
                        icon={open ? ExpandLessIcon : ExpandMoreIcon}
                        iconSize="medium"
                        tooltip={false}
                        aria-expanded={open}
                        onClick={() => ctx.toggle(task)}
                      />
                    )}
                  </td>
                )}
                <td className="PickupCell-narrow">
                  <RowCheckbox label={T.selectRow(patient)} checked={ctx.selected.has(task._id)} onChange={(on) => ctx.select([task._id], on)} />
                </td>
                <td>
                  <RowLine>{patient}</RowLine>
                  {patientLine(task) && <RowCaption block>{patientLine(task)}</RowCaption>}
                </td>
                <td>
                  <RowLine>{task.medicine}</RowLine>
                  <RowCaption block>{doseLine(task)}</RowCaption>
                </td>
                <td className="PickupCell-other">{otherStop(task, ctx.by)}</td>
                <td>
                  <DeliveryDate task={task} />
                </td>
                <td>
                  <StatusMarks task={task} />
                </td>
                {ctx.handlers && (
                  <td className="PickupCell-actions">
                    <RowActions task={task} handlers={ctx.handlers} />
                  </td>
                )}
              </Row>
            );
          })}
        </TableBody>
      </Table>
      {tooltip}
    </Box>
  );
}

function Row({ open, isNew, colSpan, detail, children }: { open: boolean; isNew: boolean; colSpan: number; detail: ReactNode; children: ReactNode }) {
  return (
    <>
      <tr className={[isNew && 'PickupRow-new', open && 'PickupRow-open'].filter(Boolean).join(' ') || undefined}>{children}</tr>
      {open && (
        <tr>
          <td colSpan={colSpan}>{detail}</td>
        </tr>
      )}
    </>
  );
}

const cardsSx: SxProps<Theme> = (theme) => ({ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1, ...rowPartStyles(theme) });

/** Phone: one card per order; the whole top of the card (44 px and more) toggles its selection. */
function StopCards({ group, ctx }: { group: StopGroup; ctx: StopRowsContext }) {
  return (
    <Box component="ul" aria-label={group.name} sx={cardsSx}>
      {group.tasks.map((task) => {
        const patient = patientName(task);
        const open = ctx.expanded.has(task._id) && hasChat(task);
        const other = otherStop(task, ctx.by);
        return (
          <Box
            component="li"
            key={task._id}
            sx={{ border: 1, borderColor: task.seen.length === 0 ? 'primary.main' : 'divider', borderRadius: 1, p: 1, minWidth: 0, display: 'grid', gap: 1 }}
          >
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 1, alignItems: 'start' }}>
              <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography component="div" sx={{ fontWeight: 500 }}>
                  {patient}
                </Typography>
                {patientLine(task) && <RowCaption block>{patientLine(task)}</RowCaption>}
                <Typography component="div" variant="body2" sx={{ mt: 0.5 }}>
                  {task.medicine}
                </Typography>
                <RowCaption block>{doseLine(task)}</RowCaption>
                {other && <RowCaption block>{other}</RowCaption>}
              </Box>
              <Box component="label" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minWidth: 44, minHeight: 44, cursor: 'pointer' }}>
                <RowCheckbox label={T.selectRow(patient)} checked={ctx.selected.has(task._id)} onChange={(on) => ctx.select([task._id], on)} />
              </Box>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
              <StatusMarks task={task} />
              <DeliveryDate task={task} />
            </Box>
            {ctx.handlers && <CardActions task={task} handlers={ctx.handlers} />}
            {hasChat(task) && (
              <Button
                variant="text"
                startIcon={<ChatIcon />}
                aria-label={open ? T.hideChat(patient) : T.showChat(patient)}
                aria-expanded={open}
                onClick={() => ctx.toggle(task)}
                sx={{ minHeight: 44, justifySelf: 'start' }}
              >
                {T.chat}
              </Button>
            )}
            {open && <ChatPanel taskId={task._id} />}
          </Box>
        );
      })}
    </Box>
  );
}

/** One stop of the round: its header and its orders (a table, or cards on a phone). */
export function StopGroupView({ group, ctx }: { group: StopGroup; ctx: StopRowsContext }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ overflow: 'hidden', minWidth: 0 }}>
      <StopHeader group={group} by={ctx.by} headingId={headingId} ctx={ctx} />
      {ctx.cards ? <StopCards group={group} ctx={ctx} /> : <StopTable group={group} ctx={ctx} />}
    </Paper>
  );
}

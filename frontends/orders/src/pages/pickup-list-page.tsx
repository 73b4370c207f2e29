import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PRODUCT_NAME, SOCKET_EVENTS, type TaskDto } from '@mediport/contracts';
import { useLiveEvent } from '@mediport/api-client';
import { DoneIcon, EmptyState, ErrorPanel, LoadingState, LocalShippingIcon, PageHeader, PictureAsPdfIcon, RefreshIcon, SPEC_BREAKPOINTS, UI_MESSAGES, useConfirm } from '@mediport/ui';
import { useCreatePickupSheet } from '../features/list/api/tasks-api';
import { useChangePickupStatus, useMarkPickupsRead, usePickupTasks, type PickupStatus } from '../features/pickup/api/pickup-api';
import { doctorName, groupTasks, homeName } from '../features/pickup/grouping';
import { PICKUP_TEXTS as T } from '../features/pickup/messages';
import { pickupQuery, type PickupFilters, type PickupGrouping, type PickupView } from '../features/pickup/pickup-request';
import { DeliveryDialog } from '../features/pickup/components/delivery-dialog';
import { IncidentDialog } from '../features/pickup/components/incident-dialog';
import { type FilterOption } from '../features/list/components/task-filters';
import { PickupFilterBar } from '../features/pickup/components/pickup-filters';
import type { PickupHandlers } from '../features/pickup/components/pickup-actions';
import { usePickupRights } from '../features/pickup/components/pickup-rights';
import { StopGroupView, type StopRowsContext } from '../features/pickup/components/stop-group';

/**
 * The view, grouping and filters in the URL (`?view=ready&group=home&home=…&doctor=…&notSeen=1`),
 * so a bookmark opens the same list. Everyone starts with the orders on the road (as the
 * dashboard's pickup tile counts them); only the pharmacy has the second view, "Abholbereit".
 */
function usePickupUrl(canCreate: boolean) {
  const [params, setParams] = useSearchParams();
  const view: PickupView = canCreate && params.get('view') === 'ready' ? 'ready' : 'road';
  const by: PickupGrouping = params.get('group') === 'home' ? 'home' : 'doctor';
  const filters: PickupFilters = { home: params.get('home') ?? '', doctor: params.get('doctor') ?? '', notSeen: params.get('notSeen') === '1' };
  const set = (name: string, value: string) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return {
    view,
    by,
    filters,
    setView: (v: PickupView) => set('view', v === 'ready' ? 'ready' : ''),
    setGroup: (g: PickupGrouping) => set('group', g === 'home' ? 'home' : ''),
    setFilter: (name: keyof PickupFilters, value: string | boolean) => set(name, value === true ? '1' : value === false ? '' : value),
  };
}

/**
 * The homes and doctors of the orders loaded so far, to filter by (no extra request; a driver may
 * not list homes or doctors at all). Kept across answers, so a set filter still offers the others.
 */
function useStopOptions(rows: TaskDto[] | undefined) {
  const [seen, setSeen] = useState<{ homes: Map<string, string>; doctors: Map<string, string> }>({ homes: new Map(), doctors: new Map() });
  useEffect(() => {
    if (!rows?.length) return;
    setSeen((old) => {
      const homes = new Map(old.homes);
      const doctors = new Map(old.doctors);
      for (const task of rows) {
        if (task.homeDetails) homes.set(task.homeDetails._id, homeName(task));
        if (task.doctorDetails) doctors.set(task.doctorDetails._id, doctorName(task));
      }
      return homes.size === old.homes.size && doctors.size === old.doctors.size ? old : { homes, doctors };
    });
  }, [rows]);
  const sorted = (map: Map<string, string>): FilterOption[] => [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'de'));
  return { homes: sorted(seen.homes), doctors: sorted(seen.doctors) };
}

/**
 * /v3/abholauftraege (and /abholauftraege): the orders a driver picks up and delivers, grouped by
 * doctor or care home with each stop's address and phone. The pharmacy makes pickup sheets (PDF)
 * from the ready orders ("Abholbereit") and follows them on the road ("Unterwegs"); a driver sees
 * only the orders on the road. Each row's actions are the ones the server names with the order;
 * a driver proves a delivery with the recipient's signature. Live updates reload the list.
 */
export function PickupListPage() {
  const rights = usePickupRights();
  const cards = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.small - 0.05}px)`);
  const url = usePickupUrl(rights.create);
  const { view, by, filters } = url;
  const { home, doctor, notSeen } = filters;
  const query = useMemo(() => pickupQuery(view, { home, doctor, notSeen }), [view, home, doctor, notSeen]);
  const tasks = usePickupTasks(query);
  const rows = tasks.data?.data;
  const options = useStopOptions(rows);
  const groups = useMemo(() => groupTasks(rows ?? [], by), [rows, by]);

  const [selectedIds, setSelected] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [signing, setSigning] = useState<TaskDto | null>(null);
  const [reporting, setReporting] = useState<TaskDto | null>(null);

  // Another view or filter starts without a selection; orders that left the list leave it too.
  useEffect(() => setSelected(new Set()), [query]);
  const selected = useMemo(() => new Set((rows ?? []).filter((t) => selectedIds.has(t._id)).map((t) => t._id)), [rows, selectedIds]);
  const selectedTasks = (rows ?? []).filter((t) => selected.has(t._id));

  const change = useChangePickupStatus();
  const sheet = useCreatePickupSheet(() => setSelected(new Set()));
  const readAll = useMarkPickupsRead();
  const confirmGiveBack = useConfirm({ title: T.giveBackTitle, children: T.giveBackQuestion, confirmLabel: T.giveBack });

  // Orders handed over, changed or created elsewhere: the list loads again, quietly.
  useLiveEvent(SOCKET_EVENTS.taskChanged, () => void tasks.refetch());
  useLiveEvent(SOCKET_EVENTS.newTask, () => void tasks.refetch());

  const select = (ids: string[], on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const toggle = (task: TaskDto) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(task._id)) next.delete(task._id);
      else next.add(task._id);
      return next;
    });
  const setStatus = (ids: string[], status: PickupStatus) => change.mutate({ ids, status }, { onSuccess: () => select(ids, false) });
  const handlers: PickupHandlers = {
    setStatus: (task, status) => setStatus([task._id], status),
    giveBack: (task) => confirmGiveBack.ask(() => setStatus([task._id], 'new')),
    sign: setSigning,
    incident: setReporting,
    busy: change.isPending,
  };
  const ctx: StopRowsContext = { by, cards, selected, select, expanded, toggle, handlers: view === 'road' ? handlers : null };

  const allIds = (rows ?? []).map((t) => t._id);
  const allChosen = allIds.length > 0 && selected.size === allIds.length;
  // Bulk actions take the selected orders the server allows them for.
  const deliverable = selectedTasks.filter((t) => t.actions.deliver === true).map((t) => t._id);
  const finishable = selectedTasks.filter((t) => t.actions.finish === true).map((t) => t._id);
  const bulkDeliver = selectedTasks.some((t) => t.actions.deliver !== undefined);
  const bulkFinish = selectedTasks.some((t) => t.actions.finish !== undefined);

  const headerActions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {rights.seen && view === 'road' && (
        <Button variant="outlined" size="small" onClick={() => readAll.mutate()} disabled={readAll.isPending} sx={{ minHeight: { xs: 44, sm: 'auto' } }}>
          {T.markAllRead}
        </Button>
      )}
      <Tooltip title={T.refresh}>
        <IconButton aria-label={T.refresh} onClick={() => void tasks.refetch()} sx={{ width: 44, height: 44 }}>
          <RefreshIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );

  let body;
  if (tasks.error && !tasks.data) body = <ErrorPanel message={UI_MESSAGES.loadFailed} onRetry={() => void tasks.refetch()} />;
  else if (!tasks.data) body = <LoadingState />;
  else if (groups.length === 0)
    body = (
      <Paper variant="outlined">
        <EmptyState text={view === 'ready' ? T.emptyReady : T.empty} />
      </Paper>
    );
  else
    body = (
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }} aria-busy={tasks.isFetching || undefined}>
        {groups.map((group) => (
          <StopGroupView key={`${by}-${group.id}`} group={group} ctx={ctx} />
        ))}
      </Box>
    );

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={T.title} breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: T.section }, { label: T.title }]} actions={headerActions} />
      {rights.create && (
        <Tabs value={view} onChange={(_e, v: PickupView) => url.setView(v)} aria-label={T.views} variant="fullWidth" sx={{ mb: 2, maxWidth: 480, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="road" label={T.onTheRoad} sx={{ minHeight: 48 }} />
          <Tab value="ready" label={T.ready} sx={{ minHeight: 48 }} />
        </Tabs>
      )}
      <PickupFilterBar by={by} onGroup={url.setGroup} filters={filters} onFilter={url.setFilter} homes={options.homes} doctors={options.doctors} />
      {rows && rows.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
          <FormControlLabel
            control={<Checkbox checked={allChosen} indeterminate={selected.size > 0 && !allChosen} onChange={(e) => select(allIds, e.target.checked)} />}
            label={T.selectAll}
            sx={{ minHeight: 44, mr: 1 }}
          />
          {selected.size > 0 && (
            <Typography variant="body2" color="textSecondary" sx={{ mr: 1 }}>
              {T.selected(selected.size)}
            </Typography>
          )}
          {view === 'ready' && (
            <Button variant="contained" startIcon={<PictureAsPdfIcon />} disabled={selected.size === 0 || sheet.isPending} onClick={() => sheet.mutate([...selected])} sx={{ minHeight: 44 }}>
              {T.createSheet}
            </Button>
          )}
          {view === 'road' && bulkDeliver && (
            <Button variant="outlined" startIcon={<LocalShippingIcon />} disabled={deliverable.length === 0 || change.isPending} onClick={() => setStatus(deliverable, 'delivery')} sx={{ minHeight: 44 }}>
              {T.bulk(T.deliver, deliverable.length)}
            </Button>
          )}
          {view === 'road' && bulkFinish && (
            <Button variant="outlined" startIcon={<DoneIcon />} disabled={finishable.length === 0 || change.isPending} onClick={() => setStatus(finishable, 'finished')} sx={{ minHeight: 44 }}>
              {T.bulk(T.finish, finishable.length)}
            </Button>
          )}
        </Box>
      )}
      {tasks.data && tasks.data.count > tasks.data.data.length && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.capped(tasks.data.data.length, tasks.data.count)}
        </Alert>
      )}
      {body}
      {confirmGiveBack.dialog}
      <DeliveryDialog task={signing} onClose={() => setSigning(null)} />
      <IncidentDialog task={reporting} onClose={() => setReporting(null)} />
    </Box>
  );
}

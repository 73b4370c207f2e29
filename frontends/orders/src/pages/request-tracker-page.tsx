import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PRODUCT_NAME, SOCKET_EVENTS } from '@mediport/contracts';
import {
  DOCUMENT_CHANNEL_LABELS,
  DOCUMENT_REASON_LABELS,
  REQUEST_STATE_LABELS,
  REQUEST_STATES,
  type DocumentTrackerDto,
  type RequestItemDto,
} from '@mediport/contracts/documents';
import { useAuth, useHasPermission, useLiveEvent } from '@mediport/api-client';
import {
  DataTable,
  ExpandLessIcon,
  ExpandMoreIcon,
  FilterBar,
  PageHeader,
  PictureAsPdfIcon,
  RowCaption,
  RowChip,
  RowGroup,
  RowIconButton,
  RowLine,
  SPEC_BREAKPOINTS,
  formatDateTime,
  useListState,
  type DataColumn,
  type FilterChip,
} from '@mediport/ui';
import { openRequestPdf, useMarkRequest, useRequestTracker, type RequestMark } from '../features/documents/api/documents-api';
import { doctorLabel } from '../features/documents/document-html';
import { TRACKER_TEXTS as T } from '../features/documents/messages';
import { RequestItems } from '../features/documents/components/request-items';
import { RequestStateChip } from '../features/documents/components/request-state-chip';
import { OptionFilter } from '../features/list/components/task-filters';

const LIST_PATH = '/anforderungen';

const STATE_OPTIONS = REQUEST_STATES.map((s) => ({ value: s, label: REQUEST_STATE_LABELS[s] }));

/** Buttons at least 44 px high on touch screens. */
const TOUCH = { '@media (pointer: coarse)': { minHeight: 44 } } as const;

/** The orders of a request a click can still move. */
const toConfirm = (items: RequestItemDto[]) => items.filter((i) => i.state !== 'confirmed' && i.state !== 'received');
const toReceive = (items: RequestItemDto[]) => items.filter((i) => i.state !== 'received');

/**
 * /anforderungen/rezeptanforderungen: the prescription requests sent to practices, newest first, each
 * with its least advanced state; opened, every order of it with its own state and its history
 * (angefordert → versendet → zugestellt → bestätigt → Rezept eingegangen, reminders, failures). The
 * state and a search (subject, doctor) filter the list; the URL keeps them. The pharmacy marks a
 * request (or one order) as confirmed by the practice or the prescription as received.
 */
export function RequestTrackerPage() {
  const list = useListState({ filters: { state: '' }, sort: '-createdAt', sortKeys: ['createdAt'], pageSize: 25 });
  const tracker = useRequestTracker(list.query);
  const mark = useMarkRequest();
  const canReceive = useHasPermission('document_create');
  const isDoctor = useAuth()?.user.roles.includes('ROLE_DOCTOR') ?? false;
  const canConfirm = canReceive || isDoctor;
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const cards = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.small - 0.05}px)`);

  // A practice's answer, a delivery report or a pickup elsewhere: the states load again, quietly.
  useLiveEvent(SOCKET_EVENTS.newEvent, () => void tracker.refetch());
  useLiveEvent(SOCKET_EVENTS.taskChanged, () => void tracker.refetch());

  const toggle = (id: string) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const markOf = (d: DocumentTrackerDto, how: RequestMark, tasks?: string[]) => mark.mutate({ id: d._id, mark: how, tasks });

  const columns: DataColumn<DocumentTrackerDto>[] = [
    {
      id: 'expand',
      label: T.expand,
      narrow: true,
      hideOnCard: true,
      cell: (d) => {
        const open = expanded.has(d._id);
        const name = doctorLabel(d.doctor);
        return <RowIconButton label={open ? T.hide(name) : T.show(name)} icon={open ? ExpandLessIcon : ExpandMoreIcon} iconSize="medium" tooltip={false} aria-expanded={open} onClick={() => toggle(d._id)} />;
      },
    },
    {
      id: 'sentAt',
      label: T.sentAt,
      cell: (d) => (
        <>
          <RowLine>{formatDateTime(d.createdAt)}</RowLine>
          {d.createdFrom && <RowCaption block>{T.by(d.createdFrom.username)}</RowCaption>}
        </>
      ),
    },
    {
      id: 'doctor',
      label: T.doctor,
      // The phone card's title already names the doctor.
      hideOnCard: true,
      cell: (d) => (
        <>
          <RowLine title={doctorLabel(d.doctor)}>{doctorLabel(d.doctor)}</RowLine>
          <RowCaption block>{DOCUMENT_CHANNEL_LABELS[d.channel]}</RowCaption>
        </>
      ),
    },
    {
      id: 'reason',
      label: T.reason,
      hideBelow: 'desktop',
      cell: (d) => (
        <>
          <RowGroup gap={4}>
            <RowLine title={DOCUMENT_REASON_LABELS[d.reason]}>{DOCUMENT_REASON_LABELS[d.reason]}</RowLine>
            {d.priority === 'urgent' && <RowChip color="error" label={T.urgent} />}
          </RowGroup>
          {d.supplyDays !== null && <RowCaption block>{T.supply(d.supplyDays)}</RowCaption>}
        </>
      ),
    },
    {
      id: 'orders',
      label: T.orders,
      cell: (d) => (
        <>
          <RowLine>{T.ordersCount(d.tasks.length)}</RowLine>
          {d.items.length > 0 && <RowCaption block>{d.items.map((i) => i.patient).filter((p, i, all) => p && all.indexOf(p) === i).join(', ')}</RowCaption>}
        </>
      ),
    },
    { id: 'state', label: T.state, cell: (d) => <RequestStateChip state={d.progress} /> },
  ];

  const chips: FilterChip[] = [];
  if (list.filters.text) chips.push({ key: 'text', label: `${T.search}: ${list.filters.text}`, onDelete: () => list.setSearch('') });
  if (list.filters.state) chips.push({ key: 'state', label: `${T.state}: ${REQUEST_STATE_LABELS[list.filters.state as keyof typeof REQUEST_STATE_LABELS] ?? list.filters.state}`, onDelete: () => list.setFilter('state', '') });

  return (
    <>
      <PageHeader title={T.title} breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: T.section }, { label: T.list, to: LIST_PATH }, { label: T.title }]} />
      <DataTable
        label={T.title}
        columns={columns}
        dense
        rows={tracker.data?.data}
        count={tracker.data?.count ?? 0}
        loading={tracker.isFetching}
        error={tracker.error}
        onRetry={() => void tracker.refetch()}
        rowKey={(d) => d._id}
        list={list}
        emptyText={list.filtered ? undefined : T.empty}
        highlight={(d) => d.progress === 'failed'}
        cardTitle={(d) => doctorLabel(d.doctor)}
        toolbar={
          <FilterBar search={list.search} onSearch={list.setSearch} searchLabel={T.search} activeFilters={list.filters.state ? 1 : 0} chips={chips}>
            <OptionFilter label={T.state} value={list.filters.state} options={STATE_OPTIONS} onChange={(v) => list.setFilter('state', v)} />
          </FilterBar>
        }
        actions={(d) => {
          const name = doctorLabel(d.doctor);
          return (
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end' }}>
              {cards && (
                <Button size="small" onClick={() => toggle(d._id)} aria-expanded={expanded.has(d._id)} aria-label={expanded.has(d._id) ? T.hide(name) : T.show(name)} sx={{ minHeight: 44 }}>
                  {T.details}
                </Button>
              )}
              {canConfirm && (
                <Button size="small" variant="outlined" disabled={mark.isPending || toConfirm(d.items).length === 0} onClick={() => markOf(d, 'confirm')} aria-label={T.confirmAll(name)} sx={TOUCH}>
                  {T.confirm}
                </Button>
              )}
              {canReceive && (
                <Button size="small" variant="outlined" color="success" disabled={mark.isPending || toReceive(d.items).length === 0} onClick={() => markOf(d, 'received')} aria-label={T.receivedAll(name)} sx={TOUCH}>
                  {T.received}
                </Button>
              )}
              <RowIconButton label={T.pdfOf(name)} icon={PictureAsPdfIcon} onClick={() => void openRequestPdf(d._id)} />
            </Box>
          );
        }}
        detail={(d) =>
          expanded.has(d._id) && (
            <Box sx={{ py: 1 }}>
              <RequestItems
                items={d.items}
                busy={mark.isPending}
                onConfirm={canConfirm ? (task) => markOf(d, 'confirm', [task]) : undefined}
                onReceived={canReceive ? (task) => markOf(d, 'received', [task]) : undefined}
              />
            </Box>
          )
        }
      />
    </>
  );
}

import { useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatCents } from '@mediport/contracts/shop';
import { INVOICE_MESSAGES as M, INVOICE_ROLE_LABELS, INVOICE_STATUS_TEXTS, type InvoiceDto, monthLabel, toggledInvoiceStatus } from '@mediport/contracts/invoices';
import { useHasPermission } from '@mediport/api-client';
import {
  CancelIcon,
  ConfirmDialog,
  DataTable,
  DoneIcon,
  ExpandLessIcon,
  ExpandMoreIcon,
  FilterBar,
  PictureAsPdfIcon,
  ReplayIcon,
  RowCaption,
  RowChip,
  RowGroup,
  RowIconButton,
  RowLine,
  RowNewBadge,
  SPEC_BREAKPOINTS,
  useListState,
  type DataColumn,
  type FilterChip,
} from '@mediport/ui';
import { useCancelInvoice, useDownloadInvoice, useInvoices, useTogglePaid } from '../api/invoices-api';
import { InvoiceRunCard } from './invoice-run-card';
import { ProofList } from './proof-list';

const C = M.columns;

/** The status filter: the spec's three texts, each for the stored states it stands for. */
const STATUS_OPTIONS = [
  { value: 'unread,open,pending', label: INVOICE_STATUS_TEXTS.due },
  { value: 'paid', label: INVOICE_STATUS_TEXTS.paid },
  { value: 'canceled', label: INVOICE_STATUS_TEXTS.canceled },
];


/** The status cell: the spec's text, and for a credit note or a canceled invoice the link between both. */
function StatusCell({ invoice }: { invoice: InvoiceDto }) {
  return (
    <>
      <RowChip label={invoice.statusText} variant={invoice.status === 'paid' || invoice.status === 'canceled' ? 'outlined' : 'filled'} />
      {invoice.creditNote && (
        <RowCaption block>
          {M.creditNote}
          {invoice.cancels ? ` (${invoice.cancels.number})` : ''}
        </RowCaption>
      )}
      {invoice.canceledBy && <RowCaption block>{`Gutschrift ${invoice.canceledBy.number}`}</RowCaption>}
      {invoice.status !== 'paid' && invoice.status !== 'canceled' && <RowCaption block>{`${C.dueDate} ${invoice.dueDate}`}</RowCaption>}
    </>
  );
}

/**
 * Rechnungen: the invoices the caller sees (the server's Invoice policy decides), newest first, with
 * search, a status filter and paging; each one's proof list opens under its row. Download with
 * download_invoice_view (an unread invoice is open afterwards), the paid toggle with
 * switch_payment_state_invoice_view, cancelling (a credit note, after a confirmation) with
 * invoice_cancel_view; above the list the billing run of an ended month with invoice_run_view.
 * Below 601 px one card per invoice.
 */
export function InvoicesTab() {
  const list = useListState({ filters: { status: '' }, sort: '-number', sortKeys: ['number', 'price', 'month', 'dueDate', 'name'], pageSize: 25 });
  const invoices = useInvoices(list.query);
  const download = useDownloadInvoice();
  const toggle = useTogglePaid();
  const canDownload = useHasPermission('download_invoice_view');
  const canToggle = useHasPermission('switch_payment_state_invoice_view');
  const cancel = useCancelInvoice();
  const canCancel = useHasPermission('invoice_cancel_view');
  const canRun = useHasPermission('invoice_run_view');
  const [toCancel, setToCancel] = useState<InvoiceDto | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const cards = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.small - 0.05}px)`);

  const flip = (id: string) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function onToggle(invoice: InvoiceDto) {
    const answer = await toggle.mutateAsync(invoice).catch(() => null);
    if (answer) enqueueSnackbar(answer.message, { variant: 'success' });
  }

  async function onCancel(invoice: InvoiceDto) {
    setToCancel(null);
    const answer = await cancel.mutateAsync(invoice).catch(() => null);
    if (answer) enqueueSnackbar(answer.message, { variant: 'success' });
  }

  async function onDownload(invoice: InvoiceDto) {
    await download.mutateAsync(invoice).catch(() => undefined);
  }

  const columns: DataColumn<InvoiceDto>[] = [
    {
      id: 'expand',
      label: M.proofs,
      narrow: true,
      hideOnCard: true,
      cell: (i) => {
        const open = expanded.has(i._id);
        return (
          <RowIconButton
            label={`${open ? M.hideProofs : M.showProofs}: ${i.number}`}
            icon={open ? ExpandLessIcon : ExpandMoreIcon}
            iconSize="medium"
            tooltip={false}
            aria-expanded={open}
            onClick={() => flip(i._id)}
          />
        );
      },
    },
    {
      id: 'number',
      label: C.number,
      sortKey: 'number',
      hideOnCard: true,
      cell: (i) => (
        <>
          <RowGroup gap={4} inline>
            <RowLine>{i.status === 'unread' ? <strong>{i.number}</strong> : i.number}</RowLine>
            {i.status === 'unread' && <RowNewBadge />}
          </RowGroup>
          <RowCaption block>{`${monthLabel(i.month)} · ${i.invoiceDate}`}</RowCaption>
        </>
      ),
    },
    {
      id: 'name',
      label: C.name,
      sortKey: 'name',
      cell: (i) => (
        <>
          <RowLine title={i.name}>{i.name}</RowLine>
          <RowCaption block>{[INVOICE_ROLE_LABELS[i.role], i.debtor && `${C.debtor} ${i.debtor}`].filter(Boolean).join(' · ')}</RowCaption>
        </>
      ),
    },
    {
      id: 'price',
      label: C.price,
      sortKey: 'price',
      align: 'right',
      cell: (i) => (
        <>
          <RowLine>{formatCents(i.price)}</RowLine>
          {i.directDebit && <RowCaption block>{M.directDebit}</RowCaption>}
        </>
      ),
    },
    { id: 'status', label: C.status, cell: (i) => <StatusCell invoice={i} /> },
  ];

  const chips: FilterChip[] = [];
  const status = STATUS_OPTIONS.find((o) => o.value === list.filters.status);
  if (list.filters.text) chips.push({ key: 'text', label: `Suche: ${list.filters.text}`, onDelete: () => list.setSearch('') });
  if (status) chips.push({ key: 'status', label: `${C.status}: ${status.label}`, onDelete: () => list.setFilter('status', '') });

  return (
    <Box sx={{ maxWidth: 1100 }}>
      {canRun && <InvoiceRunCard />}
      <DataTable
        label={M.listLabel}
        columns={columns}
        dense
        rows={invoices.data?.data}
        count={invoices.data?.count ?? 0}
        loading={invoices.isFetching}
        error={invoices.error}
        onRetry={() => void invoices.refetch()}
        rowKey={(i) => i._id}
        list={list}
        emptyText={list.filtered ? undefined : M.empty}
        cardTitle={(i) => (
          <RowGroup gap={4}>
            <span>{i.number}</span>
            {i.status === 'unread' && <RowNewBadge />}
          </RowGroup>
        )}
        toolbar={
          <FilterBar search={list.search} onSearch={list.setSearch} activeFilters={status ? 1 : 0} chips={chips}>
            <TextField
              select
              label={C.status}
              size="small"
              margin="none"
              fullWidth={false}
              value={status?.value ?? ''}
              onChange={(e) => list.setFilter('status', e.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">Alle</MenuItem>
              {STATUS_OPTIONS.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          </FilterBar>
        }
        actions={(i) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end' }}>
            {cards && (
              <Button size="small" onClick={() => flip(i._id)} aria-expanded={expanded.has(i._id)} sx={{ minHeight: 44 }}>
                {`${expanded.has(i._id) ? M.hideProofs : M.showProofs}`}
              </Button>
            )}
            {canToggle && i.status !== 'canceled' && !i.creditNote && (
              <RowIconButton
                label={`${toggledInvoiceStatus(i.status) === 'paid' ? M.markPaid : M.markOpen}: ${i.number}`}
                icon={toggledInvoiceStatus(i.status) === 'paid' ? DoneIcon : ReplayIcon}
                disabled={toggle.isPending}
                onClick={() => void onToggle(i)}
              />
            )}
            {canDownload && <RowIconButton label={`${M.download}: ${i.number}`} icon={PictureAsPdfIcon} disabled={download.isPending} onClick={() => void onDownload(i)} />}
            {canCancel && i.status !== 'canceled' && !i.creditNote && (
              <RowIconButton label={`${M.cancel}: ${i.number}`} icon={CancelIcon} disabled={cancel.isPending} onClick={() => setToCancel(i)} />
            )}
          </Box>
        )}
        detail={(i) =>
          expanded.has(i._id) && (
            <Box sx={{ py: 1 }}>
              <ProofList number={i.number} proofs={i.proofs ?? []} />
            </Box>
          )
        }
      />
      <ConfirmDialog destructive open={toCancel !== null} title={M.confirmCancelTitle(toCancel?.number ?? '')} confirmLabel={M.cancel} onCancel={() => setToCancel(null)} onConfirm={() => toCancel && void onCancel(toCancel)}>
        {M.confirmCancelText(formatCents(toCancel?.price ?? 0))}
      </ConfirmDialog>
    </Box>
  );
}

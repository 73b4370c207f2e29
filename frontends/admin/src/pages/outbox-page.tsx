import { useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PRODUCT_NAME } from '@mediport/contracts';
import {
  OUTBOX_CHANNEL_LABELS,
  OUTBOX_CHANNELS,
  OUTBOX_REFERENCE_LABELS,
  OUTBOX_STATE_LABELS,
  OUTBOX_STATES,
  type OutboxChannelName,
  type OutboxMessageDto,
  type OutboxStateName,
  type OutboxSummaryDto,
} from '@mediport/contracts/outbox';
import { useHasPermission } from '@mediport/api-client';
import { EmptyState, ErrorPanel, formatDateTime, ListPagination, LoadingState, PageHeader, useDebouncedValue } from '@mediport/ui';
import { ADMIN_AREA, OUTBOX_TEXT } from '../messages';
import { type OutboxFilter, useOutbox, useRetryOutboxMessage } from '../features/outbox/api/outbox-api';

/** Eight columns need about 1100 px of content: from 1280 px the table, below it one card per message. */
const TABLE_FROM = '(min-width:1280px)';

const STATE_COLORS: Record<OutboxStateName, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  sending: 'info',
  submitted: 'info',
  sent: 'success',
  failed: 'error',
};

function StateChip({ state }: { state: OutboxStateName }) {
  return <Chip size="small" color={STATE_COLORS[state]} variant={state === 'failed' ? 'filled' : 'outlined'} label={OUTBOX_STATE_LABELS[state]} />;
}

/** The filters show "Alle" when nothing is chosen. */
const FILTER_SLOTS = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** What is worth knowing next to the state: the error, the next attempt, the awaited report or when it went out. */
function detail(m: OutboxMessageDto): string {
  const parts: string[] = [];
  if (m.state === 'sent' && m.sentAt) parts.push(OUTBOX_TEXT.sentAt(formatDateTime(m.sentAt)));
  if (m.state === 'queued' && m.nextAttemptAt && m.attempts > 0) parts.push(OUTBOX_TEXT.nextAttempt(formatDateTime(m.nextAttemptAt)));
  if (m.state === 'submitted' && m.nextAttemptAt) parts.push(OUTBOX_TEXT.reportUntil(formatDateTime(m.nextAttemptAt)));
  if (m.lastError && m.state !== 'sent') parts.push(m.lastError);
  return parts.join(' · ');
}

function origin(m: OutboxMessageDto): string {
  return [m.reference ? (OUTBOX_REFERENCE_LABELS[m.reference.kind] ?? null) : null, m.createdBy ? OUTBOX_TEXT.by(m.createdBy) : null].filter(Boolean).join(' ');
}

interface ListProps {
  messages: OutboxMessageDto[];
  canRetry: boolean;
  busy: string | null;
  onRetry: (m: OutboxMessageDto) => void;
}

function RetryButton({ message, busy, onRetry }: { message: OutboxMessageDto; busy: string | null; onRetry: (m: OutboxMessageDto) => void }) {
  return (
    <Button size="small" variant="outlined" disabled={busy === message._id} onClick={() => onRetry(message)} aria-label={OUTBOX_TEXT.retryOf(message.subject || message.to)} sx={{ minHeight: 36 }}>
      {OUTBOX_TEXT.retry}
    </Button>
  );
}

function OutboxTable({ messages, canRetry, busy, onRetry }: ListProps) {
  const C = OUTBOX_TEXT.columns;
  return (
    <TableContainer>
      <Table size="small" aria-label={OUTBOX_TEXT.listLabel}>
        <TableHead>
          <TableRow>
            <TableCell>{C.createdAt}</TableCell>
            <TableCell>{C.channel}</TableCell>
            <TableCell>{C.to}</TableCell>
            <TableCell>{C.subject}</TableCell>
            <TableCell>{C.state}</TableCell>
            <TableCell>{C.attempts}</TableCell>
            <TableCell>{C.detail}</TableCell>
            <TableCell align="right">{C.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {messages.map((m) => (
            <TableRow key={m._id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(m.createdAt)}
                <Typography variant="body2" color="textSecondary">
                  {origin(m)}
                </Typography>
              </TableCell>
              <TableCell>{OUTBOX_CHANNEL_LABELS[m.channel]}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word', maxWidth: 240 }}>{m.to}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word', maxWidth: 260 }}>{m.subject}</TableCell>
              <TableCell>
                <StateChip state={m.state} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{OUTBOX_TEXT.attempts(m.attempts, m.maxAttempts)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word', maxWidth: 300 }}>{detail(m)}</TableCell>
              <TableCell align="right">{canRetry && m.state === 'failed' && <RetryButton message={m} busy={busy} onRetry={onRetry} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one card per message: subject, recipient, state, attempts and the action. */
function OutboxCards({ messages, canRetry, busy, onRetry }: ListProps) {
  return (
    <Box component="ul" aria-label={OUTBOX_TEXT.listLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {messages.map((m) => (
        <Box component="li" key={m._id} aria-label={m.subject || m.to} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography component="h2" sx={{ fontWeight: 500, fontSize: '1rem', wordBreak: 'break-word' }}>
              {m.subject || m.to}
            </Typography>
            <StateChip state={m.state} />
          </Stack>
          <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-word' }}>
            {OUTBOX_CHANNEL_LABELS[m.channel]} · {m.to}
          </Typography>
          <Typography variant="body2">
            {formatDateTime(m.createdAt)} · {OUTBOX_TEXT.columns.attempts}: {OUTBOX_TEXT.attempts(m.attempts, m.maxAttempts)}
          </Typography>
          {detail(m) && (
            <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
              {detail(m)}
            </Typography>
          )}
          {canRetry && m.state === 'failed' && (
            <Box sx={{ mt: 1 }}>
              <RetryButton message={m} busy={busy} onRetry={onRetry} />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

function Summary({ summary }: { summary: OutboxSummaryDto }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} aria-live="polite">
      <Chip label={OUTBOX_TEXT.summaryWaiting(summary.queued)} variant="outlined" />
      <Chip label={OUTBOX_TEXT.summaryFailed(summary.failed)} color={summary.failed ? 'error' : 'default'} variant="outlined" />
      {summary.submitted > 0 && <Chip label={OUTBOX_TEXT.summarySubmitted(summary.submitted)} variant="outlined" />}
      {summary.queued > 0 && <Chip label={OUTBOX_TEXT.summaryOldest(Math.floor(summary.oldestQueuedSeconds / 60))} variant="outlined" />}
    </Stack>
  );
}

/** /v3/postausgang (outbox_list_view): every outgoing e-mail and fax; failed ones can be sent again (outbox_retry_view). */
export function OutboxPage() {
  const [filter, setFilter] = useState<OutboxFilter>({});
  const [search, setSearch] = useState('');
  const text = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(25);
  const outbox = useOutbox({ ...filter, text: text || undefined }, page * limit, limit);
  const retry = useRetryOutboxMessage();
  const { enqueueSnackbar } = useSnackbar();
  const canRetry = useHasPermission('outbox_retry_view');
  const wide = useMediaQuery(TABLE_FROM, { noSsr: true });
  const crumbs = [{ label: PRODUCT_NAME, to: '/' }, { label: ADMIN_AREA }, { label: OUTBOX_TEXT.title }];
  const List = wide ? OutboxTable : OutboxCards;

  const change = (next: OutboxFilter) => {
    setFilter(next);
    setPage(0);
  };
  const onRetry = (m: OutboxMessageDto) =>
    retry.mutate(m._id, { onSuccess: (res) => enqueueSnackbar(res.message, { variant: 'success' }) });

  return (
    <>
      <PageHeader title={OUTBOX_TEXT.title} breadcrumbs={crumbs} />
      <Typography sx={{ mb: 2 }} color="textSecondary">
        {OUTBOX_TEXT.intro}
      </Typography>
      {outbox.data && <Summary summary={outbox.data.summary} />}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <TextField
          size="small"
          type="search"
          label={OUTBOX_TEXT.search}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <TextField
          select
          size="small"
          label={OUTBOX_TEXT.state}
          value={filter.state ?? ''}
          onChange={(e) => change({ ...filter, state: (e.target.value || undefined) as OutboxStateName | undefined })}
          slotProps={FILTER_SLOTS}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          <MenuItem value="">{OUTBOX_TEXT.all}</MenuItem>
          {OUTBOX_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {OUTBOX_STATE_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={OUTBOX_TEXT.channel}
          value={filter.channel ?? ''}
          onChange={(e) => change({ ...filter, channel: (e.target.value || undefined) as OutboxChannelName | undefined })}
          slotProps={FILTER_SLOTS}
          sx={{ width: { xs: '100%', sm: 180 } }}
        >
          <MenuItem value="">{OUTBOX_TEXT.all}</MenuItem>
          {OUTBOX_CHANNELS.map((c) => (
            <MenuItem key={c} value={c}>
              {OUTBOX_CHANNEL_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {outbox.isLoading && <LoadingState />}
      {outbox.isError && !outbox.data && <ErrorPanel message={OUTBOX_TEXT.loadFailed} onRetry={() => void outbox.refetch()} />}
      {outbox.data && (
        <Paper variant="outlined">
          {outbox.data.count === 0 ? (
            <EmptyState />
          ) : (
            <List messages={outbox.data.data} canRetry={canRetry} busy={retry.isPending ? (retry.variables ?? null) : null} onRetry={onRetry} />
          )}
          <ListPagination
            count={outbox.data.count}
            page={page}
            rowsPerPage={limit}
            rowsPerPageOptions={[25, 50, 100]}
            onPageChange={setPage}
            onRowsPerPageChange={(n) => {
              setLimit(n);
              setPage(0);
            }}
            labelRowsPerPage={wide ? OUTBOX_TEXT.rowsPerPage : OUTBOX_TEXT.rowsPerPageShort}
          />
        </Paper>
      )}
    </>
  );
}

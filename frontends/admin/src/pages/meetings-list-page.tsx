import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PRODUCT_NAME, type MeetingDto } from '@mediport/contracts';
import { useHasPermission } from '@mediport/api-client';
import { EmptyState, ErrorPanel, ListPagination, LoadingState, PageHeader } from '@mediport/ui';
import { ADMIN_AREA, COMMON_TEXT, MEETING_TEXT } from '../messages';
import { useMeetings } from '../features/meetings/api/meetings-api';
import { MeetingStatus, useNow } from '../features/meetings/meeting-status';
import { editPath, whenText } from '../features/meetings/components/meeting-paths';

/** The table's six columns need about 1000 px of content: from 1280 px (with the sidebar open) the table, below it one card per meeting. */
const TABLE_FROM = '(min-width:1280px)';

function Actions({ meeting, canEdit }: { meeting: MeetingDto; canEdit: boolean }) {
  return (
    <>
      <Button size="small" component={RouterLink} to={`/v3/termine/${meeting._id}`} aria-label={MEETING_TEXT.detailsOf(meeting.title)}>
        {COMMON_TEXT.details}
      </Button>
      {canEdit && (
        <Button size="small" component={RouterLink} to={editPath(meeting)} aria-label={MEETING_TEXT.editOf(meeting.title)}>
          {COMMON_TEXT.edit}
        </Button>
      )}
    </>
  );
}

function MeetingsTable({ meetings, canEdit, now }: { meetings: MeetingDto[]; canEdit: boolean; now: number }) {
  const C = MEETING_TEXT.columns;
  return (
    <TableContainer>
      <Table aria-label={MEETING_TEXT.listLabel}>
        <TableHead>
          <TableRow>
            <TableCell>{C.title}</TableCell>
            <TableCell>{C.company}</TableCell>
            <TableCell>{C.when}</TableCell>
            <TableCell>{C.system}</TableCell>
            <TableCell>{C.status}</TableCell>
            <TableCell align="right">{C.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {meetings.map((m) => (
            <TableRow key={m._id} hover>
              <TableCell>
                <Typography sx={{ fontWeight: 500 }}>{m.title}</Typography>
              </TableCell>
              <TableCell>{m.company}</TableCell>
              <TableCell>{whenText(m)}</TableCell>
              <TableCell>{m.system ?? '–'}</TableCell>
              <TableCell>
                <MeetingStatus meeting={m} now={now} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Actions meeting={m} canEdit={canEdit} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one card per meeting with title, when, status and the actions; the rest on "Details". */
function MeetingCards({ meetings, canEdit, now }: { meetings: MeetingDto[]; canEdit: boolean; now: number }) {
  const C = MEETING_TEXT.columns;
  return (
    <Box component="ul" aria-label={MEETING_TEXT.listLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {meetings.map((m) => (
        <Box component="li" key={m._id} aria-label={m.title} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Typography component="h2" sx={{ fontWeight: 500, fontSize: '1rem' }}>
            {m.title}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {[m.company, m.system].filter(Boolean).join(' · ')}
          </Typography>
          {m.date && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {C.when}:{' '}
              </Box>
              {whenText(m)}
            </Typography>
          )}
          <Box sx={{ mt: 1 }}>
            <MeetingStatus meeting={m} now={now} />
          </Box>
          <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1, ml: -0.5 }}>
            <Actions meeting={m} canEdit={canEdit} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** /v3/termine: booked webinars and appointments with their status. */
export function MeetingsListPage() {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const meetings = useMeetings(page * limit, limit);
  const canEdit = useHasPermission('meeting_edit_view');
  const now = useNow();
  const wide = useMediaQuery(TABLE_FROM, { noSsr: true });
  const crumbs = [{ label: PRODUCT_NAME, to: '/' }, { label: ADMIN_AREA }, { label: MEETING_TEXT.title }];
  const List = wide ? MeetingsTable : MeetingCards;

  return (
    <>
      <PageHeader title={MEETING_TEXT.title} breadcrumbs={crumbs} />
      {meetings.isLoading && <LoadingState />}
      {meetings.isError && <ErrorPanel message={MEETING_TEXT.loadFailed} onRetry={() => void meetings.refetch()} />}
      {meetings.data && (
        <Paper variant="outlined">
          {meetings.data.count === 0 ? <EmptyState /> : <List meetings={meetings.data.data} canEdit={canEdit} now={now} />}
          <ListPagination
            count={meetings.data.count}
            page={page}
            rowsPerPage={limit}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={setPage}
            onRowsPerPageChange={setLimit}
            labelRowsPerPage={wide ? MEETING_TEXT.rowsPerPage : MEETING_TEXT.rowsPerPageShort}
          />
        </Paper>
      )}
    </>
  );
}

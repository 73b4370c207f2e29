import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@mediport/contracts';
import { useHasPermission } from '@mediport/api-client';
import { EmptyState, ErrorPanel, ListPagination, LoadingState, PageHeader } from '@mediport/ui';
import { useMeetings } from '../api/meetings-api';
import { MeetingStatus, useNow } from '../meeting-status';
import { editPath, whenText } from './meeting-paths';

/** /v3/termine: booked webinars and appointments with their status. */
export function MeetingsListPage() {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const meetings = useMeetings(page * limit, limit);
  const canEdit = useHasPermission('meeting_edit_view');
  const now = useNow();
  const crumbs = [{ label: PRODUCT_NAME, to: '/' }, { label: 'Administration' }, { label: 'Termine' }];

  return (
    <>
      <PageHeader title="Termine" breadcrumbs={crumbs} />
      {meetings.isLoading && <LoadingState />}
      {meetings.isError && <ErrorPanel message="Die Termine konnten nicht geladen werden." onRetry={() => void meetings.refetch()} />}
      {meetings.data && (
        <Paper variant="outlined">
          {meetings.data.count === 0 ? (
            <EmptyState />
          ) : (
            <TableContainer>
              <Table aria-label="Termine">
                <TableHead>
                  <TableRow>
                    <TableCell>Titel</TableCell>
                    <TableCell>Firma</TableCell>
                    <TableCell>Termin</TableCell>
                    <TableCell>System</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Aktionen</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {meetings.data.data.map((m) => (
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
                        <Button size="small" component={RouterLink} to={`/v3/termine/${m._id}`} aria-label={`Details: ${m.title}`}>
                          Details
                        </Button>
                        {canEdit && (
                          <Button size="small" component={RouterLink} to={editPath(m)} aria-label={`Bearbeiten: ${m.title}`}>
                            Bearbeiten
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <ListPagination
            count={meetings.data.count}
            page={page}
            rowsPerPage={limit}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={setPage}
            onRowsPerPageChange={setLimit}
            labelRowsPerPage="Einträge pro Seite"
          />
        </Paper>
      )}
    </>
  );
}

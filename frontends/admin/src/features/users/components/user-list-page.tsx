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
import { ROLE_LABELS } from '@mediport/contracts';
import { EmptyState, ErrorPanel, ListPagination, LoadingState } from '@mediport/ui';
import { USERS_TEXT as T } from '../messages';
import { DeactivatedChip, homeGroupNames, isNew, NewBadge } from './common';
import { isFiltered, UserListHeader } from './user-list-header';
import { useUserList } from './use-user-list';

/** /nutzer: the legacy user table. */
export function UserListPage() {
  const list = useUserList(10);
  const { auth, users } = list;
  const rows = users.data?.data ?? [];

  return (
    <>
      <UserListHeader variant="legacy" list={list} />
      <Paper variant="outlined">
        {users.isPending ? (
          <LoadingState />
        ) : users.isError ? (
          <ErrorPanel message={users.error.message} onRetry={() => void users.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState text={isFiltered(list.filter) ? T.noResults : undefined} />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={T.listTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.columns.username}</TableCell>
                  <TableCell>{T.columns.roles}</TableCell>
                  <TableCell>{T.columns.firstname}</TableCell>
                  <TableCell>{T.columns.lastname}</TableCell>
                  <TableCell>{T.columns.home}</TableCell>
                  <TableCell>{T.columns.homeGroup}</TableCell>
                  <TableCell align="right">{T.columns.actions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((u) => (
                  <TableRow key={u._id} hover>
                    <TableCell>
                      {u.username}
                      {isNew(u, auth?.user._id) && <NewBadge />}
                      {u.status === 'removed' && <DeactivatedChip />}
                    </TableCell>
                    <TableCell>{u.roles.map((r) => ROLE_LABELS[r]).join(', ')}</TableCell>
                    <TableCell>{u.firstname}</TableCell>
                    <TableCell>{u.lastname}</TableCell>
                    <TableCell>{u.homeDetails?.name ?? T.none}</TableCell>
                    <TableCell>{homeGroupNames(u) || T.none}</TableCell>
                    <TableCell align="right">
                      {u.editable && (
                        <Box sx={{ display: 'inline-flex', gap: 1 }}>
                          <Button size="small" component={RouterLink} to={`/nutzer/${u._id}`} aria-label={`${T.edit}: ${u.username}`}>
                            {T.edit}
                          </Button>
                          {u.status === 'removed' ? (
                            <Button size="small" component={RouterLink} to={`/nutzer/${u._id}/reaktivieren`} aria-label={`${T.reactivate}: ${u.username}`}>
                              {T.reactivate}
                            </Button>
                          ) : (
                            u._id !== auth?.user._id && (
                              <Button size="small" color="secondary" component={RouterLink} to={`/nutzer/${u._id}/loeschen`} aria-label={`${T.delete}: ${u.username}`}>
                                {T.delete}
                              </Button>
                            )
                          )}
                        </Box>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ListPagination
          count={users.data?.count ?? 0}
          page={list.page}
          onPageChange={list.setPage}
          rowsPerPage={list.rowsPerPage}
          onRowsPerPageChange={list.setRowsPerPage}
          rowsPerPageOptions={[10, 25, 50]}
        />
      </Paper>
    </>
  );
}

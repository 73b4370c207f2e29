import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, type UserListRow } from '@mediport/contracts';
import { toast, useHasPermission } from '@mediport/api-client';
import { EmptyState, ErrorPanel, ListPagination, LoadingState, NewBadge, UI_MESSAGES } from '@mediport/ui';
import { useDeactivateUser, useReactivateUser, useSwitchToUser } from '../features/users/api/users-api';
import { USERS_TEXT as T } from '../features/users/messages';
import { DeactivatedChip, homeGroupNames, isNew } from '../features/users/components/common';
import { UserFilters } from '../features/users/components/user-filters';
import { UserListHeader } from '../features/users/components/user-list-header';
import { useUserList } from '../features/users/components/use-user-list';

function initials(u: UserListRow): string {
  const s = `${u.firstname.charAt(0)}${u.lastname.charAt(0)}`.trim();
  return (s || u.username.charAt(0)).toUpperCase();
}

/** /v3/nutzer: the newer card list with switch-to-user. */
export function UserCardsPage() {
  const list = useUserList(12, [12, 24, 48]);
  const { auth, users, state } = list;
  const canMasquerade = useHasPermission('masquerade_view');
  const { switchTo, switching } = useSwitchToUser();
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const [confirm, setConfirm] = useState<UserListRow | null>(null);
  const rows = users.data?.data ?? [];

  const onDeactivate = () => {
    if (!confirm) return;
    deactivate.mutate(confirm._id, { onSuccess: () => toast(T.deletedToastV3, 'success'), onSettled: () => setConfirm(null) });
  };
  const onReactivate = (u: UserListRow) => reactivate.mutate(u._id, { onSuccess: () => toast(T.reactivatedToastV3, 'success') });

  return (
    <>
      <UserListHeader variant="v3" list={list} />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <UserFilters list={list} />
      </Paper>
      {users.isPending ? (
        <LoadingState />
      ) : users.isError ? (
        <ErrorPanel message={users.error.message} onRetry={() => void users.refetch()} />
      ) : rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState text={state.filtered ? UI_MESSAGES.noSearchResults : undefined} />
        </Paper>
      ) : (
        <Box component="ul" aria-label={T.listTitle} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
          {rows.map((u) => (
            <Card component="li" key={u._id} variant="outlined" aria-label={u.username} sx={{ display: 'flex', flexDirection: 'column', opacity: u.status === 'removed' ? 0.7 : 1 }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
                  <Avatar src={u.avatar ?? undefined} sx={{ bgcolor: 'primary.main' }}>
                    {initials(u)}
                  </Avatar>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
                      {u.username}
                      {isNew(u, auth?.user._id) && <NewBadge />}
                      {u.status === 'removed' && <DeactivatedChip />}
                    </Typography>
                    <Typography variant="body2" color="textSecondary">
                      {[u.title, u.firstname, u.lastname].filter(Boolean).join(' ') || T.none}
                    </Typography>
                  </Box>
                </Box>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mb: 1 }}>
                  {u.roles.map((r) => (
                    <Chip key={r} label={ROLE_LABELS[r]} size="small" />
                  ))}
                </Box>
                {u.homeDetails && <Typography variant="body2">{[u.homeDetails.name, homeGroupNames(u)].filter(Boolean).join(' · ')}</Typography>}
                {u.doctorDetails && (
                  <Typography variant="body2">{[u.doctorDetails.title, u.doctorDetails.firstname, u.doctorDetails.lastname].filter(Boolean).join(' ')}</Typography>
                )}
              </CardContent>
              <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                <Button size="small" component={RouterLink} to={`/v3/nutzer/details/${u._id}`}>
                  {T.details}
                </Button>
                {u.editable && (
                  <Button size="small" component={RouterLink} to={`/v3/nutzer/bearbeiten/${u._id}`}>
                    {T.edit}
                  </Button>
                )}
                {u.editable && u.status === 'removed' && (
                  <Button size="small" onClick={() => onReactivate(u)}>
                    {T.reactivate}
                  </Button>
                )}
                {u.editable && u.status !== 'removed' && u._id !== auth?.user._id && (
                  <Button size="small" color="secondary" onClick={() => setConfirm(u)}>
                    {T.deactivate}
                  </Button>
                )}
                {canMasquerade && u.status !== 'removed' && u._id !== auth?.user._id && (
                  <Button size="small" onClick={() => switchTo(u._id)} disabled={switching}>
                    {T.masquerade}
                  </Button>
                )}
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
      <ListPagination
        count={users.data?.count ?? 0}
        page={state.page}
        onPageChange={state.setPage}
        rowsPerPage={state.pageSize}
        onRowsPerPageChange={state.setPageSize}
        rowsPerPageOptions={state.pageSizes}
      />
      <Dialog open={!!confirm} onClose={() => setConfirm(null)} aria-labelledby="deactivate-title">
        <DialogTitle id="deactivate-title">{T.deactivate}</DialogTitle>
        <DialogContent>
          <Typography>{confirm ? T.deactivateConfirm(confirm.username) : ''}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{T.cancel}</Button>
          <Button color="secondary" variant="contained" onClick={onDeactivate} disabled={deactivate.isPending}>
            {T.deactivate}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

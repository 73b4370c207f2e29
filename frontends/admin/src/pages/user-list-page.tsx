import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ROLE_LABELS, type UserListRow } from '@mediport/contracts';
import { DataTable, NewBadge, type DataColumn } from '@mediport/ui';
import { USERS_TEXT as T } from '../features/users/messages';
import { DeactivatedChip, homeGroupNames, isNew } from '../features/users/components/common';
import { UserFilters } from '../features/users/components/user-filters';
import { UserListHeader } from '../features/users/components/user-list-header';
import { useUserList } from '../features/users/components/use-user-list';

/**
 * Below 1280 px (beside the open sidebar from 1024 px, or a tablet without it) the seven columns
 * do not fit: the name then shows under the username and the living area under the home, and a
 * row's buttons stack. Below 601 px the table becomes cards (libs/ui DataTable).
 */
const COMPACT = '(max-width: 1279.95px)';

const secondLine = (text: string) =>
  text ? (
    <Typography variant="body2" color="textSecondary">
      {text}
    </Typography>
  ) : null;

function columns(viewerId: string | undefined, compact: boolean): DataColumn<UserListRow>[] {
  const username: DataColumn<UserListRow> = {
    id: 'username',
    label: T.columns.username,
    sortKey: 'username',
    cell: (u) => (
      <>
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {u.username}
        </Box>
        {isNew(u, viewerId) && <NewBadge />}
        {u.status === 'removed' && <DeactivatedChip />}
        {compact && secondLine([u.firstname, u.lastname].filter(Boolean).join(' '))}
      </>
    ),
  };
  const roles: DataColumn<UserListRow> = { id: 'roles', label: T.columns.roles, cell: (u) => u.roles.map((r) => ROLE_LABELS[r]).join(', ') };
  if (compact) {
    return [
      username,
      roles,
      {
        id: 'home',
        label: T.columns.home,
        cell: (u) => (
          <>
            {u.homeDetails?.name ?? T.none}
            {secondLine(homeGroupNames(u))}
          </>
        ),
      },
    ];
  }
  return [
    username,
    roles,
    { id: 'firstname', label: T.columns.firstname, sortKey: 'firstname', cell: (u) => u.firstname || T.none },
    { id: 'lastname', label: T.columns.lastname, sortKey: 'lastname', cell: (u) => u.lastname || T.none },
    { id: 'home', label: T.columns.home, cell: (u) => u.homeDetails?.name ?? T.none },
    { id: 'homeGroup', label: T.columns.homeGroup, cell: (u) => homeGroupNames(u) || T.none },
  ];
}

/** /nutzer: the legacy user table (one card per user on a phone). */
export function UserListPage() {
  const list = useUserList(10, [10, 25, 50]);
  const { auth, users, state } = list;
  const viewerId = auth?.user._id;
  const compact = useMediaQuery(COMPACT, { noSsr: true });

  const actions = (u: UserListRow) =>
    u.editable && (
      <Box sx={{ display: 'inline-flex', gap: 1, flexWrap: compact ? 'wrap' : 'nowrap', justifyContent: 'flex-end' }}>
        <Button size="small" component={RouterLink} to={`/nutzer/${u._id}`} aria-label={`${T.edit}: ${u.username}`}>
          {T.edit}
        </Button>
        {u.status === 'removed' ? (
          <Button size="small" component={RouterLink} to={`/nutzer/${u._id}/reaktivieren`} aria-label={`${T.reactivate}: ${u.username}`}>
            {T.reactivate}
          </Button>
        ) : (
          u._id !== viewerId && (
            <Button size="small" color="secondary" component={RouterLink} to={`/nutzer/${u._id}/loeschen`} aria-label={`${T.delete}: ${u.username}`}>
              {T.delete}
            </Button>
          )
        )}
      </Box>
    );

  return (
    <>
      <UserListHeader variant="legacy" list={list} />
      <DataTable
        label={T.listTitle}
        columns={columns(viewerId, compact)}
        rows={users.data?.data}
        count={users.data?.count ?? 0}
        rowKey={(u) => u._id}
        list={state}
        loading={users.isFetching}
        error={users.error}
        onRetry={() => void users.refetch()}
        actions={actions}
        toolbar={<UserFilters list={list} />}
      />
    </>
  );
}

import { useCallback, useState } from 'react';
import type { UserListFilter } from '@mediport/contracts';
import { toast, useAuth, useHasPermission } from '@mediport/api-client';
import { useMarkAllUsersRead, useUserLookups, useUsers } from '../api/users-api';
import { USERS_TEXT as T } from '../messages';

/** State shared by both user lists: filters, paging, the query, lookups and mark-all-read. */
export function useUserList(defaultRowsPerPage: number) {
  const auth = useAuth();
  const canCreate = useHasPermission('user_create_view');
  const [filter, setFilterState] = useState<UserListFilter>({ status: '' });
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPageState] = useState(defaultRowsPerPage);
  const users = useUsers({ offset: page * rowsPerPage, limit: rowsPerPage, sort: 'username', filter });
  const lookups = useUserLookups(canCreate);
  const markAll = useMarkAllUsersRead();

  const setFilter = useCallback((next: UserListFilter) => {
    setFilterState(next);
    setPage(0);
  }, []);
  const setRowsPerPage = (n: number) => {
    setRowsPerPageState(n);
    setPage(0);
  };
  const markAllRead = () => markAll.mutate(undefined, { onSuccess: () => toast(T.allReadToast, 'success') });

  return { auth, canCreate, filter, setFilter, page, setPage, rowsPerPage, setRowsPerPage, users, lookups: lookups.data, markAllRead, marking: markAll.isPending };
}

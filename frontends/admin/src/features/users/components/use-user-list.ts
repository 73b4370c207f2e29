import { USER_SORT_FIELDS } from '@mediport/contracts';
import { toast, useAuth, useHasPermission } from '@mediport/api-client';
import { useListState } from '@mediport/ui';
import { useMarkAllUsersRead, useUserLookups, useUsers } from '../api/users-api';
import { USERS_TEXT as T } from '../messages';

/** The list's filters besides the search text ('' = not set; status '' = active users). */
export const USER_FILTERS = { roles: '', home: '', doctor: '', status: '' };
export type UserFilterName = keyof typeof USER_FILTERS;

/**
 * State shared by both user lists: search, filters, sort and paging in the URL (libs/ui
 * `useListState`), the query, the filter choices and mark-all-read.
 */
export function useUserList(pageSize: number, pageSizes: readonly number[]) {
  const auth = useAuth();
  const canCreate = useHasPermission('user_create_view');
  const state = useListState<UserFilterName>({ filters: USER_FILTERS, sort: 'username', sortKeys: USER_SORT_FIELDS, pageSize, pageSizes });
  const users = useUsers(state.query);
  const lookups = useUserLookups(canCreate);
  const markAll = useMarkAllUsersRead();
  const markAllRead = () => markAll.mutate(undefined, { onSuccess: () => toast(T.allReadToast, 'success') });

  return { auth, canCreate, state, users, lookups: lookups.data, markAllRead, marking: markAll.isPending };
}

export type UserList = ReturnType<typeof useUserList>;

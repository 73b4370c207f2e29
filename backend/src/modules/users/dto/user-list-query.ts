import { isRole, USER_SORT_FIELDS } from '@mediport/contracts';
import { defineListQuery, flagFilter, type ListQueryOf, ListQueryPipe, listFilter, oneOfFilter, textFilter, uuidFilter } from '../../../core/http/list-query.js';

/** GET /api/users: offset, limit (10), sort, filter[text|roles|home|doctor|status|notSeen]. */
export const USER_LIST_QUERY = defineListQuery({
  defaultLimit: 10,
  sortFields: USER_SORT_FIELDS,
  defaultSort: 'username',
  filters: {
    text: textFilter(),
    roles: listFilter(isRole),
    home: uuidFilter,
    doctor: uuidFilter,
    /** Absent: active users only. */
    status: oneOfFilter(['removed', 'all'] as const),
    notSeen: flagFilter,
  },
});

export type UserListQuery = ListQueryOf<typeof USER_LIST_QUERY>;

export const userListQueryPipe = new ListQueryPipe(USER_LIST_QUERY);

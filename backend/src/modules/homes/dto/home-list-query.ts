import { HOME_SORT_FIELDS } from '@mediport/contracts';
import { deactivatedFilter } from '../../../core/http/list.js';
import { defineListQuery, flagFilter, type ListQueryOf, ListQueryPipe, textFilter } from '../../../core/http/list-query.js';

/** GET /api/homes: offset, limit (25; 99999 for lookups), sort, filter[text|notSeen|deactivated]. */
export const HOME_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: HOME_SORT_FIELDS,
  defaultSort: 'name',
  filters: { text: textFilter({ maxLength: 200 }), notSeen: flagFilter, deactivated: deactivatedFilter },
});

export type HomeListQuery = ListQueryOf<typeof HOME_LIST_QUERY>;
export const homeListQueryPipe = new ListQueryPipe(HOME_LIST_QUERY);

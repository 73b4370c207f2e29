import { OFFICE_SORT_FIELDS } from '@mediport/contracts';
import { defineListQuery, type ListQueryOf, ListQueryPipe, textFilter } from '../../../core/http/list-query.js';

/** GET /api/doctors/offices: offset, limit (25; up to 99999 for the practice picker), sort, filter[text]. */
export const OFFICE_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: OFFICE_SORT_FIELDS,
  defaultSort: 'name',
  filters: { text: textFilter({ maxLength: 200 }) },
});

export type OfficeListQuery = ListQueryOf<typeof OFFICE_LIST_QUERY>;
export const officeListQueryPipe = new ListQueryPipe(OFFICE_LIST_QUERY);

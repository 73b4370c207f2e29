import { REQUEST_STATES, type RequestState } from '@mediport/contracts/documents';
import { defineListQuery, listFilter, type ListQueryOf, ListQueryPipe, textFilter } from '../../../core/http/list-query.js';

const isState = (v: string): v is RequestState => (REQUEST_STATES as readonly string[]).includes(v);

/**
 * GET /api/documents (the tracker): newest first, 25 a page; `filter[state]=requested,delivered`
 * (comma-separated), `filter[text]` (words of the subject or the doctor's name).
 */
export const DOCUMENT_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: ['createdAt'] as const,
  defaultSort: '-createdAt',
  filters: { state: listFilter(isState), text: textFilter({ maxLength: 200 }) },
});
export type DocumentListQuery = ListQueryOf<typeof DOCUMENT_LIST_QUERY>;
export const documentListQueryPipe = new ListQueryPipe(DOCUMENT_LIST_QUERY);

import { API_MESSAGES } from '@mediport/contracts';
import { defineListQuery, type ListQueryOf, ListQueryPipe, textFilter } from '../../../core/http/list-query.js';
import { MEETING_SORT_FIELDS } from '../meetings.repository.js';

/** GET /api/meetings: offset, limit (10), sort (newest first), filter[text]. */
export const MEETING_LIST_QUERY = defineListQuery({
  defaultLimit: 10,
  sortFields: MEETING_SORT_FIELDS,
  defaultSort: '-date',
  filters: { text: textFilter({ maxLength: 200 }) },
  messages: { page: API_MESSAGES.invalidInput, sort: API_MESSAGES.invalidInput, filter: API_MESSAGES.invalidInput },
});

export type MeetingListQuery = ListQueryOf<typeof MEETING_LIST_QUERY>;

export const meetingListQueryPipe = new ListQueryPipe(MEETING_LIST_QUERY);

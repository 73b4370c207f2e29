import { OUTBOX_CHANNELS, OUTBOX_STATES } from '@mediport/contracts/outbox';
import { defineListQuery, type ListQueryOf, ListQueryPipe, oneOfFilter, textFilter } from '../../../core/http/list-query.js';

/** GET /api/outbox: offset, limit (25), newest first, filter[state], filter[channel], filter[text] (recipient, subject, document). */
export const OUTBOX_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: ['createdAt'] as const,
  defaultSort: '-createdAt',
  filters: { state: oneOfFilter(OUTBOX_STATES), channel: oneOfFilter(OUTBOX_CHANNELS), text: textFilter({ maxLength: 200 }) },
});

export type OutboxListQuery = ListQueryOf<typeof OUTBOX_LIST_QUERY>;

export const outboxListQueryPipe = new ListQueryPipe(OUTBOX_LIST_QUERY);

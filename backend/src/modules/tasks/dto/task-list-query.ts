import { parseGermanDate } from '@mediport/validation';
import { TASK_DATE_TYPES, TASK_SORT_FIELDS, TASK_STATUSES, TASK_TYPES, type TaskStatus } from '@mediport/contracts';
import { REQUEST_STATES, type RequestState } from '@mediport/contracts/documents';
import { defineListQuery, type FilterParser, flagFilter, listFilter, type ListQueryOf, ListQueryPipe, lookupQuery, oneOfFilter, textFilter, uuidFilter } from '../../../core/http/list-query.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const rejectAny = oneOfFilter<never>([]);

/** A day as DD.MM.YYYY (or YYYY-MM-DD), answered as YYYY-MM-DD; anything else is a bad filter. */
export const germanDateFilter: FilterParser<string | undefined> = (value) => {
  const text = textFilter({ maxLength: 10 })(value);
  if (text === undefined) return undefined;
  const iso = ISO_DATE.test(text) ? parseGermanDate(text.split('-').reverse().join('.')) : parseGermanDate(text);
  // oneOfFilter with no allowed value rejects the text the list layer's way (one 400 with the path).
  return iso ?? rejectAny(text);
};

const isStatus = (v: string): v is TaskStatus => (TASK_STATUSES as readonly string[]).includes(v);
const isRequestState = (v: string): v is RequestState => (REQUEST_STATES as readonly string[]).includes(v);
const TYPE_NAMES: readonly string[] = TASK_TYPES.map(String);
const typeNames = listFilter((v: string): v is string => TYPE_NAMES.includes(v));
/** `filter[type]=1,3,4`: task types as numbers. */
const typeFilter: FilterParser<number[] | undefined> = (value) => typeNames(value)?.map(Number);

/** GET /api/tasks (the orders list): offset, limit (50), sort (priority), filter[...]. */
export const TASK_LIST_QUERY = defineListQuery({
  defaultLimit: 50,
  sortFields: TASK_SORT_FIELDS,
  defaultSort: 'priority',
  filters: {
    latestDelivery: germanDateFilter,
    status: listFilter(isStatus),
    type: typeFilter,
    pickup: flagFilter,
    text: textFilter({ maxLength: 200 }),
    doctor: uuidFilter,
    medicine: textFilter({ maxLength: 200 }),
    home: uuidFilter,
    patient: uuidFilter,
    notSeen: flagFilter,
    notSeenEvents: flagFilter,
    from: germanDateFilter,
    to: germanDateFilter,
    filter_date_type: oneOfFilter(TASK_DATE_TYPES),
    /** The tracker state of the order's latest prescription request (comma-separated). */
    request: listFilter(isRequestState),
  },
});

export type TaskListQuery = ListQueryOf<typeof TASK_LIST_QUERY>;

export const taskListQueryPipe = new ListQueryPipe(TASK_LIST_QUERY);

/** GET /api/tasks/dosage and /api/tasks/medicine: filter[text], limit (20; the service caps it at the select maximum of 100). */
export const SUGGESTION_QUERY = lookupQuery(20);
export type SuggestionQuery = ListQueryOf<typeof SUGGESTION_QUERY>;
export const suggestionQueryPipe = new ListQueryPipe(SUGGESTION_QUERY);

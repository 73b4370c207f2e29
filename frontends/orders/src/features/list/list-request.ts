// The orders list's URL and the GET /api/tasks it stands for. No runtime imports but
// @mediport/contracts: the remote's `./nav` uses this to start the list's first request while
// the list's code still loads (RemoteManifest.prefetch).
import { readListUrl, TASK_SORT_FIELDS, type ListUrlConfig, type PrefetchRequest } from '@mediport/contracts';

/** URL defaults of the list's filters; dates as the date fields give them (YYYY-MM-DD), statuses comma-separated. */
export const TASK_FILTER_DEFAULTS = {
  latestDelivery: '',
  status: '',
  doctor: '',
  medicine: '',
  home: '',
  notSeen: '',
  notSeenEvents: '',
  from: '',
  to: '',
  filter_date_type: '',
  /** The state of the order's latest prescription request (RequestState). */
  request: '',
} as const;

export type TaskFilterName = keyof typeof TASK_FILTER_DEFAULTS;

/** Filter text debounce and re-fetch after a filter change, both 500 ms. */
export const TASK_FILTER_DELAY_MS = 500;

/** Page sizes 20 and 50, default 50. */
export const TASK_PAGE_SIZES = [20, 50] as const;

/** Besides the page sizes, a limit from the URL: any number of rows from 1 to 100 (`?limit=5`). */
export const TASK_URL_LIMIT = { min: 1, max: 100 } as const;

/** How /anforderungen keeps its list in the URL (useListState and the prefetch read it alike). */
export const TASK_LIST_URL: ListUrlConfig<TaskFilterName> = {
  filters: TASK_FILTER_DEFAULTS,
  sortKeys: TASK_SORT_FIELDS,
  pageSize: 50,
  pageSizes: TASK_PAGE_SIZES,
  urlLimit: TASK_URL_LIMIT,
};

/** The list's path. */
export const TASK_LIST_PATH = '/anforderungen';

const DATE_FILTERS = new Set<string>(['latestDelivery', 'from', 'to']);

/** `filter[...]` for GET /api/tasks from the settled filters (days as DD.MM.YYYY, like the API's dates). */
export function taskFilterQuery(filters: Record<string, string>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === '') continue;
    query[`filter[${name}]`] = DATE_FILTERS.has(name) ? value.split('-').reverse().join('.') : value;
  }
  return query;
}

/** The query of GET /api/tasks for the settled filters, the page and the sort. */
export function taskListQuery(filters: Record<string, string>, page: { offset: number; limit: number }, sort: string): Record<string, string | number> {
  return { ...taskFilterQuery(filters), offset: page.offset, limit: page.limit, ...(sort ? { sort } : {}) };
}

/** The first request of /anforderungen opened at `location` (none for any other path). */
export function taskListPrefetch(location: { pathname: string; search: string }): PrefetchRequest[] {
  if (location.pathname.replace(/\/+$/, '') !== TASK_LIST_PATH) return [];
  const state = readListUrl(new URLSearchParams(location.search), TASK_LIST_URL);
  return [{ path: '/api/tasks', query: taskListQuery(state.filters, { offset: Number(state.query.offset), limit: Number(state.query.limit) }, state.sort) }];
}

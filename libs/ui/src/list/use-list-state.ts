import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIST_TEXT_PARAM as TEXT, readListUrl } from '@mediport/contracts';
import { TABLE_DEFAULTS } from './table-defaults.js';
import { useDebouncedInput } from './use-debounced-value.js';

export interface ListStateConfig<F extends string> {
  /** The list's filters besides the search text, with their defaults ('' = not set). */
  filters?: Record<F, string>;
  /** Default sort key (`-key` descending). */
  sort?: string;
  /** Sort keys the list accepts; anything else in the URL falls back to the default. */
  sortKeys?: readonly string[];
  pageSize?: number;
  pageSizes?: readonly number[];
  /** Search debounce in ms (generic table: 250, order list: 500). */
  debounceMs?: number;
  /** A `limit` in the URL within this range is taken even when it is not a page size (see ListUrlConfig). */
  urlLimit?: { min: number; max: number };
}

/**
 * The state of one list — search text, filters, sort, page and page size — kept in the URL so a
 * view can be bookmarked, shared and restored with the back button. Values at their default are
 * left out of the URL. `query` is ready for the list APIs (`offset`, `limit`, `sort`, `filter[…]`).
 */
export interface ListState<F extends string = never> {
  /** Zero-based page. */
  page: number;
  pageSize: number;
  /** The list's page sizes, and the URL's own `limit` among them when it is none of them. */
  pageSizes: readonly number[];
  sort: string;
  /** What the user is typing (the URL and `query` follow after the debounce). */
  search: string;
  setSearch(text: string): void;
  /** Settled filter values, `text` included. */
  filters: Record<F | 'text', string>;
  setFilter(name: F, value: string): void;
  /** Several filters at once (e.g. a home and, cleared, its living area). */
  setFilters(changes: Partial<Record<F, string>>): void;
  /** A click on a column header: ascending first, then descending. */
  toggleSort(key: string): void;
  setPage(page: number): void;
  setPageSize(size: number): void;
  /**
   * Sets (or with '' / null removes) URL parameters that are no filter of the list, e.g. the id of
   * a record to show pinned; the page stays.
   */
  setParams(changes: Record<string, string | null>): void;
  /** True while any filter (text included) differs from its default: an empty answer then reads "Keine Suchergebnisse". */
  filtered: boolean;
  query: Record<string, string | number>;
}

export function useListState<F extends string = never>(config: ListStateConfig<F> = {}): ListState<F> {
  const {
    filters: defaults = {} as Record<F, string>,
    sort: defaultSort = '',
    sortKeys,
    pageSize: defaultSize = TABLE_DEFAULTS.pageSize,
    pageSizes = TABLE_DEFAULTS.pageSizes,
    debounceMs = TABLE_DEFAULTS.searchDebounceMs,
    urlLimit,
  } = config;
  const [params, setParams] = useSearchParams();
  // The same reading of the URL as a remote's start-up prefetch (@mediport/contracts readListUrl).
  const read = readListUrl(params, { filters: defaults, sort: defaultSort, sortKeys, pageSize: defaultSize, pageSizes, urlLimit });
  const { page, pageSize, sort } = read;
  const sizes = useMemo(() => (pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b)), [pageSizes, pageSize]);
  const urlText = read.filters.text;

  // Several changes in one event (page size, then page 0; a home, then its living area) must all
  // land: react-router hands every functional update the same old params, so pending changes are
  // kept here until the URL has followed.
  const pending = useRef<URLSearchParams | null>(null);
  const current = useRef(params);
  current.current = params;
  useEffect(() => {
    pending.current = null;
  }, [params]);

  /** Writes the changes into the URL (replacing the entry: typing must not fill the history). */
  const update = useCallback(
    (changes: Record<string, string | null>, resetPage = true) => {
      const next = new URLSearchParams(pending.current ?? current.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (resetPage) next.delete('page');
      pending.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const [search, setSearchRaw] = useDebouncedInput(urlText, (text) => update({ [TEXT]: text }), debounceMs);

  // Stable objects while the URL's values stay the same (the query keys of the lists' requests).
  const queryKey = JSON.stringify(read.query);
  const filterKey = JSON.stringify(read.filters);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey stands for the values
  const filters = useMemo(() => read.filters, [filterKey]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- queryKey stands for the values
  const query = useMemo(() => read.query, [queryKey]);

  return {
    page,
    pageSize,
    pageSizes: sizes,
    sort,
    search,
    setSearch: setSearchRaw,
    filters,
    setFilter: (name, value) => update({ [name]: value === defaults[name] ? null : value }),
    setFilters: (changes) =>
      update(Object.fromEntries(Object.entries(changes).map(([name, value]) => [name, value === defaults[name as F] ? null : (value as string)]))),
    toggleSort: (key) => {
      const next = sort === key ? `-${key}` : key;
      update({ sort: next === defaultSort ? null : next });
    },
    setPage: (p) => update({ page: p > 0 ? String(p + 1) : null }, false),
    setPageSize: (size) => update({ limit: size === defaultSize ? null : String(size) }),
    setParams: (changes) => update(changes, false),
    filtered: read.filtered,
    query,
  };
}

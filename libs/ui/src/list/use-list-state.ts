import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
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
  /** True while any filter (text included) differs from its default: an empty answer then reads "Keine Suchergebnisse". */
  filtered: boolean;
  query: Record<string, string | number>;
}

/** URL key of the search text. */
const TEXT = 'text';

export function useListState<F extends string = never>(config: ListStateConfig<F> = {}): ListState<F> {
  const {
    filters: defaults = {} as Record<F, string>,
    sort: defaultSort = '',
    sortKeys,
    pageSize: defaultSize = TABLE_DEFAULTS.pageSize,
    pageSizes = TABLE_DEFAULTS.pageSizes,
    debounceMs = TABLE_DEFAULTS.searchDebounceMs,
  } = config;
  const [params, setParams] = useSearchParams();
  const names = Object.keys(defaults) as F[];

  const urlText = params.get(TEXT) ?? '';
  const sizeParam = Number(params.get('limit'));
  const pageSize = pageSizes.includes(sizeParam) ? sizeParam : defaultSize;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam - 1 : 0;
  const sortParam = params.get('sort');
  const sort = sortParam && (!sortKeys || sortKeys.includes(sortParam.replace(/^-/, ''))) ? sortParam : defaultSort;
  const filterValues = names.map((n) => params.get(n) ?? defaults[n]);

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

  const filterKey = filterValues.join('\u0000');
  const filters = useMemo(() => {
    const out = { text: urlText } as Record<F | 'text', string>;
    names.forEach((n, i) => (out[n] = filterValues[i]!));
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey stands for the values
  }, [urlText, filterKey]);

  const query = useMemo(() => {
    const q: Record<string, string | number> = { offset: page * pageSize, limit: pageSize };
    if (sort) q.sort = sort;
    for (const [name, value] of Object.entries(filters)) if (value !== '') q[`filter[${name}]`] = value as string;
    return q;
  }, [filters, page, pageSize, sort]);

  return {
    page,
    pageSize,
    pageSizes,
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
    filtered: urlText !== '' || names.some((n, i) => filterValues[i] !== defaults[n]),
    query,
  };
}

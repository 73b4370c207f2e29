/**
 * How a list's state is written in its page URL (`?text=…&<filter>=…&sort=…&page=…&limit=…`) and
 * the list API query it stands for (`offset`, `limit`, `sort`, `filter[…]`). Pure, so the list
 * screens (libs/ui useListState) and a remote's start-up prefetch (its `./nav`) read a URL alike.
 */
export interface ListUrlConfig<F extends string = string> {
  /** The list's filters besides the search text, with their defaults ('' = not set). */
  filters?: Readonly<Record<F, string>>;
  /** Default sort key (`-key` descending). */
  sort?: string;
  /** Sort keys the list accepts; anything else in the URL falls back to the default. */
  sortKeys?: readonly string[];
  pageSize: number;
  pageSizes: readonly number[];
  /**
   * A `limit` in the URL within this range is taken even when it is not one of `pageSizes`
   * (e.g. the orders list: 1 to 100, so a link can ask for five rows). Without it only the page
   * sizes are taken.
   */
  urlLimit?: { min: number; max: number };
}

export interface ListUrlState<F extends string = string> {
  /** Zero-based page. */
  page: number;
  pageSize: number;
  sort: string;
  /** Filter values as the URL has them (defaults where absent), `text` included. */
  filters: Record<F | 'text', string>;
  /** True while any filter (text included) differs from its default. */
  filtered: boolean;
  /** `offset`, `limit`, `sort` (when set) and `filter[name]` for each filter that is set. */
  query: Record<string, string | number>;
}

/** URL key of the search text. */
export const LIST_TEXT_PARAM = 'text';

/** Reads a list's state from its URL's search parameters. */
export function readListUrl<F extends string>(params: URLSearchParams, config: ListUrlConfig<F>): ListUrlState<F> {
  const defaults = config.filters ?? ({} as Record<F, string>);
  const names = Object.keys(defaults) as F[];
  const sizeParam = Number(params.get('limit'));
  const inRange = !!config.urlLimit && Number.isInteger(sizeParam) && sizeParam >= config.urlLimit.min && sizeParam <= config.urlLimit.max;
  const pageSize = config.pageSizes.includes(sizeParam) || inRange ? sizeParam : config.pageSize;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam - 1 : 0;
  const sortParam = params.get('sort');
  const sort = sortParam && (!config.sortKeys || config.sortKeys.includes(sortParam.replace(/^-/, ''))) ? sortParam : (config.sort ?? '');
  const filters = { text: params.get(LIST_TEXT_PARAM) ?? '' } as Record<F | 'text', string>;
  for (const n of names) filters[n] = params.get(n) ?? defaults[n];
  const query: Record<string, string | number> = { offset: page * pageSize, limit: pageSize };
  if (sort) query.sort = sort;
  for (const [name, value] of Object.entries<string>(filters)) if (value !== '') query[`filter[${name}]`] = value;
  return { page, pageSize, sort, filters, filtered: filters.text !== '' || names.some((n) => filters[n] !== defaults[n]), query };
}

/** A GET a remote's page will make first, started while its code still loads (see RemoteManifest.prefetch). */
export interface PrefetchRequest {
  path: string;
  query: Record<string, string | number>;
}

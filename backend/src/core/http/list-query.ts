import type { PipeTransform } from '@nestjs/common';
import type { ApiErrorEntry } from '@mediport/contracts';
import { AppError } from '../errors/app-error.js';

/** Default message of a bad `offset`, `limit`, `sort` or `filter[...]` value. */
export const LIST_QUERY_MESSAGE = 'Ungültiger Filter- oder Seitenparameter.';

/** Most rows one list request returns; "all" (`limit=-1`, or 99999/999999 from old clients) is capped here. */
export const LIST_LIMIT_MAX = 100_000;

export interface ListSort<S extends string> {
  field: S;
  desc: boolean;
}

/** Reads one `filter[...]` value (undefined when absent); throws InvalidListValue on a bad value. */
export type FilterParser<T> = (value: unknown) => T;

type FilterParsers = Record<string, FilterParser<unknown>>;

export type ParsedFilters<F extends FilterParsers> = { [K in keyof F]: ReturnType<F[K]> };

export interface ListQuery<S extends string, F> {
  offset: number;
  limit: number;
  sort: ListSort<S>;
  filter: F;
}

export interface ListQuerySpec<S extends string, F extends FilterParsers> {
  defaultLimit: number;
  /** Whitelist of sort keys; `-key` sorts descending. */
  sortFields: readonly S[];
  defaultSort: S | `-${S}`;
  filters: F;
  /** Per-module wording, where a module's API promised one; the rest use LIST_QUERY_MESSAGE. */
  messages?: { page?: string; sort?: string; filter?: string };
}

/** Declares a list's query (infers its sort keys and filter types). */
export function defineListQuery<S extends string, F extends FilterParsers>(spec: ListQuerySpec<S, F>): ListQuerySpec<S, F> {
  return spec;
}

/** The parsed query a spec describes. */
export type ListQueryOf<T> = T extends ListQuerySpec<infer S, infer F> ? ListQuery<S, ParsedFilters<F>> : never;

class InvalidListValue extends Error {}

function invalid(): never {
  throw new InvalidListValue();
}

/** A scalar query value; a repeated parameter (an array) or a nested object is invalid. */
function scalar(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' ? value : invalid();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Free text, trimmed; blank means no filter. */
export function textFilter(options: { maxLength?: number } = {}): FilterParser<string | undefined> {
  return (value) => {
    const text = scalar(value);
    if (text !== undefined && options.maxLength !== undefined && text.length > options.maxLength) invalid();
    return text?.trim() || undefined;
  };
}

/** `1`/`true` or `0`/`false`. */
export const flagFilter: FilterParser<boolean | undefined> = (value) => {
  const flag = scalar(value);
  if (flag === undefined) return undefined;
  if (flag === '1' || flag === 'true') return true;
  if (flag === '0' || flag === 'false') return false;
  return invalid();
};

export const uuidFilter: FilterParser<string | undefined> = (value) => {
  const id = scalar(value);
  return id === undefined || UUID.test(id) ? id : invalid();
};

export function oneOfFilter<T extends string>(allowed: readonly T[]): FilterParser<T | undefined> {
  return (value) => {
    const v = scalar(value);
    return v === undefined || (allowed as readonly string[]).includes(v) ? (v as T | undefined) : invalid();
  };
}

/** Comma-separated (`a,b`) or repeated (`filter[x]=a&filter[x]=b`) values, each checked; none means no filter. */
export function listFilter<T extends string>(isItem: (v: string) => v is T): FilterParser<T[] | undefined> {
  return (value) => {
    const parts = Array.isArray(value) ? value : value === undefined ? [] : [value];
    if (!parts.every((p) => typeof p === 'string')) invalid();
    const items = (parts as string[])
      .flatMap((p) => p.split(','))
      .map((p) => p.trim())
      .filter(Boolean);
    if (!items.every(isItem)) invalid();
    return items.length ? (items as T[]) : undefined;
  };
}

/**
 * `filter[key]` as Express' simple query parser leaves it (flat bracket keys, the default in
 * Express 5) or as the extended parser nests it (`{ filter: { key } }`).
 */
function filterValue(query: Record<string, unknown>, key: string): unknown {
  const nested = query.filter;
  if (nested && typeof nested === 'object' && !Array.isArray(nested) && key in nested) return (nested as Record<string, unknown>)[key];
  return query[`filter[${key}]`] ?? query[`filter[${key}][]`];
}

function integer(value: unknown, min: number): number | undefined {
  const text = scalar(value);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) invalid();
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min ? n : invalid();
}

function sortOf<S extends string>(value: string, fields: readonly S[]): ListSort<S> {
  const desc = value.startsWith('-');
  const field = desc ? value.slice(1) : value;
  return (fields as readonly string[]).includes(field) ? { field: field as S, desc } : invalid();
}

/**
 * Parses `offset` (integer >= 0, default 0), `limit` (the spec's default; -1 means all; capped at
 * LIST_LIMIT_MAX), `sort` (a whitelisted key, `-key` for descending) and the spec's `filter[...]`
 * values. Unknown parameters are ignored; every bad one is reported with its path in one 400.
 */
export function parseListQuery<S extends string, F extends FilterParsers>(raw: unknown, spec: ListQuerySpec<S, F>): ListQuery<S, ParsedFilters<F>> {
  const query = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const errors: ApiErrorEntry[] = [];
  const read = <T>(path: string, message: string | undefined, parse: () => T): T => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof InvalidListValue)) throw error;
      errors.push({ path, code: 'invalid', message: message ?? LIST_QUERY_MESSAGE });
      return undefined as T;
    }
  };
  const { messages = {} } = spec;

  const offset = read('offset', messages.page, () => integer(query.offset, 0)) ?? 0;
  const limit = read('limit', messages.page, () => integer(query.limit, -1)) ?? spec.defaultLimit;
  const sort = read('sort', messages.sort, () => sortOf(query.sort === undefined ? spec.defaultSort : typeof query.sort === 'string' ? query.sort : invalid(), spec.sortFields));
  const filter = {} as Record<string, unknown>;
  for (const [key, parse] of Object.entries(spec.filters)) filter[key] = read(`filter[${key}]`, messages.filter, () => parse(filterValue(query, key)));

  if (errors.length) throw AppError.badRequest(errors);
  return {
    offset,
    limit: limit === -1 ? LIST_LIMIT_MAX : Math.min(limit, LIST_LIMIT_MAX),
    sort,
    filter: filter as ParsedFilters<F>,
  };
}

/**
 * `@Query(new ListQueryPipe(SPEC)) query: XListQuery`. Type the parameter with the ListQuery
 * interface (never a class) so the global ValidationPipe, which runs first, leaves the raw query
 * with its bracket keys to this pipe.
 */
export class ListQueryPipe<S extends string, F extends FilterParsers> implements PipeTransform<unknown, ListQuery<S, ParsedFilters<F>>> {
  constructor(private readonly spec: ListQuerySpec<S, F>) {}

  transform(raw: unknown): ListQuery<S, ParsedFilters<F>> {
    return parseListQuery(raw, this.spec);
  }
}

/**
 * The query of a lookup of values to pick from (expertises, earlier doses, medicine names):
 * filter[text] (the typed beginning or part) and limit, sorted by name.
 */
export function lookupQuery(defaultLimit: number) {
  return defineListQuery({ defaultLimit, sortFields: ['name'] as const, defaultSort: 'name', filters: { text: textFilter({ maxLength: 200 }) } });
}

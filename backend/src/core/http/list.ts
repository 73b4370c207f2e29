import { and, asc, desc, getTableName, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DeactivatedFilter } from '@mediport/contracts';
import type { Database } from '../db/database.js';
import { type SeenSource, unseenBy } from '../seen/unseen.js';
import { type FilterParser, type ListQuery, type ListSort, oneOfFilter } from './list-query.js';

/**
 * The one list layer of the server: scope (the record policy's WHERE) + the list's own filters +
 * text search + seen filter + soft-delete filter, sorted with a stable tie-break, paged, and counted
 * with the same WHERE. A repository describes its table once (`ListSource`) and passes the query
 * that reads the rows; the helper builds everything around it. Parsing the query string stays in
 * list-query.ts.
 */

/** A sort key: a column or expression (ascending / descending), or its own order for both directions. */
export type SortExpression = AnyPgColumn | SQL | ((desc: boolean) => SQL[]);

export interface ListSource<S extends string> {
  /** The table counted (`count(*)` with the same WHERE; filters and scope must use its columns only). */
  table: PgTable;
  /** Unique key: the final tie-break of every order. */
  id: AnyPgColumn;
  sort: Record<S, SortExpression>;
  /** Further tie-breaks after the sort key, before `id`. */
  tieBreak?: SQL[];
  /**
   * What `filter[text]` searches (ILIKE, any case, with `%`, `_` and `\` literal): every word of the
   * text must occur in one of the expressions ('words', the default), or the whole text ('phrase').
   * A trigram index on the very same expression serves prefixes and infixes.
   */
  search?: AnyPgColumn | SQL | (AnyPgColumn | SQL)[];
  searchMode?: 'words' | 'phrase';
  /**
   * The same text as `search` in a form that is cheap per row, for words of fewer than 3 characters:
   * a trigram index cannot serve those, and the rows are then filtered one by one.
   */
  searchShort?: AnyPgColumn | SQL;
  /** Per-user seen marks (`filter[notSeen]`, the `seen` column): the one `unseenBy` definition. */
  seen?: SeenSource;
  /** Soft delete: null means active (`filter[deactivated]`). */
  deactivatedAt?: AnyPgColumn;
}

/** The filters every list understands; the module adds its own conditions. */
export interface CommonListFilter {
  text?: string;
  notSeen?: boolean;
  deactivated?: DeactivatedFilter;
}

export interface ListRequest<S extends string> {
  query: ListQuery<S, CommonListFilter>;
  /** The caller (seen state; required for sources with `seen`). */
  viewerId?: string;
  /** What the caller may see: `policy.where(auth, 'read')` (undefined: everything). */
  scope: SQL | undefined;
  /** The list's own filters (home, expertises, …), over the source table's columns. */
  where?: (SQL | undefined)[];
  /** Only these records (single-record reads through the list query, so both answer alike). */
  ids?: string[];
}

/** The parts a repository's row query uses. */
export interface ListPlan {
  where: SQL | undefined;
  orderBy: SQL[];
  offset: number;
  limit: number;
}

/** `filter[deactivated]`: absent, '0' or 'false' → active only; '1' or 'true' → deactivated only; 'all'. */
export const deactivatedFilter: FilterParser<DeactivatedFilter | undefined> = (value) => {
  const v = oneOfFilter(['0', '1', 'all', 'true', 'false'] as const)(value);
  return v === undefined ? undefined : v === 'true' ? '1' : v === 'false' ? '0' : v;
};

/**
 * A column always written as "table"."column". Drizzle leaves columns unqualified in a query on a
 * single table, so inside a correlated subquery an outer column (`homes.id`) would silently bind
 * to the inner table's column of the same name; outer references in subqueries use this.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** `%`, `_` and `\` typed by the user are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Every word of `text` (or, in 'phrase' mode, the whole text) occurs in one of the expressions (any
 * case). Undefined for blank text.
 */
export function searchCondition(
  expressions: AnyPgColumn | SQL | (AnyPgColumn | SQL)[],
  text: string | undefined,
  mode: 'words' | 'phrase' = 'words',
  short?: AnyPgColumn | SQL,
): SQL | undefined {
  const trimmed = (text ?? '').trim();
  const parts = mode === 'phrase' ? [trimmed].filter(Boolean) : trimmed.split(/\s+/).filter(Boolean);
  if (!parts.length) return undefined;
  const list = Array.isArray(expressions) ? expressions : [expressions];
  return and(...parts.map((part) => or(...(short && [...part].length < 3 ? [short] : list).map((e) => ilike(e, `%${escapeLike(part)}%`)))));
}

/** The viewer has seen the record (the negation of `unseenBy`), as a boolean column. */
export function seenColumn(source: SeenSource, viewerId: string): SQL<boolean> {
  return sql<boolean>`not ${unseenBy(source, viewerId)}`.mapWith(Boolean);
}

export function listWhere<S extends string>(source: ListSource<S>, request: ListRequest<S>): SQL | undefined {
  const f = request.query.filter;
  const parts: (SQL | undefined)[] = [request.scope, ...(request.where ?? [])];
  if (request.ids) parts.push(request.ids.length ? sql`${source.id} in (${sql.join(request.ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  if (source.deactivatedAt && !request.ids) {
    const state = f.deactivated ?? '0';
    if (state === '0') parts.push(isNull(source.deactivatedAt));
    if (state === '1') parts.push(isNotNull(source.deactivatedAt));
  }
  if (source.search) parts.push(searchCondition(source.search, f.text, source.searchMode, source.searchShort));
  if (source.seen && f.notSeen) {
    if (!request.viewerId) throw new Error('filter[notSeen] needs the viewer');
    parts.push(unseenBy(source.seen, request.viewerId));
  }
  return and(...parts);
}

export function listOrder<S extends string>(source: ListSource<S>, sort: ListSort<S>): SQL[] {
  const key = source.sort[sort.field];
  const primary = typeof key === 'function' ? key(sort.desc) : [sort.desc ? desc(key) : asc(key)];
  return [...primary, ...(source.tieBreak ?? []), asc(source.id)];
}

export function planList<S extends string>(source: ListSource<S>, request: ListRequest<S>): ListPlan {
  return { where: listWhere(source, request), orderBy: listOrder(source, request.query.sort), offset: request.query.offset, limit: request.query.limit };
}

/** `count(*)` of the list's table under its WHERE, as a statement of its own. */
async function countRows(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * Runs a list: the rows (the repository's query, given the plan) and the count with the same WHERE,
 * in parallel on two connections. Single-record reads count what they found.
 *
 * (Folding the count into the row query as `count(*) over ()` was tried and dropped: PostgreSQL 15
 * prices the window as if the LIMIT could stop it early and then walks the name index through the
 * whole table, 69 ms instead of 5 ms for a search with 1 600 matches among 20 000 patients.)
 */
export async function runList<S extends string, T>(
  db: Database,
  source: ListSource<S>,
  request: ListRequest<S>,
  rows: (plan: ListPlan) => Promise<T[]>,
): Promise<{ rows: T[]; count: number }> {
  const plan = planList(source, request);
  if (request.ids) {
    const found = await rows(plan);
    return { rows: found, count: found.length };
  }
  const [found, count] = await Promise.all([rows(plan), countRows(db, source.table, plan.where)]);
  return { rows: found, count };
}

/** The plan of a list whose row query carries its own total (runListInOneStatement). */
export interface CountedListPlan extends ListPlan {
  /** Select it as `total`: the count under the same WHERE (absent for single-record reads). */
  total?: SQL<number>;
}

/**
 * Runs a list in one statement: the row query selects `plan.total`, the count as an uncorrelated
 * subquery (PostgreSQL computes it once, not per row; unlike a window count it does not change the
 * row query's plan). Only a page past the end, which has no row to carry the total, asks for the
 * count separately. For lists where the statements per request matter more than two parallel
 * connections (the user list, see users.cost.e2e-spec.ts).
 */
export async function runListInOneStatement<S extends string, T extends { total?: number }>(
  db: Database,
  source: ListSource<S>,
  request: ListRequest<S>,
  rows: (plan: CountedListPlan) => Promise<T[]>,
): Promise<{ rows: T[]; count: number }> {
  const plan = planList(source, request);
  if (request.ids) {
    const found = await rows(plan);
    return { rows: found, count: found.length };
  }
  const total = sql<number>`(select count(*) from ${source.table} where ${plan.where ?? sql`true`})`.mapWith(Number);
  const found = await rows({ ...plan, total });
  const carried = found[0]?.total;
  if (carried !== undefined) return { rows: found, count: carried };
  return { rows: found, count: plan.offset === 0 ? 0 : await countRows(db, source.table, plan.where) };
}

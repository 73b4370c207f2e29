import { and, asc, Column, desc, fillPlaceholders, getTableName, ilike, is, isNotNull, isNull, or, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DeactivatedFilter } from '@mediport/contracts';
import type { Database } from '../db/database.js';
import type { JsonColumns, JsonRowOf } from '../db/json-row.js';
import { queryArrays, type RenderedSql, renderSql, StatementShapes } from '../db/statement.js';
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
  /**
   * Count exactly up to this many matches only; beyond, the answer is this number with `countCapped`
   * ("mehr als …"). For tables that grow without end, where an exact count of a wide match costs more
   * than the page itself. runList only.
   */
  countCap?: number;
}

/** A list's count: exact, or (`countCapped`) the source's `countCap` when more match. */
export interface ListCount {
  count: number;
  countCapped?: true;
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

/** Count statement texts by table and WHERE text. */
const countShapes = new StatementShapes();

/**
 * The count up to `cap` as one statement: the matches are counted until one more than `cap` is
 * found (the scan stops there, so its cost does not grow with the table). W rendered per call, the
 * text kept per shape.
 */
export function cappedCountStatement(table: PgTable, where: SQL | undefined, cap: number): RenderedSql {
  const w = renderSql(where ?? sql`true`);
  const n = w.params.length + 1;
  const name = nameOf(table);
  const text = countShapes.text(`${name}\n${w.text}\n${n}`, () => `select count(*) from (select 1 as "one" from ${name} where ${w.text} limit $${n}) "matches"`);
  return { text, params: [...w.params, cap + 1] };
}

/** The answer of a cappedCountStatement as the list's count. */
export function cappedCount(rows: unknown[][], cap: number): ListCount {
  const n = Number(rows[0]?.[0] ?? 0);
  return n > cap ? { count: cap, countCapped: true } : { count: n };
}

async function countRowsUpTo(db: Database, table: PgTable, where: SQL | undefined, cap: number): Promise<ListCount> {
  return cappedCount(await queryArrays(db, cappedCountStatement(table, where, cap)), cap);
}

function countList<S extends string>(db: Database, source: ListSource<S>, where: SQL | undefined): Promise<ListCount> {
  if (source.countCap === undefined) return countRows(db, source.table, where).then((count) => ({ count }));
  return countRowsUpTo(db, source.table, where, source.countCap);
}

/**
 * Runs a list: the rows (the repository's query, given the plan) and the count with the same WHERE
 * (up to the source's `countCap`), in parallel on two connections. Single-record reads count what
 * they found.
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
): Promise<{ rows: T[] } & ListCount> {
  const plan = planList(source, request);
  if (request.ids) {
    const found = await rows(plan);
    return { rows: found, count: found.length };
  }
  const [found, count] = await Promise.all([rows(plan), countList(db, source, plan.where)]);
  return { rows: found, ...count };
}

/** A field's decoder; undefined where the driver's value stands as it is. */
type Decode = ((value: unknown) => unknown) | undefined;

/** What a one-statement list selects: a fixed select list, rendered to SQL text once (listSelection). */
export interface ListSelection<T> {
  /** `select <fields>`: its text and parameters (values, or `sql.placeholder`s filled per request). */
  readonly head: RenderedSql;
  /**
   * Joins after `from <table>` (no parameters), rendered once: for sort keys that live in another
   * table. Nothing else may use them (the total counts the table alone, and PostgreSQL drops a left
   * join on a unique key that the statement does not read, so other sorts do not pay for it).
   */
  readonly joins: string;
  /** One answer row (the select list's values in order) as the row the caller gets. */
  readonly decodeRow: (row: unknown[]) => Record<string, unknown>;
  /** How many columns the select list has. */
  readonly width: number;
  /** Types the rows only. */
  readonly _row?: T;
}

type ListSelectionField =
  | { key: string; index: number; decode: Decode }
  | { key: string; group: readonly (readonly [key: string, index: number, decode: Decode])[] };

/** A field of a selection: an expression, a column, or a group of columns selected one by one and answered as one object. */
type SelectionInput = SQL | AnyPgColumn | JsonColumns;

type SelectedRow<F extends Record<string, SelectionInput>> = {
  [K in keyof F]: F[K] extends SQL<infer U>
    ? U
    : F[K] extends AnyPgColumn
      ? F[K]['_']['notNull'] extends true
        ? F[K]['_']['data']
        : F[K]['_']['data'] | null
      : F[K] extends JsonColumns
        ? JsonRowOf<F[K]>
        : never;
};

const FIELD_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TOTAL = 'total';

/**
 * The select list of a list run by runListInOneStatement, rendered once. Values that differ per
 * request (the viewer of a seen column) are `sql.placeholder(name)`s, filled from the request's
 * `values`. The rows are decoded field by field (each field's `mapWith` / column decoder, never for
 * SQL NULL) without Drizzle's query builder.
 *
 * A group of columns (`user: { id: users.id, … }`) is selected column by column and answered as one
 * object: for PostgreSQL cheaper than `json_build_object` (for the user list's 22 columns about a
 * third of the statement's CPU time) and no slower for node-postgres to read.
 */
export function listSelection<F extends Record<string, SelectionInput>>(fields: F, options: { joins?: SQL } = {}): ListSelection<SelectedRow<F>> {
  const selected: SQL[] = [];
  /** Selects the expression under this name; its place in the answer's row. */
  const select = (expression: SQL | Column, column: string) => selected.push(sql`${expression} as ${sql.identifier(column)}`) - 1;
  const described = Object.entries(fields).map(([key, field]): ListSelectionField => {
    if (!FIELD_KEY.test(key) || key === TOTAL) throw new Error(`listSelection: "${key}" is not a plain key`);
    if (is(field, SQL) || is(field, Column)) {
      return { key, index: select(field, key), decode: decodeOf(field) };
    }
    const group = Object.entries(field).map(([name, column]) => {
      if (!FIELD_KEY.test(name)) throw new Error(`listSelection: "${key}.${name}" is not a plain key`);
      return [name, select(column, `${key}.${name}`), decodeOf(column)] as const;
    });
    return { key, group };
  });
  const joins = options.joins ? renderSql(options.joins) : { text: '', params: [] };
  if (joins.params.length) throw new Error('listSelection: joins take no parameters');
  return { head: renderSql(sql`select ${sql.join(selected, sql`, `)}`), joins: joins.text ? ` ${joins.text}` : '', decodeRow: rowDecoder(described), width: selected.length };
}

/** A field's decoder (`mapWith`, which Drizzle keeps internal, or the column's own), unless it passes values as they are. */
function decodeOf(field: SQL | Column): Decode {
  const decoder = is(field, Column) ? field : (field as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } }).decoder;
  const identity = decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue || decoder === (sql`` as unknown as { decoder: unknown }).decoder;
  return identity ? undefined : (value) => decoder.mapFromDriverValue(value);
}

/**
 * The decoder of one answer row as the selection describes it, as one function whose object
 * literals name every key: V8 then builds each row with a fixed shape, about twice as fast as
 * setting keys one by one, and the service reads those rows faster too. The keys are checked plain
 * identifiers (FIELD_KEY), the indexes numbers: the generated source holds nothing else.
 */
function rowDecoder(fields: readonly ListSelectionField[]): (row: unknown[]) => Record<string, unknown> {
  const decoders: Decode[] = [];
  const value = (index: number, decode: Decode) => {
    if (decode === undefined) return `r[${index}]`;
    decoders.push(decode);
    return `(r[${index}] == null ? r[${index}] : d[${decoders.length - 1}](r[${index}]))`;
  };
  const entries = fields.map((field) =>
    'index' in field
      ? `${field.key}: ${value(field.index, field.decode)}`
      : `${field.key}: { ${field.group.map(([name, index, decode]) => `${name}: ${value(index, decode)}`).join(', ')} }`,
  );
  const decode = new Function('d', 'r', `return { ${entries.join(', ')} };`) as (d: Decode[], r: unknown[]) => Record<string, unknown>;
  return (row) => decode(decoders, row);
}

/** The rendered text of a table (or other chunk without parameters), per object. */
const names = new WeakMap<object, string>();
function nameOf(table: PgTable): string {
  let name = names.get(table);
  if (name === undefined) {
    name = renderSql(sql`${table}`).text;
    names.set(table, name);
  }
  return name;
}

/** Statement texts by query shape, per selection. */
const shapes = new WeakMap<RenderedSql, StatementShapes>();

/** ORDER BY texts per source and sort (field and direction); null where the order takes parameters. */
const sortTexts = new WeakMap<object, Map<string, string | null>>();

/** The ORDER BY of this sort as text, rendered once per source and sort; null when it takes parameters. */
function sortText<S extends string>(source: ListSource<S>, sort: ListSort<S>, orderBy: SQL[]): string | null {
  let known = sortTexts.get(source);
  if (!known) sortTexts.set(source, (known = new Map()));
  const key = `${sort.field}\n${sort.desc ? 1 : 0}`;
  let text = known.get(key);
  if (text === undefined) {
    const rendered = renderSql(sql.join(orderBy, sql`, `));
    known.set(key, (text = rendered.params.length ? null : rendered.text));
  }
  return text;
}

/**
 * The one statement of a list: `select <fields>[, (select count(*) from T where W) as total] from T
 * where W order by O offset $a limit $b`. Only W and O are rendered per request (the scope and
 * filters, small); the select list is the selection's text. W occurs twice with the same parameter
 * numbers; the text is kept per query shape (StatementShapes).
 */
function listStatement(table: string, selection: ListSelection<unknown>, values: Record<string, unknown>, plan: ListPlan, order: string | null, withTotal: boolean): RenderedSql {
  const head = selection.head;
  const params = fillPlaceholders(head.params, values);
  const where = renderSql(plan.where ?? sql`true`, params.length);
  params.push(...where.params);
  const orderBy = order !== null ? { text: order, params: [] } : renderSql(sql.join(plan.orderBy, sql`, `), params.length);
  params.push(...orderBy.params, plan.offset, plan.limit);
  const n = params.length;
  let known = shapes.get(head);
  if (!known) shapes.set(head, (known = new StatementShapes()));
  const text = known.text(`${withTotal ? 1 : 0}${table}\n${where.text}\n${orderBy.text}\n${n}`, () => {
    const total = withTotal ? `, (select count(*) from ${table} where ${where.text}) as "${TOTAL}"` : '';
    return `${head.text}${total} from ${table}${selection.joins} where ${where.text} order by ${orderBy.text} offset $${n - 1} limit $${n}`;
  });
  return { text, params };
}

/**
 * Runs a list in one statement: the selection's rows and, as an uncorrelated subquery, the count
 * under the same WHERE (PostgreSQL computes it once, not per row; unlike a window count it does not
 * change the row query's plan). Only a page past the end, which has no row to carry the total, asks
 * for the count separately. For lists where the statements and the CPU per request matter most (the
 * user list, see users.cost.e2e-spec.ts): the statement is put together from text rendered ahead
 * (listSelection) and runs through the driver without Drizzle's query builder.
 * `values` fills the selection's placeholders.
 */
export async function runListInOneStatement<S extends string, T>(
  db: Database,
  source: ListSource<S>,
  request: ListRequest<S>,
  selection: ListSelection<T>,
  values: Record<string, unknown> = {},
): Promise<{ rows: T[]; count: number }> {
  if (source.countCap !== undefined) throw new Error('runListInOneStatement counts exactly; a countCap needs runList');
  const plan = planList(source, request);
  const withTotal = !request.ids;
  const found = await queryArrays(db, listStatement(nameOf(source.table), selection, values, plan, sortText(source, request.query.sort, plan.orderBy), withTotal));
  const rows = found.map((row) => selection.decodeRow(row) as T);
  if (!withTotal) return { rows, count: rows.length };
  // The total is the column after the selection's.
  const carried = found[0]?.[selection.width];
  if (carried !== undefined && carried !== null) return { rows, count: Number(carried) };
  return { rows, count: plan.offset === 0 ? 0 : await countRows(db, source.table, plan.where) };
}

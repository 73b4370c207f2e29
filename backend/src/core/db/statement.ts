import type { SQL } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database.js';

/**
 * Statements put together from SQL text rendered ahead, for hot reads where building the query
 * with Drizzle's query builder on every request costs more than running it (the user list: a
 * select list of a few hundred chunks, rendered once instead of per request).
 */

/** SQL text with its parameters (`$1`, … from the start index on), values or `sql.placeholder`s. */
export interface RenderedSql {
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();
const casing = new CasingCache();

/**
 * Renders a fragment the way both drivers' dialect does, its first parameter numbered
 * `$<paramStart + 1>`: fragments rendered apart can then share one statement (and one fragment can
 * occur twice in it with the same parameters).
 */
export function renderSql(fragment: SQL, paramStart = 0): RenderedSql {
  const query = fragment.toQuery({
    casing,
    escapeName: (name) => dialect.escapeName(name),
    escapeParam: (num) => dialect.escapeParam(num),
    escapeString: (text) => dialect.escapeString(text),
    paramStartIndex: { value: paramStart },
  });
  return { text: query.sql, params: query.params };
}

interface SessionLike {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: undefined,
    isResponseInArrayMode: boolean,
    customResultMapper: (rows: unknown[][]) => unknown[][],
  ): { execute(): Promise<unknown[][]> };
}

const asTheyAre = (rows: unknown[][]) => rows;

/**
 * Runs rendered SQL on the database or the ambient transaction (`db` as repositories inject it),
 * through the driver session Drizzle itself uses: node-postgres (where prepared-statements.ts
 * names repeated reads) or PGlite. Each row is an array of the values in select-list order (no
 * object with a key per column), each value as the driver decodes it (json parsed; timestamps as
 * text, as Drizzle configures both drivers).
 */
export function queryArrays(db: Database, statement: RenderedSql): Promise<unknown[][]> {
  // `_.session` is the session of the database or transaction `db` stands for (the ambient proxy
  // resolves it at the time of use). A result mapper makes it ask the driver for array rows.
  const session = (db as unknown as { _: { session: SessionLike } })._.session;
  return session.prepareQuery({ sql: statement.text, params: statement.params }, undefined, undefined, true, asTheyAre).execute();
}

/**
 * Statement texts by query shape, put together once per shape from text rendered ahead: the same
 * shape (same filters, scope and sort) gives the very same string object, which prepared-statements.ts
 * runs as a named statement on PostgreSQL without hashing the long text again. Bounded: beyond
 * `max` shapes, texts are put together anew each time.
 */
export class StatementShapes {
  private readonly known = new Map<string, string>();

  constructor(private readonly max = 1000) {}

  text(shape: string, build: () => string): string {
    let text = this.known.get(shape);
    if (text === undefined) {
      text = build();
      if (this.known.size < this.max) this.known.set(shape, text);
    }
    return text;
  }
}

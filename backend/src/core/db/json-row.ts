import { Column, type SQL, sql } from 'drizzle-orm';

/** Columns by the keys the result should have. */
export type JsonColumns = Record<string, Column>;

/** What selecting `T` column by column would give. */
export type JsonRowOf<T extends JsonColumns> = {
  [K in keyof T]: T[K]['_']['notNull'] extends true ? T[K]['_']['data'] : T[K]['_']['data'] | null;
};

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Selects several columns as one JSON object per row (`json_build_object`) and decodes it back to
 * exactly what selecting them one by one gives (each column's own decoder: Date, arrays, jsonb …).
 *
 * Why: both drivers pay per field and row. PGlite decodes every field of every row in JavaScript,
 * and Drizzle maps every field through its column checks: for the user list (50 rows × 36 fields)
 * about an eighth of the backend's CPU time. One JSON field per group is parsed natively.
 */
export function jsonRow<T extends JsonColumns>(columns: T): SQL<JsonRowOf<T>> {
  return sql<JsonRowOf<T>>`${buildObject(columns)}`.mapWith(decoder(columns));
}

/**
 * The same as one correlated subquery, `(select json_build_object(...) from <from>)`: null when
 * `from` finds no row. For the related rows of a list (a user's home, creator, …) this plans in
 * about half the time of joins (no join search) and runs only for the rows of the page, after
 * ORDER BY and LIMIT.
 */
export function jsonRowFrom<T extends JsonColumns>(columns: T, from: SQL): SQL<JsonRowOf<T> | null> {
  return sql<JsonRowOf<T> | null>`(select ${buildObject(columns)} from ${from})`.mapWith(decoder(columns));
}

function buildObject(columns: JsonColumns): SQL {
  const entries = Object.entries(columns);
  for (const [key] of entries) if (!KEY.test(key)) throw new Error(`jsonRow: "${key}" is not a plain key`);
  // The keys are identifiers from our own code (checked above), so they are written as literals, not parameters.
  const pairs = entries.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

function decoder<T extends JsonColumns>(columns: T): (value: unknown) => JsonRowOf<T> {
  // Only columns with a decoder of their own (timestamps to Date, numbers, arrays, jsonb) are
  // touched; the others come out of JSON as the driver would give them.
  const converted = Object.entries(columns).filter(([, column]) => column.mapFromDriverValue !== Column.prototype.mapFromDriverValue);
  return (value) => {
    // node-postgres and PGlite both hand over `json` already parsed (Drizzle passes no SQL NULL here);
    // the object is new, so it is completed in place.
    const row = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
    for (const [key, column] of converted) {
      const field = row[key];
      if (field !== null && field !== undefined) row[key] = column.mapFromDriverValue(field);
    }
    return row as JsonRowOf<T>;
  };
}

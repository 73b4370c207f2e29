import { and, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A small condition language over a record's fields. A policy writes each rule once as a
 * condition; the same value compiles to a WHERE clause for list queries (`toSql`) and is
 * evaluated against one loaded record (`matches`), so the two can never disagree.
 */
export type Condition =
  | { kind: 'true' }
  | { kind: 'false' }
  /** field equals value (null never matches: a missing owner owns nothing). */
  | { kind: 'eq'; field: string; value: string }
  /** field is one of values. */
  | { kind: 'in'; field: string; values: readonly string[] }
  /** an array field contains value. */
  | { kind: 'has'; field: string; value: string }
  | { kind: 'and'; of: Condition[] }
  | { kind: 'or'; of: Condition[] }
  | { kind: 'not'; of: Condition };

export const TRUE: Condition = { kind: 'true' };
export const FALSE: Condition = { kind: 'false' };

/** Builders that simplify as they go (true/false absorb), so an unrestricted grant adds no SQL. */
export const cond = {
  eq: (field: string, value: string | null | undefined): Condition => (value ? { kind: 'eq', field, value } : FALSE),
  in: (field: string, values: readonly string[]): Condition => (values.length ? { kind: 'in', field, values } : FALSE),
  has: (field: string, value: string): Condition => ({ kind: 'has', field, value }),
  and(...parts: Condition[]): Condition {
    if (parts.some((p) => p.kind === 'false')) return FALSE;
    const rest = parts.filter((p) => p.kind !== 'true');
    return rest.length === 0 ? TRUE : rest.length === 1 ? rest[0]! : { kind: 'and', of: rest };
  },
  or(...parts: Condition[]): Condition {
    if (parts.some((p) => p.kind === 'true')) return TRUE;
    const rest = parts.filter((p) => p.kind !== 'false');
    return rest.length === 0 ? FALSE : rest.length === 1 ? rest[0]! : { kind: 'or', of: rest };
  },
  not(part: Condition): Condition {
    if (part.kind === 'true') return FALSE;
    if (part.kind === 'false') return TRUE;
    return { kind: 'not', of: part };
  },
};

/** Where each field of a policy lives in a query: a column (or any SQL expression). */
export type FieldColumns = Record<string, AnyPgColumn | SQL>;

/** A record as the policy sees it: its fields by name. */
export type PolicyRecord = Record<string, string | null | readonly string[] | undefined>;

function column(columns: FieldColumns, field: string): AnyPgColumn | SQL {
  const c = columns[field];
  if (!c) throw new Error(`Policy field "${field}" has no column in this query.`);
  return c;
}

/** The WHERE clause of a condition; undefined when it allows everything. */
export function toSql(condition: Condition, columns: FieldColumns): SQL | undefined {
  if (condition.kind === 'true') return undefined;
  return compile(condition, columns);
}

function compile(c: Condition, columns: FieldColumns): SQL {
  switch (c.kind) {
    case 'true':
      return sql`true`;
    case 'false':
      return sql`false`;
    case 'eq':
      return sql`${column(columns, c.field)} = ${c.value}`;
    case 'in':
      return sql`${column(columns, c.field)} in (${sql.join(c.values.map((v) => sql`${v}`), sql`, `)})`;
    case 'has':
      return sql`${c.value} = any(${column(columns, c.field)})`;
    case 'and':
      return and(...c.of.map((p) => compile(p, columns)))!;
    case 'or':
      return sql`(${or(...c.of.map((p) => compile(p, columns)))!})`;
    case 'not':
      // "is not true" keeps rows whose tested column is null (e.g. no home) on the allowed side,
      // exactly like `matches` below.
      return sql`(${compile(c.of, columns)}) is not true`;
  }
}

/** Evaluates a condition against one record. */
export function matches(c: Condition, record: PolicyRecord): boolean {
  switch (c.kind) {
    case 'true':
      return true;
    case 'false':
      return false;
    case 'eq':
      return record[c.field] === c.value;
    case 'in':
      return typeof record[c.field] === 'string' && c.values.includes(record[c.field] as string);
    case 'has': {
      const value = record[c.field];
      return Array.isArray(value) && value.includes(c.value);
    }
    case 'and':
      return c.of.every((p) => matches(p, record));
    case 'or':
      return c.of.some((p) => matches(p, record));
    case 'not':
      return !matches(c.of, record);
  }
}

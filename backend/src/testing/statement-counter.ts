import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Every statement either driver is asked to run, while a `statementsOf` call is counting — but the
 * outbox dispatcher's, which polls on its own clock, whatever request is running.
 */
const seen: string[] = [];
let counting = false;

// Both drivers' own `query`, wrapped when a test file imports this (before its app boots and the
// database layer takes its own hold of the drivers); no stand-in, every call goes through.
for (const proto of [pg.Client.prototype, PGlite.prototype] as { query: (...args: unknown[]) => unknown }[]) {
  const query = proto.query;
  proto.query = function (this: unknown, text: unknown, ...rest: unknown[]) {
    if (counting) {
      const sql = typeof text === 'string' ? text : String((text as { text?: unknown }).text);
      if (!sql.includes('"outbox_messages"')) seen.push(sql);
    }
    return query.call(this, text, ...rest);
  };
}

/**
 * The SQL statements the database drivers (node-postgres, PGlite) were asked to run while `send`
 * ran, counted at the driver: what one request costs the database.
 */
export async function statementsOf(send: () => Promise<unknown>): Promise<string[]> {
  seen.length = 0;
  counting = true;
  try {
    await send();
  } finally {
    counting = false;
  }
  return [...seen];
}

/**
 * A real failure of the last write of a unit of work, for specs that show the earlier writes roll
 * back: while `work` runs, the database itself refuses every audit row of `action` (a trigger on
 * audit_log), so the request fails inside its transaction like a lost connection or a full disk
 * would make it, with no mock of our code.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../core/db/database.js';

export async function whileAuditFails<T>(database: Database, action: string, work: () => PromiseLike<T>): Promise<T> {
  const name = `fail_audit_${randomBytes(4).toString('hex')}`;
  const literal = `'${action.replaceAll("'", "''")}'`;
  await database.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin if new.action = ${literal} then raise exception 'injected failure of %', new.action; end if; return new; end $$`),
  );
  await database.execute(sql.raw(`create trigger ${name} before insert on audit_log for each row execute function ${name}()`));
  try {
    return await work();
  } finally {
    await database.execute(sql.raw(`drop trigger if exists ${name} on audit_log`));
    await database.execute(sql.raw(`drop function if exists ${name}()`));
  }
}

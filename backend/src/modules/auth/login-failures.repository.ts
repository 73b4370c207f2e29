import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { loginFailures } from '../../db/schema/index.js';

/** Failed sign-ins per username, in the database so that every instance counts the same. */
@Injectable()
export class LoginFailuresRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async countSince(key: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(loginFailures)
      .where(and(eq(loginFailures.usernameKey, key), gt(loginFailures.at, since)));
    return row?.n ?? 0;
  }

  async add(key: string, olderThan: Date): Promise<void> {
    await this.db.delete(loginFailures).where(and(eq(loginFailures.usernameKey, key), lt(loginFailures.at, olderThan)));
    await this.db.insert(loginFailures).values({ usernameKey: key });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.usernameKey, key));
  }
}

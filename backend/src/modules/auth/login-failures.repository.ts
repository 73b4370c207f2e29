import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { loginFailures } from '../../db/schema/index.js';

export interface FailureCounts {
  /** Failures of this username from this address. */
  pair: number;
  /** Failures from this address, any username. */
  address: number;
}

/** Failed sign-ins per username and client address, in the database so that every instance counts the same. */
@Injectable()
export class LoginFailuresRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Both counts in one round trip, on the (address, at) index. */
  async countSince(key: string, address: string, since: Date): Promise<FailureCounts> {
    const [row] = await this.db
      .select({
        pair: sql<number>`count(*) filter (where ${loginFailures.usernameKey} = ${key})`.mapWith(Number),
        address: sql<number>`count(*)`.mapWith(Number),
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.address, address), gt(loginFailures.at, since)));
    return { pair: row?.pair ?? 0, address: row?.address ?? 0 };
  }

  async add(key: string, address: string): Promise<string> {
    const [row] = await this.db.insert(loginFailures).values({ usernameKey: key, address }).returning({ id: loginFailures.id });
    return row!.id;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.id, id));
  }

  async clearPair(key: string, address: string): Promise<void> {
    await this.db.delete(loginFailures).where(and(eq(loginFailures.usernameKey, key), eq(loginFailures.address, address)));
  }

  /** Rows of one address that no window counts any more (index-backed, cheap on every failure). */
  async pruneAddress(address: string, olderThan: Date): Promise<void> {
    await this.db.delete(loginFailures).where(and(eq(loginFailures.address, address), lt(loginFailures.at, olderThan)));
  }

  /** Every row no window counts any more (addresses that never come back). */
  async pruneAll(olderThan: Date): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.at, olderThan));
  }
}

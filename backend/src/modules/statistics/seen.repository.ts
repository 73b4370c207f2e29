import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SeenKind } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { DB } from '../../core/db/db.module.js';
import type { Database } from '../../core/db/database.js';
import { seenMarks, seenWatermarks } from '../../db/schema/index.js';
import { unseenBy } from '../../core/seen/unseen.js';
import type { SeenCounter } from './seen-counter.registry.js';

/**
 * Per-user seen state: a watermark per kind ("mark all as read" at time t) plus single marks
 * for records seen one by one. What counts as unseen is core/seen/unseen.ts, nowhere else.
 */
@Injectable()
export class SeenRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** One query: the unseen records of a counter within the caller's scope. */
  async count(counter: SeenCounter, auth: AuthContext): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(counter.table)
      .where(and(unseenBy(counter.source, auth.userId), counter.scope(auth), counter.where?.(auth)));
    return row?.n ?? 0;
  }

  /** Everything of `kind` created up to now counts as seen by the user; single marks become redundant. */
  async markAll(kind: SeenKind, userId: string): Promise<Date> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(seenWatermarks)
        .values({ userId, entity: kind, at: sql`now()` })
        .onConflictDoUpdate({ target: [seenWatermarks.userId, seenWatermarks.entity], set: { at: sql`now()` } })
        .returning({ at: seenWatermarks.at });
      await tx.delete(seenMarks).where(and(eq(seenMarks.userId, userId), eq(seenMarks.entity, kind)));
      return row!.at;
    });
  }

  /** Single records seen by the user (the "neu" badge disappears). */
  async mark(kind: SeenKind, userId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .insert(seenMarks)
      .values(ids.map((entityId) => ({ entity: kind, entityId, userId })))
      .onConflictDoNothing();
  }

  /** Which of `ids` the user has marked one by one (the watermark is checked by `unseen`). */
  async marked(kind: SeenKind, userId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .select({ id: seenMarks.entityId })
      .from(seenMarks)
      .where(and(eq(seenMarks.entity, kind), eq(seenMarks.userId, userId), inArray(seenMarks.entityId, ids)));
    return new Set(rows.map((r) => r.id));
  }
}


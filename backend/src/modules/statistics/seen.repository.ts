import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SeenKind } from '@mediport/contracts';
import { DB } from '../../core/db/db.module.js';
import type { Database } from '../../core/db/database.js';
import { seenMarks, seenWatermarks } from '../../db/schema/index.js';
import type { SeenCounter } from './seen-counter.registry.js';

/**
 * Per-user seen state: a watermark per kind ("mark all as read" at time t) plus single marks
 * for records seen one by one. Unseen = created after the watermark and without a mark.
 */
@Injectable()
export class SeenRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** WHERE condition "not yet seen by userId" for a record table (usable in any list query). */
  unseen(kind: SeenKind, userId: string, id: AnyPgColumn, createdAt: AnyPgColumn): SQL {
    return sql`${createdAt} > coalesce((select ${seenWatermarks.at} from ${seenWatermarks}
        where ${seenWatermarks.userId} = ${userId} and ${seenWatermarks.entity} = ${kind}), '-infinity'::timestamptz)
      and not exists (select 1 from ${seenMarks}
        where ${seenMarks.entity} = ${kind} and ${seenMarks.entityId} = ${id} and ${seenMarks.userId} = ${userId})`;
  }

  /** One query: the unseen records of a counter within the caller's scope. */
  async count(counter: SeenCounter, userId: string, scope: SQL | undefined, extra: SQL | undefined): Promise<number> {
    const conditions = [this.unseen(counter.kind, userId, counter.id, counter.createdAt), scope, extra];
    if (counter.createdBy) conditions.push(sql`${counter.createdBy} is distinct from ${userId}`);
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(counter.table)
      .where(and(...conditions));
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


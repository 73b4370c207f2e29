import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../http/list.js';
import { DB } from '../db/db.module.js';
import type { Database } from '../db/database.js';
import { outboxMessages as t } from '../../db/schema/index.js';
import type { OutboxChannel, OutboxListQuery, OutboxMessage, OutboxStats } from './outbox.types.js';

/** A submitted message whose report deadline passed: its owner, its job and how long its report was awaited. */
export interface OverdueMessage {
  id: string;
  referenceKind: string | null;
  providerMessageId: string | null;
  waitedSeconds: number;
}

const WAITING = ['queued', 'sending'] as const;

/** `now() + ms`, on the database's clock: every instance reads the same time. */
const inMs = (ms: number): SQL => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/**
 * The outbox table. Each outcome is written only by the holder of the row's current lease: the
 * `attempts` value it claimed the row with is the fencing token, so a sender whose lease expired
 * (and whose row another dispatcher took over) changes nothing.
 */
@Injectable()
export class OutboxRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Inserts the message; with its idempotency key already present, answers the existing one instead. */
  async insert(values: typeof t.$inferInsert): Promise<{ message: OutboxMessage; created: boolean }> {
    const [created] = await this.db.insert(t).values(values).onConflictDoNothing({ target: t.idempotencyKey }).returning();
    if (created) return { message: created, created: true };
    const [existing] = await this.db.select().from(t).where(eq(t.idempotencyKey, values.idempotencyKey)).limit(1);
    return { message: existing!, created: false };
  }

  /**
   * Takes the oldest due message of these channels (waiting, or 'sending' with an expired lease),
   * or only the message `only` when it is due, and leases it for `leaseMs`: 'sending', one attempt
   * more. `skip locked` lets dispatchers of several instances claim at once without waiting for, or
   * taking, each other's rows.
   */
  async claim(channels: readonly OutboxChannel[], leaseMs: number, only?: string): Promise<OutboxMessage | undefined> {
    const due = this.db
      .select({ id: t.id })
      .from(t)
      .where(and(inArray(t.state, [...WAITING]), lte(t.nextAttemptAt, sql`now()`), inArray(t.channel, [...channels]), only === undefined ? undefined : eq(t.id, only)))
      .orderBy(t.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(t)
      .set({ state: 'sending', attempts: sql`${t.attempts} + 1`, nextAttemptAt: inMs(leaseMs), updatedAt: sql`now()` })
      .where(inArray(t.id, due))
      .returning();
    return row;
  }

  async markSent(claimed: OutboxMessage, providerMessageId: string | null, note: string | null): Promise<OutboxMessage | undefined> {
    const [row] = await this.db
      .update(t)
      .set({ state: 'sent', sentAt: sql`now()`, providerMessageId, lastError: note, updatedAt: sql`now()` })
      .where(this.leased(claimed))
      .returning();
    return row;
  }

  /** The provider took it and reports later: 'submitted' with its job, the report due within `reportWithinMs`. */
  async markSubmitted(claimed: OutboxMessage, providerMessageId: string | null, reportWithinMs: number): Promise<OutboxMessage | undefined> {
    const [row] = await this.db
      .update(t)
      .set({ state: 'submitted', providerMessageId, lastError: null, nextAttemptAt: inMs(reportWithinMs), updatedAt: sql`now()` })
      .where(this.leased(claimed))
      .returning();
    return row;
  }

  /**
   * The provider's report of a submitted message: 'sent', or 'failed' with its error code. Only
   * while it is submitted under this job (a report of an earlier job, or a second report, changes nothing).
   */
  async settleReport(id: string, providerMessageId: string, outcome: { state: 'sent' } | { state: 'failed'; error: string }): Promise<OutboxMessage | undefined> {
    const [row] = await this.db
      .update(t)
      .set(outcome.state === 'sent' ? { state: 'sent', sentAt: sql`now()`, lastError: null, updatedAt: sql`now()` } : { state: 'failed', lastError: outcome.error, updatedAt: sql`now()` })
      .where(and(eq(t.id, id), eq(t.state, 'submitted'), eq(t.providerMessageId, providerMessageId)))
      .returning();
    return row;
  }

  /** Submitted messages past their report deadline, oldest deadline first (read through the state index). */
  async overdue(limit: number): Promise<OverdueMessage[]> {
    return this.db
      .select({
        id: t.id,
        referenceKind: t.referenceKind,
        providerMessageId: t.providerMessageId,
        waitedSeconds: sql<number>`round(extract(epoch from ${t.nextAttemptAt} - ${t.updatedAt}))`.mapWith(Number),
      })
      .from(t)
      .where(and(eq(t.state, 'submitted'), lte(t.nextAttemptAt, sql`now()`)))
      .orderBy(t.nextAttemptAt)
      .limit(limit);
  }

  /** 'failed' with `error` when it is still submitted and past its deadline (a report that came meanwhile wins). */
  async failOverdue(id: string, error: string): Promise<OutboxMessage | undefined> {
    const [row] = await this.db
      .update(t)
      .set({ state: 'failed', lastError: error, updatedAt: sql`now()` })
      .where(and(eq(t.id, id), eq(t.state, 'submitted'), lte(t.nextAttemptAt, sql`now()`)))
      .returning();
    return row;
  }

  /** Due messages (waiting, or 'sending' with an expired lease), oldest due first, through the due index. */
  async due(limit: number): Promise<Pick<OutboxMessage, 'id' | 'idempotencyKey'>[]> {
    return this.db
      .select({ id: t.id, idempotencyKey: t.idempotencyKey })
      .from(t)
      .where(and(inArray(t.state, [...WAITING]), lte(t.nextAttemptAt, sql`now()`)))
      .orderBy(t.nextAttemptAt)
      .limit(limit);
  }

  /** A message's state and, while it waits, how long until it is due (ms, on the database's clock; ≤ 0: due now). */
  async dueIn(id: string): Promise<{ state: OutboxMessage['state']; dueInMs: number } | undefined> {
    const [row] = await this.db
      .select({ state: t.state, dueInMs: sql<number>`extract(epoch from ${t.nextAttemptAt} - now()) * 1000`.mapWith(Number) })
      .from(t)
      .where(eq(t.id, id))
      .limit(1);
    return row;
  }

  async markFailed(claimed: OutboxMessage, error: string): Promise<OutboxMessage | undefined> {
    const [row] = await this.db.update(t).set({ state: 'failed', lastError: error, updatedAt: sql`now()` }).where(this.leased(claimed)).returning();
    return row;
  }

  /** Back to the queue after a failed attempt, due again in `delayMs`. */
  async reschedule(claimed: OutboxMessage, error: string, delayMs: number): Promise<OutboxMessage | undefined> {
    const [row] = await this.db
      .update(t)
      .set({ state: 'queued', lastError: error, nextAttemptAt: inMs(delayMs), updatedAt: sql`now()` })
      .where(this.leased(claimed))
      .returning();
    return row;
  }

  /** Gives a claimed message back untried (shutdown): queued, due at once, its attempt not counted. */
  async release(claimed: OutboxMessage): Promise<void> {
    await this.db
      .update(t)
      .set({ state: 'queued', attempts: sql`greatest(${t.attempts} - 1, 0)`, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
      .where(this.leased(claimed));
  }

  /** A failed message queued again with all its attempts; the same idempotency key; `payload` replaces the old one when given. */
  async requeueFailed(id: string, payload?: OutboxMessage['payload']): Promise<OutboxMessage | undefined> {
    const [row] = await this.db
      .update(t)
      .set({ state: 'queued', attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()`, ...(payload ? { payload } : {}) })
      .where(and(eq(t.id, id), eq(t.state, 'failed')))
      .returning();
    return row;
  }

  async find(id: string): Promise<OutboxMessage | undefined> {
    const [row] = await this.db.select().from(t).where(eq(t.id, id)).limit(1);
    return row;
  }

  async list(query: OutboxListQuery): Promise<{ data: OutboxMessage[]; count: number }> {
    const conditions: SQL[] = [];
    if (query.state) conditions.push(eq(t.state, query.state));
    if (query.channel) conditions.push(eq(t.channel, query.channel));
    if (query.reference?.kind) conditions.push(eq(t.referenceKind, query.reference.kind));
    if (query.reference?.id) conditions.push(eq(t.referenceId, query.reference.id));
    if (query.text) {
      // The administrators' search: recipients, subject, document name. Not indexed: the page is
      // paged and narrowed by state or channel first; a plain scan of the outbox serves it.
      const pattern = `%${escapeLike(query.text)}%`;
      conditions.push(sql`(${t.payload}->>'subject' ilike ${pattern} or ${t.payload}->>'name' ilike ${pattern} or (${t.payload}->'to')::text ilike ${pattern})`);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const data = await this.db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .offset(Math.max(0, query.offset ?? 0))
      .limit(Math.min(Math.max(1, query.limit ?? 50), 500));
    const [total] = await this.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(t).where(where);
    return { data, count: total?.count ?? 0 };
  }

  /**
   * Each part read from an index: waiting rows through the due index, failed and submitted ones
   * through the state index. A submitted message's wait counts from its submission (`updated_at`).
   */
  async stats(): Promise<OutboxStats> {
    const waiting = sql`${t.state} in ('queued', 'sending')`;
    const submitted = sql`${t.state} = 'submitted'`;
    const [row] = await this.db
      .select({
        queued: sql<number>`(select count(*) from ${t} where ${waiting})`.mapWith(Number),
        failed: sql<number>`(select count(*) from ${t} where ${t.state} = 'failed')`.mapWith(Number),
        oldest: sql<number>`(select coalesce(extract(epoch from now() - min(${t.createdAt})), 0) from ${t} where ${waiting})`.mapWith(Number),
        submitted: sql<number>`(select count(*) from ${t} where ${submitted})`.mapWith(Number),
        oldestSubmitted: sql<number>`(select coalesce(extract(epoch from now() - min(${t.updatedAt})), 0) from ${t} where ${submitted})`.mapWith(Number),
      })
      .from(sql`(select 1) as one`);
    const seconds = (value: number | undefined) => Math.max(0, Math.floor(value ?? 0));
    return {
      queued: row?.queued ?? 0,
      failed: row?.failed ?? 0,
      oldestQueuedSeconds: seconds(row?.oldest),
      submitted: row?.submitted ?? 0,
      oldestSubmittedSeconds: seconds(row?.oldestSubmitted),
    };
  }

  private leased(claimed: OutboxMessage): SQL {
    return and(eq(t.id, claimed.id), eq(t.state, 'sending'), eq(t.attempts, claimed.attempts))!;
  }
}

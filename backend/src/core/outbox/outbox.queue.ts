import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DelayedError, type Job, Queue, Worker } from 'bullmq';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { describeForLog } from '../errors/exception.filter.js';
import { OutboxDispatcher, STOP_GRACE_MS } from './outbox.dispatcher.js';
import { OutboxRegistry } from './outbox.registry.js';
import { OutboxRepository } from './outbox.repository.js';
import type { OutboxMessage, OutboxMode } from './outbox.types.js';

/** The queue's name under REDIS_PREFIX. */
export const OUTBOX_QUEUE = 'outbox';
/** The sweep for due rows without a job runs every this many OUTBOX_POLL_MS. */
export const SWEEP_EVERY_POLLS = 10;
/** Rows re-queued per sweep. */
const SWEEP_BATCH = 500;
/** An add (or a probe) Redis has not answered by then counts as failed. */
const REDIS_ANSWER_MS = 2000;
/** How long closing the worker and the queue may take beyond the send's grace before their connections are dropped. */
const CLOSE_LIMIT_MS = 3000;
/** Between two warnings of an unreachable Redis. */
const WARN_EVERY_MS = 60_000;

interface OutboxJob {
  messageId: string;
}

/** BullMQ refuses ids that are whole numbers or hold ':'; an idempotency key holds no ':'. */
export function jobIdOf(idempotencyKey: string): string {
  return /^\d+$/.test(idempotencyKey) ? `k${idempotencyKey}` : idempotencyKey;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * The outbox on BullMQ (with REDIS_URL). The table stays the source of truth; Redis only says
 * which message to look at when:
 *
 * - a committed message (new, or queued again by "Erneut senden") becomes the job `{ messageId }`
 *   with the message's idempotency key as job id, so duplicates collapse;
 * - the worker of every instance processes a job through the dispatcher's `dispatch(id)`: the same
 *   skip-locked lease, send and record as the in-process loop. A message that waits afterwards (a
 *   retry after a failed attempt, a lease held elsewhere) stays the same job, delayed until the
 *   row's `next_attempt_at`;
 * - every OUTBOX_POLL_MS × 10 a sweep adds a job for every due row (those that still have one are
 *   left as they are), so a job lost with Redis or in a crash costs a sweep's delay, never the message;
 * - while Redis does not answer, the dispatcher's in-process loop works the outbox off until Redis is back.
 */
@Injectable()
export class OutboxQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Outbox');
  private queue: Queue<OutboxJob> | null = null;
  private worker: Worker<OutboxJob> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private ticks = 0;
  private ticking = false;
  /** Redis did not answer: the in-process loop runs meanwhile. */
  private fallback = false;
  private lastWarning = 0;
  /** Set while stopping: the Redis clients stop reconnecting, so closing ends even while Redis is away. */
  private closing = false;
  private readonly retryStrategy = (times: number): number | null => (this.closing ? null : Math.min(times * 200, 5000));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: OutboxRegistry,
    private readonly repository: OutboxRepository,
    private readonly dispatcher: OutboxDispatcher,
  ) {}

  /** How the outbox is worked off right now: by BullMQ, or in-process (no REDIS_URL, or Redis away). */
  get mode(): OutboxMode {
    return this.worker && !this.fallback ? 'bullmq' : 'in-process';
  }

  /** REDIS_URL is set but Redis does not answer: the in-process loop stands in. */
  get degraded(): boolean {
    return this.fallback;
  }

  onApplicationBootstrap(): void {
    if (this.config.redisUrl) this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.worker || !this.config.redisUrl) return;
    this.closing = false;
    const url = this.config.redisUrl;
    const prefix = this.config.redisPrefix;
    const retryStrategy = this.retryStrategy;
    // Adds fail at once while Redis is away (no offline queue): the message then goes in-process.
    this.queue = new Queue<OutboxJob>(OUTBOX_QUEUE, { connection: { url, enableOfflineQueue: false, retryStrategy }, prefix, defaultJobOptions: { removeOnComplete: true, removeOnFail: true } });
    this.worker = new Worker<OutboxJob>(OUTBOX_QUEUE, (job, token) => this.process(job, token), { connection: { url, retryStrategy }, prefix, concurrency: this.config.outbox.concurrency });
    // The queue's client failing (refused, dropped) is the first sign of an outage.
    this.queue.on('error', (error) => this.redisAway(error));
    this.worker.on('error', (error) => this.warn(error));
    this.unsubscribe = this.registry.onWake((message) => void this.add(message));
    this.timer = setInterval(() => void this.tick(), this.config.outbox.pollMs);
  }

  async stop(): Promise<void> {
    if (!this.worker) return;
    const worker = this.worker;
    const queue = this.queue!;
    this.closing = true;
    this.worker = null;
    this.queue = null;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    // The jobs in flight may finish; after the grace their sends are aborted and the rows given back.
    const abort = setTimeout(() => this.dispatcher.abortSends(), STOP_GRACE_MS);
    try {
      await within(worker.close(), STOP_GRACE_MS + CLOSE_LIMIT_MS, 'closing the outbox worker');
    } catch (error) {
      this.logger.warn(describeForLog(error).split('\n')[0]);
    } finally {
      clearTimeout(abort);
    }
    await within(queue.close(), CLOSE_LIMIT_MS, 'closing the outbox queue').catch((error: unknown) => this.logger.warn(describeForLog(error).split('\n')[0]));
    if (this.fallback) await this.dispatcher.stop();
    this.fallback = false;
  }

  /** A job for the message; false when Redis did not take it (the in-process loop then stands in). */
  private async add(message: Pick<OutboxMessage, 'id' | 'idempotencyKey'>): Promise<boolean> {
    const queue = this.queue;
    if (!queue) return false;
    try {
      await within(queue.add('deliver', { messageId: message.id }, { jobId: jobIdOf(message.idempotencyKey) }), REDIS_ANSWER_MS, 'adding an outbox job');
      return true;
    } catch (error) {
      this.redisAway(error);
      return false;
    }
  }

  /** One job: the message is dispatched; if it waits afterwards, the job waits with it. */
  private async process(job: Job<OutboxJob>, token?: string): Promise<void> {
    const id = job.data.messageId;
    const outcome = await this.dispatcher.dispatch(id);
    const row = await this.repository.dueIn(id);
    if (!row || (row.state !== 'queued' && row.state !== 'sending')) return;
    // Not due yet (a retry's wait, another sender's lease), or not claimable right now: look again then.
    const delay = Math.max(row.dueInMs, outcome === 'none' ? this.config.outbox.pollMs : 10);
    await job.moveToDelayed(Date.now() + Math.ceil(delay), token);
    throw new DelayedError();
  }

  private async tick(): Promise<void> {
    if (this.ticking || !this.queue) return;
    this.ticking = true;
    try {
      await this.dispatcher.housekeeping();
      this.ticks++;
      if (this.ticks % SWEEP_EVERY_POLLS === 0) await this.sweep();
    } catch (error) {
      this.logger.error(`Outbox sweep failed: ${describeForLog(error).split('\n')[0]}`);
    } finally {
      this.ticking = false;
    }
  }

  /** Every due row gets a job (an existing job of the same key stays as it is); while Redis is away, a probe whether it is back. */
  private async sweep(): Promise<void> {
    const queue = this.queue;
    if (!queue) return;
    if (this.fallback) {
      try {
        await within(queue.count(), REDIS_ANSWER_MS, 'probing Redis');
      } catch {
        return;
      }
      this.fallback = false;
      this.logger.log('Redis answers again: the outbox is back on BullMQ');
      await this.dispatcher.stop();
    }
    for (const row of await this.repository.due(SWEEP_BATCH)) if (!(await this.add(row))) return;
  }

  private redisAway(error: unknown): void {
    this.warn(error);
    if (this.fallback || !this.queue || this.closing) return;
    this.fallback = true;
    this.logger.warn('Redis does not answer: the outbox is worked off in-process until it is back');
    this.dispatcher.start();
  }

  private warn(error: unknown): void {
    if (Date.now() - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = Date.now();
    this.logger.warn(`Outbox queue: ${describeForLog(error).split('\n')[0]}`);
  }
}

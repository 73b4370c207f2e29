import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { describeForLog } from '../errors/exception.filter.js';
import { OutboxRecorder, shortError } from './outbox.recorder.js';
import { OutboxRegistry } from './outbox.registry.js';
import { OutboxRepository } from './outbox.repository.js';
import { type DeliveryResult, type OutboxMessage, type OutboxStats, PermanentDeliveryError } from './outbox.types.js';

/** Beyond the transport's own time limit, before a 'sending' row counts as abandoned. */
const LEASE_MARGIN_MS = 60_000;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 6 * 3600_000;
/** How long shutdown lets the current send finish before it is aborted and its row released. */
export const STOP_GRACE_MS = 5000;

/** Wait before attempt `n + 1` after `n` failed: base, ×4, ×16 … (30 s, 2 min, 8 min, 32 min, 2 h 8 min), at most 6 h, plus up to 10 % jitter. */
export function backoffMs(base: number, failedAttempts: number): number {
  const plain = Math.min(base * 4 ** Math.max(0, failedAttempts - 1), MAX_BACKOFF_MS);
  return Math.round(plain * (1 + Math.random() * 0.1));
}

/** What one dispatch did with the message it claimed; 'none' when nothing was due. */
export type DispatchOutcome = 'none' | 'sent' | 'submitted' | 'failed' | 'retry' | 'released' | 'lost';

/**
 * Sends the outbox's messages; one in every backend instance (PostgreSQL or PGlite). `dispatch`
 * claims one due message (`for update skip locked` + a lease, so two instances never take the same
 * row and a row abandoned by a crash is taken again after its lease), sends it through its channel's
 * transport and records the outcome with the owner's handlers in one transaction (OutboxRecorder).
 * It is the one code path of both ways to work the outbox off:
 *
 * - in-process (no REDIS_URL): OUTBOX_CONCURRENCY loops here each claim the oldest due message,
 *   idle they poll every OUTBOX_POLL_MS, a committed enqueue wakes them at once;
 * - BullMQ (REDIS_URL): outbox.queue.ts hands each message's job to `dispatch(id)`.
 *
 * Both fail submitted messages whose report deadline passed (`housekeeping`). On shutdown the
 * current send may finish (up to 5 s), else it is aborted and its row given back.
 */
@Injectable()
export class OutboxDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Outbox');
  private running = false;
  private loop: Promise<void> | null = null;
  private restartAfterStop = false;
  private stopping = new AbortController();
  private woken = false;
  private readonly sleepers = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private snapshot: OutboxStats = { queued: 0, failed: 0, oldestQueuedSeconds: 0, submitted: 0, oldestSubmittedSeconds: 0 };
  private lastHousekeeping = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: OutboxRegistry,
    private readonly repository: OutboxRepository,
    private readonly recorder: OutboxRecorder,
  ) {}

  /** Without REDIS_URL this dispatcher's own loop works the outbox off (with it, outbox.queue.ts). */
  onApplicationBootstrap(): void {
    if (!this.config.redisUrl) this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Starts the in-process loop (also a fallback while Redis is away, see outbox.queue.ts). */
  start(): void {
    if (this.loop) {
      // Asked again while stopping: start anew once the stop is through.
      if (!this.running) this.restartAfterStop = true;
      return;
    }
    this.running = true;
    this.unsubscribe = this.registry.onWake(() => this.wake());
    // OUTBOX_CONCURRENCY loops, each claiming its own message: a slow server holds up one of them.
    this.loop = Promise.all(Array.from({ length: this.config.outbox.concurrency }, () => this.run())).then(() => undefined);
  }

  async stop(): Promise<void> {
    if (!this.loop) return;
    this.running = false;
    this.unsubscribe?.();
    this.wake();
    const abort = setTimeout(() => this.abortSends(), STOP_GRACE_MS);
    try {
      await this.loop;
    } finally {
      clearTimeout(abort);
      this.loop = null;
    }
    if (this.restartAfterStop) {
      this.restartAfterStop = false;
      this.start();
    }
  }

  /** Aborts the sends in flight (shutdown): their rows are given back untried. Later sends are not affected. */
  abortSends(): void {
    const current = this.stopping;
    this.stopping = new AbortController();
    current.abort(new Error('shutdown'));
  }

  /** The latest counts, refreshed by housekeeping (the health report must answer without I/O). */
  status(): OutboxStats {
    return { ...this.snapshot };
  }

  /**
   * At most once per OUTBOX_POLL_MS: fails submitted messages whose report deadline passed and
   * refreshes the counts of status(). Errors are logged; the next pass tries again.
   */
  async housekeeping(): Promise<void> {
    if (Date.now() - this.lastHousekeeping < this.config.outbox.pollMs) return;
    this.lastHousekeeping = Date.now();
    try {
      await this.recorder.expireOverdue();
    } catch (error) {
      this.logger.error(`Outbox deadline pass failed: ${describeForLog(error).split('\n')[0]}`);
    }
    try {
      this.snapshot = await this.repository.stats();
    } catch {
      // Kept from the last pass; the database's trouble is logged by the passes themselves.
    }
  }

  /**
   * Claims one due message (the oldest of the channels with a transport, or only `only`), sends it
   * and records the outcome: sent, submitted (the provider reports later), failed for good, or
   * back to the queue for a later attempt. 'none' when no such message was due.
   */
  async dispatch(only?: string): Promise<DispatchOutcome> {
    const channels = this.registry.channels();
    if (!channels.length) return 'none';
    const leaseMs = Math.max(...channels.map((c) => this.registry.transportFor(c)!.timeLimitMs)) + LEASE_MARGIN_MS;
    const message = await this.repository.claim(channels, leaseMs, only);
    if (!message) return 'none';
    if (message.attempts > message.maxAttempts) {
      // Claimed again and again after abandoned sends (crashes while sending): no further try.
      return this.outcome(message, 'failed', await this.recorder.failed(message, 'interrupted too often: no attempt came back with an outcome'));
    }
    const transport = this.registry.transportFor(message.channel)!;
    const stopping = this.stopping.signal;
    const signal = AbortSignal.any([stopping, AbortSignal.timeout(transport.timeLimitMs)]);
    let result: DeliveryResult;
    try {
      result = await transport.send(message, signal);
    } catch (error) {
      if (stopping.aborted) {
        await this.repository.release(message);
        return 'released';
      }
      const text = shortError(error);
      if (error instanceof PermanentDeliveryError || message.attempts >= message.maxAttempts) return this.outcome(message, 'failed', await this.recorder.failed(message, text));
      const row = await this.repository.reschedule(message, text, backoffMs(this.config.outbox.backoffMs, message.attempts));
      return this.outcome(message, 'retry', row);
    }
    if (result.reportWithinMs !== undefined) return this.outcome(message, 'submitted', await this.recorder.submitted(message, { ...result, reportWithinMs: result.reportWithinMs }));
    return this.outcome(message, 'sent', await this.recorder.sent(message, result));
  }

  private outcome(message: OutboxMessage, outcome: DispatchOutcome, row: OutboxMessage | undefined): DispatchOutcome {
    if (row) return outcome;
    this.logger.warn(`Outbox message ${message.id} was taken over by another dispatcher before its outcome (${outcome}) was recorded`);
    return 'lost';
  }

  /** A committed enqueue: every idle loop looks again; a loop busy right now skips its next wait. */
  private wake(): void {
    this.woken = true;
    for (const wakeUp of [...this.sleepers]) wakeUp();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = (await this.dispatch()) !== 'none';
      } catch (error) {
        // The database is away or a bug: log, wait a poll interval, try again.
        this.logger.error(`Outbox pass failed: ${describeForLog(error).split('\n')[0]}`);
      }
      await this.housekeeping();
      if (this.running && !worked) await this.idle();
    }
  }

  private idle(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, this.config.outbox.pollMs);
      this.sleepers.add(done);
    });
  }
}

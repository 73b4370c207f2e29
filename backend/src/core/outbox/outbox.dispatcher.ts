import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { UnitOfWork } from '../db/unit-of-work.js';
import { describeForLog } from '../errors/exception.filter.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';
import { type DeliveryResult, type OutboxMessage, type OutboxStats, PermanentDeliveryError } from './outbox.types.js';

/** Beyond the transport's own time limit, before a 'sending' row counts as abandoned. */
const LEASE_MARGIN_MS = 60_000;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 6 * 3600_000;
/** How long shutdown lets the current send finish before it is aborted and its row released. */
const STOP_GRACE_MS = 5000;
/** `lastError` is shown to administrators: one short line. */
const MAX_ERROR_LENGTH = 300;

/** Wait before attempt `n + 1` after `n` failed: base, ×4, ×16 … (30 s, 2 min, 8 min, 32 min, 2 h 8 min), at most 6 h, plus up to 10 % jitter. */
export function backoffMs(base: number, failedAttempts: number): number {
  const plain = Math.min(base * 4 ** Math.max(0, failedAttempts - 1), MAX_BACKOFF_MS);
  return Math.round(plain * (1 + Math.random() * 0.1));
}

/** One line, short, with any `scheme://user:password@` credentials cut out. */
export function shortError(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  const safe = text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, '$1');
  return (safe || 'unknown error').slice(0, MAX_ERROR_LENGTH);
}

/**
 * The in-process worker of the outbox; one in every backend instance (PostgreSQL or PGlite). It
 * claims one due message at a time (`for update skip locked` + a lease, so two instances never
 * take the same row and a row abandoned by a crash is taken again after its lease), sends it
 * through its channel's transport and records the outcome with the owner's handlers in one
 * transaction. Idle, it polls every OUTBOX_POLL_MS; a committed enqueue wakes it at once. On
 * shutdown it lets the current send finish (up to 5 s), else aborts it and gives the row back.
 */
@Injectable()
export class OutboxDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Outbox');
  private running = false;
  private loop: Promise<void> | null = null;
  private stopping = new AbortController();
  private woken = false;
  private wakeUp: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private snapshot: OutboxStats = { queued: 0, failed: 0, oldestQueuedSeconds: 0 };
  private snapshotAt = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly repository: OutboxRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  onApplicationBootstrap(): void {
    this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.loop) return;
    this.running = true;
    this.stopping = new AbortController();
    this.unsubscribe = this.outbox.onWake(() => this.wake());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (!this.loop) return;
    this.running = false;
    this.unsubscribe?.();
    this.wake();
    const abort = setTimeout(() => this.stopping.abort(new Error('shutdown')), STOP_GRACE_MS);
    try {
      await this.loop;
    } finally {
      clearTimeout(abort);
      this.loop = null;
    }
  }

  /** The latest counts, refreshed by the loop (the health report must answer without I/O). */
  status(): OutboxStats {
    return { ...this.snapshot };
  }

  private wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.dispatchOne();
      } catch (error) {
        // The database is away or a bug: log, wait a poll interval, try again.
        this.logger.error(`Outbox pass failed: ${describeForLog(error).split('\n')[0]}`);
      }
      await this.refreshSnapshot();
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
        this.wakeUp = null;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, this.config.outbox.pollMs);
      this.wakeUp = done;
    });
  }

  private async refreshSnapshot(): Promise<void> {
    if (Date.now() - this.snapshotAt < this.config.outbox.pollMs) return;
    try {
      this.snapshot = await this.repository.stats();
      this.snapshotAt = Date.now();
    } catch {
      // Kept from the last pass; the pass's own failure is logged already.
    }
  }

  /** Claims, sends and records one message; false when none was due. */
  private async dispatchOne(): Promise<boolean> {
    const channels = this.outbox.channels();
    if (!channels.length) return false;
    const leaseMs = Math.max(...channels.map((c) => this.outbox.transportFor(c)!.timeLimitMs)) + LEASE_MARGIN_MS;
    const message = await this.repository.claim(channels, leaseMs);
    if (!message) return false;
    if (message.attempts > message.maxAttempts) {
      // Claimed again and again after abandoned sends (crashes while sending): no further try.
      await this.fail(message, 'interrupted too often: no attempt came back with an outcome');
      return true;
    }
    const transport = this.outbox.transportFor(message.channel)!;
    const signal = AbortSignal.any([this.stopping.signal, AbortSignal.timeout(transport.timeLimitMs)]);
    let result: DeliveryResult;
    try {
      result = await transport.send(message, signal);
    } catch (error) {
      if (this.stopping.signal.aborted) {
        await this.repository.release(message);
        return true;
      }
      const text = shortError(error);
      if (error instanceof PermanentDeliveryError || message.attempts >= message.maxAttempts) await this.fail(message, text);
      else await this.repository.reschedule(message, text, backoffMs(this.config.outbox.backoffMs, message.attempts));
      return true;
    }
    await this.settle(message, 'sent', async (handlers) => {
      const row = await this.repository.markSent(message, result.providerMessageId?.slice(0, 200) ?? null, result.note?.slice(0, MAX_ERROR_LENGTH) ?? null);
      if (row) await handlers?.onSent?.(row, result);
      return row;
    });
    return true;
  }

  private fail(message: OutboxMessage, error: string): Promise<void> {
    return this.settle(message, 'failed', async (handlers) => {
      const row = await this.repository.markFailed(message, error);
      if (row) await handlers?.onFailed?.(row, error);
      return row;
    });
  }

  /**
   * Records an outcome and the owner's handler in one transaction. A failing handler must not undo
   * the outcome (a sent message would be sent again): the outcome is then recorded alone.
   */
  private async settle(
    message: OutboxMessage,
    outcome: 'sent' | 'failed',
    record: (handlers: ReturnType<OutboxService['handlersFor']>) => Promise<OutboxMessage | undefined>,
  ): Promise<void> {
    const handlers = this.outbox.handlersFor(message.referenceKind);
    let row: OutboxMessage | undefined;
    try {
      row = await this.unitOfWork.run(() => record(handlers));
    } catch (error) {
      if (!handlers) throw error;
      this.logger.error(`Outbox handler of "${message.referenceKind}" failed for ${outcome} message ${message.id}: ${describeForLog(error).split('\n')[0]}`);
      row = await this.unitOfWork.run(() => record(undefined));
    }
    if (!row) this.logger.warn(`Outbox message ${message.id} was taken over by another dispatcher before its outcome (${outcome}) was recorded`);
  }
}

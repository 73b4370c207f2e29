import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { UnitOfWork } from '../db/unit-of-work.js';
import { OutboxRecorder } from './outbox.recorder.js';
import { OutboxRegistry } from './outbox.registry.js';
import { OutboxRepository } from './outbox.repository.js';
import type { EnqueueMessage, OutboxChannel, OutboxHandlers, OutboxListQuery, OutboxMessage, OutboxReport, OutboxReportResult, OutboxStats, OutboxTransport } from './outbox.types.js';

/** Letters, digits, '.', '_', '-': safe as a Message-ID's left part and as a file name. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * The one outbox of the suite's outgoing messages. `enqueue` writes a message in the caller's
 * unit of work (it commits or rolls back with the business write) and hands it, once committed, to
 * this instance's worker (the BullMQ queue with REDIS_URL, else the dispatcher's own loop); the
 * dispatcher (outbox.dispatcher.ts) sends it through its channel's transport and records the
 * outcome, calling the handlers registered for the message's reference kind:
 *
 *   await unitOfWork.run(async () => {
 *     const document = await documents.create(...);
 *     await outbox.enqueue({ channel: 'email', payload, idempotencyKey: `document-${document.id}`,
 *                            reference: { kind: 'document', id: document.id }, createdBy });
 *   });
 */
@Injectable()
export class OutboxService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: OutboxRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly registry: OutboxRegistry,
    private readonly recorder: OutboxRecorder,
  ) {}

  /**
   * Adds a message to the outbox inside the ambient unit of work (or on its own outside one). A key
   * already in the outbox adds nothing: the existing message is answered.
   */
  async enqueue<C extends OutboxChannel>(message: EnqueueMessage<C>): Promise<OutboxMessage> {
    const key = message.idempotencyKey ?? randomUUID();
    if (!IDEMPOTENCY_KEY.test(key)) throw new Error(`Invalid outbox idempotency key "${key.slice(0, 40)}"`);
    const maxAttempts = message.maxAttempts ?? this.config.outbox.maxAttempts;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error('maxAttempts must be a whole number of at least 1');
    const { message: row, created } = await this.repository.insert({
      channel: message.channel,
      idempotencyKey: key,
      payload: message.payload,
      maxAttempts,
      referenceKind: message.reference?.kind ?? null,
      referenceId: message.reference?.id ?? null,
      createdBy: message.createdBy ?? null,
    });
    if (created) this.unitOfWork.afterCommit(() => this.registry.wake(row));
    return row;
  }

  /**
   * "Erneut senden": queues a failed message again, with all its attempts and the same key (so the
   * same Message-ID), and tells its owner (`onRequeued`) in the same transaction. Joins the ambient
   * unit of work. Null when no failed message has this id. `payload`: the owner's corrected message
   * (e.g. a recipient's address fixed since), sent instead of the old one.
   */
  async retry(id: string, requestedBy: string | null = null, payload?: OutboxMessage['payload']): Promise<OutboxMessage | null> {
    return this.unitOfWork.run(async () => {
      const row = await this.repository.requeueFailed(id, payload);
      if (!row) return null;
      await this.registry.handlersFor(row.referenceKind)?.onRequeued?.(row, requestedBy);
      this.unitOfWork.afterCommit(() => this.registry.wake(row));
      return row;
    });
  }

  /**
   * A provider's delivery report of a submitted message (the fax gateway's callback), by our message
   * id and the provider's job: 'sent' or 'failed' with the provider's error code (kept as
   * `lastError`), recorded with the owner's onSent / onFailed in one transaction. A report that
   * matches the outcome already recorded changes nothing ('repeated'); another one for a finished
   * message is a 'conflict'; a job the message does not have is 'unknown'.
   */
  report(id: string, report: OutboxReport): Promise<OutboxReportResult> {
    return this.recorder.report(id, report);
  }

  async find(id: string): Promise<OutboxMessage | null> {
    return (await this.repository.find(id)) ?? null;
  }

  /** For the admin page and for an owner listing its messages (`reference`): newest first, `{ data, count }`. */
  list(query: OutboxListQuery = {}): Promise<{ data: OutboxMessage[]; count: number }> {
    return this.repository.list(query);
  }

  stats(): Promise<OutboxStats> {
    return this.repository.stats();
  }

  /** The owner of a reference kind hears of outcomes (see OutboxHandlers). One registration per kind. */
  registerHandlers(kind: string, handlers: OutboxHandlers): void {
    this.registry.addHandlers(kind, handlers);
  }

  /** The transport of a channel; messages of a channel without one stay queued. */
  registerTransport(transport: OutboxTransport): void {
    this.registry.addTransport(transport);
  }
}

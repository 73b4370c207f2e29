import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { UnitOfWork } from '../db/unit-of-work.js';
import { OutboxRepository } from './outbox.repository.js';
import type {
  EnqueueMessage,
  OutboxChannel,
  OutboxHandlers,
  OutboxListQuery,
  OutboxMessage,
  OutboxStats,
  OutboxTransport,
} from './outbox.types.js';

/** Letters, digits, '.', '_', '-': safe as a Message-ID's left part and as a file name. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * The one outbox of the suite's outgoing messages. `enqueue` writes a message in the caller's
 * unit of work (it commits or rolls back with the business write) and wakes the dispatcher once
 * committed; the dispatcher (outbox.dispatcher.ts) sends it through its channel's transport and
 * records the outcome, calling the handlers registered for the message's reference kind:
 *
 *   await unitOfWork.run(async () => {
 *     const document = await documents.create(...);
 *     await outbox.enqueue({ channel: 'email', payload, idempotencyKey: `document-${document.id}`,
 *                            reference: { kind: 'document', id: document.id }, createdBy });
 *   });
 */
@Injectable()
export class OutboxService {
  private readonly transports = new Map<OutboxChannel, OutboxTransport>();
  private readonly handlers = new Map<string, OutboxHandlers>();
  private readonly wakeListeners = new Set<() => void>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: OutboxRepository,
    private readonly unitOfWork: UnitOfWork,
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
    if (created) this.unitOfWork.afterCommit(() => this.wake());
    return row;
  }

  /**
   * "Erneut senden": queues a failed message again, with all its attempts and the same key (so the
   * same Message-ID). Joins the ambient unit of work. Null when no failed message has this id.
   */
  async retry(id: string): Promise<OutboxMessage | null> {
    const row = await this.repository.requeueFailed(id);
    if (row) this.unitOfWork.afterCommit(() => this.wake());
    return row ?? null;
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
    if (this.handlers.has(kind)) throw new Error(`Outbox handlers for "${kind}" are registered twice`);
    this.handlers.set(kind, handlers);
  }

  /** The transport of a channel; messages of a channel without one stay queued. */
  registerTransport(transport: OutboxTransport): void {
    if (this.transports.has(transport.channel)) throw new Error(`Outbox transport "${transport.channel}" is registered twice`);
    this.transports.set(transport.channel, transport);
  }

  /** @internal The dispatcher's view of the registrations. */
  transportFor(channel: OutboxChannel): OutboxTransport | undefined {
    return this.transports.get(channel);
  }

  /** @internal */
  channels(): OutboxChannel[] {
    return [...this.transports.keys()];
  }

  /** @internal */
  handlersFor(kind: string | null): OutboxHandlers | undefined {
    return kind === null ? undefined : this.handlers.get(kind);
  }

  /** @internal The dispatcher listens for committed enqueues. */
  onWake(listener: () => void): () => void {
    this.wakeListeners.add(listener);
    return () => this.wakeListeners.delete(listener);
  }

  private wake(): void {
    for (const listener of this.wakeListeners) listener();
  }
}

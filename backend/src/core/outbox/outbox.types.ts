import type { OutboxChannel, OutboxPayloads, OutboxState, outboxMessages } from '../../db/schema/outbox.js';

export type { EmailPayload, FaxPayload, OutboxAttachment, OutboxChannel, OutboxPayloads, OutboxState } from '../../db/schema/outbox.js';

/** A row of the outbox as the service answers it. */
export type OutboxMessage = typeof outboxMessages.$inferSelect;

/** What a message belongs to (kind + id, e.g. a prescription-request document): its owner's handlers are chosen by `kind`. */
export interface OutboxReference {
  kind: string;
  id: string;
}

/** A message to send: written in the caller's unit of work, sent after its commit. */
export interface EnqueueMessage<C extends OutboxChannel = OutboxChannel> {
  channel: C;
  payload: OutboxPayloads[C];
  /**
   * Unique per message and stable across attempts; it becomes the Message-ID (`<key@mediport>`).
   * Letters, digits, '.', '_' and '-', at most 200, starting with a letter or digit. A second
   * enqueue with a key already in the outbox adds nothing and answers the existing message.
   * Default: a random UUID.
   */
  idempotencyKey?: string;
  reference?: OutboxReference;
  createdBy?: string | null;
  /** Attempts before the message is 'failed' (default OUTBOX_MAX_ATTEMPTS). */
  maxAttempts?: number;
}

/** What a transport reports of a delivered message. */
export interface DeliveryResult {
  /** The provider's reference (an SMTP server's answer to the message, the .eml file), short. */
  providerMessageId: string | null;
  /** Something worth keeping although the message went out (recipients the server refused), short. */
  note?: string | null;
}

/**
 * Sends the messages of one channel. `send` resolves once the provider took the message; it
 * throws `PermanentDeliveryError` when retrying cannot help (the server refused the message for
 * good, an attachment is gone) and anything else for a failure worth retrying. Error messages are
 * stored as the message's `lastError`: short, without credentials. `send` must stop when `signal`
 * aborts, and on its own within `timeLimitMs`.
 */
export interface OutboxTransport<C extends OutboxChannel = OutboxChannel> {
  readonly channel: C;
  readonly timeLimitMs: number;
  send(message: OutboxMessage & { payload: OutboxPayloads[C] }, signal: AbortSignal): Promise<DeliveryResult>;
}

/** A refusal that no retry can change: the message is 'failed' at once. */
export class PermanentDeliveryError extends Error {}

/**
 * What the owner of a reference kind does with an outcome, e.g. write the task event "E-Mail wurde
 * versendet". Called inside the transaction that records the outcome: the owner's rows and the
 * outbox row commit together. When a handler throws, the outcome is recorded without it (and the
 * error logged): a delivered message is never sent again because its owner's bookkeeping failed.
 */
export interface OutboxHandlers {
  onSent?(message: OutboxMessage, result: DeliveryResult): Promise<void> | void;
  /** The message is 'failed' for good: refused, or out of attempts. `error` is its `lastError`. */
  onFailed?(message: OutboxMessage, error: string): Promise<void> | void;
}

/** The admin list's query; newest first. */
export interface OutboxListQuery {
  state?: OutboxState;
  channel?: OutboxChannel;
  reference?: Partial<OutboxReference>;
  offset?: number;
  limit?: number;
}

/** The outbox at a glance: messages waiting (queued or sending), failed ones, and how long the oldest waits. */
export interface OutboxStats {
  queued: number;
  failed: number;
  oldestQueuedSeconds: number;
}

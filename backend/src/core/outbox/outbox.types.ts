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
  /**
   * Set when the provider only took the message and reports its delivery later (the HTTP fax
   * gateway: `providerMessageId` is its job): the message is 'submitted' and waits this long for the
   * report (OutboxService.report); without one by then it is 'failed'.
   */
  reportWithinMs?: number;
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
  /**
   * The provider took the message and reports its delivery later ('submitted', e.g. a fax the
   * gateway accepted): `result.providerMessageId` is its job. The outcome follows as onSent or onFailed.
   */
  onSubmitted?(message: OutboxMessage, result: DeliveryResult): Promise<void> | void;
  /** Delivered: from the transport at once, or from the provider's report of a submitted message (then `result.providerMessageId` is the job). */
  onSent?(message: OutboxMessage, result: DeliveryResult): Promise<void> | void;
  /** The message is 'failed' for good: refused, or out of attempts. `error` is its `lastError`. */
  onFailed?(message: OutboxMessage, error: string): Promise<void> | void;
  /**
   * A failed message is queued again ("Erneut senden", from the owner's page or the outbox page):
   * the owner takes back its failure, in the same transaction as the requeue. `requestedBy` is the
   * user who asked. Unlike the outcome handlers, an error here rolls the requeue back.
   */
  onRequeued?(message: OutboxMessage, requestedBy: string | null): Promise<void> | void;
}

/** The admin list's query; newest first. */
export interface OutboxListQuery {
  state?: OutboxState;
  channel?: OutboxChannel;
  /** Part of a recipient, of the subject or of the faxed document's name (case-insensitive). */
  text?: string;
  reference?: Partial<OutboxReference>;
  offset?: number;
  limit?: number;
}

/**
 * The outbox at a glance: messages waiting to be sent (queued or sending) and how long the oldest
 * waits; messages a provider took whose delivery report is awaited (submitted) and the oldest of
 * those; failed ones.
 */
export interface OutboxStats {
  queued: number;
  failed: number;
  oldestQueuedSeconds: number;
  submitted: number;
  oldestSubmittedSeconds: number;
}

/** How this instance works off the outbox: a BullMQ worker (REDIS_URL) or its own polling loop. */
export type OutboxMode = 'bullmq' | 'in-process';

/** A provider's delivery report of a submitted message: its job, and delivered or the provider's error code. */
export type OutboxReport = { providerMessageId: string; outcome: 'sent' } | { providerMessageId: string; outcome: 'failed'; error: string };

/**
 * What a report did: `recorded` the outcome; `repeated` the message had this very outcome already
 * (nothing changed); `conflict` it has finished otherwise; `unknown` no submitted or finished
 * message with this id has this job.
 */
export type OutboxReportResult = 'recorded' | 'repeated' | 'conflict' | 'unknown';

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A file of the FileStore sent along with a message: read by id at send time, never stored inline. */
export interface OutboxAttachment {
  fileId: string;
  /** The name the recipient sees. */
  name: string;
}

/** An e-mail: addresses, subject, plain text and/or HTML, attachments from the FileStore. */
export interface EmailPayload {
  to: string[];
  cc?: string[];
  bcc?: string[];
  replyTo?: string;
  subject: string;
  text?: string;
  html?: string;
  attachments?: OutboxAttachment[];
}

/** A fax: the number and one document of the FileStore. Waits 'queued' until a fax transport registers. */
export interface FaxPayload {
  to: string;
  fileId: string;
  name: string;
}

/** The payload of each channel. A new channel adds its entry here and registers a transport. */
export interface OutboxPayloads {
  email: EmailPayload;
  fax: FaxPayload;
}

export type OutboxChannel = keyof OutboxPayloads;
/**
 * queued → sending → sent | failed, or, for a provider that reports the delivery later (the HTTP
 * fax gateway), sending → submitted → sent | failed.
 */
export type OutboxState = 'queued' | 'sending' | 'submitted' | 'sent' | 'failed';

/**
 * The outbox of outgoing messages (e-mail, fax). A business write inserts its messages in
 * the same transaction; the dispatcher of any instance sends them later and records the outcome.
 * While 'sending', `next_attempt_at` is the end of the sender's lease: a row still 'sending' after
 * it was abandoned (crash) and is picked again. While 'submitted' (a provider took it and reports
 * the delivery later), `next_attempt_at` is the deadline of that report and `provider_message_id`
 * the provider's job. The idempotency key is the Message-ID of every attempt. `reference_kind` +
 * `reference_id` name what the message belongs to (a document, …).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique('outbox_messages_idempotency_key_unique'),
    payload: jsonb('payload').$type<OutboxPayloads[OutboxChannel]>().notNull(),
    state: text('state').$type<OutboxState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    referenceKind: text('reference_kind'),
    referenceId: uuid('reference_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The dispatcher's pick: due rows waiting or with an expired lease, oldest due first.
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('queued', 'sending')`),
    // Depth, failed count and the admin list by state, newest first.
    index('outbox_messages_state_created_idx').on(t.state, t.createdAt),
    // A document (or whatever owns the messages) finds its messages.
    index('outbox_messages_reference_idx').on(t.referenceKind, t.referenceId, t.createdAt),
  ],
);

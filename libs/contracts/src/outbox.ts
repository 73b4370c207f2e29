/**
 * The outbox as administrators see it (/v3/postausgang): every outgoing e-mail and fax with its
 * state, attempts and last error, and "Erneut senden" for a failed one.
 */

/** States of an outgoing message. 'submitted': a fax gateway took the fax, its delivery report is awaited. */
export const OUTBOX_STATES = ['queued', 'sending', 'submitted', 'sent', 'failed'] as const;
export type OutboxStateName = (typeof OUTBOX_STATES)[number];

export const OUTBOX_CHANNELS = ['email', 'fax'] as const;
export type OutboxChannelName = (typeof OUTBOX_CHANNELS)[number];

export const OUTBOX_STATE_LABELS: Record<OutboxStateName, string> = {
  queued: 'Wartet',
  sending: 'Wird gesendet',
  submitted: 'Zustellbericht ausstehend',
  sent: 'Gesendet',
  failed: 'Fehlgeschlagen',
};

export const OUTBOX_CHANNEL_LABELS: Record<OutboxChannelName, string> = { email: 'E-Mail', fax: 'Fax' };

/** What a message belongs to, by its owner's kind. */
export const OUTBOX_REFERENCE_LABELS: Record<string, string> = { document: 'Rezeptanforderung' };

/** One row of GET /api/outbox. Recipient and subject only: bodies and attachments stay in the outbox. */
export interface OutboxMessageDto {
  _id: string;
  channel: OutboxChannelName;
  state: OutboxStateName;
  /** E-mail addresses, or the fax number. */
  to: string;
  /** The e-mail's subject, or the faxed document's name. */
  subject: string;
  attempts: number;
  maxAttempts: number;
  /** Queued: when the next attempt is due; submitted: until when the report is awaited. */
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  createdBy: string | null;
  reference: { kind: string; id: string } | null;
}

/** The outbox at a glance, beside the list: waiting (queued or sending), failed, and faxes whose report is awaited. */
export interface OutboxSummaryDto {
  queued: number;
  failed: number;
  oldestQueuedSeconds: number;
  submitted: number;
  oldestSubmittedSeconds: number;
}

/** GET /api/outbox: newest first, with the summary of the whole outbox. */
export interface OutboxListResponse {
  data: OutboxMessageDto[];
  count: number;
  summary: OutboxSummaryDto;
}

export interface OutboxRetryResponse {
  message: string;
  item: OutboxMessageDto;
}

export const OUTBOX_MESSAGES = {
  retried: 'Die Nachricht wird erneut gesendet.',
  notFailed: 'Nur fehlgeschlagene Nachrichten können erneut gesendet werden.',
} as const;

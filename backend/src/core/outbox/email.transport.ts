import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type NodemailerError, type SendMailOptions, type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { FilesService } from '../files/files.service.js';
import { shortError } from './outbox.recorder.js';
import { type DeliveryResult, type EmailPayload, type OutboxMessage, type OutboxTransport, PermanentDeliveryError } from './outbox.types.js';

/** The domain of every Message-ID: `<idempotency-key@mediport>`, the same on every attempt. */
export const MESSAGE_ID_DOMAIN = 'mediport';

export function messageIdOf(idempotencyKey: string): string {
  return `<${idempotencyKey}@${MESSAGE_ID_DOMAIN}>`;
}

/**
 * E-mail through nodemailer: to SMTP_URL (STARTTLS when the server offers it; connecting, the
 * greeting and every silence of the server limited to SMTP_TIMEOUT_MS, so a hanging server is a
 * failure worth retrying), or without SMTP_URL as `DATA_DIR/outbox/<key>.eml`, which counts as sent.
 * Attachments are read from the FileStore at send time. A refusal of the message or its recipients
 * with an SMTP 5xx answer is permanent; timeouts, refused connections and 4xx answers are retried.
 */
@Injectable()
export class EmailTransport implements OutboxTransport<'email'>, OnApplicationShutdown {
  readonly channel = 'email' as const;
  /** Connect + greeting + a dozen silences at most: a send that takes longer is cut off and retried. */
  readonly timeLimitMs: number;
  private readonly smtp: Transporter | null;
  private readonly files: Transporter;
  private readonly emlDir: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fileStore: FilesService,
  ) {
    const { smtpUrl, timeoutMs } = config.mail;
    this.timeLimitMs = Math.max(60_000, timeoutMs * 12);
    // Attachments come as buffers from the FileStore: nodemailer itself reads no file and no URL.
    const hardening = { disableFileAccess: true, disableUrlAccess: true };
    this.smtp = smtpUrl
      ? createTransport({
          url: smtpUrl,
          // Connections are kept open and reused (as many as messages go out at once): a new
          // connection per mail costs a handshake, and servers may delay their greeting.
          pool: true,
          maxConnections: config.outbox.concurrency,
          maxMessages: 100,
          // A connection that drops while sending fails the attempt: the outbox counts and retries
          // it (with its backoff and attempt limit), the pool never sends it again on its own.
          maxRequeues: 0,
          connectionTimeout: timeoutMs,
          greetingTimeout: timeoutMs,
          socketTimeout: timeoutMs,
          dnsTimeout: timeoutMs,
          ...hardening,
        })
      : null;
    this.files = createTransport({ streamTransport: true, buffer: true, newline: 'unix', ...hardening });
    this.emlDir = path.join(config.dataDir, 'outbox');
  }

  /**
   * After every onModuleDestroy: the dispatcher's shutdown (its grace period, then the abort that
   * gives an unfinished message back untried) must end before the pool's connections close, or the
   * closing pool fails the send as an attempt.
   */
  onApplicationShutdown(): void {
    this.smtp?.close();
  }

  async send(message: OutboxMessage & { payload: EmailPayload }, signal: AbortSignal): Promise<DeliveryResult> {
    const mail = await this.compose(message);
    if (!this.smtp) return this.writeEml(message, mail);
    try {
      const info = await this.smtp.sendMail({ ...mail, signal });
      const rejected = (info.rejected as string[] | undefined) ?? [];
      return {
        providerMessageId: typeof info.response === 'string' ? shortError(info.response) : null,
        note: rejected.length ? `rejected: ${rejected.join(', ')}` : null,
      };
    } catch (error) {
      throw deliveryError(error as NodemailerError);
    }
  }

  private async compose(message: OutboxMessage & { payload: EmailPayload }): Promise<SendMailOptions> {
    const p = message.payload;
    const attachments = [];
    for (const attachment of p.attachments ?? []) {
      const stored = await this.fileStore.read(attachment.fileId);
      if (!stored) throw new PermanentDeliveryError(`attachment ${attachment.fileId} is no longer in the file store`);
      attachments.push({ filename: attachment.name, content: stored.data, contentType: stored.row.mimeType });
    }
    return {
      from: this.config.mail.from,
      to: p.to,
      cc: p.cc,
      bcc: p.bcc,
      replyTo: p.replyTo,
      subject: p.subject,
      text: p.text,
      html: p.html,
      attachments,
      messageId: messageIdOf(message.idempotencyKey),
    };
  }

  /** Written under a temporary name and renamed: a reader never sees half a message, a second write replaces the first. */
  private async writeEml(message: OutboxMessage, mail: SendMailOptions): Promise<DeliveryResult> {
    const info = await this.files.sendMail(mail);
    await mkdir(this.emlDir, { recursive: true });
    const name = `${message.idempotencyKey}.eml`;
    const file = path.join(this.emlDir, name);
    await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    return { providerMessageId: `outbox/${name}` };
  }
}

/**
 * Permanent: the server refused the envelope (all recipients) or the message with a 5xx answer
 * (nodemailer marks those `permanent`), or the envelope has no recipient at all. Everything else
 * (4xx, timeouts, refused or dropped connections, TLS and login trouble) is retried: it can be
 * mended on the server's side or in the configuration while the message waits.
 */
function deliveryError(error: NodemailerError): Error {
  const envelopeOrMessage = error.code === 'EENVELOPE' || error.code === 'EMESSAGE';
  const text = shortError(error.response ?? `${error.code ?? 'ERROR'}${error.timeoutType ? ` ${error.timeoutType}` : ''}: ${error.message}`);
  const permanent = envelopeOrMessage && (error.permanent === true || (error.code === 'EENVELOPE' && error.responseCode === undefined));
  return permanent ? new PermanentDeliveryError(text) : new Error(text);
}

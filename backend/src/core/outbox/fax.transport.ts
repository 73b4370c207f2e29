import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { FilesService } from '../files/files.service.js';
import { EmailTransport } from './email.transport.js';
import { HttpFaxGateway } from './http-fax.gateway.js';
import { type DeliveryResult, type FaxPayload, type OutboxMessage, type OutboxTransport, PermanentDeliveryError } from './outbox.types.js';

/**
 * A German or international fax number in E.164 (`+4930123456`): separators dropped, `00` and a
 * leading `+` kept as the country prefix, a national number (leading 0) taken as German. Null
 * when it cannot be one (too short or too long, letters).
 */
export function e164(number: string): string | null {
  const compact = number.replace(/[\s\-/().]/g, '');
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (compact.startsWith('0')) digits = `49${compact.slice(1)}`;
  else return null;
  return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
}

/**
 * Faxes: the PDF to the number in E.164, by the first of these that is configured:
 * - FAX_GATEWAY_URL: to the HTTP fax gateway (http-fax.gateway.ts); the fax is 'submitted' until
 *   the gateway's signed delivery report arrives at POST /api/fax/callback;
 * - FAX_MAIL_DOMAIN: as an e-mail to the mail-to-fax gateway (`<number without +>@<domain>`, the
 *   PDF attached) through the e-mail transport, so it is sent, refused or retried exactly like an e-mail;
 * - else written as `DATA_DIR/outbox/<key>_<number>.pdf`, which counts as sent.
 * A number that cannot be one is refused for good.
 */
@Injectable()
export class FaxTransport implements OutboxTransport<'fax'> {
  readonly channel = 'fax' as const;
  readonly timeLimitMs: number;
  private readonly dir: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: FilesService,
    private readonly email: EmailTransport,
    private readonly gateway: HttpFaxGateway,
  ) {
    this.timeLimitMs = config.fax.gatewayUrl ? gateway.timeLimitMs : email.timeLimitMs;
    this.dir = path.join(config.dataDir, 'outbox');
  }

  async send(message: OutboxMessage & { payload: FaxPayload }, signal: AbortSignal): Promise<DeliveryResult> {
    const number = e164(message.payload.to);
    if (!number) throw new PermanentDeliveryError(`not a fax number: ${message.payload.to.slice(0, 40)}`);
    if (this.config.fax.gatewayUrl) return this.gateway.submit(message, number, signal);
    const domain = this.config.mail.faxMailDomain;
    if (domain) {
      const payload = { to: [`${number.slice(1)}@${domain}`], subject: `Fax an ${number}`, text: '', attachments: [{ fileId: message.payload.fileId, name: message.payload.name }] };
      return this.email.send({ ...message, payload } as OutboxMessage & { payload: typeof payload }, signal);
    }
    const stored = await this.files.read(message.payload.fileId);
    if (!stored) throw new PermanentDeliveryError(`document ${message.payload.fileId} is no longer in the file store`);
    await mkdir(this.dir, { recursive: true });
    const name = `${message.idempotencyKey}_${number}.pdf`;
    const file = path.join(this.dir, name);
    // Written under a temporary name and renamed: a reader never sees half a document.
    await writeFile(`${file}.tmp`, stored.data, { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    return { providerMessageId: `outbox/${name}` };
  }
}

import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { FilesService } from '../files/files.service.js';
import { shortError } from './outbox.recorder.js';
import { type DeliveryResult, type FaxPayload, type OutboxMessage, PermanentDeliveryError } from './outbox.types.js';

/** A job id as the gateway may answer it: visible ASCII, at most 200 characters. */
const JOB_ID = /^[\x21-\x7e]{1,200}$/;
/** Client errors that say "later", not "never". */
const TRANSIENT_CLIENT_ERRORS = new Set([408, 425, 429]);

/**
 * The gateway's Idempotency-Key of a message: its outbox key, so a repeat of the same send (after
 * a timeout or a crash) is recognised by the gateway and answered with the job it already has. A
 * message sent again after a failed job ("Erneut senden") must become a new job: its key then
 * carries a digest of that earlier job (`provider_message_id`), which stays until a new job is
 * recorded, so the repeats of this round still share one key.
 */
export function gatewayIdempotencyKey(message: Pick<OutboxMessage, 'idempotencyKey' | 'providerMessageId'>): string {
  if (!message.providerMessageId) return message.idempotencyKey;
  return `${message.idempotencyKey}.${createHash('sha256').update(message.providerMessageId).digest('base64url').slice(0, 16)}`;
}

/**
 * An HTTP fax gateway (docs/decisions/fax-gateway.md): POST FAX_GATEWAY_URL with
 * `Authorization: Bearer FAX_GATEWAY_TOKEN`, `Idempotency-Key` and the JSON
 * `{ to: '+4930…', reference: <message id>, document: { name, contentType: 'application/pdf', data: <base64> } }`;
 * a 2xx answer `{ jobId }` means the gateway took the fax, and its signed delivery report arrives
 * later at POST /api/fax/callback. A 4xx answer (but 408, 425, 429) refuses the fax for good;
 * 5xx answers, timeouts and unreachable gateways are retried.
 */
@Injectable()
export class HttpFaxGateway {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: FilesService,
  ) {}

  get timeLimitMs(): number {
    return this.config.fax.timeoutMs;
  }

  async submit(message: OutboxMessage & { payload: FaxPayload }, number: string, signal: AbortSignal): Promise<DeliveryResult> {
    const { gatewayUrl, gatewayToken, reportTimeoutMs } = this.config.fax;
    const stored = await this.files.read(message.payload.fileId);
    if (!stored) throw new PermanentDeliveryError(`document ${message.payload.fileId} is no longer in the file store`);
    const body = JSON.stringify({ to: number, reference: message.id, document: { name: message.payload.name, contentType: 'application/pdf', data: stored.data.toString('base64') } });
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': gatewayIdempotencyKey(message) };
    if (gatewayToken) headers.authorization = `Bearer ${gatewayToken}`;
    let response: Response;
    try {
      response = await fetch(gatewayUrl!, { method: 'POST', headers, body, signal, redirect: 'error' });
    } catch (error) {
      throw new Error(`fax gateway unreachable: ${describeFetchError(error, signal)}`);
    }
    const text = await response.text().catch(() => '');
    if (response.ok) {
      const jobId = jobIdOf(text);
      if (!jobId) throw new Error(`fax gateway answered ${response.status} without a job id`);
      return { providerMessageId: jobId, reportWithinMs: reportTimeoutMs };
    }
    const detail = `fax gateway answered ${response.status}${reasonOf(text)}`;
    if (response.status >= 400 && response.status < 500 && !TRANSIENT_CLIENT_ERRORS.has(response.status)) throw new PermanentDeliveryError(detail);
    throw new Error(detail);
  }
}

function jobIdOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { jobId?: unknown };
    return typeof body.jobId === 'string' && JOB_ID.test(body.jobId) ? body.jobId : null;
  } catch {
    return null;
  }
}

/** The gateway's own words for a refusal (`error` or `message` of a JSON body), short. */
function reasonOf(text: string): string {
  let reason = '';
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const value = body.error ?? body.message;
    if (typeof value === 'string') reason = value;
  } catch {
    reason = '';
  }
  return reason ? `: ${shortError(reason).slice(0, 200)}` : '';
}

/** "timeout after …", "ECONNREFUSED", … without the URL (it may carry credentials). */
function describeFetchError(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return signal.reason instanceof Error && signal.reason.name === 'TimeoutError' ? 'no answer in time' : 'aborted';
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  return shortError(typeof cause?.message === 'string' ? cause.message : error);
}

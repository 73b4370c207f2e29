import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type CanActivate, type ExecutionContext, Inject, Injectable, type RawBodyRequest } from '@nestjs/common';
import { FAX_CALLBACK_MESSAGES, FAX_SIGNATURE_HEADER } from '@mediport/contracts/fax';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { AppError } from '../../core/errors/app-error.js';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Lets a delivery report through only with `X-Fax-Signature: sha256=<hex HMAC-SHA256 of the raw
 * body with FAX_CALLBACK_SECRET>`, compared in constant time; runs before the body is validated,
 * so an unsigned caller learns nothing about the body's rules. 401 otherwise (also while no
 * secret is configured).
 */
@Injectable()
export class FaxSignatureGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RawBodyRequest<IncomingMessage>>();
    const secret = this.config.fax.callbackSecret;
    const given = SIGNATURE.exec(String(request.headers[FAX_SIGNATURE_HEADER] ?? '').trim());
    if (!secret || !given || !request.rawBody) throw unsigned();
    const expected = createHmac('sha256', secret).update(request.rawBody).digest();
    const actual = Buffer.from(given[1]!, 'hex');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw unsigned();
    return true;
  }
}

function unsigned(): AppError {
  return new AppError(401, [{ code: 'unauthenticated', message: FAX_CALLBACK_MESSAGES.signature }]);
}

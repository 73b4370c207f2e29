import { randomUUID } from 'node:crypto';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { API_MESSAGES, type ApiErrorBody, type ApiErrorEntry } from '@mediport/contracts';
import { AppError } from './app-error.js';

const STATUS_MESSAGES: Record<number, ApiErrorEntry> = {
  400: { code: 'invalid', message: API_MESSAGES.invalidInput },
  401: { code: 'unauthenticated', message: API_MESSAGES.unauthenticated },
  403: { code: 'forbidden', message: API_MESSAGES.forbidden },
  404: { code: 'not_found', message: API_MESSAGES.notFound },
  413: { code: 'payload_too_large', message: 'Die Datei ist zu groß.' },
  415: { code: 'unsupported_media_type', message: 'Dieser Dateityp wird nicht unterstützt.' },
  429: { code: 'throttled', message: API_MESSAGES.throttled },
};

/** Body-parser and similar middleware errors carry an HTTP status of 4xx; they are the client's fault. */
function clientErrorStatus(error: unknown): number | null {
  if (!error || typeof error !== 'object') return null;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** Maps any error to `{ statusCode, errors: [{ path?, message, code? }] }`. */
export function toErrorBody(error: unknown, logger: Logger): ApiErrorBody {
  if (error instanceof AppError) return { statusCode: error.status, errors: error.errors };
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status < 500) return { statusCode: status, errors: [STATUS_MESSAGES[status] ?? { code: 'invalid', message: API_MESSAGES.invalidInput }] };
  } else {
    const status = clientErrorStatus(error);
    if (status) return { statusCode: status, errors: [STATUS_MESSAGES[status] ?? { code: 'invalid', message: API_MESSAGES.invalidInput }] };
  }
  const correlationId = randomUUID();
  logger.error(`Unexpected error ${correlationId}`, error instanceof Error ? error.stack : String(error));
  return { statusCode: 500, errors: [{ code: 'internal', message: API_MESSAGES.internal }], correlationId };
}

@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost) {
    if (host.getType() !== 'http') return;
    const res = host.switchToHttp().getResponse<Response>();
    const body = toErrorBody(error, this.logger);
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }
}

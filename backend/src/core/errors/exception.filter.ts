import { randomUUID } from 'node:crypto';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { API_MESSAGES, type ApiErrorBody, type ApiErrorEntry } from '@mediport/contracts';
import { currentRequestId, requestIdOf } from '../observability/request-id.middleware.js';
import { AppError } from './app-error.js';

const STATUS_MESSAGES: Record<number, ApiErrorEntry> = {
  400: { code: 'invalid', message: API_MESSAGES.invalidInput },
  401: { code: 'unauthenticated', message: API_MESSAGES.unauthenticated },
  403: { code: 'forbidden', message: API_MESSAGES.forbidden },
  404: { code: 'not_found', message: API_MESSAGES.notFound },
  // Nest's 413 comes from multer's LIMIT_FILE_SIZE: an upload. A too-large body is BODY_TOO_LARGE.
  413: { code: 'payload_too_large', message: 'Die Datei ist zu groß.' },
  415: { code: 'unsupported_media_type', message: 'Dieser Dateityp wird nicht unterstützt.' },
  429: { code: 'throttled', message: API_MESSAGES.throttled },
};

const BODY_TOO_LARGE: ApiErrorEntry = { code: 'payload_too_large', message: API_MESSAGES.requestTooLarge };

/** body-parser's error types for a body over its limit (bytes, or urlencoded parameters). */
const TOO_LARGE_TYPES = new Set(['entity.too.large', 'parameters.too.many']);

/**
 * PostgreSQL errors that are the client's fault (a value the input checks should have refused).
 * A last safety net, not the defence: each one is still logged, so the missing check gets added.
 *   22P05 untranslatable character (NUL), 22021 invalid byte sequence, 22001 string too long,
 *   22P02 invalid text representation (e.g. not a uuid), 22003 number out of range,
 *   22007 / 22008 invalid or out-of-range date/time, 23503 foreign key (an unknown id was sent).
 */
const CLIENT_FAULT_SQLSTATES = new Set(['22P05', '22021', '22001', '22P02', '22003', '22007', '22008', '23503']);

function messageFor(status: number): ApiErrorEntry {
  return STATUS_MESSAGES[status] ?? { code: 'invalid', message: API_MESSAGES.invalidInput };
}

/** Body-parser and similar middleware errors carry an HTTP status of 4xx; they are the client's fault. */
function clientErrorStatus(error: unknown): number | null {
  if (!error || typeof error !== 'object') return null;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** What may be logged of a database error: its SQLSTATE and the names of what it hit, never values. */
export interface DatabaseErrorInfo {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/**
 * The PostgreSQL error in `error` or its cause chain (DrizzleQueryError wraps the driver's error;
 * pg and PGlite both carry `code` and `severity`).
 */
export function databaseErrorOf(error: unknown): DatabaseErrorInfo | null {
  let current: unknown = error;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    const e = current as { code?: unknown; severity?: unknown; constraint?: unknown; table?: unknown; column?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string') {
      const name = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
      return { code: e.code, constraint: name(e.constraint), table: name(e.table), column: name(e.column) };
    }
    current = e.cause;
  }
  return null;
}

/** drizzle's DrizzleQueryError: its message and stack hold the SQL text and the parameter values (password hashes too). */
function isQueryError(error: unknown): boolean {
  return error instanceof Error && 'query' in error && 'params' in error;
}

/**
 * One log line of an unexpected error, with nothing a client sent or the database holds: for a
 * database error its class, SQLSTATE and constraint/table/column names; otherwise the stack, with
 * any "Failed query: ... params: ..." text cut out.
 */
export function describeForLog(error: unknown): string {
  const className = error instanceof Error ? error.constructor.name : typeof error;
  const db = databaseErrorOf(error);
  if (db) {
    const parts = [`code=${db.code}`, db.constraint && `constraint=${db.constraint}`, db.table && `table=${db.table}`, db.column && `column=${db.column}`].filter(Boolean);
    return `${className} (${parts.join(' ')})`;
  }
  if (isQueryError(error)) return `${className} (no SQLSTATE)`;
  const text = error instanceof Error ? (error.stack ?? `${className}: ${error.message}`) : String(error);
  return text.replace(/Failed query:[\s\S]*?(?=\n\s+at |$)/, 'Failed query: [redacted]');
}

/**
 * Maps any error to `{ statusCode, errors: [{ path?, message, code? }] }`. The correlation id of a
 * 500 is the request's id (x-request-id, also in the access log); without one a fresh UUID.
 */
export function toErrorBody(error: unknown, logger: Logger, requestId?: string): ApiErrorBody {
  if (error instanceof AppError) return { statusCode: error.status, errors: error.errors };
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status < 500) return { statusCode: status, errors: [messageFor(status)] };
  } else {
    const status = clientErrorStatus(error);
    if (status) {
      const type = (error as { type?: unknown }).type;
      return { statusCode: status, errors: [status === 413 && typeof type === 'string' && TOO_LARGE_TYPES.has(type) ? BODY_TOO_LARGE : messageFor(status)] };
    }
  }
  const correlationId = requestId ?? currentRequestId() ?? randomUUID();
  const db = databaseErrorOf(error);
  if (db && CLIENT_FAULT_SQLSTATES.has(db.code)) {
    logger.warn(`Database refused client input ${correlationId}: ${describeForLog(error)}`);
    return { statusCode: 400, errors: [{ code: 'invalid', message: API_MESSAGES.invalidInput }], correlationId };
  }
  logger.error(`Unexpected error ${correlationId}: ${describeForLog(error)}`);
  return { statusCode: 500, errors: [{ code: 'internal', message: API_MESSAGES.internal }], correlationId };
}

@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost) {
    if (host.getType() !== 'http') return;
    const res = host.switchToHttp().getResponse<Response>();
    const body = toErrorBody(error, this.logger, requestIdOf(host.switchToHttp().getRequest<Request>()));
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }
}

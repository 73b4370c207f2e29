import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller (load balancer, client) may pass as request id: short and safe to log and echo. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request of the current async context, so log lines and error answers far from `req` carry its id. */
const context = new AsyncLocalStorage<{ requestId: string }>();

export function isValidRequestId(value: unknown): value is string {
  return typeof value === 'string' && VALID_REQUEST_ID.test(value);
}

/** The request's id (set by `requestId`); undefined before that middleware ran. */
export function requestIdOf(req: IncomingMessage): string | undefined {
  const id = (req as IncomingMessage & { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
}

/** The id of the request being handled in this async context, if any (body-parser callbacks may lose it). */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/**
 * Takes the caller's `x-request-id` when it is valid (at most 64 of [A-Za-z0-9._-]), else makes a
 * UUID; stores it as `req.id` (pino-http reuses it), answers it in `x-request-id` and runs the rest
 * of the request inside its async context.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.headers[REQUEST_ID_HEADER];
  const id = isValidRequestId(given) ? given : randomUUID();
  (req as typeof req & { id: string }).id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  context.run({ requestId: id }, next);
};

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller (load balancer, client) may pass as request id: short and safe to log and echo. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request of the current async context, so log lines and error answers far from `req` carry its id. */
const context = new AsyncLocalStorage<{ requestId: string }>();

export function isValidRequestId(value: unknown): value is string {
  return typeof value === 'string' && VALID_REQUEST_ID.test(value);
}

/** The request's id (set by `observeRequests`); undefined before that middleware ran. */
export function requestIdOf(req: IncomingMessage): string | undefined {
  const id = (req as IncomingMessage & { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
}

/** The id of the request being handled in this async context, if any (body-parser callbacks may lose it). */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** The caller's `x-request-id` when it is valid (at most 64 of [A-Za-z0-9._-]), else a fresh UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return isValidRequestId(given) ? given : randomUUID();
}

/** Runs `fn` (the rest of a request) inside the request's async context, so log lines far from `req` carry its id. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId }, fn);
}

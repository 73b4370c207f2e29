import type { Request } from 'express';
import type { Level } from 'pino';
import type { AuthedRequest } from '../auth/current-auth.decorator.js';
import type { AppLogger } from './logger.js';

/** Probes and scrapes every few seconds: logged at debug so they do not drown the access log. */
const QUIET_ROUTES = new Set(['/api/health', '/api/health/ready', '/metrics']);

/**
 * The one access log line of a request, and everything in it. Deliberately an allow-list: no URL
 * (query values), no headers (token, cookies), no body, no names; the user appears by id only.
 */
export interface AccessLogEntry {
  requestId: string | undefined;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  userId?: string;
  aborted?: true;
}

/** 5xx at warn (the error itself is logged at error by the exception filter, with this request id). */
function levelOf(route: string, status: number): Level {
  if (status >= 500) return 'warn';
  return QUIET_ROUTES.has(route) ? 'debug' : 'info';
}

/**
 * Writes the access log line of a finished (or aborted) request: `{ requestId, method, route,
 * status, durationMs, userId? , aborted? }` and the message `GET /api/users/:id 200`. Built only
 * when its level is enabled; the entry is an allow-list, so nothing else of the request can leak.
 */
export function logAccess(logger: AppLogger, req: Request, requestId: string | undefined, route: string, status: number, durationMs: number, finished: boolean): void {
  const level = levelOf(route, status);
  if (!logger.isLevelEnabled(level)) return;
  const entry: AccessLogEntry = { requestId, method: req.method, route, status, durationMs };
  const userId = (req as AuthedRequest).auth?.userId;
  if (userId) entry.userId = userId;
  if (!finished) entry.aborted = true;
  logger[level](entry, `${req.method} ${route} ${status}`);
}

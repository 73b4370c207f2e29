import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Level } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AuthedRequest } from '../auth/current-auth.decorator.js';
import type { AppLogger } from './logger.js';
import { requestIdOf } from './request-id.middleware.js';
import { routePattern } from './route-pattern.js';

/** Probes and scrapes every few seconds: logged at debug so they do not drown the access log. */
const QUIET_ROUTES = new Set(['/api/health', '/api/health/ready', '/metrics']);

/**
 * The one access log line of a request, and everything in it. Deliberately an allow-list: no URL
 * (query values), no headers (token, cookies), no body, no names; the user appears by id only.
 */
export interface AccessLogEntry {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  userId?: string;
  aborted?: true;
}

function entryOf(req: IncomingMessage, res: ServerResponse, durationMs: number): AccessLogEntry {
  const request = req as AuthedRequest;
  const entry: AccessLogEntry = { method: request.method, route: routePattern(request), status: res.statusCode, durationMs };
  if (request.auth?.userId) entry.userId = request.auth.userId;
  if (!res.writableEnded) entry.aborted = true;
  return entry;
}

/**
 * pino-http with our own line instead of its default serializers (which log the URL and every
 * header). The `requestId` binding comes from `req.id` (set by the request-id middleware before).
 */
export function accessLog(logger: AppLogger): RequestHandler {
  const middleware = pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    genReqId: (req) => requestIdOf(req) ?? randomUUID(),
    // 5xx at warn: the error itself is logged at error by the exception filter, with this request id.
    customLogLevel: (req, res): Level => {
      if (res.statusCode >= 500) return 'warn';
      return QUIET_ROUTES.has(routePattern(req as Request)) ? 'debug' : 'info';
    },
    customSuccessObject: (req, res, val: { responseTime: number }) => entryOf(req, res, val.responseTime),
    customErrorObject: (req, res, _error, val: { responseTime: number }) => entryOf(req, res, val.responseTime),
    customSuccessMessage: (req, res) => `${req.method} ${routePattern(req as Request)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${routePattern(req as Request)} ${res.statusCode}`,
  });
  return middleware as unknown as RequestHandler;
}

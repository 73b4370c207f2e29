import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, RequestHandler } from 'express';
import type { AppConfig } from '../config/app-config.js';
import { logAccess } from './access-log.middleware.js';
import { apiCompression } from './compression.middleware.js';
import type { AppLogger } from './logger.js';
import { METRICS_PATH, metricsEndpoint } from './metrics.http.js';
import { MetricsService } from './metrics.service.js';
import { REQUEST_ID_HEADER, requestIdFor, runWithRequestId } from './request-id.middleware.js';
import { routePattern } from './route-pattern.js';

/**
 * The first middleware of every request, in one step: the request id (the caller's `x-request-id`
 * when valid, else a UUID) as `req.id`, in the answer and as the async context of the rest of the
 * request; once the response is done (or aborted), the access log line and the duration metric,
 * both under the route pattern that answered. One `close` listener per request: Node emits it
 * after `finish`, or alone when the client went away first.
 */
export function observeRequests(logger: AppLogger, metrics: MetricsService): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = requestIdFor(req);
    (req as typeof req & { id: string }).id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    res.once('close', () => {
      const durationMs = performance.now() - started;
      const route = routePattern(req);
      const finished = res.writableFinished;
      // Only answered requests are measured (an aborted one has no real status).
      if (finished) metrics.observeHttp(req.method, route, res.statusCode, durationMs / 1000);
      logAccess(logger, req, id, route, res.statusCode, Math.round(durationMs * 100) / 100, finished);
    });
    runWithRequestId(id, next);
  };
}

/**
 * The request pipeline's first steps: request id, access log and duration metric, compression; and
 * GET /metrics. Call before any other middleware and before the static fallbacks (whose German 404
 * would otherwise answer /metrics).
 */
export function observeHttp(app: NestExpressApplication, config: AppConfig, logger: AppLogger): void {
  const metrics = app.get(MetricsService);
  app.use(observeRequests(logger, metrics), apiCompression());
  (app.getHttpAdapter().getInstance() as Express).get(METRICS_PATH, metricsEndpoint(metrics, config));
}

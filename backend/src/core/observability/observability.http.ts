import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express } from 'express';
import type { AppConfig } from '../config/app-config.js';
import { accessLog } from './access-log.middleware.js';
import { apiCompression } from './compression.middleware.js';
import type { AppLogger } from './logger.js';
import { httpMetrics, METRICS_PATH, metricsEndpoint } from './metrics.http.js';
import { MetricsService } from './metrics.service.js';
import { requestId } from './request-id.middleware.js';

/**
 * The request pipeline's first steps: request id, access log, duration metric, compression; and
 * GET /metrics. Call before any other middleware and before the static fallbacks (whose German 404
 * would otherwise answer /metrics).
 */
export function observeHttp(app: NestExpressApplication, config: AppConfig, logger: AppLogger): void {
  app.use(requestId, accessLog(logger), httpMetrics(app.get(MetricsService)), apiCompression());
  (app.getHttpAdapter().getInstance() as Express).get(METRICS_PATH, metricsEndpoint(app.get(MetricsService), config));
}

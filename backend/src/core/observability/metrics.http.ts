import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Request, RequestHandler } from 'express';
import { API_MESSAGES, type ApiErrorBody } from '@mediport/contracts';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { MetricsService } from './metrics.service.js';

export const METRICS_PATH = '/metrics';

const NOT_FOUND: ApiErrorBody = { statusCode: 404, errors: [{ code: 'not_found', message: API_MESSAGES.notFound }] };
const UNAUTHORIZED: ApiErrorBody = { statusCode: 401, errors: [{ code: 'unauthenticated', message: API_MESSAGES.unauthenticated }] };

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>` compared in constant time; no token configured = anyone. */
function authorized(req: IncomingMessage, token: string | null): boolean {
  if (!token) return true;
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(body);
}

async function answer(metrics: MetricsService, token: string | null, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!authorized(req, token)) {
    res.setHeader('WWW-Authenticate', 'Bearer');
    return send(res, 401, 'application/json; charset=utf-8', JSON.stringify(UNAUTHORIZED));
  }
  send(res, 200, metrics.registry.contentType, await metrics.registry.metrics());
}

/**
 * GET /metrics on the application's port: only with METRICS_TOKEN and without METRICS_PORT;
 * otherwise 404 (registered before the static fallbacks, so the shell's SPA fallback never answers it).
 */
export function metricsEndpoint(metrics: MetricsService, config: AppConfig): RequestHandler {
  const enabled = config.metrics.port === null && config.metrics.token !== null;
  return (req: Request, res, next) => {
    if (!enabled) return send(res, 404, 'application/json; charset=utf-8', JSON.stringify(NOT_FOUND));
    answer(metrics, config.metrics.token, req, res).catch(next);
  };
}

/**
 * With METRICS_PORT: a listener of its own that serves only GET /metrics (on 127.0.0.1 unless a
 * host is given), so the metrics never share the public port. METRICS_TOKEN applies there too.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { port, host, token } = this.config.metrics;
    if (port === null) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return send(res, 404, 'text/plain; charset=utf-8', 'Not found\n');
      answer(this.metrics, token, req, res).catch(() => send(res, 500, 'text/plain; charset=utf-8', 'Metrics unavailable\n'));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    this.logger.log(`Metrics at http://${host.includes(':') ? `[${host}]` : host}:${this.address()!.port}${METRICS_PATH}${token ? ' (bearer token required)' : ''}.`);
  }

  /** Where the metrics listener listens (port 0 in tests picks a free port). */
  address(): AddressInfo | null {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address : null;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

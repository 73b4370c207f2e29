import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { DB_HANDLE } from '../db/db.module.js';
import type { DatabaseHandle } from '../db/database.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';

/** Reads the current depth of one queue (jobs, outbox); called on every scrape. */
export type QueueDepthSource = () => number | Promise<number>;

/**
 * The Prometheus registry of this app instance (one per app, never prom-client's global one, so
 * several apps in one process — the API tests — do not collide). Default metrics include the
 * event-loop lag (`nodejs_eventloop_lag_*`), heap and CPU.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  /** Per route pattern (`/api/users/:id`, never a raw URL), method and status. */
  readonly httpDuration = new Histogram({
    name: 'mediport_http_request_duration_seconds',
    help: 'Duration of HTTP requests by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  private readonly queueSources = new Map<string, QueueDepthSource>();
  private readonly queueAgeSources = new Map<string, QueueDepthSource>();

  /** One answered HTTP request: its duration (seconds) under its route pattern, method and status. */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: status }, seconds);
  }

  constructor(@Inject(DB_HANDLE) database: DatabaseHandle, gateway: RealtimeGateway) {
    collectDefaultMetrics({ register: this.registry });
    this.databaseMetrics(database);

    new Gauge({
      name: 'mediport_socket_connections',
      help: 'Open socket.io connections on this instance',
      registers: [this.registry],
      collect() {
        // The gateway's server exists once the app is initialised.
        this.set(gateway.server?.engine?.clientsCount ?? 0);
      },
    });

    const sources = this.queueSources;
    new Gauge({
      name: 'mediport_queue_depth',
      help: 'Waiting entries per job queue / outbox (sources register through MetricsService.registerQueueDepth)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, read] of sources) {
          try {
            this.set({ queue }, await read());
          } catch {
            // Left out of this scrape; the gap itself shows in Prometheus.
          }
        }
      },
    });

    const ages = this.queueAgeSources;
    new Gauge({
      name: 'mediport_queue_oldest_seconds',
      help: 'Age in seconds of the oldest waiting entry per queue (0 when empty; sources register through MetricsService.registerQueueAge)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, read] of ages) {
          try {
            this.set({ queue }, await read());
          } catch {
            // Left out of this scrape, like a failing depth source.
          }
        }
      },
    });
  }

  /**
   * Extension point for the jobs / outbox module: `metrics.registerQueueDepth('mail', () => outbox.pending('mail'))`.
   * The value is read at scrape time; a failing source is left out of that scrape.
   */
  registerQueueDepth(queue: string, read: QueueDepthSource): void {
    this.queueSources.set(queue, read);
  }

  /** Like registerQueueDepth, for the age in seconds of the queue's oldest waiting entry. */
  registerQueueAge(queue: string, read: QueueDepthSource): void {
    this.queueAgeSources.set(queue, read);
  }

  private databaseMetrics(database: DatabaseHandle): void {
    new Gauge({
      name: 'mediport_db_info',
      help: 'Database driver in use: postgres (pg pool, DATABASE_URL) or pglite (embedded, one connection)',
      labelNames: ['driver'] as const,
      registers: [this.registry],
    }).set({ driver: database.driver }, 1);

    // drizzle keeps the driver client as $client: the pg Pool with DATABASE_URL.
    const pool = (database.db as unknown as { $client?: unknown }).$client;
    if (!(pool instanceof pg.Pool)) return;
    new Gauge({
      name: 'mediport_db_pool_connections',
      help: 'PostgreSQL pool clients: total (open), idle, and waiting requests queued for a client',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { io } from 'socket.io-client';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord, SOCKET_EVENTS } from '@mediport/contracts';
import { login, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { MetricsServer } from './metrics.http.js';
import { MetricsService } from './metrics.service.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const NOT_FOUND = { statusCode: 404, errors: [{ code: 'not_found', message: API_MESSAGES.notFound }] };

// A built shell, so the SPA fallback (index.html for any unknown page) is in place.
const staticRoot = mkdtempSync(path.join(os.tmpdir(), 'mediport-metrics-'));
mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>Medikationsportal</title>');

/** The sample lines of one metric whose labels include all of `labels`. */
function samples(text: string, name: string, labels: Record<string, string> = {}): string[] {
  return text.split('\n').filter((line) => (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) && Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)));
}
const valueOf = (line: string | undefined) => Number(line?.split(' ').pop());

describe('without METRICS_TOKEN and METRICS_PORT', () => {
  let app: NestExpressApplication;
  useTestApp((booted) => {
    app = booted.app;
  }, { STATIC_ROOT: staticRoot });

  it('GET /metrics answers 404, never the shell page', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await request(app.getHttpServer()).get('/metrics').set('accept', accept).set('authorization', `Bearer ${TOKEN}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let app: NestExpressApplication;
  let db: TestDatabase;
  let admin: AuthRecord;
  let base: string;
  useTestApp(
    async (booted) => {
      ({ app, db } = booted);
      await app.listen(0, '127.0.0.1');
      base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
      admin = await login(app, 'admin');
    },
    { METRICS_TOKEN: TOKEN, STATIC_ROOT: staticRoot },
  );
  const api = () => request(app.getHttpServer());
  const scrape = async () => {
    const res = await api().get('/metrics').set('authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    return res.text;
  };

  it.each([
    { title: 'without Authorization', header: undefined },
    { title: 'with a wrong token', header: 'Bearer metrics-token-0123456789abcdeX' },
    { title: 'with the token in another scheme', header: `Basic ${TOKEN}` },
  ])('GET /metrics answers 401 $title', async ({ header }) => {
    const req = api().get('/metrics');
    const res = await (header ? req.set('authorization', header) : req);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.text).not.toContain('mediport_');
  });

  it('GET /metrics answers the Prometheus text format', async () => {
    const res = await api().get('/metrics').set('authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(/^# HELP /m);
  });

  it('counts request durations per route pattern and status, never with ids', async () => {
    const id = admin.user._id;
    for (const url of [`/api/users/${id}`, `/api/v3/users/${id}`]) expect((await api().get(url).set('x-auth-token', admin.token)).status).toBe(200);
    expect((await api().get(`/api/users/${id}`)).status).toBe(401);
    expect((await api().get('/api/no-such-route/12345')).status).toBe(404);
    expect((await api().get('/patienten/4711')).status).toBe(200);
    const text = await scrape();
    const ok = samples(text, 'mediport_http_request_duration_seconds_count', { method: 'GET', route: '/api/users/:id', status_code: '200' });
    expect(valueOf(ok[0])).toBe(2);
    expect(samples(text, 'mediport_http_request_duration_seconds_count', { route: '/api/users/:id', status_code: '401' })).toHaveLength(1);
    expect(samples(text, 'mediport_http_request_duration_seconds_bucket', { route: '/api/users/:id', status_code: '200', le: '+Inf' })).toHaveLength(1);
    expect(samples(text, 'mediport_http_request_duration_seconds_count', { route: '<unmatched>', status_code: '404' })).toHaveLength(1);
    expect(samples(text, 'mediport_http_request_duration_seconds_count', { route: '<static>', status_code: '200' })).toHaveLength(1);
    expect(text).not.toContain(id);
    // Only the labels: a gauge's value (heap bytes, e.g. 412345848) may contain the digits by chance.
    const labels = [...text.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]).join('\n');
    expect(labels).toContain('route="/api/users/:id"');
    expect(labels).not.toMatch(/12345|4711|\/api\/v3/);
  });

  it('shows the database pool (PostgreSQL) or the embedded driver (PGlite)', async () => {
    const text = await scrape();
    expect(valueOf(samples(text, 'mediport_db_info', { driver: db.url ? 'postgres' : 'pglite' })[0])).toBe(1);
    if (db.url) {
      expect(valueOf(samples(text, 'mediport_db_pool_connections', { state: 'total' })[0])).toBeGreaterThanOrEqual(1);
      expect(samples(text, 'mediport_db_pool_connections', { state: 'idle' })).toHaveLength(1);
      expect(valueOf(samples(text, 'mediport_db_pool_connections', { state: 'waiting' })[0])).toBe(0);
    }
  });

  it('shows the event-loop lag and process metrics', async () => {
    const text = await scrape();
    expect(samples(text, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(samples(text, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
    expect(samples(text, 'process_resident_memory_bytes')).toHaveLength(1);
  });

  it('counts the open sockets of this instance', async () => {
    expect(valueOf(samples(await scrape(), 'mediport_socket_connections')[0])).toBe(0);
    const socket = io(base, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token: admin.token } });
    try {
      await new Promise((resolve, reject) => {
        socket.once(SOCKET_EVENTS.ready, resolve);
        setTimeout(() => reject(new Error('socket not ready within 5 s')), 5000).unref();
      });
      expect(valueOf(samples(await scrape(), 'mediport_socket_connections')[0])).toBe(1);
    } finally {
      socket.disconnect();
    }
  });

  it('reads queue depths that modules register (placeholder for jobs and the outbox)', async () => {
    expect(await scrape()).toContain('# TYPE mediport_queue_depth gauge');
    const metrics = app.get(MetricsService);
    metrics.registerQueueDepth('outbox', () => 3);
    metrics.registerQueueDepth('broken', () => {
      throw new Error('queue unavailable');
    });
    const text = await scrape();
    expect(valueOf(samples(text, 'mediport_queue_depth', { queue: 'outbox' })[0])).toBe(3);
    expect(samples(text, 'mediport_queue_depth', { queue: 'broken' })).toEqual([]);
  });
});

describe('with METRICS_PORT', () => {
  let app: NestExpressApplication;
  useTestApp((booted) => {
    app = booted.app;
  }, { METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
  const metricsUrl = () => `http://127.0.0.1:${app.get(MetricsServer).address()!.port}`;

  it('serves /metrics only on that port, on 127.0.0.1', async () => {
    expect(app.get(MetricsServer).address()).toMatchObject({ address: '127.0.0.1' });
    const res = await request(metricsUrl()).get('/metrics').set('authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('mediport_http_request_duration_seconds');
    expect((await request(app.getHttpServer()).get('/metrics').set('authorization', `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('still requires METRICS_TOKEN there, and answers nothing else', async () => {
    expect((await request(metricsUrl()).get('/metrics')).status).toBe(401);
    expect((await request(metricsUrl()).get('/api/health').set('authorization', `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await request(metricsUrl()).post('/metrics').set('authorization', `Bearer ${TOKEN}`)).status).toBe(404);
  });
});

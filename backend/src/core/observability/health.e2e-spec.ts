import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { DB } from '../db/db.module.js';
import type { Database } from '../db/database.js';
import { type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { NotReadyError, ReadinessService } from './readiness.service.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const journal = JSON.parse(readFileSync(path.join(__dirname, '../../../drizzle/meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
const MIGRATIONS = journal.entries.length;
/** The failing checks below are logged at error by design; keep the test output for real failures. */
const QUIET = { LOG_LEVEL: 'fatal' };

/** The PDF service's entry while no PDF was made yet: a status, never a failing check. */
const PDF_IDLE = { status: 'up', browser: 'idle', busy: 0, queued: 0, launches: 0, concurrency: 4 };
/** The outbox's entry while nothing waits: a status, never a failing check (core/outbox covers it with messages). */
const OUTBOX_IDLE = { status: 'up', mode: 'in-process', queued: 0, failed: 0, oldestQueuedSeconds: 0, submitted: 0, oldestSubmittedSeconds: 0 };
/** The status reports every probe shows. */
const STATUSES = { pdf: PDF_IDLE, outbox: OUTBOX_IDLE };

/** Nothing of the configuration that could help an attacker: connection strings, passwords, secrets. */
function expectNoSecrets(body: unknown, db: TestDatabase, extra: string[] = []): void {
  const text = JSON.stringify(body);
  for (const secret of ['test-secret-for-api-specs', 'postgres://', 'redis://', db.dataDir, ...(db.url ? [new URL(db.url).pathname.slice(1)] : []), ...extra]) {
    expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
  }
}

describe('embedded defaults (no REDIS_URL)', () => {
  let app: NestExpressApplication;
  let db: TestDatabase;
  useTestApp((booted) => {
    ({ app, db } = booted);
  }, QUIET);
  const api = () => request(app.getHttpServer());

  describe('GET /api/health', () => {
    it('answers without sign-in that the process lives, with the state of the PDF service and the outbox', async () => {
      const res = await api().get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', info: STATUSES, error: {}, details: STATUSES });
      expect(res.headers['cache-control']).toMatch(/no-store/);
    });

    it('is the same under /api/v3', async () => {
      expect((await api().get('/api/v3/health')).body).toEqual({ status: 'ok', info: STATUSES, error: {}, details: STATUSES });
    });
  });

  describe('GET /api/health/ready', () => {
    it('answers without sign-in: database reachable and every migration applied', async () => {
      const res = await api().get('/api/health/ready');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'ok',
        info: { database: { status: 'up', driver: db.url ? 'postgres' : 'pglite', migrations: MIGRATIONS, responseTime: expect.any(Number) }, ...STATUSES },
        error: {},
        details: { database: expect.objectContaining({ status: 'up' }), ...STATUSES },
      });
      expect(res.body.details.redis).toBeUndefined();
      expectNoSecrets(res.body, db);
    });

    it('answers 503 while a migration of the folder is not applied to the database', async () => {
      const database = app.get<symbol, Database>(DB);
      const last = Math.max(...journal.entries.map((e) => e.when));
      const saved = (await database.execute(sql`select hash from drizzle.__drizzle_migrations where created_at = ${last}`)) as unknown as { rows: { hash: string }[] };
      await database.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last}`);
      try {
        const res = await api().get('/api/health/ready');
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ status: 'error', info: STATUSES, error: { database: { status: 'down', message: `1 of ${MIGRATIONS} migrations not applied` } } });
        expect(res.body.details).toEqual({ ...res.body.error, ...STATUSES });
      } finally {
        await database.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${saved.rows[0]!.hash}, ${last})`);
      }
      expect((await api().get('/api/health/ready')).status).toBe(200);
    });

    // Runs last: a registered check stays registered.
    it('includes checks other modules register (extension point)', async () => {
      let chromium: 'missing' | 'broken' | 'fine' = 'missing';
      app.get(ReadinessService).register({
        key: 'chromium',
        check: async () => {
          if (chromium === 'missing') throw new NotReadyError('not installed');
          if (chromium === 'broken') throw new Error('spawn /opt/secret-path/chromium EACCES');
          return { version: '140' };
        },
      });
      const missing = await api().get('/api/health/ready');
      expect(missing.status).toBe(503);
      expect(missing.body).toMatchObject({ status: 'error', info: { database: { status: 'up' } }, error: { chromium: { status: 'down', message: 'not installed' } } });
      chromium = 'broken';
      const broken = await api().get('/api/health/ready');
      expect(broken.body.error).toEqual({ chromium: { status: 'down', message: 'unreachable', responseTime: expect.any(Number) } });
      expectNoSecrets(broken.body, db, ['secret-path', 'EACCES']);
      chromium = 'fine';
      const fine = await api().get('/api/health/ready');
      expect(fine.status).toBe(200);
      expect(fine.body.info.chromium).toEqual({ status: 'up', version: '140', responseTime: expect.any(Number) });
      // Liveness never depends on the checks.
      chromium = 'missing';
      expect((await api().get('/api/health')).status).toBe(200);
    });

    // Runs after the checks above (the check registered there stays down).
    it('shows the status reports modules register in both probes, degraded at worst, never down', async () => {
      let printer: 'fine' | 'impaired' | 'broken' = 'fine';
      app.get(ReadinessService).registerStatus({
        key: 'printer',
        report: () => {
          if (printer === 'broken') throw new Error('spawn /opt/secret-path/printer EACCES');
          return { degraded: printer === 'impaired', data: { jobs: 2 } };
        },
      });
      const fine = await api().get('/api/health');
      expect(fine.status).toBe(200);
      expect(fine.body).toMatchObject({ status: 'ok', info: { printer: { status: 'up', jobs: 2 } } });
      printer = 'impaired';
      const impaired = await api().get('/api/health');
      expect(impaired.status).toBe(200);
      expect(impaired.body).toMatchObject({ status: 'degraded', info: { printer: { status: 'degraded', jobs: 2 } } });
      expect((await api().get('/api/health/ready')).body.info.printer).toEqual({ status: 'degraded', jobs: 2 });
      printer = 'broken';
      const broken = await api().get('/api/health');
      expect(broken.status).toBe(200);
      expect(broken.body.info.printer).toEqual({ status: 'degraded', message: 'unknown' });
      expectNoSecrets(broken.body, db, ['secret-path', 'EACCES']);
      expect(() => app.get(ReadinessService).registerStatus({ key: 'database', report: () => ({ degraded: false, data: {} }) })).toThrow('registered twice');
    });
  });
});

describe('with REDIS_URL', () => {
  let app: NestExpressApplication;
  let db: TestDatabase;
  useTestApp(
    (booted) => {
      ({ app, db } = booted);
    },
    { REDIS_URL, ...QUIET },
  );

  it('GET /api/health/ready pings Redis', async () => {
    const res = await request(app.getHttpServer()).get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.info.redis).toEqual({ status: 'up', responseTime: expect.any(Number) });
    expectNoSecrets(res.body, db, [REDIS_URL]);
  });
});

describe('with REDIS_URL but Redis unreachable', () => {
  let app: NestExpressApplication;
  let db: TestDatabase;
  useTestApp(
    (booted) => {
      ({ app, db } = booted);
    },
    { REDIS_URL: 'redis://:redis-passwort@127.0.0.1:1', ...QUIET },
  );

  it('GET /api/health/ready answers 503 naming Redis, without its address', async () => {
    const res = await request(app.getHttpServer()).get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'error', info: { database: { status: 'up' } }, error: { redis: { status: 'down' } } });
    expectNoSecrets(res.body, db, ['redis-passwort', '127.0.0.1', 'ECONNREFUSED']);
  });

  it('GET /api/health still answers 200', async () => {
    expect((await request(app.getHttpServer()).get('/api/health')).status).toBe(200);
  });
});

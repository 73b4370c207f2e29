import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { createApp, type CreateAppOptions } from '../app.factory.js';
import { type AppConfig, loadConfig } from '../core/config/app-config.js';
import { DEMO_PASSWORD } from '../core/db/seed-data.js';

export { DEMO_PASSWORD };
export const DEMO_USERNAMES = ['admin', 'apotheke', 'heim', 'arzt', 'fahrer', 'buchhaltung'] as const;
export type DemoUsername = (typeof DEMO_USERNAMES)[number];

/** A database of its own for one test file: PostgreSQL when it answers, else PGlite in a temp folder. */
export interface TestDatabase {
  url: string | null;
  dataDir: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export async function createTestDatabase(options: { forcePglite?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mediport-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!options.forcePglite) {
    const admin = new pg.Client({ connectionString: serverUrl(), connectionTimeoutMillis: 2000 });
    try {
      await admin.connect();
      const name = `t_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl());
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        dataDir,
        async drop() {
          const c = new pg.Client({ connectionString: serverUrl() });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
          removeDir();
        },
      };
    } catch {
      await admin.end().catch(() => undefined);
    }
  }
  return { url: null, dataDir, drop: async () => removeDir() };
}

export function testConfig(db: TestDatabase, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    DATA_DIR: db.dataDir,
    JWT_SECRET: 'test-secret-for-api-specs',
    DEMO: '1',
    // The API specs start from the demo master data without the ~300 demo orders (tasks.demo.e2e-spec seeds them itself).
    DEMO_ORDERS: '0',
    STATIC_ROOT: path.join(db.dataDir, 'no-frontends'),
    // Quiet test output: errors only, unless the run asks for more (LOG_LEVEL=debug npx jest ...).
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    ...env,
  });
}

export async function bootApp(db: TestDatabase, env: Record<string, string> = {}, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await createApp(testConfig(db, env), options);
  await app.init();
  return app;
}

export async function login(app: NestExpressApplication, username: string, password = DEMO_PASSWORD): Promise<AuthRecord> {
  const res = await request(app.getHttpServer()).post('/api/auth').send({ username, password });
  if (res.status !== 200) throw new Error(`Login of ${username} failed with ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as AuthRecord;
}

export async function loginAll(app: NestExpressApplication): Promise<Record<DemoUsername, AuthRecord>> {
  const out = {} as Record<DemoUsername, AuthRecord>;
  for (const name of DEMO_USERNAMES) out[name] = await login(app, name);
  return out;
}

export interface BootedTestApp {
  app: NestExpressApplication;
  db: TestDatabase;
}

/**
 * Registers the per-file lifecycle of an API spec: a database of its own and the booted app in
 * beforeAll (then `setup`), app closed and database dropped in afterAll. `forcePglite`: the
 * embedded mode (PGlite in a temporary DATA_DIR) even where PostgreSQL answers.
 */
export function useTestApp(setup: (booted: BootedTestApp) => void | Promise<void>, env: Record<string, string> = {}, options: CreateAppOptions & { forcePglite?: boolean } = {}): void {
  const { forcePglite, ...appOptions } = options;
  let booted: Partial<BootedTestApp> = {};
  beforeAll(async () => {
    const db = await createTestDatabase({ forcePglite });
    booted = { db };
    const app = await bootApp(db, env, appOptions);
    booted.app = app;
    await setup({ app, db });
  }, forcePglite ? 120_000 : undefined);
  afterAll(async () => {
    await booted.app?.close();
    await booted.db?.drop();
  });
}

import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { buildSuite, createDatabase, dropDatabase, postgresAdminUrl, startBackend, tempDir } from './server.js';

/**
 * Builds what is stale, creates a fresh database (PostgreSQL when it answers, else PGlite in a
 * temporary DATA_DIR), starts the backend with the demo data on the suite's port and hands the
 * connection details to the tests through process.env. Returns the teardown.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) buildSuite();
  const baseURL = config.projects[0]?.use.baseURL ?? 'http://localhost:18080';
  const port = Number(new URL(baseURL).port);
  const dataDir = tempDir('mediport-e2e-');
  const jwtSecret = randomBytes(32).toString('hex');
  const adminUrl = await postgresAdminUrl();
  const dbName = `mediport_e2e_${randomBytes(4).toString('hex')}`;
  const databaseUrl = adminUrl ? await createDatabase(adminUrl, dbName) : '';

  const env: Record<string, string> = { DEMO: '1', DATA_DIR: dataDir, JWT_SECRET: jwtSecret };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const logFile = path.join(dataDir, `backend-${port}.log`);
  process.stdout.write(`[e2e] backend on :${port}, ${databaseUrl ? `PostgreSQL database ${dbName}` : `PGlite in ${dataDir}`}, log ${logFile}\n`);
  let backend;
  try {
    backend = await startBackend({ port, env, logFile });
  } catch (err) {
    if (adminUrl) await dropDatabase(adminUrl, dbName);
    throw err;
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATABASE_URL = databaseUrl;
  process.env.E2E_JWT_SECRET = jwtSecret;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await backend.stop();
    if (adminUrl) await dropDatabase(adminUrl, dbName);
    // Keep the server log beside Playwright's results for failed runs; drop the rest.
    const outDir = path.join(config.rootDir, '..', 'test-results');
    mkdirSync(outDir, { recursive: true });
    copyFileSync(logFile, path.join(outDir, path.basename(logFile)));
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface BackendOptions {
  port: number;
  env: Record<string, string>;
  logFile: string;
}

export interface RunningBackend {
  url: string;
  process: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

/** The Node flags `npm start` runs the backend with (backend/package.json "config.nodeFlags"). */
export const BACKEND_NODE_FLAGS: string[] = JSON.parse(readFileSync(path.join(ROOT, 'backend', 'package.json'), 'utf8')).config.nodeFlags.split(/\s+/).filter(Boolean);

/** Starts `node backend/dist/main.js` as `npm start` does and waits until GET /api/config answers. */
export async function startBackend({ port, env, logFile }: BackendOptions): Promise<RunningBackend> {
  const log = createWriteStream(logFile, { flags: 'a' });
  const childEnv: Record<string, string> = { ...(process.env as Record<string, string>), ...env, PORT: String(port), NODE_ENV: 'production' };
  // The backend under test gets exactly the settings we pass, nothing inherited from a developer shell.
  for (const key of ['REDIS_URL', 'SSO_ENABLED', 'SYSTEM_DEADLINE', 'SYSTEM_URL', 'STATIC_ROOT', 'SMTP_URL', 'FAX_MAIL_DOMAIN', 'FAX_GATEWAY_URL', 'FAX_GATEWAY_TOKEN', 'FAX_CALLBACK_SECRET']) if (!(key in env)) delete childEnv[key];
  if (!('DATABASE_URL' in env)) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [...BACKEND_NODE_FLAGS, path.join(ROOT, 'backend', 'dist', 'main.js')], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`backend on port ${port} exited with ${child.exitCode}:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${url}/api/config`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`backend on port ${port} did not answer /api/config within 90 s:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    logFile,
    stop: () => stopProcess(child),
  };
}

/**
 * Stops a child with SIGTERM (SIGKILL after `graceMs`) and waits for it. With `group` the signals go
 * to its whole process group (a child spawned `detached`, e.g. npm with the processes it starts).
 */
export async function stopProcess(child: ChildProcess, { group = false, graceMs = 10_000 } = {}): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => (group ? process.kill(-child.pid!, name) : child.kill(name));
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The server URL (database `postgres`) where test databases are created. The browser tests need
 * PostgreSQL (several of them run a second backend on the suite's database, which PGlite, one
 * process per folder, cannot): without it they fail at the start instead of leaving tests out.
 */
export async function postgresAdminUrl(): Promise<string> {
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    return u.toString();
  }
  if (await portAnswers(5432)) return 'postgres://postgres@127.0.0.1:5432/postgres';
  throw new Error('The browser tests need PostgreSQL on 127.0.0.1:5432 (or DATABASE_URL pointing at one).');
}

export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Incremental build of libs, backend and frontends (a no-op when `npm test` has just built). */
export function buildSuite(): void {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed (node scripts/build.mjs)');
}

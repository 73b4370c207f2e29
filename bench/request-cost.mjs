#!/usr/bin/env node
// Benchmark (not a test): what one signed-in API request costs next to a bare Node HTTP server and
// next to the SQL it runs. In one run, per driver (PostgreSQL, then PGlite):
//   1. a bare `http.createServer` answering a small JSON body (its own process),
//   2. the SQL of GET /api/users?limit=50, captured from the backend and run directly on the
//      database: node-postgres on one connection, unnamed and as a named (prepared) statement; on
//      PGlite in this process once the backend stopped,
//   3. GET /api/users?limit=50 signed in as the demo admin,
// each at 1 client (p50/p99, req/s) and at 20 concurrent clients (p50/p99, req/s), with the CPU time
// per request of the server process and (local PostgreSQL) of the database's backends from /proc,
// plus the ratios, the SQL statements per request and the bytes of one answer on the wire.
// Requests carry Chromium's Accept-Encoding, so the API answers compressed as it does for the app
// (--accept-encoding identity measures it uncompressed).
//
//   cd backend && npx tsc -p tsconfig.build.json && cd ..
//   node bench/request-cost.mjs [--drivers postgres,pglite] [--seconds 3] [--clients 20] [--users 50]
//                               [--database-url postgres://postgres@127.0.0.1:5432/postgres]
//                               [--backend backend] [--profile DIR] [--show-sql] [--keep-database]
//                               [--warmup 2] [--accept-encoding "gzip, deflate, br, zstd"] [--gc]
//   node bench/request-cost.mjs --url http://127.0.0.1:8080 [--user admin] [--password ...]
//
// Without --url the script starts the built backend (<--backend>/dist) itself: on PostgreSQL in a
// database of its own (created and dropped), on PGlite in a temporary data folder, with the demo data
// plus users created through POST /api/users until the list holds --users users. With --url it
// measures a running server (bare server and API only: the SQL cannot be captured there).
// --profile DIR starts the backend with `node --cpu-prof` and leaves the .cpuprofile files in DIR;
// --show-sql prints the captured statements (one JSON line each); --keep-database keeps the
// database / PGlite folder for a closer look.
// --gc adds, per load step of the bare server and of the API, what the server process's V8 heap did
// while measured (v8.GCProfiler in that process): bytes allocated per request, young-generation
// collections (scavenges) and the bytes they promoted to the old generation, per 5,000 requests.
// The bare server is the reference: it promotes next to nothing.
// Load loop: Node's own http client with keep-alive; each client sends its next request when the
// previous answer arrived; a warm-up (--warmup seconds, default 2: the JIT settles) precedes each
// measured step, and CPU time is counted for the measured part only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { BACKEND_NODE_FLAGS, asker } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return fallback;
  return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
};
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targetUrl = opt('url', null)?.replace(/\/$/, '') ?? null;
const drivers = opt('drivers', 'postgres,pglite').split(',').filter(Boolean);
const seconds = Number(opt('seconds', 3));
const warmupSeconds = Number(opt('warmup', 2));
/** What Chromium sends: the API then answers brotli-compressed, as it does for the app. */
const acceptEncoding = opt('accept-encoding', 'gzip, deflate, br, zstd');
const manyClients = Number(opt('clients', 20));
const userCount = Number(opt('users', 50));
const sqlRounds = Number(opt('sql-rounds', 500));
const serverUrl = opt('database-url', process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const backendDir = path.resolve(opt('backend', path.join(repoRoot, 'backend')));
const profileDir = opt('profile', null);
const showSql = args.includes('--show-sql');
const gcStats = args.includes('--gc');
const keepDatabase = args.includes('--keep-database');
const username = opt('user', 'admin');
const password = opt('password', 'Demo#Passwort24!');
const LIST_PATH = `/api/users?limit=50`;
const NEW_USER_PASSWORD = 'Sonne#Mond2024!';

// ---------- measuring ----------

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function summary(samples, elapsedMs, failures = 0) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), rps: (s.length / elapsedMs) * 1000, failures };
}

/** The bytes and content coding of the last answer `get` received (the same for every answer of a step). */
const lastAnswer = { bytes: 0, encoding: 'identity' };

/** One GET over a keep-alive agent; resolves with the status once the whole body arrived (not decoded). */
function get(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => {
        lastAnswer.bytes = bytes;
        lastAnswer.encoding = res.headers['content-encoding'] ?? 'identity';
        resolve(res.statusCode);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * `clients` loops, each sending the next request when the previous answered, for `ms` after a
 * warm-up; `cpu()` (CPU ms used so far by the processes that serve, or null) is read around the
 * measured part only.
 */
async function load(url, headers, clients, ms, cpu = () => null, gc = null) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const warmUntil = performance.now() + warmupSeconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < warmUntil) await get(agent, url, headers);
    }),
  );
  const samples = [];
  let failures = 0;
  const cpuBefore = await cpu();
  await gc?.start();
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const status = await get(agent, url, headers);
        if (status === 200) samples.push(performance.now() - t0);
        else failures++;
      }
    }),
  );
  const elapsed = performance.now() - started;
  const heap = await gc?.stop();
  const cpuAfter = await cpu();
  const result = summary(samples, elapsed, failures);
  const requests = samples.length + failures;
  if (cpuBefore && cpuAfter) {
    result.cpuPerRequest = (cpuAfter.server - cpuBefore.server) / requests;
    if (cpuBefore.database !== null && cpuAfter.database !== null) result.dbCpuPerRequest = (cpuAfter.database - cpuBefore.database) / requests;
  }
  if (heap) result.gc = { ...heap, requests };
  result.bytes = lastAnswer.bytes;
  result.encoding = lastAnswer.encoding;
  agent.destroy();
  return result;
}

/** Runs `fn` sequentially (after a warm-up of a tenth) and returns its latency summary. */
async function repeat(rounds, fn) {
  for (let i = 0; i < Math.ceil(rounds / 10); i++) await fn();
  const samples = [];
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summary(samples, performance.now() - started);
}

// ---------- processes ----------

/** CPU time (user + system, ms) a process used so far; null where /proc is missing (not Linux). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat (counted from 1), in clock ticks (100 per second here).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = http.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A child process whose output goes to a file (no work for this process while measuring); the
 * file's end is shown only when the child fails.
 */
function child(argv, options) {
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'mediport-request-cost-log-'));
  const logFile = path.join(logDir, 'output.log');
  const fd = openSync(logFile, 'w');
  const proc = spawn(process.execPath, argv, { ...options, stdio: ['ignore', fd, fd, 'ipc'] });
  closeSync(fd);
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  return {
    proc,
    output: () => readFileSync(logFile, 'utf8').slice(-20_000),
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

// With --gc, in the measured process: on 'gc-start' / 'gc-stop' (IPC) it answers what the V8 heap
// did in between: bytes allocated (heap growth between collections plus what each one freed),
// scavenges and the bytes they moved to the old generation, other GC events (marking, mark-compact).
const GC_PROBE = `
import v8 from 'node:v8';
const OLD_SPACES = new Set(['old_space', 'code_space', 'large_object_space', 'code_large_object_space', 'map_space']);
const oldUsed = (stats) => stats.heapSpaceStatistics.filter((s) => OLD_SPACES.has(s.spaceName)).reduce((sum, s) => sum + s.spaceUsedSize, 0);
let gcProfiler = null;
let usedAtStart = 0;
process.on('message', (m) => {
  if (m === 'gc-start') {
    gcProfiler = new v8.GCProfiler();
    usedAtStart = v8.getHeapStatistics().used_heap_size;
    gcProfiler.start();
    process.send({ gcStarted: true });
  }
  if (m === 'gc-stop') {
    const usedAtEnd = v8.getHeapStatistics().used_heap_size;
    const { statistics } = gcProfiler.stop();
    const heap = { allocated: 0, scavenges: 0, promoted: 0, scavengeMs: 0, other: 0 };
    let used = usedAtStart;
    for (const gc of statistics) {
      heap.allocated += Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - used);
      used = gc.afterGC.heapStatistics.usedHeapSize;
      if (gc.gcType === 'Scavenge') {
        heap.scavenges++;
        heap.scavengeMs += gc.cost / 1000;
        heap.promoted += Math.max(0, oldUsed(gc.afterGC) - oldUsed(gc.beforeGC));
      } else heap.other++;
    }
    heap.allocated += Math.max(0, usedAtEnd - used);
    process.send({ gcStats: heap });
  }
});
`;

const BARE_SERVER = `
import http from 'node:http';
${gcStats ? GC_PROBE : ''}
const body = JSON.stringify({ ok: true });
const server = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
`;

/** With --gc: start/stop of the child's GC_PROBE (stop resolves with its figures); otherwise null. */
function gcProbeOf(proc) {
  if (!gcStats) return null;
  const ask = asker(proc);
  return { start: () => ask('gc-start', 'gcStarted'), stop: () => ask('gc-stop', 'gcStats') };
}

async function startBare() {
  const c = child([...BACKEND_NODE_FLAGS, '--input-type=module', '-e', BARE_SERVER], {});
  const port = await new Promise((resolve, reject) => {
    c.proc.once('message', (m) => resolve(m.port));
    c.proc.once('exit', () => reject(new Error(`bare server exited: ${c.output()}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: c.proc.pid, stop: c.stop, gc: gcProbeOf(c.proc) };
}

// Loads the built backend after wrapping the drivers' query functions, so the bench can ask (over
// IPC) for the SQL statements of one request. Runs with cwd = the backend folder, so `pg` and
// PGlite resolve to the very module instances the backend uses.
const BACKEND_LOADER = `
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
${gcStats ? GC_PROBE : ''}
let captured = null;
function wrap(proto) {
  const original = proto.query;
  proto.query = function (text, values, ...rest) {
    if (captured) captured.push(typeof text === 'string' ? { text, values: Array.isArray(values) ? values : [] } : { text: text.text, values: Array.isArray(values) ? values : (text.values ?? []) });
    return original.call(this, text, values, ...rest);
  };
}
wrap(pg.Client.prototype);
wrap(PGlite.prototype);
process.on('message', (m) => {
  if (m === 'capture') { captured = []; process.send({ capturing: true }); }
  if (m === 'collect') { process.send({ statements: captured ?? [] }); captured = null; }
});
await import(pathToFileURL(path.resolve('dist/main.js')).href);
`;

async function startBackend(env) {
  const port = await freePort();
  const cpuProf = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'PORT'].includes(k)));
  const c = child([...BACKEND_NODE_FLAGS, ...cpuProf, '--input-type=module', '-e', BACKEND_LOADER], {
    cwd: backendDir,
    env: { ...base, NODE_ENV: 'production', PORT: String(port), JWT_SECRET: randomBytes(24).toString('hex'), DEMO: '1', ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (c.proc.exitCode !== null) throw new Error(`backend exited during start:\n${c.output()}`);
    const ok = await fetch(`${url}/api/config`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      const output = c.output();
      await c.stop();
      throw new Error(`backend did not answer within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const ask = asker(c.proc);
  return {
    url,
    pid: c.proc.pid,
    stop: c.stop,
    gc: gcProbeOf(c.proc),
    /** The SQL statements the backend runs while `fn` runs (one client: nothing else in flight). */
    async statementsOf(fn) {
      await ask('capture', 'capturing');
      await fn();
      return ask('collect', 'statements');
    },
  };
}

// ---------- the API ----------

async function signIn(url) {
  const res = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!res.ok) throw new Error(`sign-in as ${username} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

async function listCount(url, token) {
  const res = await fetch(`${url}${LIST_PATH}`, { headers: { 'x-auth-token': token } });
  if (!res.ok) throw new Error(`GET ${LIST_PATH} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).count;
}

/** Creates users through the API until the (active) user list holds `userCount`. */
async function seedUsers(url, token) {
  const have = await listCount(url, token);
  const tag = randomBytes(3).toString('hex');
  for (let i = have; i < userCount; i++) {
    const body = {
      username: `bench.${tag}.${String(i).padStart(3, '0')}`,
      roles: ['ROLE_DRIVER'],
      password: NEW_USER_PASSWORD,
      password_confirm: NEW_USER_PASSWORD,
      firstname: 'Bernd',
      lastname: `Bench ${i}`,
    };
    const res = await fetch(`${url}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': token }, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`POST /api/users failed: ${res.status} ${await res.text()}`);
  }
  return listCount(url, token);
}

// ---------- one driver ----------

/**
 * CPU ms used so far by the server process and, where `databasePids` names them (PostgreSQL on
 * this machine), by the database backends serving it; null where /proc is missing.
 */
function cpuOf(pid, databasePids = null) {
  if (!pid) return () => null;
  let pids = null;
  return async () => {
    const server = cpuMs(pid);
    if (server === null) return null;
    pids ??= databasePids ? await databasePids() : [];
    const each = pids.map(cpuMs);
    return { server, database: databasePids && each.every((v) => v !== null) ? each.reduce((a, b) => a + b, 0) : null };
  };
}

/** The load steps at 1 and at `manyClients` clients, with CPU per request when `pid` is given. */
async function steps(url, headers, pid = null, databasePids = null, gc = null) {
  return {
    one: await load(url, headers, 1, seconds * 1000, cpuOf(pid, databasePids), gc),
    many: await load(url, headers, manyClients, seconds * 1000, cpuOf(pid, databasePids), gc),
  };
}

function measureServer(url, token, pid = null, databasePids = null, gc = null) {
  return steps(`${url}${LIST_PATH}`, { 'x-auth-token': token, 'accept-encoding': acceptEncoding }, pid, databasePids, gc);
}

async function measureBare() {
  const bare = await startBare();
  try {
    return await steps(`${bare.url}/`, {}, bare.pid, null, bare.gc);
  } finally {
    await bare.stop();
  }
}

/** The statement that reads the list rows (the largest select of the request). */
function listStatement(statements) {
  const selects = statements.filter((s) => /^\s*select/i.test(s.text) && /"users"/.test(s.text));
  return selects.sort((a, b) => b.text.length - a.text.length)[0] ?? null;
}

async function runPostgres() {
  const { default: pg } = await import('pg');
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const version = (await admin.query('show server_version')).rows[0].server_version;
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mediport-request-cost-'));
  let backend = null;
  try {
    backend = await startBackend({ DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir });
    const token = await signIn(backend.url);
    const users = await seedUsers(backend.url, token);
    const counted = await countStatements(backend, token);
    // The backends of the bench database (the pool's connections), for their CPU time: only when
    // PostgreSQL runs on this machine.
    const monitor = new pg.Client({ connectionString: serverUrl });
    await monitor.connect();
    const local = ['127.0.0.1', 'localhost', '[::1]'].includes(dbUrl.hostname);
    const databasePids = local ? async () => (await monitor.query('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r) => r.pid) : null;
    const api = await measureServer(backend.url, token, backend.pid, databasePids, backend.gc).finally(() => monitor.end());
    await backend.stop();
    backend = null;
    // The same SQL, straight through node-postgres on one connection.
    const client = new pg.Client({ connectionString: dbUrl.toString() });
    await client.connect();
    const list = listStatement(counted.list);
    const sqlList = list ? await repeat(sqlRounds, () => client.query(list.text, list.values)) : null;
    // As a named statement: parsed and planned once per connection (what the backend does for reads).
    const sqlPrepared = list ? await repeat(sqlRounds, () => client.query({ name: 'bench_list', text: list.text, values: list.values })) : null;
    const sqlAll = await repeat(sqlRounds, async () => {
      for (const s of counted.list) await client.query(s.text, s.values);
    });
    await client.end();
    return { label: `PostgreSQL ${version}`, users, counted, api, sqlList, sqlPrepared, sqlAll };
  } finally {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (keepDatabase) process.stdout.write(`(database ${name} kept)\n`);
    else {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
  }
}

async function runPglite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mediport-request-cost-'));
  let backend = null;
  try {
    backend = await startBackend({ DATA_DIR: dataDir });
    const token = await signIn(backend.url);
    const users = await seedUsers(backend.url, token);
    const counted = await countStatements(backend, token);
    const api = await measureServer(backend.url, token, backend.pid, null, backend.gc);
    await backend.stop();
    backend = null;
    // One process per PGlite folder: the same SQL runs here once the backend has stopped.
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    const list = listStatement(counted.list);
    const sqlList = list ? await repeat(sqlRounds, () => db.query(list.text, list.values)) : null;
    const sqlAll = await repeat(sqlRounds, async () => {
      for (const s of counted.list) await db.query(s.text, s.values);
    });
    await db.close();
    return { label: 'PGlite (embedded)', users, counted, api, sqlList, sqlAll };
  } finally {
    await backend?.stop();
    if (keepDatabase) process.stdout.write(`(PGlite data kept in ${dataDir})\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Statements of one signed-in list request and of one session refresh (both already warm). */
async function countStatements(backend, token) {
  const headers = { 'x-auth-token': token };
  const agent = new http.Agent({ keepAlive: true });
  for (let i = 0; i < 5; i++) await get(agent, `${backend.url}${LIST_PATH}`, headers);
  const list = await backend.statementsOf(() => get(agent, `${backend.url}${LIST_PATH}`, headers));
  const session = await backend.statementsOf(() => get(agent, `${backend.url}/api/auth/session`, headers));
  agent.destroy();
  return { list, session };
}

// ---------- output ----------

const ms = (n) => (n === undefined || Number.isNaN(n) ? '-' : n.toFixed(2)).padStart(9);
const rate = (n) => (n === undefined || Number.isNaN(n) ? '-' : n.toFixed(0)).padStart(9);
const ratio = (a, b) => (a && b ? `${(a / b).toFixed(1)}×` : '-');

/** One line: latency and rate at 1 and at many clients, then CPU per request of the server and of the database (many clients). */
function row(name, one, many) {
  const cpu = many?.cpuPerRequest ?? one?.cpuPerRequest;
  const dbCpu = many?.dbCpuPerRequest ?? one?.dbCpuPerRequest;
  const failed = (one?.failures ?? 0) + (many?.failures ?? 0);
  return `${name.padEnd(42)}${ms(one?.p50)}${ms(one?.p99)}${rate(one?.rps)} │${ms(many?.p50)}${ms(many?.p99)}${rate(many?.rps)}${cpu === undefined ? '' : ms(cpu)}${dbCpu === undefined ? '' : ms(dbCpu)}${failed ? `  (${failed} failed)` : ''}\n`;
}

/** The --gc figures of one load step: allocation per request, scavenges and promotion per 5,000 requests. */
function gcLine(gc) {
  const per5000 = 5000 / gc.requests;
  const kb = gc.allocated / gc.requests / 1024;
  const scavenges = gc.scavenges * per5000;
  return `${kb.toFixed(1).padStart(6)} KB allocated/request, per 5,000 requests ${scavenges.toFixed(0).padStart(3)} scavenges (${(gc.scavengeMs * per5000).toFixed(0)} ms), ${((gc.promoted * per5000) / 1e6).toFixed(2).padStart(6)} MB promoted, ${(gc.other * per5000).toFixed(1)} other GC events (marking, mark-compact)`;
}

function print(label, bare, r) {
  const out = process.stdout;
  out.write(`\n== ${label}${r.users ? `, ${r.users} users in the list` : ''}\n`);
  out.write(`${''.padEnd(42)}${'1 client'.padStart(27)} │${`${manyClients} clients`.padStart(27)}${'CPU ms/req'.padStart(18)}\n`);
  out.write(`${''.padEnd(42)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'req/s'.padStart(9)} │${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'req/s'.padStart(9)}${'server'.padStart(9)}${'database'.padStart(9)}\n`);
  out.write(row('bare node:http server', bare.one, bare.many));
  if (r.sqlList) out.write(row('SQL: the list query', r.sqlList, null));
  if (r.sqlPrepared) out.write(row('SQL: the list query, prepared', r.sqlPrepared, null));
  const several = r.counted && r.counted.list.length > 1;
  if (r.sqlAll && several) out.write(row(`SQL: all ${r.counted.list.length} statements of the request`, r.sqlAll, null));
  out.write(row(`GET ${LIST_PATH} (signed in)`, r.api.one, r.api.many));
  const parts = [
    `API/bare p50 ${ratio(r.api.one.p50, bare.one.p50)}`,
    r.sqlList ? `API/SQL(list) p50 ${ratio(r.api.one.p50, r.sqlList.p50)}` : null,
    r.sqlPrepared ? `API/SQL(list, prepared) p50 ${ratio(r.api.one.p50, r.sqlPrepared.p50)}` : null,
    r.sqlAll && several ? `API/SQL(all) p50 ${ratio(r.api.one.p50, r.sqlAll.p50)}` : null,
    `bare/API req/s at ${manyClients} clients ${ratio(bare.many.rps, r.api.many.rps)}`,
  ].filter(Boolean);
  out.write(`ratios: ${parts.join(' · ')}\n`);
  if (gcStats) {
    for (const [name, steps] of [['bare node:http server', bare], [`GET ${LIST_PATH}`, r.api]]) {
      for (const [clients, step] of [[1, steps.one], [manyClients, steps.many]]) if (step?.gc) out.write(`heap, ${gcLine(step.gc)}: ${name}, ${clients} client${clients === 1 ? '' : 's'}\n`);
    }
  }
  out.write(`answer on the wire: ${r.api.many.bytes} bytes (${r.api.many.encoding}; Accept-Encoding: ${acceptEncoding})\n`);
  if (r.counted) {
    out.write(`SQL statements per request: GET ${LIST_PATH} ${r.counted.list.length}, GET /api/auth/session ${r.counted.session.length}\n`);
    // One JSON line per statement: { text, values }.
    if (showSql) for (const s of r.counted.list) out.write(`  ${JSON.stringify(s)}\n`);
  }
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
process.stdout.write(
  `request cost: ${seconds} s per load step (+ ${warmupSeconds} s warm-up), 1 and ${manyClients} clients, keep-alive; node ${process.version}, ${os.cpus().length} CPUs; load average ${loadAverage()}\n`,
);
const bare = await measureBare();
if (targetUrl) {
  const token = await signIn(targetUrl);
  print(targetUrl, bare, { api: await measureServer(targetUrl, token) });
} else {
  for (const driver of drivers) {
    const r = driver === 'pglite' ? await runPglite() : await runPostgres();
    print(r.label, bare, r);
  }
}
process.stdout.write(`\nload average at the end: ${loadAverage()} (other processes on this machine distort every figure)\n`);
if (profileDir) process.stdout.write(`CPU profiles of the backend: ${path.resolve(profileDir)}\n`);

// Shared pieces of the benchmarks in bench/ (not tests): arguments, deterministic data, percentiles,
// printing, a scratch PostgreSQL database, and the built backend started with SQL capture.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { BACKEND_NODE_FLAGS } from '../scripts/lib.mjs';

export { BACKEND_NODE_FLAGS };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_PASSWORD = 'Demo#Passwort24!';
/** Debian's Chromium and the flags every browser run here uses (the same as the browser tests). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

// ---------- arguments ----------

/** `--name value` / `--name=value` options and `--flag` switches of the command line. */
export function cli(args = process.argv.slice(2)) {
  return {
    opt(name, fallback) {
      const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
      if (i === -1) return fallback;
      return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
    },
    flag: (name) => args.includes(`--${name}`),
  };
}

/** The server the scratch databases are created on. */
export function serverUrlFrom(opt) {
  return opt('database-url', process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
}

/** Output piped into `head` must not stop a run before its database is dropped and its servers stopped. */
export function keepRunningOnClosedOutput() {
  process.stdout.on('error', () => undefined);
  process.on('SIGINT', () => process.exit(130));
}

// ---------- data ----------

/** Deterministic pseudo-random numbers (mulberry32), as the demo seed uses. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------- measuring ----------

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** p50, p99 and max of the samples; `samples` keeps them in the order taken (for ratioInterval). */
export function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) ?? NaN, samples };
}

/**
 * How far the ratio of two series' p-th percentiles could move from run to run: a 95 % interval by
 * a paired bootstrap (the rounds drawn with replacement, each keeping its sample of both series, as
 * repeatInterleaved took them together). A p99 of a few thousand samples rests on its slowest few
 * dozen, so one run's ratio alone says little where it is close to a goal.
 */
export function ratioInterval(a, b, p = 99, { draws = 400, seed = 99 } = {}) {
  const next = random(seed);
  const n = Math.min(a.length, b.length);
  const da = new Float64Array(n);
  const db = new Float64Array(n);
  const ratios = new Float64Array(draws);
  for (let d = 0; d < draws; d++) {
    for (let i = 0; i < n; i++) {
      const k = Math.floor(next() * n);
      da[i] = a[k];
      db[i] = b[k];
    }
    da.sort();
    db.sort();
    ratios[d] = percentile(da, p) / percentile(db, p);
  }
  ratios.sort();
  return { low: percentile(ratios, 2.5), high: percentile(ratios, 97.5) };
}

/** Runs `fn` sequentially after a warm-up of a tenth; answers the latency summary (ms). */
export async function repeat(n, fn) {
  for (let i = 0; i < Math.ceil(n / 10); i++) await fn();
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summary(samples);
}

/**
 * Runs the functions in turn, `n` rounds of one call each (after a warm-up of a tenth), and answers
 * one latency summary (ms) per function, with `starts` (performance.now() of each call): the figure
 * and its reference then see the same moments of the machine (a burst of load or a collection in
 * one block of samples would bias that block).
 */
export async function repeatInterleaved(n, fns, { afterWarmUp } = {}) {
  for (let i = 0; i < Math.ceil(n / 10); i++) for (const fn of fns) await fn();
  await afterWarmUp?.();
  const samples = fns.map(() => []);
  const starts = fns.map(() => []);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < fns.length; k++) {
      const t0 = performance.now();
      await fns[k]();
      samples[k].push(performance.now() - t0);
      starts[k].push(t0);
    }
  }
  return samples.map((s, k) => ({ ...summary(s), starts: starts[k] }));
}

/** One GET over a keep-alive agent; resolves with status and body once all of it arrived. */
export function get(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Signs in through POST /api/auth; answers the auth record (token, user, …). */
export async function signIn(baseUrl, username, password = DEMO_PASSWORD) {
  const res = await fetch(`${baseUrl}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!res.ok) throw new Error(`sign-in as ${username} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

// ---------- printing ----------

/** A number of milliseconds, right-aligned in a column of `width`. */
export const ms = (n, width = 9) => (n === undefined || Number.isNaN(n) ? '-' : n.toFixed(2)).padStart(width);
export const ratio = (a, b, width = 8) => `${(a / b).toFixed(2)}×`.padStart(width);

/** The machine's load as `uptime` shows it, printed beside the figures (bench/README.md quotes it). */
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat. */
export function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Runs `fn`, answering the CPU time (ms) process `pid` used meanwhile. */
export async function cpuOf(pid, fn) {
  const before = processCpuMs(pid);
  const result = await fn();
  return { result, cpuMs: processCpuMs(pid) - before };
}

export function machineLoad() {
  const [a, b, c] = os.loadavg().map((n) => n.toFixed(2));
  return `load average ${a}, ${b}, ${c} on ${os.cpus().length} cores`;
}

/** Prints rows under a header; `columns` are [title, width, align ('l' | 'r')]. */
export function printTable(columns, rows, out = process.stdout) {
  const cell = (v, [, width, align]) => (align === 'l' ? String(v).padEnd(width) : String(v).padStart(width));
  out.write(`${columns.map((c) => cell(c[0], c)).join('')}\n`);
  for (const row of rows) out.write(`${row.map((v, i) => cell(v, columns[i])).join('')}\n`);
}

// ---------- processes and databases ----------

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = http.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A database of its own on `serverUrl` (created now); `drop()` removes it (forcing out connections). */
export async function scratchDatabase(serverUrl, prefix) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const version = (await admin.query('show server_version')).rows[0].server_version;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    version,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// Loads the built backend after wrapping node-postgres' query function, so the bench can ask (over
// IPC) for the SQL statements of one request, with the statement name where the backend prepares
// them, and have the backend time its requests (from the request event to the answer written) and
// statements (from the query call to the driver's answer, rows parsed). Runs with cwd = the backend
// folder, so `pg` resolves to the very module the backend uses.
const BACKEND_LOADER = `
import http from 'node:http';
import path from 'node:path';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
let captured = null;
let timings = null;
// Garbage collections while timing: young-generation scavenges and the rest (marking, compacting).
new PerformanceObserver((list) => {
  if (!timings) return;
  for (const e of list.getEntries()) {
    const g = e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR ? timings.gc.scavenges : timings.gc.major;
    g.n++;
    g.ms += e.duration;
    timings.gc.pauses.push(e.startTime, e.duration);
  }
}).observe({ entryTypes: ['gc'] });
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (text, values, ...rest) {
  if (captured) captured.push(typeof text === 'string' ? { text, values: Array.isArray(values) ? values : [] } : { text: text.text, name: text.name, values: Array.isArray(values) ? values : (text.values ?? []) });
  if (!timings?.statementsToo) return original.call(this, text, values, ...rest);
  // Timed from the call to the answer, whether the caller passed a callback (pg.Pool does) or awaits.
  const start = performance.now();
  const t = timings;
  const sql = typeof text === 'string' ? text : text.text;
  let id = t.ids.get(sql);
  if (id === undefined) t.ids.set(sql, (id = t.ids.size));
  const done = () => t.statements.push(id, start, performance.now() - start);
  const args = [values, ...rest];
  const at = args.findIndex((a) => typeof a === 'function');
  if (at !== -1) {
    const callback = args[at];
    args[at] = function (...answer) { done(); return callback.apply(this, answer); };
  }
  const result = original.call(this, text, ...args);
  if (at === -1 && result && typeof result.then === 'function') result.then(done, () => undefined);
  return result;
};
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request' && timings) {
    const start = performance.now();
    const list = timings.requests;
    res.once('finish', () => list.push(start, performance.now() - start));
  }
  return emit.apply(this, arguments);
};
process.on('message', (m) => {
  if (m === 'capture') { captured = []; process.send({ capturing: true }); }
  if (m === 'collect') { process.send({ statements: captured ?? [] }); captured = null; }
  if (m?.time) { timings = { statementsToo: m.time.statements, ids: new Map(), statements: [], requests: [], gc: { scavenges: { n: 0, ms: 0 }, major: { n: 0, ms: 0 }, pauses: [] } }; process.send({ timing: true }); }
  if (m === 'times') {
    const t = timings ?? { ids: new Map(), statements: [], requests: [], gc: null };
    timings = null;
    process.send({ times: { origin: performance.timeOrigin, texts: [...t.ids.keys()], statements: t.statements, requests: t.requests, gc: t.gc } });
  }
});
await import(pathToFileURL(path.resolve('dist/main.js')).href);
`;

/** Sends `message` to a child over IPC and resolves with the `key` of its first answer carrying one. */
export function asker(proc) {
  return (message, key) =>
    new Promise((resolve) => {
      const onMessage = (m) => {
        if (m && key in m) {
          proc.off('message', onMessage);
          resolve(m[key]);
        }
      };
      proc.on('message', onMessage);
      proc.send(message);
    });
}

/**
 * Starts the built backend (<backendDir>/dist) on a free port with `env` (DATABASE_URL, DATA_DIR,
 * REDIS_URL, …) and the demo data; resolves once /api/config answers. `statementsOf(fn)` answers the
 * SQL the backend ran while `fn` ran. It runs with the Node flags `npm start` uses (`nodeFlags`,
 * by default backend/package.json "config.nodeFlags").
 */
export async function startBackend({ backendDir = path.join(repoRoot, 'backend'), env = {}, jwtSecret = randomBytes(24).toString('hex'), profileDir = null, nodeFlags = BACKEND_NODE_FLAGS } = {}) {
  const port = await freePort();
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'PORT'].includes(k)));
  const cpuProf = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`, ...(process.env.CPU_PROF_INTERVAL ? [`--cpu-prof-interval=${process.env.CPU_PROF_INTERVAL}`] : [])] : [];
  const proc = spawn(process.execPath, [...nodeFlags, ...cpuProf, '--input-type=module', '-e', BACKEND_LOADER], {
    cwd: backendDir,
    env: { ...base, NODE_ENV: 'production', PORT: String(port), JWT_SECRET: jwtSecret, DEMO: '1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  // Never leave the backend running when this script ends some other way (Ctrl-C, a crash).
  const killOnExit = () => proc.kill('SIGKILL');
  process.on('exit', killOnExit);
  exited.then(() => process.off('exit', killOnExit));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`backend exited during start:\n${output}`);
    if (await fetch(`${url}/api/config`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`backend did not answer within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const ask = asker(proc);
  return {
    url,
    pid: proc.pid,
    stop,
    output: () => output,
    /** The SQL statements the backend runs while `fn` runs (one client: nothing else in flight). */
    async statementsOf(fn) {
      await ask('capture', 'capturing');
      await fn();
      return ask('collect', 'statements');
    },
    /**
     * Starts timing the backend's requests and garbage collections, and with `statements` its SQL
     * statements too (see BACKEND_LOADER). Timing statements wraps every query call, which leaves
     * MBs of extra survivors per young-generation collection (promoted, then an old-generation
     * collection): it changes the backend's tail, so measure latencies without it and split a
     * request's time (splitServerTime) in a pass of its own.
     */
    timeStatements: ({ statements = true } = {}) => ask({ time: { statements } }, 'timing'),
    /**
     * What was timed since timeStatements(), in ms, in the order things ended; stops timing:
     * { statements: [{ sql, start, ms }], requests: [{ start, ms }], gc: { scavenges: { n, ms }, major: { n, ms } },
     * pauses: [{ start, ms }] }, every start on the bench's clock (its performance.now()).
     * The backend keeps them as flat arrays of numbers (statement texts by index), so that timing
     * leaves next to nothing behind in its heap: no objects per request to promote, no megabytes of
     * repeated statement text to send.
     */
    async statementTimes() {
      const { origin, texts, statements: s, requests: r, gc } = await ask('times', 'times');
      // The backend's clock → this process's (both count from their own performance.timeOrigin).
      const shift = origin - performance.timeOrigin;
      const statements = [];
      for (let i = 0; i < s.length; i += 3) statements.push({ sql: texts[s[i]], start: s[i + 1] + shift, ms: s[i + 2] });
      const requests = [];
      for (let i = 0; i < r.length; i += 2) requests.push({ start: r[i] + shift, ms: r[i + 1] });
      const pauses = [];
      for (let i = 0; i < (gc?.pauses.length ?? 0); i += 2) pauses.push({ start: gc.pauses[i] + shift, ms: gc.pauses[i + 1] });
      return { statements, requests, gc, pauses };
    },
  };
}

/** Runs a captured statement as the backend did (same name: same parse-once and plan caching). */
export function runStatement(client, s) {
  return client.query(s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values });
}

/**
 * The backend's own time per request (p50, ms) around `statement` (one client, so requests and
 * statements do not overlap): before it, in it (the driver's time), after it until the answer is written.
 */
export function splitServerTime({ statements, requests }, statement) {
  const runs = statements.filter((s) => s.sql === statement.text);
  const before = [];
  const inside = [];
  const after = [];
  let k = 0;
  for (const r of requests) {
    while (k < runs.length && runs[k].start < r.start) k++;
    const run = runs[k];
    if (!run || run.start > r.start + r.ms) continue;
    before.push(run.start - r.start);
    inside.push(run.ms);
    after.push(r.start + r.ms - (run.start + run.ms));
  }
  return { before: summary(before).p50, sql: summary(inside).p50, after: summary(after).p50 };
}

/**
 * What the slowest 1 % of the calls in `calls` (a repeatInterleaved summary of requests to the
 * backend, one client) spent their extra time on, from the backend's timings of the same pass
 * (statementTimes(): `requests`, GC `pauses`): `gc` calls during which the backend paused for a
 * collection; of the others, `outside` those whose time outside the backend (the way to it and back:
 * sockets, waking processes, the client itself) grew more over its median than the backend's own
 * time did, and `inside` the rest.
 */
export function tailCauses(calls, { requests, pauses }) {
  const served = [];
  let k = 0;
  for (let i = 0; i < calls.samples.length; i++) {
    const start = calls.starts[i];
    const end = start + calls.samples[i];
    while (k < requests.length && requests[k].start < start) k++;
    const r = requests[k];
    served.push(r && r.start <= end ? r.ms : NaN);
  }
  const outsideOf = (i) => calls.samples[i] - served[i];
  const medianServed = summary(served.filter((v) => !Number.isNaN(v))).p50;
  const medianOutside = summary(served.map((_, i) => outsideOf(i)).filter((v) => !Number.isNaN(v))).p50;
  const slowest = calls.samples
    .map((_, i) => i)
    .sort((a, b) => calls.samples[b] - calls.samples[a])
    .slice(0, Math.max(1, Math.round(calls.samples.length / 100)));
  const causes = { n: slowest.length, gc: 0, outside: 0, inside: 0 };
  for (const i of slowest) {
    const start = calls.starts[i];
    const end = start + calls.samples[i];
    if (pauses.some((p) => p.start < end && p.start + p.ms > start)) causes.gc++;
    else if (outsideOf(i) - medianOutside > served[i] - medianServed) causes.outside++;
    else causes.inside++;
  }
  return causes;
}

// The same work as an API list request by bare tools: node:http and node-postgres, no framework.
// Each GET runs the statement given over IPC (named as the backend names it, so parsed once and
// planned the same way) on one connection and answers its rows as JSON.
const BARE_SQL_SERVER = `
import http from 'node:http';
import pg from 'pg';
const client = new pg.Client({ connectionString: process.env.BARE_DATABASE_URL });
await client.connect();
let statement = null;
process.on('message', (m) => {
  if (m && m.statement) { statement = m.statement; process.send({ statementSet: true }); }
});
const server = http.createServer((req, res) => {
  const s = statement;
  client.query(s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values }).then(
    (result) => {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ data: result.rows }));
    },
    (error) => { res.statusCode = 500; res.end(String(error)); },
  );
});
server.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.send({ listening: true }));
`;

/**
 * Starts the bare reference server (node:http + node-postgres, its own process, cwd = the backend
 * folder so `pg` is the backend's, and the backend's Node flags, so both run with the same runtime
 * settings). `use(statement)` sets the statement every GET runs.
 */
export async function startBareSqlServer({ databaseUrl, backendDir = path.join(repoRoot, 'backend'), nodeFlags = BACKEND_NODE_FLAGS }) {
  const port = await freePort();
  const proc = spawn(process.execPath, [...nodeFlags, '--input-type=module', '-e', BARE_SQL_SERVER], {
    cwd: backendDir,
    env: { ...process.env, BARE_DATABASE_URL: databaseUrl, BARE_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killOnExit = () => proc.kill('SIGKILL');
  process.on('exit', killOnExit);
  const ask = asker(proc);
  await new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`bare SQL server exited with ${code}`)));
    proc.once('message', (m) => (m?.listening ? resolve() : reject(new Error('bare SQL server did not start'))));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: proc.pid,
    use: (statement) => ask({ statement }, 'statementSet'),
    async stop() {
      process.off('exit', killOnExit);
      proc.removeAllListeners('exit');
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

// ---------- memory of a process tree, from /proc ----------

const PAGE = 4096;
function processTable() {
  const table = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').trim();
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.push({ pid: Number(entry), ppid: Number(fields[1]) });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** This process and every process under it (the Chromium browsers and their helpers). */
export function treeOf(root) {
  const table = processTable();
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const p of table) if (p.ppid === out[i]) out.push(p.pid);
  return out;
}

function rssBytes(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE;
  } catch {
    return 0;
  }
}

/** Proportional set size: shared pages split among the processes sharing them, so a tree's sum is not inflated. */
function pssBytes(pid) {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Samples the memory of `root` and every process under it (e.g. a backend and its Chromium) every
 * `intervalMs` (20 ms) while `fn` runs; answers fn's result and the peaks (RSS, PSS, processes under
 * root). `pss: false` leaves PSS out: reading smaps_rollup walks each process's page tables under its
 * memory lock, which slows a busy Chromium (printing PDFs) many times over.
 */
export async function withTreeMemory(root, fn, { intervalMs = 20, pss = true } = {}) {
  const peak = { rss: 0, pss: 0, processes: 0 };
  const sample = () => {
    const tree = treeOf(root);
    peak.rss = Math.max(peak.rss, tree.reduce((sum, pid) => sum + rssBytes(pid), 0));
    if (pss) peak.pss = Math.max(peak.pss, tree.reduce((sum, pid) => sum + pssBytes(pid), 0));
    peak.processes = Math.max(peak.processes, tree.length - 1);
  };
  const timer = setInterval(sample, intervalMs);
  sample();
  try {
    const result = await fn();
    sample();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}


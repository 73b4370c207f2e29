#!/usr/bin/env node
// Benchmark (not a test): the patient list with a text filter and its count.
//
// In a PostgreSQL database of its own (created and dropped), the built backend (backend/dist) starts
// with the demo data; the bench then adds homes, living areas, doctors and patients straight through
// SQL until there are --patients patients, --doctors doctors and --homes homes (deterministic names),
// runs VACUUM ANALYZE (as autovacuum would after such a load), and measures for each search term (prefixes and infixes of names, one client):
//   1. GET /api/patients?filter[text]=…&limit=25 (rows + count) signed in as --user,
//   2. the SQL of that request, captured from the backend and run directly through node-postgres
//      as the backend runs it (same statement names, one after another): the list statement (the
//      page's rows with the total as an uncorrelated scalar subquery under the same WHERE), after a
//      session lookup when the session row is not remembered from the previous request,
//   3. the same list statement behind a bare node:http + node-postgres server (no framework, no
//      session, no policy; rows as JSON): what any HTTP service on this machine adds to the SQL,
// one of each per round, and prints p50/p99 of each, the ratios to the SQL, the backend's own time
// per request around the statement (before / in / after it, from the request event to the answer
// written) and its garbage collections, and the EXPLAIN (ANALYZE, BUFFERS) of the infix search.
// The backend and the bare server run with the Node flags of `npm start` (backend/package.json
// "config.nodeFlags"); bench/node-flags.mjs compares flag sets side by side.
// It also prints the CPU time (user + system, /proc) of the backend and of the bare server per request.
// Goals: API p50 ≤ SQL p50 + 1 ms; backend CPU ≤ 1 ms per list request.
//
//   cd backend && npx tsc -p tsconfig.build.json && cd ..
//   node bench/masterdata-list.mjs [--patients 20000] [--doctors 1000] [--homes 200] [--rounds 10000]
//                                  [--user apotheke] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
//                                  [--backend backend] [--keep-database] [--show-sql] [--profile DIR]
//                                  [--node-flags '--max-semi-space-size=64']
// --profile DIR starts the backend with `node --cpu-prof` and leaves the .cpuprofile file in DIR
// (CPU_PROF_INTERVAL=100 samples every 100 µs instead of 1 ms).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BACKEND_NODE_FLAGS, get, ms, processCpuMs, ratioInterval, repeat, repeatInterleaved, repoRoot, runStatement, splitServerTime, startBareSqlServer, startBackend as startBuiltBackend, tailCauses } from './lib.mjs';
import { TERMS, seed } from './masterdata-data.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return fallback;
  return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
};
const patientTarget = Number(opt('patients', 20_000));
const doctorTarget = Number(opt('doctors', 1_000));
const homeTarget = Number(opt('homes', 200));
// A p99 rests on the slowest 1 %: 10,000 rounds give it 100 samples (≈8 min for the six terms).
const rounds = Number(opt('rounds', 10_000));
const username = opt('user', 'apotheke');
const password = opt('password', 'Demo#Passwort24!');
const serverUrl = opt('database-url', process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const backendDir = path.resolve(opt('backend', path.join(repoRoot, 'backend')));
const keepDatabase = args.includes('--keep-database');
const showSql = args.includes('--show-sql');
const profileDir = opt('profile', null);
// The backend's Node flags: backend/package.json "config.nodeFlags" unless given (`--node-flags ''`: Node's defaults).
const nodeFlags = opt('node-flags', null)?.split(/\s+/).filter(Boolean);
/** Goals: the API's p50 within 1 ms of its SQL run directly, and at most 1 ms of backend CPU per request. */
const GOAL_P50_GAP_MS = 1;
const GOAL_CPU_MS = 1;

// Output piped into `head` must not stop the run before the database is dropped and the backend stopped.
process.stdout.on('error', () => undefined);
process.on('SIGINT', () => process.exit(130));

const startBackend = (env) => startBuiltBackend({ backendDir, env, profileDir, nodeFlags });

async function main() {
  const { default: pg } = await import('pg');
  const name = `bench_md_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const version = (await admin.query('show server_version')).rows[0].server_version;
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mediport-bench-'));
  let backend = null;
  let bare = null;
  const clients = [];
  try {
    backend = await startBackend({ DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir });
    const direct = new pg.Client({ connectionString: dbUrl.toString() });
    const second = new pg.Client({ connectionString: dbUrl.toString() });
    clients.push(direct, second);
    await Promise.all(clients.map((c) => c.connect()));
    const t0 = performance.now();
    const counts = await seed(direct, { patients: patientTarget, doctors: doctorTarget, homes: homeTarget });
    process.stdout.write(`masterdata list: PostgreSQL ${version}, ${counts.patients} patients, ${counts.doctors} doctors, ${counts.homes} homes (seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s), user ${username}, ${rounds} requests per term, 1 client\n\n`);

    const login = await fetch(`${backend.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    if (!login.ok) throw new Error(`sign-in as ${username} failed: ${login.status} ${await login.text()}`);
    const { token } = await login.json();
    const headers = { 'x-auth-token': token };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const bareAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    bare = await startBareSqlServer({ databaseUrl: dbUrl.toString(), backendDir });

    // The floor of any request through the same server: a public route without SQL.
    const floor = await repeat(rounds, async () => {
      const res = await get(agent, `${backend.url}/api/config`, {});
      if (res.status !== 200) throw new Error(`GET /api/config → ${res.status}`);
    });

    const rows = [];
    let explained = null;
    for (const term of TERMS) {
      const url = `${backend.url}/api/patients?limit=25&filter[text]=${encodeURIComponent(term.text)}`;
      const first = await get(agent, url, headers);
      if (first.status !== 200) throw new Error(`GET ${url} → ${first.status} ${first.body}`);
      const found = JSON.parse(first.body).count;
      for (let i = 0; i < 5; i++) await get(agent, url, headers);
      const statements = await backend.statementsOf(() => get(agent, url, headers));
      const selects = statements.filter((s) => /"patients"/.test(s.text));
      // The list statement (rows and total); a count statement of its own only where a backend still runs one.
      const list = selects.find((s) => /\blimit\b/i.test(s.text));
      const count = selects.find((s) => /^\s*select count\(\*\)/i.test(s.text));
      if (!list) throw new Error(`could not capture the list statement of ${url}`);
      if (showSql) process.stdout.write(`-- ${term.label}\n${JSON.stringify(statements, null, 1)}\n`);
      if (!explained && term.label.startsWith('infix')) explained = { term, list, count };

      const run = runStatement;
      const others = statements.filter((s) => s !== list && s !== count);
      const sqlAll = async () => {
        for (const s of others) await run(direct, s);
        await Promise.all([run(direct, list), count ? run(second, count) : null]);
      };
      await bare.use(list);
      const bareUrl = `${bare.url}/`;
      // API request, its SQL run directly, the bare server: one of each per round, so all three see
      // the same moments of the machine. After the warm-up the backend counts its garbage
      // collections. Its time around the statement is taken in a shorter second pass of the same
      // rounds: timing statements changes the backend's own collections (BACKEND_LOADER).
      const round = [
        async () => {
          const res = await get(agent, url, headers);
          if (res.status !== 200) throw new Error(`GET ${url} → ${res.status}`);
        },
        sqlAll,
        async () => {
          const res = await get(bareAgent, bareUrl, {});
          if (res.status !== 200) throw new Error(`bare server → ${res.status} ${res.body}`);
        },
      ];
      const cpuBefore = [processCpuMs(backend.pid), processCpuMs(bare.pid)];
      const [api, sql, bareServer] = await repeatInterleaved(rounds, round, { afterWarmUp: () => backend.timeStatements({ statements: false }) });
      // Per request, the warm-up calls included (the SQL run directly uses neither process).
      const calls = rounds + Math.ceil(rounds / 10);
      const cpu = { api: (processCpuMs(backend.pid) - cpuBefore[0]) / calls, bare: (processCpuMs(bare.pid) - cpuBefore[1]) / calls };
      const measured = await backend.statementTimes();
      const { gc } = measured;
      rows.push({ term, found, statements: statements.length, hasCount: !!count, api, sql, bare: bareServer, cpu, gc, tail: tailCauses(api, measured), round, list });
    }
    // The split passes come after every measured pass, so that no measured pass follows one that
    // timed statements (which leaves promoted garbage in the backend's old generation). The 4-6
    // old-generation GC entries per 10,000 measured requests from the second term on stayed the same
    // with this order.
    for (const row of rows) {
      await bare.use(row.list);
      await repeatInterleaved(Math.min(rounds, 500), row.round, { afterWarmUp: () => backend.timeStatements() });
      row.inside = splitServerTime(await backend.statementTimes(), row.list);
    }
    agent.destroy();
    bareAgent.destroy();

    const out = process.stdout;
    const pad = (text, width) => String(text).padStart(width);
    out.write(
      `${'search term'.padEnd(28)}${pad('found', 6)}${pad('API p50', 9)}${pad('p99', 7)}${pad('bare p50', 10)}${pad('p99', 7)}${pad('SQL p50', 9)}${pad('p99', 7)}` +
        `${pad('p50 gap', 9)}${pad('API CPU', 9)}${pad('bare CPU', 10)}${pad('API/SQL p99', 13)}${pad('95 % interval', 15)}${pad('p50', 7)}${pad('bare/SQL p99', 14)}${pad('p50', 7)}${pad('in API: before', 16)}${pad('SQL', 7)}${pad('after', 7)}${pad('young GC', 13)}${pad('old GC', 13)}${pad('slowest 1 %: GC', 17)}${pad('outside', 9)}${pad('inside', 8)}\n`,
    );
    let close = true;
    let lean = true;
    const missed = [];
    const x = (a, b, width) => pad(`${(a / b).toFixed(2)}×`, width);
    const interval = (a, b) => {
      const { low, high } = ratioInterval(a.samples, b.samples);
      return `${low.toFixed(2)}–${high.toFixed(2)}×`;
    };
    const gcText = (g) => (g.n ? `${g.n} × ${(g.ms / g.n).toFixed(1)} ms` : '0');
    for (const r of rows) {
      close &&= r.api.p50 - r.sql.p50 <= GOAL_P50_GAP_MS;
      lean &&= r.cpu.api <= GOAL_CPU_MS;
      if (r.api.p50 - r.sql.p50 > GOAL_P50_GAP_MS || r.cpu.api > GOAL_CPU_MS) missed.push(`${r.term.label} (bare server: CPU ${r.cpu.bare.toFixed(2)} ms)`);
      out.write(
        `${r.term.label.padEnd(28)}${pad(r.found, 6)}${ms(r.api.p50, 9)}${ms(r.api.p99, 7)}${ms(r.bare.p50, 10)}${ms(r.bare.p99, 7)}${ms(r.sql.p50, 9)}${ms(r.sql.p99, 7)}` +
          `${ms(r.api.p50 - r.sql.p50, 9)}${ms(r.cpu.api, 9)}${ms(r.cpu.bare, 10)}${x(r.api.p99, r.sql.p99, 13)}${pad(interval(r.api, r.sql), 15)}${x(r.api.p50, r.sql.p50, 7)}${x(r.bare.p99, r.sql.p99, 14)}${x(r.bare.p50, r.sql.p50, 7)}${ms(r.inside.before, 16)}${ms(r.inside.sql, 7)}${ms(r.inside.after, 7)}` +
          `${pad(gcText(r.gc.scavenges), 13)}${pad(gcText(r.gc.major), 13)}${pad(r.tail.gc, 17)}${pad(r.tail.outside, 9)}${pad(r.tail.inside, 8)}\n`,
      );
    }
    out.write(`${'(floor: GET /api/config, no SQL)'.padEnd(34)}${ms(floor.p50, 9)}${ms(floor.p99, 7)}\n`);
    out.write(
      `\nAPI: GET /api/patients?limit=25&filter[text]=… (rows + count in ${[...new Set(rows.map((r) => r.statements))].join(' or ')} SQL statement(s):\n` +
        `  the list, i.e. the rows with the total as a scalar subquery in one statement, after a session lookup unless the session row is remembered).\n` +
        `bare: the same list statement behind a bare node:http + node-postgres server (no framework, no session, no policy; rows as JSON).\n` +
        `SQL: every statement of the request run directly (node-postgres, same statement names), one after another.\n` +
        `95 % interval: of API/SQL p99, by a paired bootstrap over the rounds (how far the ratio could move from run to run).\n` +
        `in API: p50 of the backend's own time per request (ms) before its list statement, in it (as its driver sees it), and after it until the answer is written (a second pass of ${Math.min(rounds, 500)} rounds).\n` +
        `young GC / old GC: the backend's garbage collections (scavenges / marking and compacting) during the term's measured requests × their average pause.\n` +
        `slowest 1 %: the API requests of the measured rounds that set its p99, by what made them slow: a garbage collection of the backend during the request, else the time outside the\n` +
        `  backend (the way to it and back: sockets, waking processes, the client) or the backend's own time (its statement included), whichever grew more over its median.\n` +
        `Node flags of the backend and the bare server: ${(nodeFlags ?? BACKEND_NODE_FLAGS).join(' ') || "(Node's defaults)"}.\n` +
        `p50 gap: API p50 - SQL p50. API CPU / bare CPU: CPU time (user + system, /proc) of the backend / the bare server per request.\n` +
        `Goals: API p50 ≤ SQL p50 + ${GOAL_P50_GAP_MS} ms: ${close ? 'met' : 'NOT met'}; backend CPU ≤ ${GOAL_CPU_MS} ms per request: ${lean ? 'met' : 'NOT met'}${missed.length ? ` (missed: ${missed.join(', ')})` : ''}.\n`,
    );

    if (explained) {
      for (const [what, s] of [['list', explained.list], ['count', explained.count]].filter(([, q]) => q)) {
        // As the backend runs it: a prepared statement may switch to a generic plan after five runs.
        const literal = (v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
        let plan;
        if (s.name) {
          await direct.query(`prepare bench_explain as ${s.text}`);
          const args = s.values.map(literal).join(', ');
          for (let i = 0; i < 5; i++) await direct.query(`execute bench_explain(${args})`);
          plan = await direct.query(`explain (analyze, buffers, costs off) execute bench_explain(${args})`);
          await direct.query('deallocate bench_explain');
        } else {
          plan = await direct.query(`explain (analyze, buffers, costs off) ${s.text}`, s.values);
        }
        out.write(`\nEXPLAIN (ANALYZE, BUFFERS) of the ${what} query, ${explained.term.label}${s.name ? ' (prepared, as the backend runs it)' : ''}:\n`);
        for (const line of plan.rows) out.write(`  ${line['QUERY PLAN']}\n`);
      }
    }
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await backend?.stop();
    await bare?.stop();
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

await main();

#!/usr/bin/env node
// Benchmark (not a test): the patient list through backends started with different Node flags, side
// by side, to choose backend/package.json "config.nodeFlags" (what `npm start` runs the backend with).
//
// In a PostgreSQL database of its own (created and dropped) with the data of bench/masterdata-list.mjs
// (20,000 patients, 1,000 doctors, 200 homes), one backend per flag set starts; per round each backend
// answers GET /api/patients?limit=25&filter[text]=… once and the list statement runs once directly
// (node-postgres, same statement name), so all see the same moments of the machine. Printed per search
// term and flag set: p50 / p99, the p99's ratio to the SQL's, the garbage collections each backend did
// and their average pause; at the end each backend's resident memory.
//
//   node bench/node-flags.mjs [--rounds 2000] [--flags ';--max-semi-space-size=64;--max-semi-space-size=64 --min-semi-space-size=64']
//                             [--database-url postgres://postgres@127.0.0.1:5432/postgres]
// --flags: flag sets separated by ';' (an empty one: Node's defaults).
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cli, get, keepRunningOnClosedOutput, machineLoad, ms, repeatInterleaved, runStatement, scratchDatabase, serverUrlFrom, signIn, startBackend } from './lib.mjs';
import { TERMS, seed } from './masterdata-data.mjs';

const { opt } = cli();
const rounds = Number(opt('rounds', 2000));
const flagSets = opt('flags', ';--max-semi-space-size=64;--max-semi-space-size=64 --min-semi-space-size=64').split(';').map((f) => f.split(/\s+/).filter(Boolean));
keepRunningOnClosedOutput();

const { default: pg } = await import('pg');
const db = await scratchDatabase(serverUrlFrom(opt), 'bench_md_flags');
const dataDirs = [];
const backends = [];
const direct = new pg.Client({ connectionString: db.url });
try {
  await direct.connect();
  // The first backend creates the schema and the demo data; the others find them.
  for (const nodeFlags of flagSets) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mediport-bench-'));
    dataDirs.push(dataDir);
    backends.push(await startBackend({ env: { DATABASE_URL: db.url, DATA_DIR: dataDir }, nodeFlags }));
  }
  const counts = await seed(direct, { patients: 20_000, doctors: 1_000, homes: 200 });
  const label = (flags) => flags.join(' ') || "Node's defaults";
  process.stdout.write(
    `node flags: PostgreSQL ${db.version}, ${counts.patients} patients, ${counts.doctors} doctors, ${counts.homes} homes; ${rounds} requests per term and backend, one client, ${machineLoad()}\n` +
      flagSets.map((f, k) => `  [${k + 1}] ${label(f)}\n`).join('') +
      '\n',
  );
  const users = await Promise.all(backends.map(async (b) => ({ b, headers: { 'x-auth-token': (await signIn(b.url, 'apotheke')).token }, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) })));

  const out = process.stdout;
  out.write(`${'search term'.padEnd(28)}${'SQL p50'.padStart(9)}${'p99'.padStart(7)}${flagSets.map((_, k) => `${`[${k + 1}] p50`.padStart(11)}${'p99'.padStart(7)}${'/SQL'.padStart(7)}${'young GC'.padStart(14)}${'old GC'.padStart(14)}`).join('')}\n`);
  for (const term of TERMS) {
    const query = `/api/patients?limit=25&filter[text]=${encodeURIComponent(term.text)}`;
    const ask = (u) => async () => {
      const res = await get(u.agent, u.b.url + query, u.headers);
      if (res.status !== 200) throw new Error(`GET ${query} → ${res.status} ${res.body}`);
    };
    const statements = await users[0].b.statementsOf(ask(users[0]));
    const list = statements.find((s) => /"patients"/.test(s.text) && /\blimit\b/i.test(s.text));
    if (!list) throw new Error(`could not capture the list statement of ${query}`);
    const fns = [...users.map(ask), () => runStatement(direct, list)];
    const measured = await repeatInterleaved(rounds, fns, { afterWarmUp: () => Promise.all(backends.map((b) => b.timeStatements({ statements: false }))) });
    const gcs = await Promise.all(backends.map(async (b) => (await b.statementTimes()).gc));
    const sql = measured.at(-1);
    const apis = measured.slice(0, -1);
    const gcText = (g) => (g.n ? `${g.n} × ${(g.ms / g.n).toFixed(1)} ms` : '0');
    out.write(
      `${term.label.padEnd(28)}${ms(sql.p50, 9)}${ms(sql.p99, 7)}` +
        apis.map((a, k) => `${ms(a.p50, 11)}${ms(a.p99, 7)}${`${(a.p99 / sql.p99).toFixed(2)}×`.padStart(7)}${gcText(gcs[k].scavenges).padStart(14)}${gcText(gcs[k].major).padStart(14)}`).join('') +
        '\n',
    );
  }
  const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  out.write(
    `\nms; /SQL: the backend's p99 over the SQL's p99. young GC / old GC: scavenges / marking and compacting while measuring × their average pause.\n` +
      `resident memory after the run: ${backends.map((b, k) => `[${k + 1}] ${rss(b.pid).toFixed(0)} MB`).join(', ')}\n`,
  );
  users.forEach((u) => u.agent.destroy());
} finally {
  await direct.end().catch(() => undefined);
  for (const b of backends) await b.stop();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  await db.drop();
}

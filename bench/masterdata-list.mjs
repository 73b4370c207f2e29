#!/usr/bin/env node
// Benchmark (not a test): the patient list with a text filter and its count (issue #9).
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
// written), and the EXPLAIN (ANALYZE, BUFFERS) of the infix search.
// Goal: p99 ≤ 25 ms through the API, within 1.5× of the same SQL run directly.
//
//   cd backend && npx tsc -p tsconfig.build.json && cd ..
//   node bench/masterdata-list.mjs [--patients 20000] [--doctors 1000] [--homes 200] [--rounds 300]
//                                  [--user apotheke] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
//                                  [--backend backend] [--keep-database] [--show-sql] [--profile DIR]
// --profile DIR starts the backend with `node --cpu-prof` and leaves the .cpuprofile file in DIR
// (CPU_PROF_INTERVAL=100 samples every 100 µs instead of 1 ms).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { get, ms, random, repeat, repeatInterleaved, repoRoot, runStatement, splitServerTime, startBareSqlServer, startBackend as startBuiltBackend } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return fallback;
  return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
};
const patientTarget = Number(opt('patients', 20_000));
const doctorTarget = Number(opt('doctors', 1_000));
const homeTarget = Number(opt('homes', 200));
const rounds = Number(opt('rounds', 300));
const username = opt('user', 'apotheke');
const password = opt('password', 'Demo#Passwort24!');
const serverUrl = opt('database-url', process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const backendDir = path.resolve(opt('backend', path.join(repoRoot, 'backend')));
const keepDatabase = args.includes('--keep-database');
const showSql = args.includes('--show-sql');
const profileDir = opt('profile', null);
const GOAL_P99_MS = 25;
const GOAL_RATIO = 1.5;

// Output piped into `head` must not stop the run before the database is dropped and the backend stopped.
process.stdout.on('error', () => undefined);
process.on('SIGINT', () => process.exit(130));

/** Search terms as a user types them: prefixes and infixes (3+ characters) of first and last names, one with two words. */
const TERMS = [
  { label: 'prefix "Schm"', text: 'Schm' },
  { label: 'prefix "Hartm"', text: 'Hartm' },
  { label: 'infix "ller"', text: 'ller' },
  { label: 'infix "rich"', text: 'rich' },
  { label: 'infix "berg"', text: 'berg' },
  { label: 'full name "Gertrud Wolf"', text: 'Gertrud Wolf' },
];

// ---------- deterministic data ----------

const next = random(4711);
const pick = (list) => list[Math.floor(next() * list.length)];

const FIRST = ['Anna', 'Bernd', 'Christa', 'Dieter', 'Elfriede', 'Erika', 'Frank', 'Gertrud', 'Günter', 'Helga', 'Heinz', 'Hildegard', 'Horst', 'Ingrid', 'Irmgard', 'Joachim', 'Karl', 'Klaus', 'Lieselotte', 'Manfred', 'Margarete', 'Monika', 'Peter', 'Renate', 'Rolf', 'Sabine', 'Siegfried', 'Ursula', 'Waltraud', 'Werner', 'Wolfgang', 'Brigitte', 'Gisela', 'Helmut', 'Jürgen', 'Karin'];
const LAST_REAL = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier', 'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert', 'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz'];
const ROOTS = ['Acker', 'Birken', 'Dorn', 'Eichen', 'Falken', 'Gold', 'Haber', 'Linden', 'Mühl', 'Rosen', 'Stein', 'Tann', 'Wald', 'Wiesen', 'Brunn', 'Kirch', 'Lauter', 'Oster', 'Sonnen', 'Weide'];
const SUFFIXES = ['bach', 'berg', 'feld', 'hagen', 'mann', 'meier', 'ner', 'stedt', 'thal', 'wald'];
const LAST = [...LAST_REAL, ...ROOTS.flatMap((r) => SUFFIXES.map((s) => `${r}${s}`))];
const STREETS = ['Hauptstraße', 'Schulstraße', 'Gartenstraße', 'Bahnhofstraße', 'Dorfstraße', 'Bergstraße', 'Lindenstraße', 'Kirchweg', 'Am Markt', 'Parkallee'];
const CITIES = [['10115', 'Berlin'], ['14467', 'Potsdam'], ['20095', 'Hamburg'], ['04109', 'Leipzig'], ['01067', 'Dresden'], ['80331', 'München'], ['50667', 'Köln'], ['60311', 'Frankfurt am Main']];
const EXPERTISES = ['Allgemeinmedizin', 'Innere Medizin', 'Neurologie', 'Psychiatrie', 'Kardiologie', 'Urologie', 'Dermatologie', 'Orthopädie', 'Geriatrie', 'Augenheilkunde'];

// ---------- processes ----------

const startBackend = (env) => startBuiltBackend({ backendDir, env, profileDir });

// ---------- data ----------

/** Inserts rows column-wise through unnest (one statement per batch). */
async function insertColumns(client, table, columns, types, rows, batch = 5000) {
  for (let i = 0; i < rows.length; i += batch) {
    const part = rows.slice(i, i + batch);
    const arrays = columns.map((_, c) => part.map((r) => r[c]));
    const list = columns.map((c) => `"${c}"`).join(', ');
    const unnest = types.map((t, c) => `$${c + 1}::${t}[]`).join(', ');
    await client.query(`insert into "${table}" (${list}) select * from unnest(${unnest})`, arrays);
  }
}

async function seed(client) {
  const count = async (table) => Number((await client.query(`select count(*)::int as n from "${table}"`)).rows[0].n);
  const homes = [];
  for (let i = await count('homes'); i < homeTarget; i++) {
    const [zip, city] = pick(CITIES);
    homes.push([`Pflegeheim ${pick(ROOTS)}${pick(SUFFIXES)} ${i + 1}`, `${pick(STREETS)} ${1 + Math.floor(next() * 80)}`, zip, city, `heim${i}@bench.example`, `0${30 + (i % 60)} ${100000 + i}`]);
  }
  await insertColumns(client, 'homes', ['name', 'street', 'postal_code', 'city', 'email', 'fax'], ['text', 'text', 'text', 'text', 'text', 'text'], homes);
  await client.query(`insert into home_groups (home_id, name) select h.id, g.name from homes h cross join (values ('Wohnbereich 1'), ('Wohnbereich 2'), ('Wohnbereich 3')) g(name) on conflict do nothing`);
  const groups = (await client.query('select id, home_id from home_groups')).rows;
  const homeIds = [...new Set(groups.map((g) => g.home_id))];
  const groupsOf = new Map(homeIds.map((h) => [h, groups.filter((g) => g.home_id === h).map((g) => g.id)]));

  const doctors = [];
  for (let i = await count('doctors'); i < doctorTarget; i++) {
    const [zip, city] = pick(CITIES);
    doctors.push(['Dr.', pick(FIRST), pick(LAST), pick(EXPERTISES), `${pick(STREETS)} ${1 + (i % 90)}`, zip, city, `praxis${i}@bench.example`, 'E-Mail']);
  }
  await insertColumns(client, 'doctors', ['title', 'firstname', 'lastname', 'expertise', 'street', 'postal_code', 'city', 'email', 'preferred'], ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text'], doctors);

  const patients = [];
  for (let i = await count('patients'); i < patientTarget; i++) {
    const home = homeIds[i % homeIds.length];
    const [zip, city] = pick(CITIES);
    const year = 1925 + Math.floor(next() * 40);
    const birth = `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    patients.push([next() < 0.6 ? 'mrs' : 'mr', pick(FIRST), pick(LAST), birth, `${pick(STREETS)} ${1 + (i % 90)}`, zip, city, home, pick(groupsOf.get(home))]);
  }
  await insertColumns(client, 'patients', ['salutation', 'firstname', 'lastname', 'date_of_birth', 'street', 'postal_code', 'city', 'home_id', 'home_group_id'], ['text', 'text', 'text', 'date', 'text', 'text', 'text', 'uuid', 'uuid'], patients);
  // What autovacuum does after a bulk load on a server: statistics, and the GIN indexes' own counts
  // (kept in their metapage and refreshed only by VACUUM), which the planner reads to price them.
  await client.query('vacuum analyze');
  return { patients: await count('patients'), doctors: await count('doctors'), homes: await count('homes') };
}

// ---------- run ----------

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
    const counts = await seed(direct);
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
      // the same moments of the machine. The backend times its requests and statements meanwhile.
      await backend.timeStatements();
      const [api, sql, bareServer] = await repeatInterleaved(rounds, [
        async () => {
          const res = await get(agent, url, headers);
          if (res.status !== 200) throw new Error(`GET ${url} → ${res.status}`);
        },
        sqlAll,
        async () => {
          const res = await get(bareAgent, bareUrl, {});
          if (res.status !== 200) throw new Error(`bare server → ${res.status} ${res.body}`);
        },
      ]);
      rows.push({ term, found, statements: statements.length, hasCount: !!count, api, sql, bare: bareServer, inside: splitServerTime(await backend.statementTimes(), list) });
    }
    agent.destroy();
    bareAgent.destroy();

    const out = process.stdout;
    const pad = (text, width) => String(text).padStart(width);
    out.write(
      `${'search term'.padEnd(28)}${pad('found', 6)}${pad('API p50', 9)}${pad('p99', 7)}${pad('bare p50', 10)}${pad('p99', 7)}${pad('SQL p50', 9)}${pad('p99', 7)}` +
        `${pad('API/SQL p99', 13)}${pad('p50', 7)}${pad('bare/SQL p99', 14)}${pad('p50', 7)}${pad('in API: before', 16)}${pad('SQL', 7)}${pad('after', 7)}\n`,
    );
    let fast = true;
    let close = true;
    const x = (a, b, width) => pad(`${(a / b).toFixed(2)}×`, width);
    for (const r of rows) {
      fast &&= r.api.p99 <= GOAL_P99_MS;
      close &&= r.api.p99 / r.sql.p99 <= GOAL_RATIO;
      out.write(
        `${r.term.label.padEnd(28)}${pad(r.found, 6)}${ms(r.api.p50, 9)}${ms(r.api.p99, 7)}${ms(r.bare.p50, 10)}${ms(r.bare.p99, 7)}${ms(r.sql.p50, 9)}${ms(r.sql.p99, 7)}` +
          `${x(r.api.p99, r.sql.p99, 13)}${x(r.api.p50, r.sql.p50, 7)}${x(r.bare.p99, r.sql.p99, 14)}${x(r.bare.p50, r.sql.p50, 7)}${ms(r.inside.before, 16)}${ms(r.inside.sql, 7)}${ms(r.inside.after, 7)}\n`,
      );
    }
    out.write(`${'(floor: GET /api/config, no SQL)'.padEnd(34)}${ms(floor.p50, 9)}${ms(floor.p99, 7)}\n`);
    out.write(
      `\nAPI: GET /api/patients?limit=25&filter[text]=… (rows + count in ${[...new Set(rows.map((r) => r.statements))].join(' or ')} SQL statement(s):\n` +
        `  the list, i.e. the rows with the total as a scalar subquery in one statement, after a session lookup unless the session row is remembered).\n` +
        `bare: the same list statement behind a bare node:http + node-postgres server (no framework, no session, no policy; rows as JSON).\n` +
        `SQL: every statement of the request run directly (node-postgres, same statement names), one after another.\n` +
        `in API: p50 of the backend's own time per request (ms) before its list statement, in it (as its driver sees it), and after it until the answer is written.\n` +
        `Goal: API p99 ≤ ${GOAL_P99_MS} ms: ${fast ? 'met' : 'NOT met'}; within ${GOAL_RATIO}× of the same SQL (API/SQL p99): ${close ? 'met' : 'NOT met'}.\n`,
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

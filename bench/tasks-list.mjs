#!/usr/bin/env node
// Benchmark (not a test): the orders list with its count: the working
// view GET /api/tasks?limit=50&filter[status]=new and the default view GET /api/tasks?limit=50 (no
// status filter: the open orders by latestDelivery, then the closed ones newest first).
//
// In a PostgreSQL database of its own (created and dropped), the built backend (backend/dist) starts
// with the demo data; the bench then loads --tasks orders (100,000; --million: 1,000,000) straight
// through generate_series SQL, over --homes homes (the demo homes among them), --doctors doctors,
// --patients patients, users per home and pharmacy users, with the events of each order (its first
// status_change, the change to its status, a message on every third), the status spread of a list
// that has run for two years (about a fifth 'new', most finished), and the measured users' "mark all
// as read" a week ago; then VACUUM ANALYZE (as autovacuum would after such a load). For the pharmacy
// user (apotheke, sees all) and the home user (heim, its home) it measures, one client, for each view:
//   1. the API: the view's GET (rows + count),
//   2. the SQL of that request, captured from the backend and run directly through node-postgres:
//      the list and count statements in parallel on two connections (as the backend runs them), and
//      all statements of the request (session lookup first),
//   3. the parts: the list statement alone (the page picked on tasks, then joined), the same list
//      the plain way (join every match, sort, cut: the statement before the page-first pick), the
//      page's ids alone (for the default view the two parts read in index order), the same ids the
//      plain way (every match sorted by the whole order, then cut), the count as the backend runs it
//      (up to 10,001 rows: "mehr als 10.000" above it) and the exact count for comparison,
// and prints p50/p99 side by side with the ratio API / SQL. --drop-indexes then drops the
// partial indexes of migrations 0007 and 0008 (PARTIAL_INDEXES below), analyzes, and measures everything
// again, so what they bring appears in one run. EXPLAIN (ANALYZE, BUFFERS) of the list and count
// statements is printed (with --drop-indexes also without them).
// Beside them, a bare node:http + node-postgres server answers the list statement, and the CPU time
// (/proc) of the backend and of the bare server per request is printed.
// Goals: API p50 ≤ all of its SQL p50 + 1 ms; backend CPU ≤ 1 ms per list request of 50 rows.
//
//   cd backend && npx tsc -p tsconfig.build.json && cd ..
//   node bench/tasks-list.mjs [--million] [--tasks 100000] [--rounds 200] [--drop-indexes] [--show-sql]
//                             [--database-url postgres://postgres@127.0.0.1:5432/postgres]
//                             [--backend backend] [--keep-database]
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cli, cpuOf, keepRunningOnClosedOutput, machineLoad, ms, printTable, ratio, repeat, repoRoot, runStatement, scratchDatabase, serverUrlFrom, signIn, startBackend, startBareSqlServer, get } from './lib.mjs';

const { opt, flag } = cli();
const million = flag('million');
const taskTarget = Number(opt('tasks', million ? 1_000_000 : 100_000));
const homeTarget = Number(opt('homes', million ? 1_000 : 200));
const doctorTarget = Number(opt('doctors', million ? 3_000 : 600));
const patientTarget = Number(opt('patients', million ? 100_000 : 20_000));
const rounds = Number(opt('rounds', 200));
const dropIndexes = flag('drop-indexes');
const showSql = flag('show-sql');
const keepDatabase = flag('keep-database');
/** --profile DIR: the backend runs with `node --cpu-prof` and leaves its .cpuprofile in DIR. */
const profileDir = opt('profile', null);
const backendDir = path.resolve(opt('backend', path.join(repoRoot, 'backend')));
const serverUrl = serverUrlFrom(opt);
/** Goals: the API's p50 within 1 ms of all of its SQL run directly, and at most 1 ms of backend CPU per list request. */
const GOAL_P50_GAP_MS = 1;
const GOAL_CPU_MS = 1;
const CAP = 10_000;
const USERS = ['apotheke', 'heim'];
/** The views measured: the working view (open orders) and the default view (every order). */
const VIEWS = [
  { name: 'new', path: '/api/tasks?limit=50&filter[status]=new' },
  { name: 'default', path: '/api/tasks?limit=50' },
];

/**
 * The partial indexes of migrations 0007 and 0008 (backend/src/db/schema/tasks.ts): the list's
 * priority order for open orders (latestDelivery) and for closed ones (newest first), all orders and
 * per home. --drop-indexes measures without them.
 */
const PARTIAL_INDEXES = ['tasks_open_delivery_idx', 'tasks_open_home_delivery_idx', 'tasks_closed_created_idx', 'tasks_closed_home_created_idx'];
const WITH = 'with 0007/8';
const WITHOUT = 'without';

keepRunningOnClosedOutput();

// ---------- data ----------

/** Everything through generate_series in the database itself (seconds for a million rows). */
async function load(client) {
  const t0 = performance.now();
  const step = async (label, text, values = []) => {
    const t = performance.now();
    const res = await client.query(text, values);
    if (showSql) process.stdout.write(`  ${label}: ${res.rowCount ?? ''} rows in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  };
  await client.query('select setseed(0.4711)');
  await step(
    'homes',
    `insert into homes (name, company, street, postal_code, city, email, phone, fax)
     select 'Pflegeheim Bench ' || i, 'Bench Pflege GmbH', 'Hauptstraße ' || (i % 90 + 1), lpad((10000 + i % 89000)::text, 5, '0'), (array['Berlin','Potsdam','Hamburg','Leipzig','Dresden','München'])[1 + i % 6],
            'heim' || i || '@bench.example', '030 ' || (100000 + i), '030 ' || (200000 + i)
     from generate_series(1, greatest(0, $1::int - (select count(*) from homes)::int)) i`,
    [homeTarget],
  );
  await step('living areas', `insert into home_groups (home_id, name) select h.id, g.name from homes h cross join (values ('Wohnbereich 1'), ('Wohnbereich 2'), ('Wohnbereich 3')) g(name) where h.name like 'Pflegeheim Bench %' on conflict do nothing`);
  await step(
    'doctors',
    `insert into doctors (title, firstname, lastname, expertise, street, postal_code, city, email, fax, preferred)
     select 'Dr.', (array['Anna','Bernd','Christa','Dieter','Erika','Frank','Gisela','Heinz','Ingrid','Jürgen'])[1 + i % 10], 'Arzt' || i,
            (array['Allgemeinmedizin','Innere Medizin','Neurologie','Psychiatrie','Kardiologie','Urologie'])[1 + i % 6], 'Praxisweg ' || (i % 90 + 1), '10115', 'Berlin',
            'praxis' || i || '@bench.example', '030 ' || (300000 + i), (array['E-Mail','Fax'])[1 + i % 2]
     from generate_series(1, greatest(0, $1::int - (select count(*) from doctors)::int)) i`,
    [doctorTarget],
  );
  await step('numbered homes', `create temp table h as select id, row_number() over (order by name) as rn from homes`);
  await step(
    'patients',
    `insert into patients (salutation, firstname, lastname, date_of_birth, street, postal_code, city, home_id, home_group_id)
     select (array['Frau','Herr'])[1 + i % 2], (array['Elfriede','Heinz','Gertrud','Werner','Ursula','Horst','Renate','Klaus'])[1 + i % 8], 'Bewohner' || i,
            date '1925-01-01' + (i * 37 % 14000), 'Hauptstraße 1', '10115', 'Berlin', h.id,
            (select g.id from home_groups g where g.home_id = h.id order by g.name limit 1 offset (i % 2))
     from generate_series(1, greatest(0, $1::int - (select count(*) from patients)::int)) i
     join h on h.rn = 1 + i % (select count(*) from h)`,
    [patientTarget],
  );
  await step('numbered patients', `create temp table p as select id, home_id, row_number() over (order by id) as rn from patients`);
  await step('numbered doctors', `create temp table d as select id, row_number() over (order by id) as rn from doctors`);
  await client.query('alter table p add primary key (rn)');
  await client.query('alter table d add primary key (rn)');
  // Users: one per home (ROLE_HOME), 40 at the pharmacy, one per tenth doctor; the demo password.
  await step(
    'users',
    `insert into users (username, password_hash, roles, home_id, doctor_id, firstname, lastname)
     select 'bench-heim-' || h.rn, (select password_hash from users where username = 'apotheke'), array['ROLE_HOME'], h.id, null::uuid, 'Heim', 'Bench ' || h.rn from h
     union all select 'bench-apotheke-' || i, (select password_hash from users where username = 'apotheke'), array['ROLE_PHARMA'], null::uuid, null::uuid, 'Apotheke', 'Bench ' || i from generate_series(1, 40) i
     union all select 'bench-arzt-' || d.rn, (select password_hash from users where username = 'apotheke'), array['ROLE_DOCTOR'], null::uuid, d.id, 'Arzt', 'Bench ' || d.rn from d where d.rn % 10 = 0
     on conflict do nothing`,
  );
  // Orders over two years, newest last; the newest 28 % are mostly open, the older ones mostly done.
  await step(
    'tasks',
    `insert into tasks (type, status, "group", medicine, amount, dose, patient_id, home_id, doctor_id, latest_delivery, created_at, created_by, modified_at, modified_by)
     select g.type,
            case when g.age < 0.28 then (case when g.r < 0.72 then 'new' when g.r < 0.86 then (case when g.type = 2 then 'finished' else 'pickup' end) when g.r < 0.95 then (case when g.type = 2 then 'new' else 'delivery' end) else 'finished' end)
                 else (case when g.r < 0.02 then 'new' when g.r < 0.86 then 'finished' else 'canceled' end) end,
            'medicine', (array['Ibuprofen 400 mg','Metformin 500 mg','Pantoprazol 20 mg','Ramipril 5 mg','ASS 100 mg','L-Thyroxin 50 µg','Mirtazapin 15 mg','Bisoprolol 5 mg'])[1 + (g.i % 8)],
            1 + (g.i % 3), (array['1-0-0','1-0-1','0-0-1','1-1-1'])[1 + (g.i % 4)], p.id, p.home_id, case when g.type in (1, 4) or g.r2 < 0.3 then d.id end,
            (now() - g.age * interval '730 days')::date + (1 + (g.i % 14)), now() - g.age * interval '730 days', a.id, now() - g.age * interval '730 days' + interval '2 hours', a.id
     from (select i, (($1::int - i)::float8 / $1::int) as age, random() as r, random() as r2, (array[1,1,1,1,1,2,3,4])[1 + floor(random() * 8)::int] as type,
                  1 + floor(random() * (select count(*) from p))::int as pr, 1 + floor(random() * (select count(*) from d))::int as dr
           from generate_series(1, $1::int) i) g
     join p on p.rn = g.pr join d on d.rn = g.dr cross join (select id from users where username = 'apotheke') a`,
    [taskTarget - Number((await client.query('select count(*) from tasks')).rows[0].count)],
  );
  await step('first events', `insert into task_events (task_id, type, data, created_at, created_by) select t.id, 'status_change', '{"from":null,"to":"new"}', t.created_at, t.created_by from tasks t where not exists (select 1 from task_events e where e.task_id = t.id)`);
  await step('status events', `insert into task_events (task_id, type, data, created_at, created_by) select id, 'status_change', jsonb_build_object('from', 'new', 'to', status), modified_at, modified_by from tasks t where status <> 'new' and not exists (select 1 from task_events e where e.task_id = t.id and e.type = 'status_change' and e.data->>'from' is not null)`);
  await step('messages', `insert into task_events (task_id, type, data, created_at, created_by) select id, 'message', '{"text":"Wird morgen geliefert."}', created_at + interval '1 hour', modified_by from tasks where hashtext(id::text) % 3 = 0`);
  await step('marked all read a week ago', `insert into seen_watermarks (user_id, entity, at) select u.id, k.kind, now() - interval '7 days' from users u cross join (values ('task'), ('event')) k(kind) where u.username in ('apotheke', 'heim') on conflict (user_id, entity) do update set at = excluded.at`);
  await step('vacuum analyze', 'vacuum analyze');
  const count = async (table) => Number((await client.query(`select count(*) from ${table}`)).rows[0].count);
  return { tasks: await count('tasks'), events: await count('task_events'), patients: await count('patients'), homes: await count('homes'), doctors: await count('doctors'), users: await count('users'), seconds: (performance.now() - t0) / 1000 };
}

// ---------- measuring ----------

/** A statement of `text` whose $n refer to `values`, renumbered to the parameters it uses (unnamed). */
function statement(text, values) {
  const used = [];
  const renumbered = text.replace(/\$(\d+)/g, (_, n) => {
    let i = used.indexOf(Number(n));
    if (i < 0) i = used.push(Number(n)) - 1;
    return `$${i + 1}`;
  });
  return { text: renumbered, values: used.map((n) => values[n - 1]) };
}

/** The WHERE of the backend's capped count (`select count(*) from (select 1 … [where W] limit $n) "matches"`); `true` without one. */
function countWhere(count) {
  const m = /^\s*select count\(\*\) from \(select 1 as "one" from "tasks"(?: where (.*))? limit \$\d+\) "matches"\s*$/is.exec(count.text);
  if (!m) throw new Error(`unexpected count statement: ${count.text}`);
  return { text: m[1] ?? 'true', values: count.values };
}

/** The exact count: the backend's capped count (`select count(*) from (select 1 … limit $n) "matches"`) without the cap. */
function exactCount(count) {
  return joined('select count(*) from "tasks" where ', countWhere(count));
}

/** Statements joined into one text, each one's $n shifted past the values before it, then renumbered. */
function joined(...parts) {
  let text = '';
  const values = [];
  for (const part of parts) {
    if (typeof part === 'string') text += part;
    else {
      const shift = values.length;
      text += part.text.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + shift}`);
      values.push(...part.values);
    }
  }
  return statement(text, values);
}

/**
 * The list statement's parts: the page's ids as the backend picks them on tasks alone (`from (<ids>)
 * "page" join "tasks" … order by O`: one ordered select, or for the default view the open and the closed part
 * each read in order, then put together), the same ids the plain way (every match sorted by O, then
 * cut), and the same list the plain way, as before the page-first pick: every match joined, sorted,
 * then cut. The WHERE of the plain ones is the count statement's (the same WHERE as the list's).
 */
function listParts(list, count) {
  // `<select list> from (<ids>) "page" join "tasks" on "tasks"."id" = "page"."id" <joins> order by O`
  const marker = ') "page" join "tasks" on "tasks"."id" = "page"."id" ';
  const end = list.text.indexOf(marker);
  if (end < 0) throw new Error(`unexpected list statement (not page-first): ${list.text}`);
  let start = end;
  for (let depth = 1; depth > 0; ) {
    start -= 1;
    if (start < 0) throw new Error(`unbalanced list statement: ${list.text}`);
    if (list.text[start] === ')') depth += 1;
    else if (list.text[start] === '(') depth -= 1;
  }
  const select = list.text.slice(0, start).replace(/\s*from\s*$/i, '');
  const ids = list.text.slice(start + 1, end);
  const m = /^(.*?) order by (.*)$/is.exec(list.text.slice(end + marker.length));
  if (!m) throw new Error(`unexpected list statement (no order): ${list.text}`);
  const head = `${select} from "tasks" ${m[1]}`;
  const order = m[2];
  const matches = countWhere(count);
  const headPart = statement(head, list.values);
  const orderPart = statement(order, list.values);
  return {
    ids: statement(ids, list.values),
    plainIds: joined('select "tasks"."id" from "tasks" where ', matches, ' order by ', orderPart, ' limit 50'),
    plain: joined(headPart, ' where ', matches, ' order by ', orderPart, ' limit 50'),
  };
}

async function explain(client, s) {
  const plan = await client.query({ text: `explain (analyze, buffers, costs off) ${s.text}`, values: s.values });
  return plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
}

/** Calls `repeat` makes for `n` rounds (its warm-up included): the divisor of a CPU time per request. */
const callsOf = (n) => n + Math.ceil(n / 10);

async function measure(backend, bare, direct, second, session, view, label) {
  const { headers, username } = session;
  const listPath = view.path;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${backend.url}${listPath}`;
  const first = await get(agent, url, headers);
  if (first.status !== 200) throw new Error(`GET ${listPath} as ${username} → ${first.status} ${first.body}`);
  const found = JSON.parse(first.body).count;
  for (let i = 0; i < 5; i++) await get(agent, url, headers);
  const statements = await backend.statementsOf(() => get(agent, url, headers));
  const onTasks = statements.filter((s) => /from "tasks"/.test(s.text));
  const count = onTasks.find((s) => /^\s*select count\(\*\)/i.test(s.text));
  const list = onTasks.find((s) => s !== count && /\blimit\b/i.test(s.text));
  if (!list || !count) throw new Error(`could not capture the list and count statements of ${listPath}:\n${JSON.stringify(statements, null, 1)}`);
  if (showSql) process.stdout.write(`\n-- ${username} (${label}): ${statements.length} statements\n${statements.map((s) => `${s.name ?? '(unnamed)'}: ${s.text}\n   ${JSON.stringify(s.values)}`).join('\n')}\n`);
  const { result: api, cpuMs: apiCpu } = await cpuOf(backend.pid, () =>
    repeat(rounds, async () => {
      const res = await get(agent, url, headers);
      if (res.status !== 200) throw new Error(`GET ${listPath} → ${res.status}`);
    }),
  );
  agent.destroy();
  // The reference: node:http + node-postgres answering the same list statement's rows as JSON.
  await bare.use(list);
  const bareAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { result: bareLatency, cpuMs: bareCpu } = await cpuOf(bare.pid, () =>
    repeat(rounds, async () => {
      const res = await get(bareAgent, `${bare.url}/`, {});
      if (res.status !== 200) throw new Error(`bare server → ${res.status} ${res.body}`);
    }),
  );
  bareAgent.destroy();
  const pair = () => Promise.all([runStatement(direct, list), runStatement(second, count)]);
  const sql = await repeat(rounds, pair);
  const others = statements.filter((s) => s !== list && s !== count);
  const all = await repeat(rounds, async () => {
    for (const s of others) await runStatement(direct, s);
    await pair();
  });
  const exactStatement = exactCount(count);
  const exactResult = Number((await direct.query(exactStatement)).rows[0].count);
  const exact = await repeat(rounds, () => direct.query(exactStatement));
  const cap = await repeat(rounds, () => runStatement(direct, count));
  const listOnly = await repeat(rounds, () => runStatement(direct, list));
  const parts = listParts(list, count);
  if (showSql) process.stdout.write(`-- page ids: ${parts.ids.text}\n-- plain ids: ${parts.plainIds.text}\n-- plain list: ${parts.plain.text}\n-- exact count: ${exactStatement.text}\n`);
  const plain = await repeat(rounds, () => direct.query(parts.plain));
  const ids = await repeat(rounds, () => direct.query(parts.ids));
  const plainIds = await repeat(rounds, () => direct.query(parts.plainIds));
  const perCall = callsOf(rounds);
  return {
    view: view.name, username, label, found, plainIds, capped: JSON.parse(first.body).countCapped === true, exactResult, statements: statements.length,
    api, sql, all, exact, cap, listOnly, plain, ids, list, count, parts,
    bare: bareLatency, apiCpu: apiCpu / perCall, bareCpu: bareCpu / perCall,
  };
}

// ---------- run ----------

async function main() {
  const { default: pg } = await import('pg');
  const db = await scratchDatabase(serverUrl, 'bench_tasks');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mediport-bench-'));
  let backend = null;
  let bare = null;
  const clients = [];
  const out = process.stdout;
  try {
    backend = await startBackend({ backendDir, env: { DATABASE_URL: db.url, DATA_DIR: dataDir }, profileDir });
    bare = await startBareSqlServer({ databaseUrl: db.url, backendDir });
    const direct = new pg.Client({ connectionString: db.url });
    const second = new pg.Client({ connectionString: db.url });
    clients.push(direct, second);
    await Promise.all(clients.map((c) => c.connect()));
    const loaded = await load(direct);
    out.write(
      `orders list: PostgreSQL ${db.version}, ${loaded.tasks} orders, ${loaded.events} events, ${loaded.patients} patients, ${loaded.homes} homes, ${loaded.doctors} doctors, ${loaded.users} users ` +
        `(loaded in ${loaded.seconds.toFixed(1)} s); ${rounds} requests per row, 1 client; ${machineLoad()}\n`,
    );
    const sessions = [];
    for (const username of USERS) sessions.push({ username, headers: { 'x-auth-token': (await signIn(backend.url, username)).token } });

    const results = [];
    for (const view of VIEWS) for (const s of sessions) results.push(await measure(backend, bare, direct, second, s, view, WITH));
    const plans = [];
    for (const r of results.filter((r) => r.username === 'apotheke')) {
      plans.push(
        `\nEXPLAIN (ANALYZE, BUFFERS) ${WITH}, ${r.username}, view ${r.view}: list\n${await explain(direct, r.list)}\n  count\n${await explain(direct, r.count)}\n` +
          `  page ids\n${await explain(direct, r.parts.ids)}\n  page ids the plain way\n${await explain(direct, r.parts.plainIds)}\n`,
      );
    }
    if (dropIndexes) {
      for (const name of PARTIAL_INDEXES) await direct.query(`drop index ${name}`);
      await direct.query('analyze tasks');
      out.write(`(--drop-indexes: dropped ${PARTIAL_INDEXES.join(', ')})\n`);
      for (const view of VIEWS) for (const s of sessions) results.push(await measure(backend, bare, direct, second, s, view, WITHOUT));
    }

    out.write(`\n${VIEWS.map((v) => `${v.name}: GET ${v.path}`).join('; ')} (rows + count) vs the same SQL run directly and a bare server; p50 / p99 and CPU per request in ms\n`);
    printTable(
      [['view', 8, 'l'], ['user', 10, 'l'], ['indexes', 14, 'l'], ['matches', 9, 'r'], ['API p50', 10, 'r'], ['API p99', 10, 'r'], ['all p50', 10, 'r'], ['all p99', 10, 'r'], ['p50 ratio', 11, 'r'], ['p50 gap', 9, 'r'], ['API CPU', 9, 'r'], ['bare p50', 10, 'r'], ['bare p99', 10, 'r'], ['bare CPU', 10, 'r']],
      results.map((r) => [r.view, r.username, r.label, r.found, ms(r.api.p50), ms(r.api.p99), ms(r.all.p50), ms(r.all.p99), ratio(r.api.p50, r.all.p50, 11), ms(r.api.p50 - r.all.p50), ms(r.apiCpu), ms(r.bare.p50, 10), ms(r.bare.p99, 10), ms(r.bareCpu, 10)]),
    );
    out.write(`\nThe parts, run directly; p50 / p99 in ms\n`);
    printTable(
      [['view', 8, 'l'], ['user', 10, 'l'], ['indexes', 14, 'l'], ['list p50', 10, 'r'], ['list p99', 10, 'r'], ['plain p50', 11, 'r'], ['plain p99', 11, 'r'], ['ids p50', 9, 'r'], ['ids p99', 9, 'r'], ['pl. ids p50', 12, 'r'], ['pl. ids p99', 12, 'r'], [`≤${CAP + 1} p50`, 11, 'r'], [`≤${CAP + 1} p99`, 11, 'r'], ['exact p50', 11, 'r'], ['exact p99', 11, 'r'], ['exact', 9, 'r'], ['answer', 10, 'r']],
      results.map((r) => [r.view, r.username, r.label, ms(r.listOnly.p50), ms(r.listOnly.p99), ms(r.plain.p50, 11), ms(r.plain.p99, 11), ms(r.ids.p50), ms(r.ids.p99), ms(r.plainIds.p50, 12), ms(r.plainIds.p99, 12), ms(r.cap.p50, 11), ms(r.cap.p99, 11), ms(r.exact.p50, 11), ms(r.exact.p99, 11), String(r.exactResult), r.capped ? `>${r.found}` : String(r.found)]),
    );
    const ok = results.filter((r) => r.label === WITH);
    const close = ok.every((r) => r.api.p50 - r.all.p50 <= GOAL_P50_GAP_MS);
    const lean = ok.every((r) => r.apiCpu <= GOAL_CPU_MS);
    out.write(
      `\nAPI: the view's GET through the backend (${results[0].statements} SQL statements captured: the rows with their event figures and the capped count, in parallel).\n` +
        `SQL: the rows and the count statement run directly, in parallel on two connections as the backend runs them; all: every statement of the request.\n` +
        `p50 ratio = API p50 / all p50; p50 gap = API p50 - all p50. API CPU / bare CPU: CPU time (user + system, /proc) of the backend / the bare\n` +
        `  server per request. bare: node:http + node-postgres answering the list statement's rows as JSON (no framework, no session, no count).\n` +
        `list: the list statement alone (the 50 ids picked on tasks, then joined); plain: the same rows the plain way (every match joined,\n` +
        `  sorted, then cut); ids: the page's ids alone (default view: open and closed part each read in order); pl. ids: the same ids\n` +
        `  the plain way (every match sorted by the whole order, then cut).\n` +
        `≤${CAP + 1}: the count as the backend runs it, up to ${CAP + 1} rows (above ${CAP}: "mehr als ${CAP.toLocaleString('de-DE')}"); exact: the exact count for comparison;\n` +
        `  answer: the API's count (>N: countCapped).\n` +
        `Goals (${ok[0].label}): API p50 ≤ all p50 + ${GOAL_P50_GAP_MS} ms: ${close ? 'met' : 'NOT met'}; backend CPU ≤ ${GOAL_CPU_MS} ms per request: ${lean ? 'met' : 'NOT met'}.\n`,
    );
    out.write(plans.join(''));
    if (dropIndexes) {
      const without = results.find((r) => r.label === WITHOUT && r.username === results[0].username);
      out.write(`\nEXPLAIN (ANALYZE, BUFFERS) ${WITHOUT}, ${without.username}: list\n${await explain(direct, without.list)}\n  count\n${await explain(direct, without.count)}\n`);
    }
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await backend?.stop();
    await bare?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (keepDatabase) out.write(`(database ${db.name} kept)\n`);
    else await db.drop();
  }
}

await main();

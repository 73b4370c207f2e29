#!/usr/bin/env node
// Benchmark (not a test): the spreadsheet import of orders, PUT /api/import/task, on the built
// backend (backend/dist) with the demo data in a PostgreSQL database of its own (created and dropped).
//
//   ours, .xlsx import:  the whole request with a file of --rows orders (10,000): upload, exceljs'
//                        streaming reader, every cell checked, homes / living areas / doctors /
//                        patients / orders looked up by their natural keys, the orders and their
//                        first feed event inserted in batches in one transaction, audit, live news;
//   ours, .csv import:   the same rows as CSV;
//   ours, dry run:       POST /api/import/task/preview of the .xlsx (read, check, look up; no writes);
//   reference:           the same number of orders inserted by one plain multi-row INSERT from this
//                        process (node-postgres, no file, no checks, no events).
// Every round imports new orders (the medicine names carry the round) for the same 500 patients,
// which a warm-up import created. Measured in turns over --rounds rounds: wall time (p50 / p99),
// the backend's CPU time per request (/proc), its peak RSS above its idle RSS (/proc every 20 ms),
// and how long other requests (GET /api/config every 100 ms) waited meanwhile. Then one file of
// --big rows (100,000), which must be refused with a German message, read only up to the limit.
// Goals: 10,000 rows ≤ 5 s end to end; backend peak RSS ≤ 300 MB above idle; 100,000 refused (or
// streamed) within that memory.
//
//   (cd backend && npx tsc -p tsconfig.build.json)
//   node bench/task-import.mjs [--rows 10000] [--rounds 5] [--big 100000] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { cli, keepRunningOnClosedOutput, machineLoad, ms, printTable, processCpuMs, ratio, scratchDatabase, signIn, startBackend, summary, withTreeMemory } from './lib.mjs';

const { opt } = cli();
const ROWS = Math.max(1, Number(opt('rows', 10_000)));
const rounds = Math.max(1, Number(opt('rounds', 5)));
const BIG = Math.max(1, Number(opt('big', 100_000)));
const serverUrl = opt('database-url', process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const PATIENTS = 500;
const HEADERS = ['Einrichtung', 'Wohnbereich', 'Nachname', 'Vorname', 'Geburtsdatum', 'Arzt', 'Medikament', 'Dosierung', 'Menge', 'Art', 'Späteste Lieferung'];

keepRunningOnClosedOutput();

const database = await scratchDatabase(serverUrl, 'bench_import');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const backend = await startBackend({ env: { DATABASE_URL: database.url, DATA_DIR: dataDir, DEMO_ORDERS: '0' } });
const db = new pg.Client({ connectionString: database.url });
await db.connect();

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const german = (d) => `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;

try {
  const { token } = await signIn(backend.url, 'apotheke');
  const areas = (await db.query(`select h.name as home, g.name as area from home_groups g join homes h on h.id = g.home_id order by h.name, g.name`)).rows;
  const latest = german(new Date(Date.now() + 14 * 86_400_000));
  const patient = (p) => {
    const area = areas[p % areas.length];
    return { home: area.home, area: area.area, lastname: `Bench${p}`, firstname: 'Bea', born: german(new Date(Date.UTC(1930, 0, 1 + p))) };
  };
  /** The cells of row `i` of a file of round `round`. */
  const row = (round, i) => {
    const p = patient(i % PATIENTS);
    return [p.home, p.area, p.lastname, p.firstname, p.born, 'Berger, Anna', `Benchmittel ${round}-${i}`, '1-0-1', String(1 + (i % 5)), 'Auftrag', latest];
  };

  /** An .xlsx of `n` rows, written by exceljs' streaming writer (as a spreadsheet program would save it). */
  async function xlsx(round, n) {
    const out = new PassThrough();
    const chunks = [];
    out.on('data', (c) => chunks.push(c));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
    const sheet = workbook.addWorksheet('Aufträge');
    sheet.addRow(HEADERS).commit();
    for (let i = 0; i < n; i++) sheet.addRow(row(round, i)).commit();
    sheet.commit();
    await workbook.commit();
    return Buffer.concat(chunks);
  }
  const csv = (round, n) => Buffer.from([HEADERS.join(';'), ...Array.from({ length: n }, (_, i) => row(round, i).join(';'))].join('\r\n'));

  /** Phase → ms from the request's start until the job's progress first showed it (GET …/progress every 25 ms). */
  const phases = [];
  const send = async (method, route, file, name) => {
    const form = new FormData();
    form.append('file', new Blob([file]), name);
    const job = randomUUID();
    const seen = {};
    const start = performance.now();
    let answered = false;
    const watch = (async () => {
      while (!answered) {
        const p = await fetch(`${backend.url}/api/import/task/progress?job=${job}`, { headers: { 'x-auth-token': token } }).then((r) => r.json());
        if (!(p.phase in seen)) seen[p.phase] = performance.now() - start;
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const res = await fetch(`${backend.url}${route}?job=${job}`, { method, headers: { 'x-auth-token': token }, body: form });
    const body = await res.json();
    seen.answer = performance.now() - start;
    answered = true;
    await watch;
    phases.push({ route, name, seen });
    return { status: res.status, body };
  };

  // Idle: the backend signed in, nothing imported yet.
  const idle = (await withTreeMemory(backend.pid, async () => undefined)).peak.rss;

  // The big file first, from idle: refused while it is read, within the memory budget.
  const bigFile = await xlsx('big', BIG);
  const before = (await db.query('select count(*)::int as n from tasks')).rows[0].n;
  const { result: big, peak: bigPeak } = await withTreeMemory(backend.pid, async () => {
    const t = performance.now();
    const res = await send('PUT', '/api/import/task', bigFile, 'gross.xlsx');
    return { ...res, took: performance.now() - t };
  });
  const after = (await db.query('select count(*)::int as n from tasks')).rows[0].n;


  // Warm-up: creates the 500 patients (and warms the code paths).
  const warm = await send('PUT', '/api/import/task', await xlsx('warm', ROWS), 'warm.xlsx');
  if (warm.status !== 200 || warm.body.tasks.nUpserted !== ROWS) throw new Error(`warm-up import answered ${warm.status}: ${JSON.stringify(warm.body).slice(0, 500)}`);

  // The other users' view: a small request every 100 ms while the imports run.
  const waits = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const t = performance.now();
      await fetch(`${backend.url}/api/config`).then((r) => r.arrayBuffer());
      waits.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const patientIds = (await db.query(`select id, home_id from patients where lastname like 'Bench%' order by (substring(lastname from 6))::int`)).rows;
  const [doctor] = (await db.query(`select id from doctors where lastname = 'Berger'`)).rows;
  /** The reference: the same number of orders in one plain multi-row INSERT. */
  async function reference(round) {
    const values = [];
    const params = [];
    for (let i = 0; i < ROWS; i++) {
      const p = patientIds[i % PATIENTS];
      params.push(`Referenz ${round}-${i}`, 1 + (i % 5), p.id, p.home_id);
      const k = params.length;
      values.push(`(1, $${k - 3}, '1-0-1', $${k - 2}, $${k - 1}::uuid, $${k}::uuid, '${doctor.id}'::uuid, current_date + 14)`);
    }
    await db.query(`insert into tasks (type, medicine, dose, amount, patient_id, home_id, doctor_id, latest_delivery) values ${values.join(', ')}`, params);
  }

  const files = [];
  for (let r = 0; r < rounds; r++) files.push({ xlsx: await xlsx(`x${r}`, ROWS), csv: csv(`c${r}`, ROWS) });
  const previewFile = files[0].xlsx;
  const series = { xlsx: [], csv: [], preview: [], reference: [] };
  const cpu = { xlsx: [], csv: [], preview: [] };
  let peak = 0;
  const timed = async (key, fn) => {
    const before = processCpuMs(backend.pid);
    const { result: took, peak: p } = await withTreeMemory(backend.pid, async () => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    });
    cpu[key]?.push(processCpuMs(backend.pid) - before);
    peak = Math.max(peak, p.rss);
    series[key].push(took);
  };
  for (let r = 0; r < rounds; r++) {
    await timed('xlsx', async () => {
      const res = await send('PUT', '/api/import/task', files[r].xlsx, 'import.xlsx');
      if (res.status !== 200 || res.body.tasks.nUpserted !== ROWS) throw new Error(`xlsx import answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
    });
    await timed('csv', async () => {
      const res = await send('PUT', '/api/import/task', files[r].csv, 'import.csv');
      if (res.status !== 200 || res.body.tasks.nUpserted !== ROWS) throw new Error(`csv import answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
    });
    await timed('preview', async () => {
      const res = await send('POST', '/api/import/task/preview', previewFile, 'preview.xlsx');
      if (res.status !== 200 || res.body.problemCount !== 0) throw new Error(`preview answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
    });
    await timed('reference', () => reference(r));
  }
  polling = false;
  await poller;

  const s = Object.fromEntries(Object.entries(series).map(([k, v]) => [k, summary(v)]));
  const c = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, summary(v)]));
  const w = summary(waits);
  console.log(`import of ${ROWS.toLocaleString('en')} orders (${PATIENTS} patients, ${areas.length} living areas); ${rounds} rounds in turns; ${machineLoad()}; PostgreSQL ${database.version}`);
  printTable(
    [
      ['', 36, 'l'],
      ['p50 ms', 11, 'r'],
      ['p99 ms', 11, 'r'],
      ['CPU p50 ms', 12, 'r'],
      ['p50 / ref', 11, 'r'],
    ],
    [
      ['ours, PUT /api/import/task (.xlsx)', ms(s.xlsx.p50), ms(s.xlsx.p99), ms(c.xlsx.p50), ratio(s.xlsx.p50, s.reference.p50)],
      ['ours, PUT /api/import/task (.csv)', ms(s.csv.p50), ms(s.csv.p99), ms(c.csv.p50), ratio(s.csv.p50, s.reference.p50)],
      ['ours, dry run (preview, .xlsx)', ms(s.preview.p50), ms(s.preview.p99), ms(c.preview.p50), ratio(s.preview.p50, s.reference.p50)],
      ['reference, one multi-row INSERT', ms(s.reference.p50), ms(s.reference.p99), '-', ratio(1, 1)],
    ],
  );
  const median = (values) => summary(values).p50;
  for (const [label, route, ext] of [['.xlsx import', '/api/import/task', 'import.xlsx'], ['.csv import', '/api/import/task', 'import.csv'], ['dry run', '/api/import/task/preview', 'preview.xlsx']]) {
    const runs = phases.filter((p) => p.route === route && p.name === ext).map((p) => p.seen);
    const at = (phase) => median(runs.map((r) => r[phase] ?? NaN).filter((v) => !Number.isNaN(v)));
    console.log(`${label}, ms from the start until (p50): ${['upload', 'read', 'check', 'write', 'answer'].map((ph) => `${ph} ${ms(at(ph), 0)}`).join(', ')}`);
  }
  console.log(`file sizes: .xlsx ${(files[0].xlsx.length / 1024).toFixed(0)} KB, .csv ${(files[0].csv.length / 1024).toFixed(0)} KB`);
  console.log(`backend RSS: idle ${mb(idle)}, peak during the imports ${mb(peak)} (+${mb(peak - idle)})`);
  console.log(`GET /api/config during the rounds (${w.n} requests): p50 ${ms(w.p50, 0)} ms, p99 ${ms(w.p99, 0)} ms, max ${ms(w.max, 0)} ms`);
  console.log(
    `${BIG.toLocaleString('en')} rows (.xlsx ${(bigFile.length / 1024 / 1024).toFixed(1)} MB): ${big.status} "${big.body.errors?.[0]?.message ?? ''}" after ${ms(big.took, 0)} ms; peak RSS ${mb(bigPeak.rss)} (+${mb(bigPeak.rss - idle)}); orders written: ${after - before}`,
  );
  const within = Math.max(peak, bigPeak.rss) - idle <= 300 * 1024 * 1024;
  console.log(`goal ${ROWS.toLocaleString('en')} rows ≤ 5 s end to end: ${s.xlsx.p99 <= 5000 && s.csv.p99 <= 5000 ? 'met' : 'NOT met'}; peak RSS ≤ 300 MB above idle: ${within ? 'met' : 'NOT met'}; ${BIG.toLocaleString('en')} rows refused: ${big.status === 413 && after === before ? 'met' : 'NOT met'}`);
} finally {
  await db.end();
  await backend.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

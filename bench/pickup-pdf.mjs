#!/usr/bin/env node
// Benchmark (not a test): the pickup sheet as the pharmacy gets it, POST /api/tasks/pickup with 50
// new orders, on the built backend (backend/dist) with the demo data in a PostgreSQL database of
// its own (created and dropped).
//
//   ours, request:  the whole request: the 50 orders locked, checked and moved to pickup with their
//                   status events and audit row in one transaction, the sheet's rows read, the
//                   'pickup-sheet' template rendered and printed by the backend's warm Chromium;
//   ours, render:   PdfService.render('pickup-sheet', the same 50 orders) in this process: template,
//                   queue slot, pooled page, page.pdf();
//   reference:      a bare puppeteer page.pdf() of the same HTML on a browser launched for it.
// Measured: the first (cold) request, the backend's browser start included, and the first bare
// print, browser start included; then --rounds warm requests and renders in turns (p50 / p99), with
// the backend's CPU time per request (/proc). Then --concurrent requests of 50 orders at once:
// browsers the backend launched (its health answer counts them; must stay 1), wall time, and the
// peak memory of the backend and its Chromium processes (RSS and PSS, /proc every 20 ms).
// Goal: warm request p50 ≤ 400 ms.
//
//   (cd backend && npx tsc -p tsconfig.build.json)
//   node bench/pickup-pdf.mjs [--rounds 30] [--concurrent 20] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import 'reflect-metadata';
import pg from 'pg';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, cli, keepRunningOnClosedOutput, machineLoad, ms, printTable, processCpuMs, ratio, repeatInterleaved, repoRoot, scratchDatabase, signIn, startBackend, summary, withTreeMemory } from './lib.mjs';

const { opt } = cli();
const rounds = Math.max(1, Number(opt('rounds', 30)));
const concurrent = Math.max(1, Number(opt('concurrent', 20)));
const serverUrl = opt('database-url', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const PER_SHEET = 50;

keepRunningOnClosedOutput();

const dist = path.join(repoRoot, 'backend', 'dist', 'core', 'pdf');
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
let PdfService, PDF_CHROMIUM_ARGS;
try {
  ({ PdfService } = await load('pdf.service.js'));
  ({ PDF_CHROMIUM_ARGS } = await load('pdf-browser.js'));
} catch (error) {
  process.stderr.write(`backend/dist is missing or stale (${error.message}): build it first (cd backend && npx tsc -p tsconfig.build.json).\n`);
  process.exit(2);
}

const database = await scratchDatabase(serverUrl, 'bench_pickup');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pickup-'));
const backend = await startBackend({ env: { DATABASE_URL: database.url, DATA_DIR: dataDir, DEMO_ORDERS: '0', CHROMIUM_PATH, PDF_QUEUE_LIMIT: '1000', PDF_TIMEOUT_MS: '120000' } });
const db = new pg.Client({ connectionString: database.url });
await db.connect();

try {
  const { token } = await signIn(backend.url, 'apotheke');
  const headers = { 'content-type': 'application/json', 'x-auth-token': token };

  // Patients of the demo homes (with their living areas) and the demo doctors.
  const patients = (await db.query(`select id, home_id from patients where home_id is not null order by lastname, firstname`)).rows;
  const doctors = (await db.query(`select id from doctors order by lastname`)).rows.map((r) => r.id);
  const medicines = ['Ibuprofen 400 mg', 'Metformin 500 mg', 'Pantoprazol 20 mg', 'Ramipril 5 mg', 'L-Thyroxin 100 µg', 'Insulin glargin 100 E/ml'];
  let made = 0;
  /** 50 new orders of types 1 and 3 over the demo patients and doctors (several stops per sheet). */
  async function newSheet() {
    const values = [];
    const params = [];
    for (let i = 0; i < PER_SHEET; i++, made++) {
      const p = patients[made % patients.length];
      params.push(made % 5 === 0 ? 3 : 1, medicines[made % medicines.length], p.id, p.home_id, doctors[made % doctors.length]);
      const k = params.length;
      values.push(`($${k - 4}::smallint, $${k - 3}, '1-0-1', 2, $${k - 2}::uuid, $${k - 1}::uuid, $${k}::uuid, current_date + 3)`);
    }
    const res = await db.query(`insert into tasks (type, medicine, dose, amount, patient_id, home_id, doctor_id, latest_delivery) values ${values.join(', ')} returning id`, params);
    return res.rows.map((r) => r.id);
  }
  const pickup = async (ids) => {
    const res = await fetch(`${backend.url}/api/tasks/pickup`, { method: 'POST', headers, body: JSON.stringify({ tasks: ids }) });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`pickup answered ${res.status}: ${body.subarray(0, 300).toString()}`);
    return body;
  };
  const launches = async () => (await (await fetch(`${backend.url}/api/health`)).json()).details?.pdf?.launches ?? NaN;

  // The same sheet's HTML for the in-process render and the bare print: the template and data the
  // backend used, rebuilt from one sheet's orders as the backend reads them.
  const sample = await newSheet();
  const rows = (
    await db.query(
      `select t.medicine, t.dose, t.amount, t.type, to_char(t.latest_delivery, 'DD.MM.YYYY') as latest, p.firstname, p.lastname, to_char(p.date_of_birth, 'DD.MM.YYYY') as born,
              h.name as home, g.name as area, d.title, d.firstname as dfirst, d.lastname as dlast
         from tasks t join patients p on p.id = t.patient_id left join homes h on h.id = t.home_id left join home_groups g on g.id = p.home_group_id left join doctors d on d.id = t.doctor_id
        where t.id = any($1)`,
      [sample],
    )
  ).rows;
  const stops = new Map();
  for (const r of rows) {
    const key = r.type === 3 ? `Pflegeeinrichtung: ${r.home}` : `Arztpraxis: ${[r.title, r.dfirst, r.dlast].filter(Boolean).join(' ')}`;
    if (!stops.has(key)) stops.set(key, { kind: key.split(':')[0], name: key.split(': ')[1], street: '', place: '', phone: '', tasks: [] });
    stops.get(key).tasks.push({ patient: `${r.lastname}, ${r.firstname}`, dateOfBirth: r.born, home: r.home, livingArea: r.area ?? '', medicine: r.medicine, dose: r.dose, amount: r.amount, latestDelivery: r.latest, urgent: false });
  }
  const data = { pharmacy: { name: 'Apotheke am Markt', street: 'Marktplatz 1', place: '10117 Berlin', phone: '030 1234567' }, createdAt: new Date(), taskCount: rows.length, stopCount: stops.size, stops: [...stops.values()] };
  const service = new PdfService({ chromiumPath: CHROMIUM_PATH, concurrency: 4, queueLimit: 1000, timeoutMs: 120_000 });
  const html = service.toHtml('pickup-sheet', data, { title: 'Abholauftrag' });

  // Cold: the backend's first sheet launches its browser; the bare print launches one too.
  let t = performance.now();
  await pickup(sample);
  const coldRequest = performance.now() - t;
  t = performance.now();
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: PDF_CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(false);
  const bare = async () => {
    await page.setContent(html, { waitUntil: 'load' });
    return page.pdf(service.pdfOptions);
  };
  await bare();
  const coldBare = performance.now() - t;
  t = performance.now();
  await service.render('pickup-sheet', data, { title: 'Abholauftrag' });
  const coldRender = performance.now() - t;

  // Warm, in turns; the orders for the requests are made ahead, outside the timing.
  const sheets = [];
  for (let i = 0; i < rounds + Math.ceil(rounds / 10); i++) sheets.push(await newSheet());
  const cpu = [];
  const samples = await repeatInterleaved(rounds, [
    async () => {
      const ids = sheets.pop();
      const before = processCpuMs(backend.pid);
      const start = performance.now();
      await pickup(ids);
      const took = performance.now() - start;
      cpu.push(processCpuMs(backend.pid) - before);
      return took;
    },
    async () => {
      const start = performance.now();
      await service.render('pickup-sheet', data, { title: 'Abholauftrag' });
      return performance.now() - start;
    },
    async () => {
      const start = performance.now();
      await bare();
      return performance.now() - start;
    },
  ], { afterWarmUp: () => { cpu.length = 0; } });
  const [request, render, reference] = samples;
  const cpuPerRequest = summary(cpu);

  // Concurrent: each request its own 50 orders.
  const burst = [];
  for (let i = 0; i < concurrent; i++) burst.push(await newSheet());
  const launchedBefore = await launches();
  const { result: wall, peak } = await withTreeMemory(backend.pid, async () => {
    const start = performance.now();
    await Promise.all(burst.map((ids) => pickup(ids)));
    return performance.now() - start;
  });
  const launchedAfter = await launches();

  await browser.close();
  await service.onApplicationShutdown();

  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(`pickup sheet of ${PER_SHEET} orders (${data.stopCount} stops); ${rounds} warm rounds in turns; ${machineLoad()}; PostgreSQL ${database.version}`);
  printTable(
    [
      ['', 34, 'l'],
      ['cold ms', 10, 'r'],
      ['p50 ms', 10, 'r'],
      ['p99 ms', 10, 'r'],
      ['p50 / bare', 12, 'r'],
    ],
    [
      ['ours, POST /api/tasks/pickup', ms(coldRequest), ms(request.p50), ms(request.p99), ratio(request.p50, reference.p50)],
      ['ours, PdfService.render', ms(coldRender), ms(render.p50), ms(render.p99), ratio(render.p50, reference.p50)],
      ['bare page.pdf() of the same HTML', ms(coldBare), ms(reference.p50), ms(reference.p99), ratio(1, 1)],
    ],
  );
  console.log(`backend CPU per warm request: p50 ${ms(cpuPerRequest.p50, 0)} ms (Chromium's work is in its own processes)`);
  console.log(`goal warm request p50 ≤ 400 ms: ${request.p50 <= 400 ? 'met' : 'NOT met'}`);
  printTable(
    [
      [`${concurrent} requests at once`, 34, 'l'],
      ['browsers launched', 19, 'r'],
      ['wall ms', 11, 'r'],
      ['processes', 11, 'r'],
      ['peak RSS', 10, 'r'],
      ['peak PSS', 10, 'r'],
    ],
    [['backend + its Chromium', String(launchedAfter - launchedBefore), ms(wall), String(peak.processes + 1), mb(peak.rss), mb(peak.pss)]],
  );
  console.log(`browsers the backend launched in the whole run: ${launchedAfter} (goal: 1)`);
} finally {
  await db.end();
  await backend.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

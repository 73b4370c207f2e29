#!/usr/bin/env node
// Benchmark (not a test): the monthly billing run and the accounting's invoice list, on the built
// backend (backend/dist) with the demo data in a PostgreSQL database of its own (created and dropped).
//
//   run:        --debtors care homes (2,000) each paying a monthly contract of its own with options
//               (fax sending monthly, every third a webinar booked once in the month), then
//               POST /api/invoices/run for last month as the administrator: one invoice per home,
//               numbered in one transaction; the answer comes then, and each invoice is printed in
//               the background by the backend's warm Chromium (PDF_CONCURRENCY pages) and stored.
//               Measured: the answer's time, the duration until the last PDF, PDFs per second, peak memory
//               of the backend and its Chromium processes (RSS summed over the processes, /proc every 100 ms).
//   reference:  the same invoices' HTML (the same template and data, rendered here with the
//               backend's PdfService.toHtml) printed with one bare puppeteer page.pdf() each, on a
//               browser launched for it, with as many pages at once as the backend uses; its peak
//               memory is that browser's processes (the backend's figure includes the backend).
//   list:       --invoices invoices in all (50,000: the run's, plus rows written straight by SQL over
//               two years of months, every state), VACUUM ANALYZE, then for accounting (sees all)
//               GET /api/invoices (first page, newest number first) and the same with a status
//               filter, each against all of its SQL captured from the backend and run directly
//               through node-postgres, in turns. Goal: API p50 ≤ SQL p50 + 1 ms.
//
//   (cd backend && npx tsc -p tsconfig.build.json)
//   node bench/invoice-run.mjs [--debtors 2000] [--invoices 50000] [--rounds 300] [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--profile DIR]
//
// --profile DIR starts the backend with `node --cpu-prof` and leaves its .cpuprofile in DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import 'reflect-metadata';
import pg from 'pg';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, cli, get, keepRunningOnClosedOutput, machineLoad, ms, printTable, repeatInterleaved, repoRoot, runStatement, scratchDatabase, serverUrlFrom, signIn, startBackend, startBareSqlServer, withTreeMemory } from './lib.mjs';

const { opt } = cli();
const debtors = Math.max(1, Number(opt('debtors', 2000)));
const invoiceTarget = Math.max(debtors, Number(opt('invoices', 50_000)));
const rounds = Math.max(10, Number(opt('rounds', 300)));
const profileDir = opt('profile', null);
const serverUrl = serverUrlFrom(opt);
const GOAL_P50_GAP_MS = 1;
const CONCURRENCY = 4;

keepRunningOnClosedOutput();

const dist = path.join(repoRoot, 'backend', 'dist');
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
let PdfService, PDF_CHROMIUM_ARGS, invoiceDocument;
try {
  ({ PdfService } = await load('core/pdf/pdf.service.js'));
  ({ PDF_CHROMIUM_ARGS } = await load('core/pdf/pdf-browser.js'));
  ({ invoiceDocument } = await load('modules/invoices/invoice-model.js'));
} catch (error) {
  process.stderr.write(`backend/dist is missing or stale (${error.message}): build it first (cd backend && npx tsc -p tsconfig.build.json).\n`);
  process.exit(2);
}

/** The month before this one (YYYY-MM) and the first day of the one before that. */
function months() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const before = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  return { billed: first.toISOString().slice(0, 7), start: before.toISOString().slice(0, 10) };
}

const database = await scratchDatabase(serverUrl, 'bench_invoices');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-invoices-'));
const backend = await startBackend({ profileDir, env: { DATABASE_URL: database.url, DATA_DIR: dataDir, DEMO_ORDERS: '0', CHROMIUM_PATH, PDF_CONCURRENCY: String(CONCURRENCY), PDF_QUEUE_LIMIT: '1000', PDF_TIMEOUT_MS: '120000' } });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
/** The peak resident memory of `root` and its processes while `fn` runs (RSS only, every 100 ms). */
const withPeakRss = async (root, fn) => {
  const { result, peak } = await withTreeMemory(root, fn, { intervalMs: 100, pss: false });
  return { result, peak: peak.rss };
};

/** Items by key, in order (Map.groupBy needs Node 21). */
function groupBy(items, key) {
  const out = new Map();
  for (const item of items) {
    const k = key(item);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(item);
  }
  return out;
}
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

try {
  const { billed, start } = months();

  // ---------- the run ----------
  await db.query(
    `insert into homes (name, company, street, postal_code, city, email)
     select 'Pflegeheim Bench ' || i, 'Bench Pflege GmbH', 'Hauptstraße ' || (i % 90 + 1), lpad((10000 + i % 89000)::text, 5, '0'), 'Berlin', 'heim' || i || '@bench.example'
     from generate_series(1, $1::int) i`,
    [debtors],
  );
  await db.query(
    `insert into contracts (debtor_id, company, type, home_id, state, runtime, product_type, units, base_price, started_on, valid_from, valid_to, with_login, assumption_of_costs)
     select 'B-' || substr(h.id::text, 1, 8), h.name, 'ROLE_HOME', h.id, 'booked', 'month', 'basic', 1, 5900, $1::date, $1::date, ($1::date + interval '1 month' - interval '1 day')::date, true, true
     from homes h where h.name like 'Pflegeheim Bench %'`,
    [start],
  );
  await db.query(
    `insert into contract_items (contract_id, item_key, product, title, shop_title, interval, price, booked_at)
     select c.id, 'fax-versand', 'fax-versand', 'Fax-Versand über das Portal', 'Fax-Versand', '1 month', 1900, $1::date + time '09:00'
     from contracts c where c.debtor_id like 'B-%'
     union all
     select c.id, 'webinar-einfuehrung', 'webinar-einfuehrung', 'Einführung in das Medikationsportal', 'Webinar: Einführung', 'once', 9900, ($2 || '-10')::date + time '09:00'
     from contracts c where c.debtor_id like 'B-%' and hashtext(c.id::text) % 3 = 0`,
    [start, billed],
  );
  await db.query('vacuum analyze');
  const admin = await signIn(backend.url, 'admin');
  const before = Number((await db.query('select count(*) from invoices')).rows[0].count);
  const { result: run, peak: runPeak } = await withPeakRss(backend.pid, async () => {
    const t0 = performance.now();
    const res = await fetch(`${backend.url}/api/invoices/run`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': admin.token }, body: JSON.stringify({ month: billed }) });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`run answered ${res.status}: ${JSON.stringify(body)}`);
    const answerMs = performance.now() - t0;
    // The run answers once its invoices are written and prints in the background: the run is over
    // when every invoice of the month has its PDF, or when no PDF came for 30 s (those failed).
    const unprinted = async () => Number((await db.query('select count(*) from invoices where number = any($1) and file_id is null', [body.numbers])).rows[0].count);
    let left = await unprinted();
    let lastProgress = performance.now();
    let doneAt = performance.now();
    while (left > 0 && performance.now() - lastProgress < 30_000) {
      await new Promise((r) => setTimeout(r, 200));
      const now = await unprinted();
      if (now < left) (lastProgress = performance.now()), (doneAt = lastProgress);
      left = now;
    }
    if (left === 0) doneAt = performance.now();
    return { ...body, answerMs, ms: doneAt - t0, pdfs: body.printing - left, pdfFailures: left };
  });
  const created = Number((await db.query('select count(*) from invoices')).rows[0].count) - before;

  // ---------- the reference: the same invoices printed with bare page.pdf() ----------
  const rows = (
    await db.query(
      `select id, number, kind, debtor_no as "debtorNo", address, period::text as period, issued_on::text as "issuedOn", due_on::text as "dueOn",
              net_cents as "netCents", vat_cents as "vatCents", gross_cents as "grossCents", vat_percent as "vatPercent", direct_debit as "directDebit"
       from invoices where period = ($1 || '-01')::date and number like 'RE-%' and file_id is not null order by seq`,
      [billed],
    )
  ).rows;
  const positions = (
    await db.query(
      `select p.invoice_id as "invoiceId", p.title, p.contract_ref as "contractRef", p.detail, p.amount, p.party_role as role, p.party_name as name, p.party_debtor_no as "debtorNo", p.with_login as "withLogin", p.party_modified_at as "modifiedAt"
       from invoice_positions p join invoices i on i.id = p.invoice_id where i.period = ($1 || '-01')::date order by p.invoice_id, p.sort`,
      [billed],
    )
  ).rows;
  const settings = (await db.query(`select company, street, postal_code as "postalCode", city, email, phone, fax, debtor_id as "debtorNo" from settings where id = 1`)).rows[0];
  const sender = { ...settings, name: settings.company };
  const byInvoice = groupBy(positions, (p) => p.invoiceId);
  const service = new PdfService({ chromiumPath: CHROMIUM_PATH, concurrency: CONCURRENCY, queueLimit: 1000, timeoutMs: 120_000 });
  const pages = rows.map((invoice) => {
    const own = byInvoice.get(invoice.id) ?? [];
    const proofs = [...groupBy(own, (p) => `${p.role}|${p.name}|${p.debtorNo}`).values()].map((g) => ({ ...g[0], price: g.reduce((s, p) => s + p.amount, 0) }));
    return service.toHtml('invoice', invoiceDocument(invoice, own, proofs, sender, null), { title: `Rechnung ${invoice.number}` });
  });
  // Timed from the launch (the backend's browser starts within its run too); memory of the browser's processes.
  const t0 = performance.now();
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: PDF_CHROMIUM_ARGS });
  const { result: bare, peak: barePeak } = await withPeakRss(browser.process().pid, async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const page = await browser.newPage();
        await page.setJavaScriptEnabled(false);
        while (next < pages.length) {
          const html = pages[next++];
          await page.setContent(html, { waitUntil: 'load' });
          await page.pdf(service.pdfOptions);
        }
      }),
    );
    return { ms: performance.now() - t0 };
  });
  await browser.close();
  await service.onApplicationShutdown();

  // ---------- the list at --invoices invoices ----------
  const missing = invoiceTarget - Number((await db.query('select count(*) from invoices')).rows[0].count);
  if (missing > 0) {
    await db.query(
      `insert into invoice_counters (year, last) values (2000, $1) on conflict (year) do update set last = invoice_counters.last + $1`,
      [missing],
    );
    await db.query(
      `with h as (select id, name, row_number() over (order by name) as rn, count(*) over () as n from homes where name like 'Pflegeheim Bench %')
       insert into invoices (number, year, seq, debtor_key, debtor_type, home_id, debtor_no, debtor_name, address, with_login, period, issued_on, due_on, net_cents, vat_cents, gross_cents, status, file_name, created_at, modified_at)
       select 'RE-2000-' || lpad(i::text, 6, '0'), 2000, i, 'bench:' || i, 'homes', h.id, 'B-' || i, h.name,
              jsonb_build_object('company', h.name, 'name', h.name, 'street', 'Hauptstraße 1', 'postalCode', '10115', 'city', 'Berlin', 'email', ''),
              true, (date '2024-01-01' + ((i % 24) || ' months')::interval)::date, date '2024-02-01', date '2024-02-15', 7800, 1482, 9282,
              (array['paid','paid','paid','open','unread','pending','canceled'])[1 + i % 7], 'RE-2000-' || lpad(i::text, 6, '0') || '.pdf',
              now() - (i || ' minutes')::interval, now()
       from generate_series(1, $1::int) i join h on h.rn = 1 + i % h.n`,
      [missing],
    );
  }
  await db.query('vacuum analyze');
  const total = Number((await db.query('select count(*) from invoices')).rows[0].count);
  const accounting = await signIn(backend.url, 'buchhaltung');
  const headers = { 'x-auth-token': accounting.token };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const bareAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const direct = new pg.Client({ connectionString: database.url });
  await direct.connect();
  const bareServer = await startBareSqlServer({ databaseUrl: database.url });
  const views = [
    { name: 'first page, newest first', path: '/api/invoices?limit=25' },
    { name: 'zu bezahlen (status filter)', path: '/api/invoices?limit=25&filter[status]=unread,open,pending' },
  ];
  const listRows = [];
  for (const view of views) {
    const url = `${backend.url}${view.path}`;
    for (let i = 0; i < 5; i++) {
      const res = await get(agent, url, headers);
      if (res.status !== 200) throw new Error(`GET ${view.path} → ${res.status} ${res.body}`);
    }
    const statements = await backend.statementsOf(() => get(agent, url, headers));
    const sqlAll = async () => {
      for (const s of statements) await runStatement(direct, s);
    };
    const list = statements.find((s) => /"invoices"/.test(s.text) && /\blimit\b/i.test(s.text));
    if (!list) throw new Error(`could not capture the list statement of ${view.path}`);
    await bareServer.use(list);
    const [api, sql, bare] = await repeatInterleaved(rounds, [
      async () => {
        const res = await get(agent, url, headers);
        if (res.status !== 200) throw new Error(`GET ${view.path} → ${res.status}`);
      },
      sqlAll,
      async () => {
        const res = await get(bareAgent, `${bareServer.url}/`, {});
        if (res.status !== 200) throw new Error(`bare server → ${res.status} ${res.body}`);
      },
    ]);
    listRows.push({ view, statements: statements.length, api, sql, bare });
  }
  agent.destroy();
  bareAgent.destroy();
  await bareServer.stop();
  await direct.end();

  // ---------- printing ----------
  console.log(`billing run of ${debtors} care homes, ${machineLoad()}; PostgreSQL ${database.version}; PDF concurrency ${CONCURRENCY}`);
  printTable(
    [
      ['', 44, 'l'],
      ['PDFs', 7, 'r'],
      ['seconds', 10, 'r'],
      ['PDFs / s', 10, 'r'],
      ['peak RSS', 10, 'r'],
    ],
    [
      [`POST /api/invoices/run (${created} invoices)`, String(run.pdfs), (run.ms / 1000).toFixed(1), (run.pdfs / (run.ms / 1000)).toFixed(1), mb(runPeak)],
      ['bare page.pdf() of the same HTML', String(pages.length), (bare.ms / 1000).toFixed(1), (pages.length / (bare.ms / 1000)).toFixed(1), mb(barePeak)],
    ],
  );
  console.log(`run answered after ${(run.answerMs / 1000).toFixed(2)} s: created ${run.created}; printed in the background ${run.pdfs}, not printed ${run.pdfFailures}; run / bare: ${(run.ms / bare.ms).toFixed(2)}×`);
  console.log(`\ninvoice list of accounting (sees all) at ${total.toLocaleString('en')} invoices, ${rounds} rounds in turns`);
  printTable(
    [
      ['', 34, 'l'],
      ['stmts', 7, 'r'],
      ['API p50', 10, 'r'],
      ['p99', 9, 'r'],
      ['SQL p50', 10, 'r'],
      ['p99', 9, 'r'],
      ['bare p50', 10, 'r'],
      ['p99', 9, 'r'],
      ['p50 gap', 10, 'r'],
      ['goal', 10, 'r'],
    ],
    listRows.map((r) => [r.view.name, String(r.statements), ms(r.api.p50), ms(r.api.p99), ms(r.sql.p50), ms(r.sql.p99), ms(r.bare.p50), ms(r.bare.p99), ms(r.api.p50 - r.sql.p50), r.api.p50 - r.sql.p50 <= GOAL_P50_GAP_MS ? 'met' : 'NOT met']),
  );
  console.log('SQL: every statement the backend ran for the request (session lookup when not remembered, the list with its total), run directly one after another.');
  console.log('bare: the list statement behind a bare node:http + node-postgres server (no framework, no session, no policy; rows as JSON).');
} finally {
  await db.end();
  await backend.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

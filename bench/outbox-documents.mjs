#!/usr/bin/env node
// Benchmark (not a test): prescription requests and the outbox that sends them, on the built
// backend (backend/dist) with the demo data in a PostgreSQL database of its own (created and
// dropped) and a local SMTP server in this process (smtp-server, no TLS, keeps nothing).
//
// 1. Delivery: --mails e-mails written to the outbox in one transaction (the rows the documents
//    module writes), from their commit until the SMTP server accepted the last one and every row
//    says 'sent'. Reference: nodemailer sending the same mails to the same server from this
//    process, once with a connection per mail (what the outbox's transport does) and once over
//    one pooled connection. Messages per second, the backend's CPU per message, peak RSS.
// 2. Composing and queueing: POST /api/documents for 10 doctors with 5 orders each (one PDF per
//    doctor, 50 recipe_request events, 10 outbox rows in one transaction) — the time until the
//    answer, p50 / p99 over --rounds, with the backend's CPU per request. References: the same 10
//    PDFs by PdfService.render in this process, and by bare puppeteer page.pdf() of the same HTML,
//    both on 4 pages at once like the backend (PDF_CONCURRENCY). Peak RSS of the backend and its
//    Chromium over the rounds.
//
//   (cd backend && npx tsc -p tsconfig.build.json)
//   node bench/outbox-documents.mjs [--mails 1000] [--rounds 10] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import 'reflect-metadata';
import nodemailer from 'nodemailer';
import pg from 'pg';
import puppeteer from 'puppeteer-core';
import { SMTPServer } from 'smtp-server';
import { CHROMIUM_PATH, cli, freePort, keepRunningOnClosedOutput, machineLoad, ms, printTable, processCpuMs, ratio, repeatInterleaved, repoRoot, scratchDatabase, signIn, startBackend, summary, withTreeMemory } from './lib.mjs';

const { opt } = cli();
const mails = Math.max(10, Number(opt('mails', 1000)));
const rounds = Math.max(1, Number(opt('rounds', 10)));
const serverUrl = opt('database-url', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const DOCTORS = 10;
/** Pages printing at once: the backend's default PDF_CONCURRENCY, given to both references too. */
const PDF_PAGES = 4;
const PER_DOCTOR = 5;

keepRunningOnClosedOutput();

const dist = path.join(repoRoot, 'backend', 'dist', 'core', 'pdf');
let PdfService, PDF_CHROMIUM_ARGS;
try {
  ({ PdfService } = await import(pathToFileURL(path.join(dist, 'pdf.service.js')).href));
  ({ PDF_CHROMIUM_ARGS } = await import(pathToFileURL(path.join(dist, 'pdf-browser.js')).href));
} catch (error) {
  process.stderr.write(`backend/dist is missing or stale (${error.message}): build it first (cd backend && npx tsc -p tsconfig.build.json).\n`);
  process.exit(2);
}

// The SMTP server: accepts everything and counts the messages by Message-ID.
const received = new Map();
let onReceived = () => undefined;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  // No reverse DNS of the client: on a machine without a resolver it costs seconds per connection.
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, done) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 4096) head += chunk.toString('latin1');
    });
    stream.on('end', () => {
      const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? randomUUID();
      received.set(id, (received.get(id) ?? 0) + 1);
      onReceived();
      done();
    });
  },
});
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
const waitForMails = (count, ms = 300_000) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${received.size} of ${count} mails arrived`)), ms);
    onReceived = () => {
      if (received.size >= count) {
        clearTimeout(timer);
        onReceived = () => undefined;
        resolve();
      }
    };
    onReceived();
  });

const database = await scratchDatabase(serverUrl, 'bench_outbox');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));
const backend = await startBackend({
  env: { DATABASE_URL: database.url, DATA_DIR: dataDir, DEMO_ORDERS: '0', CHROMIUM_PATH, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, OUTBOX_POLL_MS: '50', PDF_TIMEOUT_MS: '120000' },
});
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

try {
  // --- 1. Delivery ------------------------------------------------------------------------
  const payload = (i) => ({ to: [`praxis-${i % 50}@bench.example`], subject: `Rezeptanforderung ${i}`, text: 'Sehr geehrte Praxis,\nbitte stellen Sie ein Rezept aus.\nMit freundlichen Grüßen\nApotheke am Markt' });
  const pending = async () => Number((await db.query(`select count(*) from outbox_messages where state <> 'sent'`)).rows[0].count);
  const idle = await withTreeMemory(backend.pid, async () => new Promise((r) => setTimeout(r, 300)));
  const { result: delivery, peak: deliveryPeak } = await withTreeMemory(backend.pid, async () => {
    const values = [];
    const params = [];
    for (let i = 0; i < mails; i++) {
      params.push(`bench-${randomUUID()}`, JSON.stringify(payload(i)));
      values.push(`('email', $${params.length - 1}, $${params.length}::jsonb, 5)`);
    }
    const cpuBefore = processCpuMs(backend.pid);
    const start = performance.now();
    await db.query(`insert into outbox_messages (channel, idempotency_key, payload, max_attempts) values ${values.join(', ')}`, params);
    await waitForMails(mails);
    while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 20));
    return { wall: performance.now() - start, cpu: processCpuMs(backend.pid) - cpuBefore };
  });
  const duplicates = [...received.values()].filter((n) => n > 1).length;

  const bareSend = async (transport) => {
    const start = performance.now();
    for (let i = 0; i < mails; i++) {
      const p = payload(i);
      await transport.sendMail({ from: 'Medikationsportal <noreply@localhost>', to: p.to, subject: p.subject, text: p.text, messageId: `<bare-${randomUUID()}@bench>` });
    }
    transport.close();
    return performance.now() - start;
  };
  const perConnection = await bareSend(nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true }));
  const pooled = await bareSend(nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 1, maxMessages: Infinity }));
  const rate = (wall) => (mails / (wall / 1000)).toFixed(0).padStart(10);

  console.log(`${mails} e-mails through the outbox to a local SMTP server; ${machineLoad()}; PostgreSQL ${database.version}`);
  printTable(
    [
      ['', 44, 'l'],
      ['wall ms', 11, 'r'],
      ['mails / s', 10, 'r'],
      ['wall / pooled', 14, 'r'],
    ],
    [
      ['ours: committed rows → all sent (dispatcher)', ms(delivery.wall), rate(delivery.wall), ratio(delivery.wall, pooled, 14)],
      ['bare nodemailer, a connection per mail', ms(perConnection), rate(perConnection), ratio(perConnection, pooled, 14)],
      ['bare nodemailer, one pooled connection', ms(pooled), rate(pooled), ratio(1, 1, 14)],
    ],
  );
  console.log(`backend CPU per delivered mail: ${ms(delivery.cpu / mails, 0)} ms; mails arrived twice: ${duplicates}; backend RSS idle ${mb(idle.peak.rss)}, peak while sending ${mb(deliveryPeak.rss)}`);

  // --- 2. Composing and queueing ----------------------------------------------------------
  const { token } = await signIn(backend.url, 'apotheke');
  const headers = { 'content-type': 'application/json', 'x-auth-token': token };
  const doctors = (await db.query(`select id, title, firstname, lastname, street, postal_code, city, fax from doctors where email <> '' order by lastname limit ${DOCTORS}`)).rows;
  if (doctors.length < DOCTORS) {
    // The demo data has fewer practices with an e-mail address: give the first ones one.
    const more = (await db.query(`select id from doctors order by lastname limit ${DOCTORS}`)).rows;
    for (const [i, d] of more.entries()) await db.query(`update doctors set email = $2 where id = $1 and email = ''`, [d.id, `praxis-${i}@bench.example`]);
  }
  const doctorIds = (await db.query(`select id from doctors where email <> '' order by lastname limit ${DOCTORS}`)).rows.map((r) => r.id);
  const patients = (await db.query(`select id, home_id from patients where home_id is not null order by lastname, firstname`)).rows;
  const medicines = ['Ibuprofen 400 mg', 'Metformin 500 mg', 'Pantoprazol 20 mg', 'Ramipril 5 mg', 'L-Thyroxin 100 µg'];
  let made = 0;
  /** 50 new orders, 5 per doctor, ready for a request. */
  async function newRequest() {
    const values = [];
    const params = [];
    for (let i = 0; i < DOCTORS * PER_DOCTOR; i++, made++) {
      const p = patients[made % patients.length];
      params.push(medicines[made % medicines.length], p.id, p.home_id, doctorIds[i % DOCTORS]);
      const k = params.length;
      values.push(`(1, $${k - 3}, '1-0-1', 1, $${k - 2}::uuid, $${k - 1}::uuid, $${k}::uuid, current_date + 3)`);
    }
    const ids = (await db.query(`insert into tasks (type, medicine, dose, amount, patient_id, home_id, doctor_id, latest_delivery) values ${values.join(', ')} returning id, doctor_id`, params)).rows;
    return doctorIds.map((doctor) => ({ doctor, subject: 'Bitte um Folgerezept', content: '<p>Sehr geehrte Damen und Herren,</p><p>bitte stellen Sie für die folgenden Bewohner ein Rezept aus.</p>', tasks: ids.filter((r) => r.doctor_id === doctor).map((r) => r.id) }));
  }
  const send = async (documents) => {
    const res = await fetch(`${backend.url}/api/documents`, { method: 'POST', headers, body: JSON.stringify({ type: 'email', documents }) });
    if (res.status !== 201 && res.status !== 200) throw new Error(`POST /api/documents answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  };

  // The same PDFs in this process and by a bare browser: the template and the data of one request.
  const service = new PdfService({ chromiumPath: CHROMIUM_PATH, concurrency: PDF_PAGES, queueLimit: 100, timeoutMs: 120_000 });
  const tasks = Array.from({ length: PER_DOCTOR }, (_, i) => ({ patient: `Muster, Erika ${i}`, dateOfBirth: '01.02.1940', home: 'Haus Sonnenschein', livingArea: 'Wohnbereich A', medicine: medicines[i], dose: '1-0-1', amount: 1, latestDelivery: '30.11.2026', urgent: false }));
  const data = {
    sender: { name: 'Apotheke am Markt', street: 'Marktplatz 1', place: '10117 Berlin', phone: '030 1234567', fax: '030 1234568', email: 'info@apotheke.example' },
    doctor: { name: 'Dr. Anna Berger, Praxis am Park', street: 'Parkweg 2', place: '10115 Berlin', fax: '030 555', email: 'praxis@bench.example' },
    subject: 'Bitte um Folgerezept',
    contentHtml: '<p>Sehr geehrte Damen und Herren,</p><p>bitte stellen Sie für die folgenden Bewohner ein Rezept aus.</p>',
    createdAt: new Date(),
    tasks,
  };
  const html = service.toHtml('recipe-request', data, { title: data.subject });
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: PDF_CHROMIUM_ARGS });
  const pages = [];
  for (let i = 0; i < PDF_PAGES; i++) {
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    pages.push(page);
  }
  /** The 10 PDFs over the pages, each page printing its share one after the other. */
  const bareAll = () =>
    Promise.all(
      pages.map(async (page, p) => {
        for (let d = p; d < DOCTORS; d += PDF_PAGES) {
          await page.setContent(html, { waitUntil: 'load' });
          await page.pdf(service.pdfOptions);
        }
      }),
    );

  await send(await newRequest()); // cold: the backend's browser starts
  await service.render('recipe-request', data, { title: data.subject });
  const requests = [];
  for (let i = 0; i < rounds + Math.ceil(rounds / 10); i++) requests.push(await newRequest());
  const cpu = [];
  const { result: samples, peak } = await withTreeMemory(backend.pid, () =>
    repeatInterleaved(
      rounds,
      [
        async () => {
          const documents = requests.pop();
          const before = processCpuMs(backend.pid);
          const start = performance.now();
          await send(documents);
          const took = performance.now() - start;
          cpu.push(processCpuMs(backend.pid) - before);
          return took;
        },
        async () => {
          const start = performance.now();
          await Promise.all(Array.from({ length: DOCTORS }, () => service.render('recipe-request', data, { title: data.subject })));
          return performance.now() - start;
        },
        async () => {
          const start = performance.now();
          await bareAll();
          return performance.now() - start;
        },
      ],
      { afterWarmUp: () => void (cpu.length = 0) },
    ),
  );
  const [request, render, bare] = samples;
  await browser.close();
  await service.onApplicationShutdown();

  console.log(`\nPOST /api/documents: ${DOCTORS} doctors × ${PER_DOCTOR} orders by e-mail; ${rounds} rounds in turns`);
  printTable(
    [
      ['', 44, 'l'],
      ['p50 ms', 10, 'r'],
      ['p99 ms', 10, 'r'],
      ['p50 / bare', 12, 'r'],
    ],
    [
      ['ours, POST /api/documents (answer)', ms(request.p50), ms(request.p99), ratio(request.p50, bare.p50)],
      [`ours, PdfService.render × ${DOCTORS}, ${PDF_PAGES} pages`, ms(render.p50), ms(render.p99), ratio(render.p50, bare.p50)],
      [`bare page.pdf() of the same HTML × ${DOCTORS}, ${PDF_PAGES} pages`, ms(bare.p50), ms(bare.p99), ratio(1, 1)],
    ],
  );
  console.log(`backend CPU per request: p50 ${ms(summary(cpu).p50, 0)} ms (Chromium's work is in its own processes); peak RSS backend + Chromium ${mb(peak.rss)} (${peak.processes + 1} processes)`);
} finally {
  await db.end();
  await backend.stop();
  smtp.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

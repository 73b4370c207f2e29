#!/usr/bin/env node
// Benchmark (not a test): one PDF of a 50-row table through the backend's PdfService (built,
// backend/dist) in Debian's Chromium, beside a bare puppeteer page.pdf() of the same HTML.
//
//   ours:      PdfService.render('test-sheet', 50 rows): the Handlebars template in the shared
//              layout (fonts embedded as base64), queue slot, a pooled page, setContent, fonts
//              ready, page.pdf() with the service's A4 set-up and footer;
//   reference: the same HTML string printed with the same page.pdf() options on one page of a
//              browser launched by this script for it: no template, no queue, no interception.
// Measured: the first (cold) render of each, browser start included; then --rounds warm renders,
// taken in turns (p50 / p99). Then --concurrent renders at once on a fresh PdfService per pool
// size of --pools, three times (browsers started, pages open at most, wall time of the cold and
// the warm burst, peak memory of this Node process plus the Chromium processes under it, read from
// /proc every 20 ms); with --naive also the same number launching a browser each (what the warm
// browser avoids; heavy: 20 browsers at once).
//
//   (cd backend && npx tsc -p tsconfig.build.json)
//   node bench/pdf-render.mjs [--rounds 100] [--concurrent 20] [--pools 1,2,4] [--naive]
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import 'reflect-metadata';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, cli, keepRunningOnClosedOutput, machineLoad, ms, printTable, ratio, repeatInterleaved, repoRoot, withTreeMemory } from './lib.mjs';

const { opt, flag } = cli();
const rounds = Math.max(1, Number(opt('rounds', 100)));
const concurrent = Math.max(1, Number(opt('concurrent', 20)));
const pools = String(opt('pools', '1,2,4')).split(',').map(Number);
const naive = flag('naive');
const ROWS = 50;

keepRunningOnClosedOutput();

const dist = path.join(repoRoot, 'backend', 'dist', 'core', 'pdf');
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
let PdfService, PDF_TEMPLATES_DIR, PDF_CHROMIUM_ARGS;
try {
  ({ PdfService } = await load('pdf.service.js'));
  ({ PDF_TEMPLATES_DIR } = await load('pdf-templates.js'));
  ({ PDF_CHROMIUM_ARGS } = await load('pdf-browser.js'));
} catch (error) {
  process.stderr.write(`backend/dist is missing or stale (${error.message}): build it first (cd backend && npx tsc -p tsconfig.build.json).\n`);
  process.exit(2);
}

const options = (overrides = {}) => ({
  chromiumPath: CHROMIUM_PATH,
  concurrency: 4,
  queueLimit: 1000,
  timeoutMs: 60_000,
  templateDirs: [PDF_TEMPLATES_DIR, path.join(repoRoot, 'backend', 'src', 'core', 'pdf', 'testing', 'templates')],
  ...overrides,
});

const data = {
  home: 'Haus „Sonnenblick“ – Müllerstraße 12, 10115 Berlin',
  deliveryDate: '2026-03-05',
  createdAt: '2026-03-05T13:30:00Z',
  totalCents: 123456,
  rows: Array.from({ length: ROWS }, (_, i) => ({ patient: `Jürgen Weiß ${i + 1}`, medicine: ['Ibuprofen 400 mg', 'Metformin 500 mg', 'Pantoprazol 20 mg', 'Ramipril 5 mg'][i % 4], amount: 1 + (i % 3), done: i % 2 === 0 })),
};
const render = (service) => service.render('test-sheet', data, { title: 'Abholauftrag' });

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// ---------- runs ----------

const chromiumVersion = await (async () => {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: PDF_CHROMIUM_ARGS, headless: true, pipe: true });
  const version = await browser.version();
  await browser.close();
  return version;
})();
process.stdout.write(`PDF of a ${ROWS}-row table: PdfService (backend/dist) vs bare puppeteer page.pdf() of the same HTML\n`);
process.stdout.write(`${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${chromiumVersion}, ${machineLoad()}\n\n`);

// Cold: a fresh service's first render (launch included), and a fresh browser's first page.pdf().
const service = new PdfService(options());
let t0 = performance.now();
const first = await render(service);
const coldOurs = performance.now() - t0;
const html = service.toHtml('test-sheet', data, { title: 'Abholauftrag' });
const pdfOptions = { ...service.pdfOptions, timeout: 0 };

t0 = performance.now();
const reference = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: PDF_CHROMIUM_ARGS, headless: true, pipe: true });
const page = await reference.newPage();
const bare = async () => {
  await page.setContent(html, { waitUntil: 'load' });
  return page.pdf(pdfOptions);
};
const firstBare = await bare();
const coldBare = performance.now() - t0;

const [warmOurs, warmBare] = await repeatInterleaved(rounds, [() => render(service), bare]);
await reference.close();
await service.onApplicationShutdown();

printTable(
  [
    ['', 34, 'l'],
    ['p50 ms', 10, 'r'],
    ['p99 ms', 10, 'r'],
    ['ratio p50', 11, 'r'],
    ['PDF size', 11, 'r'],
  ],
  [
    [`warm, ours (${rounds} rounds)`, ms(warmOurs.p50), ms(warmOurs.p99), ratio(warmOurs.p50, warmBare.p50), `${(first.length / 1024).toFixed(0)} KB`],
    ['warm, reference page.pdf()', ms(warmBare.p50), ms(warmBare.p99), '', `${(firstBare.length / 1024).toFixed(0)} KB`],
    ['cold first render, ours', ms(coldOurs), '', ratio(coldOurs, coldBare), ''],
    ['cold first render, reference', ms(coldBare), '', '', ''],
  ],
);
process.stdout.write(`(HTML of the document: ${(html.length / 1024).toFixed(0)} KB, of which the embedded fonts ${(html.length - html.replace(/url\(data:font[^)]*\)/g, '').length) / 1024 | 0} KB)\n\n`);

// Concurrent: per pool size a fresh service and three bursts of renders at once: the first starts
// the browser and opens the pages (cold), the second finds them open (warm), the third is sampled
// for memory; the first two are timed without sampling, since reading /proc (smaps_rollup above
// all) every few milliseconds takes CPU from the renders.
async function bursts(concurrency) {
  const pool = new PdfService(options({ concurrency }));
  const run = () => Promise.all(Array.from({ length: concurrent }, () => render(pool)));
  const timed = async () => {
    const t = performance.now();
    const outs = await run();
    if (outs.some((out) => out.subarray(0, 5).toString('latin1') !== '%PDF-')) throw new Error('a render did not answer a PDF');
    return performance.now() - t;
  };
  const cold = await timed();
  const warm = await timed();
  const { peak } = await withTreeMemory(process.pid, run);
  const stats = pool.status();
  const pages = pool.pageCounts();
  await pool.onApplicationShutdown();
  return { cold, warm, peak, launches: stats.launches, pages: pages.peak };
}

const rows = [];
for (const concurrency of pools) {
  const b = await bursts(concurrency);
  rows.push([`ours, PDF_CONCURRENCY ${concurrency}`, String(b.launches), String(b.pages), ms(b.cold), ms(b.warm), String(b.peak.processes), mb(b.peak.rss), mb(b.peak.pss)]);
}
if (naive) {
  // The same renders, each launching a browser of its own and closing it.
  const naiveBurst = async (sampled) => {
    let launches = 0;
    const t = performance.now();
    const run = () =>
      Promise.all(
        Array.from({ length: concurrent }, async () => {
          const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: PDF_CHROMIUM_ARGS, headless: true, pipe: true });
          launches++;
          try {
            const p = await browser.newPage();
            await p.setContent(html, { waitUntil: 'load' });
            return await p.pdf(pdfOptions);
          } finally {
            await browser.close();
          }
        }),
      );
    const { peak } = sampled ? await withTreeMemory(process.pid, run) : { peak: null, result: await run() };
    return { wall: performance.now() - t, launches, peak };
  };
  const timed = await naiveBurst(false);
  const { peak } = await naiveBurst(true);
  rows.push(['a browser per render', String(timed.launches), String(concurrent), ms(timed.wall), '-', String(peak.processes), mb(peak.rss), mb(peak.pss)]);
}

process.stdout.write(`${concurrent} renders at once (browsers started in all three bursts, pages open at most, wall time of a cold and a warm burst)\n`);
printTable(
  [
    ['', 34, 'l'],
    ['browsers', 9, 'r'],
    ['pages', 7, 'r'],
    ['cold ms', 10, 'r'],
    ['warm ms', 10, 'r'],
    ['processes', 11, 'r'],
    ['peak RSS', 10, 'r'],
    ['peak PSS', 10, 'r'],
  ],
  rows,
);
process.stdout.write('(peak RSS: sum over Node and the Chromium processes under it, shared pages counted in each; PSS splits them)\n');

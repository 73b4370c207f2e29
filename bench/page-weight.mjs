#!/usr/bin/env node
// Benchmark (not a test): the JavaScript and CSS the browser loads for one signed-in page, by
// default the orders list /anforderungen as the demo pharmacy user "apotheke".
// Builds nothing: it starts the built backend (backend/dist) on a throw-away PGlite database with
// the demo data, serving the built shell and remotes from frontends/<name>/dist (or --static <dir>
// holding <name>/dist), signs in, opens the page cold (fresh browser context, empty cache) in
// Debian's Chromium until it is ready (--ready: a level-1 heading with that name and, for the
// orders list, its first row), waits for the network to settle and sums every script and
// stylesheet response: count, raw (decoded) bytes, gzip -9 of the raw bytes, and bytes on the wire
// (as served, with the precompressed .br/.gz the backend picks by Accept-Encoding).
// With --baseline <dir> a second backend serves another build (a copy of frontends/<name>/dist
// taken before a change) and both are printed side by side.
//
//   node bench/page-weight.mjs [--path /anforderungen] [--user apotheke] [--ready Anforderungen]
//                              [--static <dir>] [--baseline <dir>] [--runs 2] [--files] [--json out.json]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, cli, DEMO_PASSWORD, keepRunningOnClosedOutput, repoRoot, signIn, startBackend } from './lib.mjs';

const { opt, flag } = cli();
const pagePath = opt('path', '/anforderungen');
const username = opt('user', 'apotheke');
const password = opt('password', DEMO_PASSWORD);
const readyHeading = opt('ready', pagePath === '/anforderungen' ? 'Anforderungen' : '');
const runs = Math.max(1, Number(opt('runs', 2)));
const staticRoot = path.resolve(opt('static', path.join(repoRoot, 'frontends')));
const baselineRoot = opt('baseline', '') ? path.resolve(opt('baseline', '')) : '';
const jsonOut = opt('json', '');
/** libs/ui UI_MESSAGES.expandRow: the first cell's button of each list row. */
const EXPAND_ROW = 'Details anzeigen';

keepRunningOnClosedOutput();

/** A backend serving the build under `root`, on a database of its own. */
async function serve(root) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mediport-page-weight-'));
  const env = { DATA_DIR: dataDir, STATIC_ROOT: root };
  const backend = await startBackend({ env });
  return {
    url: backend.url,
    stop: async () => {
      await backend.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One cold load of the page; answers the script and stylesheet responses. */
async function load(browser, base, auth) {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  await context.addInitScript((record) => window.localStorage.setItem('auth', record), JSON.stringify(auth));
  const page = await context.newPage();
  const pending = [];
  page.on('requestfinished', (req) => {
    const type = req.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
        const body = res ? await res.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        return { url: new URL(req.url()).pathname, type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize };
      })(),
    );
  });
  const started = performance.now();
  await page.goto(`${base}${pagePath}`, { waitUntil: 'commit' });
  if (readyHeading) await page.getByRole('heading', { name: readyHeading, level: 1 }).waitFor({ timeout: 60_000 });
  if (pagePath === '/anforderungen') await page.getByRole('button', { name: EXPAND_ROW }).first().waitFor({ timeout: 60_000 });
  const readyMs = performance.now() - started;
  // What the page still fetches after it became usable belongs to its weight too.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  const files = await Promise.all(pending);
  await context.close();
  return Object.assign(files.sort((a, b) => a.url.localeCompare(b.url)), { readyMs });
}

function totals(files) {
  const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
  const of = (type) => files.filter((f) => f.type === type);
  const part = (list) => ({ files: list.length, raw: sum(list, 'raw'), gzip: sum(list, 'gzip'), wire: sum(list, 'wire') });
  return { js: part(of('script')), css: part(of('stylesheet')), all: part(files) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const change = (a, b) => (a === 0 ? '' : `${b - a >= 0 ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`);

const variants = [];
let browser;
try {
  if (baselineRoot) variants.push({ label: 'before', root: baselineRoot });
  variants.push({ label: baselineRoot ? 'after' : 'served', root: staticRoot });
  for (const v of variants) {
    v.server = await serve(v.root);
    v.auth = await signIn(v.server.url, username, password);
  }
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  process.stdout.write(`page weight of ${pagePath} as ${username}; Chromium ${browser.version()}, loopback, ${runs} cold load(s) per build\n`);
  for (const v of variants) process.stdout.write(`  ${v.label.padEnd(7)} ${v.root}\n`);
  process.stdout.write('\n');

  for (const v of variants) {
    v.samples = [];
    // Alternating would not matter: the bytes do not depend on timing (checked below).
    for (let i = 0; i < runs; i++) v.samples.push(await load(browser, v.server.url, v.auth));
    const sizes = v.samples.map((s) => totals(s).all.raw);
    v.stable = sizes.every((n) => n === sizes[0]);
    v.files = v.samples[0];
    v.totals = totals(v.files);
    v.readyMs = median(v.samples.map((s) => s.readyMs));
  }

  const rows = [
    ['JS files', (t) => t.js.files, (t) => String(t.js.files)],
    ['JS raw', (t) => t.js.raw, (t) => kb(t.js.raw)],
    ['JS gzip -9', (t) => t.js.gzip, (t) => kb(t.js.gzip)],
    ['JS on the wire', (t) => t.js.wire, (t) => kb(t.js.wire)],
    ['CSS files', (t) => t.css.files, (t) => String(t.css.files)],
    ['CSS raw', (t) => t.css.raw, (t) => kb(t.css.raw)],
    ['CSS gzip -9', (t) => t.css.gzip, (t) => kb(t.css.gzip)],
    ['JS+CSS raw', (t) => t.all.raw, (t) => kb(t.all.raw)],
    ['JS+CSS gzip -9', (t) => t.all.gzip, (t) => kb(t.all.gzip)],
    ['JS+CSS on the wire', (t) => t.all.wire, (t) => kb(t.all.wire)],
  ];
  const head = `  ${''.padEnd(20)}${variants.map((v) => v.label.padStart(13)).join('')}${variants.length > 1 ? '   change' : ''}\n`;
  process.stdout.write(head);
  for (const [label, value, show] of rows) {
    const cells = variants.map((v) => show(v.totals).padStart(13)).join('');
    const delta = variants.length > 1 ? `   ${change(value(variants[0].totals), value(variants[1].totals))}` : '';
    process.stdout.write(`  ${label.padEnd(20)}${cells}${delta}\n`);
  }
  // Loopback on a shared machine: a hint that nothing got slower, not a measurement of speed.
  process.stdout.write(`  ${'time to ready'.padEnd(20)}${variants.map((v) => `${Math.round(v.readyMs)} ms`.padStart(13)).join('')}   (median of ${runs}; ${readyHeading ? `heading "${readyHeading}"` : 'load'}${pagePath === '/anforderungen' ? ' and the first row' : ''})\n`);
  // A shared module may come from another app's build (whichever registered first): a few bytes.
  for (const v of variants) if (!v.stable) process.stdout.write(`\n  note: the ${v.label} loads differed between runs (${v.samples.map((s) => `${totals(s).all.raw} B`).join(' / ')} raw); first run shown\n`);
  if (flag('files')) {
    for (const v of variants) {
      process.stdout.write(`\n  ${v.label}: files of the first load (raw / gzip -9)\n`);
      for (const f of v.files) process.stdout.write(`    ${f.url.padEnd(60)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)}\n`);
    }
  }
  if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(Object.fromEntries(variants.map((v) => [v.label, { root: v.root, totals: v.totals, files: v.files }])), null, 2)}\n`);
} finally {
  await browser?.close();
  for (const v of variants) await v.server?.stop();
}

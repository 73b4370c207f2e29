#!/usr/bin/env node
// Benchmark (not a test): what the browser loads for the login page, the dashboard and /profil.
// Opens each page cold (fresh browser context, empty cache) in Debian's Chromium and records
// every response: transferred bytes (headers + body as sent), scripts (count, decoded bytes,
// bytes on the wire, gzip size) and the time until the page is usable (login: both fields
// visible and filled by the script; dashboard: its heading; /profil: its tabs).
// Each page is measured twice in the same run: as served and, as the reference, either with
// `Accept-Encoding: identity` (uncompressed, as if nothing were precompressed) or, with --baseline,
// as another deployment serves it (e.g. the previous build on another port).
//
//   node bench/login-weight.mjs [--url http://127.0.0.1:8080] [--baseline http://127.0.0.1:8081]
//                               [--throttle 16,40] [--runs 3] [--json out.json]
//                               [--user admin] [--password 'Demo#Passwort24!']
// --throttle <Mbit/s>,<round trip ms> lets Chromium emulate a slower line (the time to a usable
// page then reflects the bytes on the wire); without it everything runs over loopback.
// Without --url it starts the built backend (backend/dist/main.js) on a free port with a
// temporary PGlite database and the demo data, and stops it afterwards.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BACKEND_NODE_FLAGS, CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM, freePort } from './lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return fallback;
  return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
};
const runs = Math.max(1, Number(opt('runs', 3)));
const username = opt('user', 'admin');
const password = opt('password', 'Demo#Passwort24!');
const jsonOut = opt('json', '');
const baselineUrl = opt('baseline', '').replace(/\/$/, '');
const throttle = opt('throttle', '');
const [mbit, rtt] = throttle ? throttle.split(',').map(Number) : [0, 0];
if (throttle && !(mbit > 0 && rtt >= 0)) throw new Error('--throttle expects <Mbit/s>,<round trip ms>, e.g. 16,40');

/** Starts the built backend with a throw-away PGlite database; resolves when /api/config answers. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mediport-bench-'));
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex') };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SSO_ENABLED', 'STATIC_ROOT']) delete env[key];
  const child = spawn(process.execPath, [...BACKEND_NODE_FLAGS, path.join(ROOT, 'backend', 'dist', 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (log = (log + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode}:\n${log}`);
    const ok = await fetch(`${url}/api/config`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`backend did not answer within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

/** One cold page load in a fresh context; `ready` resolves when the page is usable. */
async function measure(browser, base, { path: pagePath, ready, auth }, { identity }) {
  const context = await browser.newContext({
    locale: 'de-DE',
    // The reference: the same page as the browser receives it without compression.
    extraHTTPHeaders: identity ? { 'Accept-Encoding': 'identity' } : undefined,
  });
  if (auth) await context.addInitScript((record) => window.localStorage.setItem('auth', record), JSON.stringify(auth));
  const page = await context.newPage();
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const bytesPerSecond = (mbit * 1e6) / 8;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: rtt, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond / 4 });
  }
  const pending = [];
  page.on('requestfinished', (req) => {
    pending.push(
      (async () => {
        const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
        const type = req.resourceType();
        const headers = res ? await res.allHeaders() : {};
        let decoded = 0;
        let gzip = 0;
        if (type === 'script' && res) {
          const body = await res.body().catch(() => Buffer.alloc(0));
          decoded = body.length;
          gzip = gzipSync(body).length;
        }
        return {
          url: req.url(),
          type,
          status: res?.status() ?? 0,
          encoding: headers['content-encoding'] ?? '',
          transferred: sizes.responseBodySize + sizes.responseHeadersSize,
          body: sizes.responseBodySize,
          decoded,
          gzip,
        };
      })(),
    );
  });
  const t0 = performance.now();
  await page.goto(`${base}${pagePath}`, { waitUntil: 'commit' });
  await ready(page);
  const readyMs = performance.now() - t0;
  // Whatever the page still fetches after it became usable belongs to its weight too.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  const responses = await Promise.all(pending);
  await context.close();
  const scripts = responses.filter((r) => r.type === 'script');
  const sum = (list, key) => list.reduce((n, r) => n + r[key], 0);
  return {
    readyMs,
    requests: responses.length,
    transferred: sum(responses, 'transferred'),
    scripts: scripts.length,
    scriptWire: sum(scripts, 'body'),
    scriptDecoded: sum(scripts, 'decoded'),
    scriptGzip: sum(scripts, 'gzip'),
    compressed: responses.filter((r) => r.encoding).length,
    scriptUrls: scripts.map((s) => new URL(s.url).pathname),
  };
}

const PAGES = [
  {
    name: 'login',
    path: '/login',
    label: 'time to filled login form',
    ready: async (page) => {
      const user = page.getByLabel('Benutzername', { exact: true });
      const pass = page.getByLabel('Passwort', { exact: true });
      await user.waitFor({ state: 'visible', timeout: 30_000 });
      await pass.waitFor({ state: 'visible', timeout: 30_000 });
      await user.fill(username);
      await pass.fill(password);
    },
  },
  {
    name: 'dashboard',
    path: '/',
    signedIn: true,
    label: 'time to dashboard heading',
    ready: (page) => page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 30_000 }),
  },
  {
    name: 'profil',
    path: '/profil',
    signedIn: true,
    label: 'time to profile tabs',
    ready: (page) => page.getByRole('tab', { name: 'Passwort' }).waitFor({ timeout: 30_000 }),
  },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const server = opt('url', '') ? null : await startServer();
const base = (opt('url', '') || server.url).replace(/\/$/, '');
let browser;
async function signInAt(url) {
  const login = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!login.ok) throw new Error(`sign-in as ${username} at ${url} failed: HTTP ${login.status}`);
  return login.json();
}
try {
  // What is measured against what: the served pages, and the reference.
  const variants = [
    { key: 'served', label: 'served', url: base, auth: await signInAt(base), identity: false },
    baselineUrl
      ? { key: 'reference', label: 'baseline', url: baselineUrl, auth: await signInAt(baselineUrl), identity: false }
      : { key: 'reference', label: 'identity', url: base, auth: null, identity: true },
  ];
  variants[1].auth ??= variants[0].auth;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const line = throttle ? `${mbit} Mbit/s, ${rtt} ms round trip` : 'loopback, no throttling';
  const reference = baselineUrl ? `baseline ${baselineUrl}` : 'the same pages with Accept-Encoding: identity';
  process.stdout.write(`login weight: ${base} vs ${reference}; Chromium ${browser.version()}, ${line}, ${runs} cold load(s) per page and variant\n\n`);

  const results = {};
  for (const p of PAGES) {
    results[p.name] = {};
    for (const v of variants) {
      const samples = [];
      // Each sample is a fresh context with an empty cache.
      for (let i = 0; i < runs; i++) {
        samples.push(await measure(browser, v.url, { path: p.path, ready: p.ready, auth: p.signedIn ? v.auth : null }, { identity: v.identity }));
      }
      const last = samples[samples.length - 1];
      results[p.name][v.key] = { ...last, readyMs: median(samples.map((s) => s.readyMs)), readySamples: samples.map((s) => Math.round(s.readyMs)) };
    }
  }

  const rows = [
    ['scripts', (r) => String(r.scripts)],
    ['JS gzip size', (r) => kb(r.scriptGzip), 'scriptGzip'],
    ['JS decoded', (r) => kb(r.scriptDecoded), 'scriptDecoded'],
    ['JS on the wire', (r) => kb(r.scriptWire), 'scriptWire'],
    ['requests', (r) => String(r.requests)],
    ['compressed responses', (r) => String(r.compressed)],
    ['transferred (all)', (r) => kb(r.transferred), 'transferred'],
  ];
  const pct = (x, y) => (y ? `${((x / y) * 100).toFixed(0)} %` : '');
  for (const p of PAGES) {
    const { served: a, reference: b } = results[p.name];
    process.stdout.write(`${p.name} (${p.path})\n`);
    process.stdout.write(`  ${'metric'.padEnd(26)} ${'served'.padStart(12)} ${variants[1].label.padStart(12)}   ratio\n`);
    for (const [label, f, key] of rows) {
      process.stdout.write(`  ${label.padEnd(26)} ${f(a).padStart(12)} ${f(b).padStart(12)}   ${key ? pct(a[key], b[key]) : ''}\n`);
    }
    process.stdout.write(
      `  ${p.label.padEnd(26)} ${`${Math.round(a.readyMs)} ms`.padStart(12)} ${`${Math.round(b.readyMs)} ms`.padStart(12)}   ${pct(a.readyMs, b.readyMs)} (median; samples ${a.readySamples.join('/')} vs ${b.readySamples.join('/')})\n\n`,
    );
  }
  if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await browser?.close();
  await server?.stop();
}

#!/usr/bin/env node
// Benchmark (not a test): latency of sign-in, session refresh and the rights matrix against a
// running server. Each of N concurrent clients repeats: POST /api/auth → GET /api/auth/session →
// GET /api/acl, and the script prints p50/p95/p99 per call.
//
//   node bench/auth-latency.mjs [--url http://127.0.0.1:8080] [--clients 10] [--rounds 30]
//                               [--user admin] [--password 'Demo#Passwort24!'] [--warmup 3]
// The user needs acl_list_view for GET /api/acl (admin in the demo data).
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return fallback;
  return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
};
const base = opt('url', process.env.BENCH_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const clients = Number(opt('clients', 10));
const rounds = Number(opt('rounds', 30));
const warmup = Number(opt('warmup', 3));
const username = opt('user', 'admin');
const password = opt('password', 'Demo#Passwort24!');

const CALLS = ['POST /api/auth', 'GET /api/auth/session', 'GET /api/acl'];
const samples = Object.fromEntries(CALLS.map((c) => [c, []]));
const failures = Object.fromEntries(CALLS.map((c) => [c, 0]));

async function timed(call, fn, record) {
  const t0 = performance.now();
  const res = await fn();
  const ms = performance.now() - t0;
  if (!res.ok) {
    failures[call]++;
    await res.body?.cancel();
    return null;
  }
  if (record) samples[call].push(ms);
  return res;
}

async function round(record) {
  const login = await timed(
    CALLS[0],
    () => fetch(`${base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) }),
    record,
  );
  if (!login) return;
  const { token } = await login.json();
  const headers = { 'x-auth-token': token };
  const session = await timed(CALLS[1], () => fetch(`${base}/api/auth/session`, { headers }), record);
  await session?.arrayBuffer();
  const acl = await timed(CALLS[2], () => fetch(`${base}/api/acl`, { headers }), record);
  await acl?.arrayBuffer();
  // Do not leave thousands of live sessions behind.
  const out = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers });
  await out.arrayBuffer();
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const probe = await fetch(`${base}/api/config`).catch((err) => err);
if (!(probe instanceof Response) || !probe.ok) {
  process.stderr.write(`No server answers ${base}/api/config. Start one first (npm start).\n`);
  process.exit(1);
}

process.stdout.write(`auth latency: ${base}, user ${username}, ${clients} clients × ${rounds} rounds (+${warmup} warm-up)\n`);
for (let i = 0; i < warmup; i++) await round(false);
const started = performance.now();
await Promise.all(
  Array.from({ length: clients }, async () => {
    for (let i = 0; i < rounds; i++) await round(true);
  }),
);
const seconds = (performance.now() - started) / 1000;

const fmt = (n) => (Number.isNaN(n) ? '-' : n.toFixed(1)).padStart(8);
process.stdout.write(`\n${'call'.padEnd(24)}${'n'.padStart(6)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}${'fail'.padStart(6)}\n`);
for (const call of CALLS) {
  const s = [...samples[call]].sort((a, b) => a - b);
  process.stdout.write(`${call.padEnd(24)}${String(s.length).padStart(6)}${fmt(percentile(s, 50))}${fmt(percentile(s, 95))}${fmt(percentile(s, 99))}${fmt(s.at(-1) ?? NaN)}${String(failures[call]).padStart(6)}\n`);
}
const total = CALLS.reduce((n, c) => n + samples[c].length, 0);
process.stdout.write(`\n${total} measured requests in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)} req/s, plus one logout per round)\n`);
if (CALLS.some((c) => failures[c] > 0)) process.exitCode = 1;

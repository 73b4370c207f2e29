// Small helpers shared by build.mjs, start.mjs and test.mjs (no dependencies beyond Node).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LIBS = ['contracts', 'permissions', 'validation', 'ui', 'api-client'];
export const FRONTENDS = ['shell', 'orders', 'masterdata', 'admin', 'profile'];

/**
 * The Node flags the backend runs with wherever it is started (`npm start`, `npm start -w backend`,
 * the benchmarks): backend/package.json "config.nodeFlags", the one place they are set.
 * `--max-semi-space-size=64 --min-semi-space-size=64`: a young generation of a fixed 64 MB per
 * semi-space instead of Node's up to 16 MB. A list request allocates 100–230 KB, nearly all
 * short-lived (rows, DTOs, the JSON text), so with 16 MB a scavenge (≈1 ms on a 2-core machine,
 * however little survives) fell into every ≈55th request, where the p99 of the patient list sits;
 * with 64 MB into every ≈220th. The minimum keeps V8 from shrinking it after a quiet spell (then
 * every ≈20th request paused). Same p50, a lower p99, ≈250 MB resident under load instead of
 * ≈160 MB (bench/node-flags.mjs; figures in bench/README.md).
 */
export const BACKEND_NODE_FLAGS = JSON.parse(readFileSync(path.join(ROOT, 'backend', 'package.json'), 'utf8')).config.nodeFlags.split(/\s+/).filter(Boolean);

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code) => (s) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : String(s));
export const c = { bold: paint(1), dim: paint(2), red: paint(31), green: paint(32), yellow: paint(33), cyan: paint(36) };

export function log(tag, message) {
  process.stdout.write(`${c.cyan(`[${tag}]`)} ${message}\n`);
}

export function formatDuration(ms) {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/**
 * Tracks running jobs and prints one line every `everyMs` naming each with its elapsed time, so
 * a long build never sits silent. Returns { start(name), end(name), stop() }.
 */
export function heartbeat(tag, { everyMs = 10_000, write = (line) => log(tag, line) } = {}) {
  const running = new Map();
  const timer = setInterval(() => {
    if (running.size === 0) return;
    const now = Date.now();
    const list = [...running].map(([name, at]) => `${name} ${formatDuration(now - at)}`).join(', ');
    write(c.dim(`… still running: ${list}`));
  }, everyMs);
  timer.unref();
  return {
    start: (name) => running.set(name, Date.now()),
    end: (name) => running.delete(name),
    stop: () => clearInterval(timer),
  };
}

/**
 * Runs a command and resolves with its exit code (never rejects). By default the child inherits
 * the terminal; with `prefix` its lines are prefixed (parallel jobs); with `capture` its output is
 * kept in `result.output` instead of shown (call `runCaptured`).
 */
export function run(cmd, args, opts = {}) {
  return runCaptured(cmd, args, opts).then((r) => r.code);
}

export function runCaptured(cmd, args, { cwd = ROOT, env = process.env, prefix, capture = false } = {}) {
  return new Promise((resolve) => {
    const piped = !!prefix || capture;
    const child = spawn(cmd, args, { cwd, env, stdio: piped ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (piped) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          if (capture) {
            chunks.push(chunk);
            return;
          }
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`${c.dim(prefix)} ${line}\n`);
        });
        stream.on('end', () => !capture && rest && process.stdout.write(`${c.dim(prefix)} ${rest}\n`));
      }
    }
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      if (!capture) process.stderr.write(`${prefix ?? ''} ${err.message}\n`);
      resolve({ code: 127, output: Buffer.concat(chunks).toString() });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output: Buffer.concat(chunks).toString() }));
  });
}

/** Runs async jobs with at most `limit` at a time; resolves with their results in order. */
export async function pool(items, limit, worker) {
  const results = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await worker(items[i], i);
    }
  });
  await Promise.all(lanes);
  return results;
}

const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', '.git']);

/** Newest modification time (ms) of the files under the given paths (dirs walked recursively). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (!SKIP_DIRS.has(entry) && !entry.endsWith('.tsbuildinfo')) visit(path.join(p, entry));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) visit(p);
  return newest;
}

/** True when something accepts TCP connections on host:port within the timeout. */
export function portAnswers(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function fileExists(p) {
  return existsSync(p);
}

export const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

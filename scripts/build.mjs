#!/usr/bin/env node
// Builds what is missing or stale: libs → backend → the five frontends (two at a time).
// Usage: node scripts/build.mjs [--force] [--verbose]
// A target is stale when its newest source file is newer than its last successful build
// (stamp under node_modules/.cache/mediport-build) or when its output is missing.
import { mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FRONTENDS, LIBS, ROOT, c, fileExists, formatDuration, heartbeat, log, newestMtime, npm, npx, pool, runCaptured } from './lib.mjs';

const STAMP_DIR = path.join(ROOT, 'node_modules', '.cache', 'mediport-build');
const r = (...p) => path.join(ROOT, ...p);

const libSources = [r('tsconfig.base.json'), ...LIBS.flatMap((l) => [r('libs', l, 'src'), r('libs', l, 'package.json'), r('libs', l, 'tsconfig.json')])];

function nonEmptyDir(dir) {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

const LIB_TARGET = {
  name: 'libs',
  sources: libSources,
  built: () => LIBS.every((l) => fileExists(r('libs', l, 'dist', 'index.js'))),
  cmd: [npx, ['tsc', '-b', ...LIBS.map((l) => `libs/${l}`)]],
};
const BACKEND_TARGET = {
  name: 'backend',
  sources: [...libSources, r('backend', 'src'), r('backend', 'drizzle'), r('backend', 'package.json'), r('backend', 'tsconfig.json'), r('backend', 'tsconfig.build.json')],
  built: () => fileExists(r('backend', 'dist', 'main.js')),
  cmd: [npm, ['run', 'build', '-w', 'backend']],
};
const FRONTEND_TARGETS = FRONTENDS.map((name) => ({
  name,
  sources: [...libSources, r('frontends', 'common'), r('frontends', name)],
  built: () => nonEmptyDir(r('frontends', name, 'dist')),
  cmd: [npm, ['run', 'build', '-w', `@mediport/${name}`]],
}));

function stampFile(name) {
  return path.join(STAMP_DIR, `${name}.stamp`);
}

function lastBuild(name) {
  try {
    return statSync(stampFile(name)).mtimeMs;
  } catch {
    return 0;
  }
}

/** Why a target needs building, or null when it is up to date. */
function staleReason(target, force) {
  if (force) return '--force';
  if (!target.built()) return 'no build output';
  const stamp = lastBuild(target.name);
  if (!stamp) return 'no record of a previous build';
  const newest = newestMtime(target.sources);
  if (newest > stamp) return `sources changed ${new Date(newest).toLocaleTimeString('de-DE')}`;
  return null;
}

async function buildTarget(target, { force, verbose, progress }) {
  const reason = staleReason(target, force);
  if (!reason) {
    log('build', `${progress.step()} ${target.name}: ${c.dim('up to date')}`);
    return { name: target.name, ok: true, skipped: true, ms: 0 };
  }
  log('build', `${progress.step()} ${target.name}: building (${reason}) …`);
  const started = Date.now();
  const [cmd, args] = target.cmd;
  progress.beat.start(target.name);
  // Output is shown only when the build fails (or with --verbose), so parallel builds stay readable.
  const { code, output } = await runCaptured(cmd, args, { capture: !verbose });
  progress.beat.end(target.name);
  const ms = Date.now() - started;
  if (code !== 0) {
    if (output) process.stdout.write(`${output.split('\n').map((l) => `${c.dim(`  ${target.name} |`)} ${l}`).join('\n')}\n`);
    log('build', c.red(`${target.name}: FAILED after ${formatDuration(ms)} (exit ${code}): ${cmd} ${args.join(' ')}`));
    return { name: target.name, ok: false, ms };
  }
  mkdirSync(STAMP_DIR, { recursive: true });
  // The stamp carries the start time: edits made during the build count as newer next time.
  writeFileSync(stampFile(target.name), `${new Date(started).toISOString()}\n`);
  utimesSync(stampFile(target.name), started / 1000, started / 1000);
  log('build', c.green(`${target.name}: built in ${formatDuration(ms)} ${c.dim(`(${formatDuration(Date.now() - progress.started)} since start)`)}`));
  return { name: target.name, ok: true, ms };
}

export async function build({ force = false, verbose = false } = {}) {
  const started = Date.now();
  const results = [];
  const targets = [LIB_TARGET, BACKEND_TARGET, ...FRONTEND_TARGETS];
  let done = 0;
  // "[3/7]" before each target, and a line every 10 s naming what is still building.
  const progress = { started, step: () => c.dim(`[${++done}/${targets.length}]`), beat: heartbeat('build') };
  try {
    for (const target of [LIB_TARGET, BACKEND_TARGET]) {
      const result = await buildTarget(target, { force, verbose, progress });
      results.push(result);
      if (!result.ok) return { ok: false, results };
    }
    // Webpack builds are CPU bound; two at a time fits the two cores we plan for.
    const lanes = Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length));
    results.push(...(await pool(FRONTEND_TARGETS, lanes, (t) => buildTarget(t, { force, verbose, progress }))));
  } finally {
    progress.beat.stop();
  }
  const feResults = results.slice(2);
  const ok = feResults.every((r) => r.ok);
  const built = results.filter((r) => !r.skipped).map((r) => r.name);
  if (ok) log('build', c.green(`done in ${formatDuration(Date.now() - started)}${built.length ? ` (built: ${built.join(', ')})` : ' (nothing to build)'}`));
  else log('build', c.red(`failed: ${results.filter((r) => !r.ok).map((r) => r.name).join(', ')}`));
  return { ok, results };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { ok } = await build({ force: process.argv.includes('--force'), verbose: process.argv.includes('--verbose') });
  process.exit(ok ? 0 : 1);
}

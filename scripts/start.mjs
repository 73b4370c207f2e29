#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then runs the backend, which also serves the
// shell and the four remotes. Honours PORT (default 8080) and DATA_DIR (default ./data).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from './build.mjs';
import { BACKEND_NODE_FLAGS, ROOT, c, formatDuration, log } from './lib.mjs';

const startedAt = Date.now();
const { ok } = await build({ force: process.argv.includes('--force') });
if (!ok) {
  log('start', c.red('Build failed; not starting.'));
  process.exit(1);
}

const port = process.env.PORT || '8080';
const dataDir = path.resolve(ROOT, process.env.DATA_DIR || 'data');
const env = { ...process.env, PORT: port, DATA_DIR: dataDir };
const storage = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(dataDir, 'pglite')}`;
log('start', `starting backend on port ${port}, data: ${storage} …`);

const child = spawn(process.execPath, [...BACKEND_NODE_FLAGS, path.join(ROOT, 'backend', 'dist', 'main.js')], { cwd: ROOT, env, stdio: 'inherit' });

// Tell the user where to go once the server answers.
const url = `http://localhost:${port}`;
const probe = setInterval(async () => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/config`);
    if (res.ok) {
      clearInterval(probe);
      log('start', c.green(`Medikationsportal läuft: ${c.bold(url)}  (beenden mit Strg+C)`) + c.dim(`  ready ${formatDuration(Date.now() - startedAt)} after npm start`));
    }
  } catch {
    // not up yet
  }
}, 500);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    clearInterval(probe);
    if (child.exitCode === null) child.kill(signal);
  });
}

// `npm start` runs this script under `sh -c`, which does not pass SIGTERM on: when the shell
// or npm above us goes away we are re-parented, and then stop the backend ourselves.
const parent = process.ppid;
const orphanCheck = setInterval(() => {
  if (process.ppid !== parent && child.exitCode === null) child.kill('SIGTERM');
}, 1000);
orphanCheck.unref();

child.on('exit', (code, signal) => {
  clearInterval(probe);
  clearInterval(orphanCheck);
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/app.js';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { BACKEND_NODE_FLAGS, portAnswers, ROOT, stopProcess, tempDir } from '../support/server.js';

// The README's quick start, for real: `npm start` in a shell that sets nothing but the port and the
// data folder serves the whole suite with the demo data on the embedded PostgreSQL (PGlite), and
// runs the backend with the Node flags of backend/package.json "config.nodeFlags".
const QUICK_START_PORT = 18083;

/** The processes of a process group: pid and command line. */
function processGroup(pgid: number): { pid: number; args: string[] }[] {
  const found: { pid: number; args: string[] }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/<pid>/stat is the process group; the command (field 2) may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      found.push({ pid: Number(entry), args: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean) });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

test('npm start serves the suite with the demo data on PGlite, the backend with the configured Node flags', async ({ page, request }) => {
  test.setTimeout(240_000);
  const dataDir = tempDir('mediport-e2e-quick-start-');
  // A fresh shell: no database, Redis, secret or demo settings of the test run leak in.
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dataDir, PORT: String(QUICK_START_PORT), DATA_DIR: dataDir };
  let output = '';
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  npm.stdout!.on('data', keep);
  npm.stderr!.on('data', keep);
  const base = `http://localhost:${QUICK_START_PORT}`;
  try {
    await expect
      .poll(async () => (npm.exitCode === null ? (await request.get(`${base}/api/health/ready`).catch(() => null))?.status() : `exited: ${output}`), { timeout: 200_000, intervals: [500] })
      .toBe(200);

    // The embedded PostgreSQL under the data folder.
    const ready = await (await request.get(`${base}/api/health/ready`)).json();
    expect(ready.info.database.driver).toBe('pglite');

    // The backend process (npm → scripts/start.mjs → node backend/dist/main.js) carries the flags.
    const backend = processGroup(npm.pid!).find((p) => p.args.some((a) => a.endsWith(path.join('backend', 'dist', 'main.js'))));
    expect(backend, output).toBeDefined();
    expect(BACKEND_NODE_FLAGS.length).toBeGreaterThan(0);
    const mainAt = backend!.args.findIndex((a) => a.endsWith(path.join('backend', 'dist', 'main.js')));
    expect(backend!.args.slice(1, mainAt)).toEqual(BACKEND_NODE_FLAGS);

    // The shell, a remote and the demo data, as a person sees them.
    await signIn(page, 'apotheke', DEMO_PASSWORD, base);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`${base}/patienten`);
    await expect(page.getByText(/^1 - 25 von \d+ Datensätzen$/)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(26);
  } finally {
    await stopProcess(npm, { group: true, graceMs: 15_000 });
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  }
  // Stopping `npm start` stops the backend: nothing answers on the port any more.
  expect(await portAnswers(QUICK_START_PORT)).toBe(false);
});

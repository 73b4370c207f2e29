import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { repoint } from '../support/remote-deploy.js';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { ROOT, startBackend, tempDir, type RunningBackend } from '../support/server.js';

// The profile remote is shipped alone: `npm run build -w @mediport/profile` builds a new version
// (here with its own visible version string) into a folder of its own, the static host of a
// running suite is switched to it, and after a reload the running shell, neither rebuilt nor
// restarted, shows the new profile remote. The suite's own server and build stay untouched: the
// switch happens on a second instance of the suite (same database) whose static root links to the
// built shell and remotes, and the profile link is pointed back afterwards, also on failure.

const SECOND_PORT = 18084;
const APPS = ['shell', 'orders', 'masterdata', 'admin', 'profile'];
const ORIGINAL_VERSION = JSON.parse(readFileSync(path.join(ROOT, 'frontends', 'profile', 'package.json'), 'utf8')).version as string;

/** `npm run build -w @mediport/profile` with another version string, into `out` instead of the served dist. */
function buildProfile(out: string, version: string, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['run', 'build', '-w', '@mediport/profile', '--', '--output-path', out], {
      cwd: ROOT,
      env: { ...process.env, PROFILE_BUILD_VERSION: version },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('error', reject);
    child.on('close', (code) => {
      writeFileSync(logFile, log);
      if (code === 0) resolve();
      else reject(new Error(`npm run build -w @mediport/profile failed (${code}):\n${log.slice(-3000)}`));
    });
  });
}

test.describe('the profile remote is deployed alone onto a running suite', () => {
  let second: RunningBackend | null = null;
  let work = '';
  let base = '';
  let staticRoot = '';

  test.beforeAll(async () => {
    work = tempDir('mediport-e2e-profile-');
    staticRoot = path.join(work, 'static');
    mkdirSync(staticRoot);
    for (const app of APPS) symlinkSync(path.join(ROOT, 'frontends', app), path.join(staticRoot, app), 'dir');
    const dataDir = path.join(work, 'data');
    mkdirSync(dataDir);
    second = await startBackend({
      port: SECOND_PORT,
      // Every instance of a suite shares the secrets: the stored IBANs are read with the same key.
      env: {
        DEMO: '1',
        DATABASE_URL: e2eEnv.databaseUrl,
        JWT_SECRET: e2eEnv.jwtSecret,
        PAYMENT_DATA_KEY: readFileSync(path.join(e2eEnv.dataDir, 'payment-data-key'), 'utf8').trim(),
        DATA_DIR: dataDir,
        STATIC_ROOT: staticRoot,
      },
      logFile: path.join(work, `backend-${SECOND_PORT}.log`),
    });
    base = `http://localhost:${SECOND_PORT}`;
  });

  test.afterAll(async () => {
    // The deployment is undone before the instance goes: the suite's own build was never touched.
    if (staticRoot) repoint(path.join(staticRoot, 'profile'), path.join(ROOT, 'frontends', 'profile'));
    await second?.stop();
    if (work && !process.env.E2E_KEEP_DATA) rmSync(work, { recursive: true, force: true });
  });

  test('after a reload the running shell shows the new profile remote', async ({ page, context }) => {
    // One webpack build of one remote on a busy two-core machine.
    test.setTimeout(300_000);
    const shellEntry = path.join(ROOT, 'frontends', 'shell', 'dist', 'main.js');
    const shellBuiltAt = statSync(shellEntry).mtimeMs;
    const servedManifest = path.join(ROOT, 'frontends', 'profile', 'dist', 'mf-manifest.json');
    const servedBefore = readFileSync(servedManifest, 'utf8');

    // Signed in on the instance's own origin (the auth record lives in its localStorage).
    const signedIn = await context.request.post(`${base}/api/auth`, { data: { username: 'buchhaltung', password: DEMO_PASSWORD } });
    expect(signedIn.ok()).toBe(true);
    const record = await signedIn.json();
    await page.goto(`${base}/api/config`);
    await page.evaluate((auth) => window.localStorage.setItem('auth', JSON.stringify(auth)), record);
    await page.goto(`${base}/profil?tab=5`);
    await expect(page.getByRole('heading', { name: 'SEPA-Lastschriftmandat' })).toBeVisible();
    await expect(page.getByText(`Profilbereich, Version ${ORIGINAL_VERSION}`, { exact: true })).toBeVisible();

    // The new version, built alone with the remote's own build command.
    const version = `${ORIGINAL_VERSION}-neu.${Date.now().toString(36)}`;
    const next = path.join(work, 'profile-next');
    const dist = path.join(next, 'dist');
    await buildProfile(dist, version, path.join(work, 'build-profile.log'));
    const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'profile', metaData: { remoteEntry: { name: 'remoteEntry.js' } } });
    expect(existsSync(path.join(dist, 'remoteEntry.js'))).toBe(true);

    // Deployment: the running suite serves the new build from now on.
    try {
      repoint(path.join(staticRoot, 'profile'), next);

      await page.reload();
      await expect(page.getByText(`Profilbereich, Version ${version}`, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'SEPA-Lastschriftmandat' })).toBeVisible();
      // Another tab of the new build loads its own chunk.
      await page.getByRole('tab', { name: 'Rechnungen' }).click();
      await expect(page.getByRole('tab', { name: 'Rechnungen', selected: true })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Rechnungen' })).toBeVisible();
      await expect(page.getByText(`Profilbereich, Version ${version}`, { exact: true })).toBeVisible();
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath('profile-new-version.png'), fullPage: true });
    } finally {
      repoint(path.join(staticRoot, 'profile'), path.join(ROOT, 'frontends', 'profile'));
    }

    // Back on the previous build after the next reload; the shell was not rebuilt, the suite's build not changed.
    await page.reload();
    await expect(page.getByText(`Profilbereich, Version ${ORIGINAL_VERSION}`, { exact: true })).toBeVisible();
    expect(statSync(shellEntry).mtimeMs).toBe(shellBuiltAt);
    expect(readFileSync(servedManifest, 'utf8')).toBe(servedBefore);
  });
});

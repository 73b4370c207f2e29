import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { sidebar, signIn } from '../support/app.js';
import { startBackend, tempDir, type RunningBackend } from '../support/server.js';

const SECOND_PORT = 18081;
// Nothing listens on the discard port: the manifest request is refused at once.
const UNREACHABLE = 'http://127.0.0.1:9/mf-manifest.json';

test.describe('with the orders remote unreachable', () => {
  let second: RunningBackend | null = null;
  let secondDataDir = '';
  let base = '';

  test.beforeAll(async () => {
    // A second instance on the same database whose remotes.json points the orders remote nowhere.
    const dataDir = tempDir('mediport-e2e-second-');
    secondDataDir = dataDir;
    second = await startBackend({
      port: SECOND_PORT,
      env: { DEMO: '1', DATABASE_URL: e2eEnv.databaseUrl, JWT_SECRET: e2eEnv.jwtSecret, DATA_DIR: dataDir, REMOTE_ORDERS_URL: UNREACHABLE },
      logFile: path.join(dataDir, `backend-${SECOND_PORT}.log`),
    });
    base = `http://localhost:${SECOND_PORT}`;
  });

  test.afterAll(async () => {
    await second?.stop();
    if (secondDataDir && !process.env.E2E_KEEP_DATA) rmSync(secondDataDir, { recursive: true, force: true });
  });

  test('the sidebar notes the missing area, /anforderungen shows the German error panel, dashboard and profile work', async ({ page, request }) => {
    const remotes = await (await request.get(`${base}/remotes.json`)).json();
    expect(remotes.orders.entry).toBe(UNREACHABLE);
    expect(remotes.profile.entry).toBe('/remotes/profile/mf-manifest.json');

    await signIn(page, 'apotheke', DEMO_PASSWORD, base);
    await expect(page).toHaveURL(`${base}/`);
    const nav = sidebar(page);
    // The orders remote publishes its sidebar entries itself: while it is down, its section
    // says so instead of vanishing; the other remotes' sections are there as usual.
    await expect(nav.getByText('Aufträge und Abholung', { exact: true })).toBeVisible();
    await expect(nav.getByText('Bereich zurzeit nicht erreichbar', { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Anforderungen', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Patienten', exact: true })).toBeVisible();

    // A path of the orders area shows the German error panel inside the layout; the sidebar stays.
    await page.goto(`${base}/anforderungen`);
    const panel = page.getByRole('alert').filter({ hasText: 'Bereich nicht erreichbar' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Der Bereich Aufträge und Abholung ist zurzeit nicht erreichbar.');
    await expect(nav).toBeVisible();

    // Profile (another remote) and the dashboard keep working.
    await nav.getByRole('link', { name: 'Profil', exact: true }).click();
    await expect(page).toHaveURL(`${base}/profil`);
    await expect(page.getByRole('tab', { name: 'Passwort' })).toBeVisible();
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(`${base}/`);
    await expect(nav).toBeVisible();
  });
});

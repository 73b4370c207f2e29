import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { sidebar, signIn, storedAuth } from '../support/app.js';
import { createDatabase, dropDatabase, postgresAdminUrl, startBackend, tempDir, type RunningBackend } from '../support/server.js';

// This journey changes the Heim column of the rights matrix. It runs against a backend of its
// own (fresh database, demo data) so the other browser tests keep the default matrix.
const PORT = 18202;
const BASE = `http://localhost:${PORT}`;
let backend: RunningBackend;
let adminUrl = '';
let dbName = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = tempDir('mediport-e2e-acl-');
  adminUrl = await postgresAdminUrl();
  dbName = `mediport_e2e_acl_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = { DEMO: '1', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') };
  env.DATABASE_URL = await createDatabase(adminUrl, dbName);
  backend = await startBackend({ port: PORT, env, logFile: path.join(dataDir, `backend-${PORT}.log`) });
});

test.afterAll(async () => {
  await backend?.stop();
  if (adminUrl) await dropDatabase(adminUrl, dbName);
});

test('admin removes a right from Heim on /v3/acl; after a reload the heim user has lost the sidebar entry and the API access, without restart', async ({ browser }) => {
  const pid = backend.process.pid;

  // Heim signs in and has "Medikamente" in the sidebar and on the API.
  const heimContext = await browser.newContext();
  const heim = await heimContext.newPage();
  await signIn(heim, 'heim', DEMO_PASSWORD, BASE);
  await expect(heim).toHaveURL(`${BASE}/`);
  await expect(sidebar(heim).getByRole('link', { name: 'Medikamente', exact: true })).toBeVisible();
  const heimToken = (await storedAuth(heim))!.token;
  const medicines = () => heim.request.get(`${BASE}/api/medicine?limit=1`, { headers: { 'x-auth-token': heimToken } });
  expect((await medicines()).status()).toBe(200);

  // The admin opens the rights page: the introduction shows on the first visit.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin', DEMO_PASSWORD, BASE);
  await expect(admin).toHaveURL(`${BASE}/`);
  await sidebar(admin).getByRole('link', { name: 'Rechte', exact: true }).click();
  const intro = admin.getByRole('dialog', { name: 'Einführung in die Rechteverwaltung' });
  await expect(intro.getByText('Schritt 1 von 4: Bereiche')).toBeVisible();
  for (let i = 0; i < 3; i++) await intro.getByRole('button', { name: 'Weiter' }).click();
  await expect(intro.getByText('Schritt 4 von 4: Speichern')).toBeVisible();
  await intro.getByRole('button', { name: 'Verstanden' }).click();
  await expect(intro).toBeHidden();
  await expect(admin.getByText('Änderungen gelten sofort für alle Nutzer – ein Neustart ist nicht nötig.')).toBeVisible();

  // Take "Medikamente anzeigen" away from Heim and save.
  await admin.getByRole('tab', { name: 'Stammdaten' }).click();
  const toggle = admin.getByLabel('Zugriff – Heim – Medikamente anzeigen');
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await admin.getByRole('button', { name: 'Speichern' }).click();
  await expect(admin.getByText('Rechte gespeichert.')).toBeVisible();

  // The introduction does not come back on the next visit.
  await admin.reload();
  await expect(admin.getByRole('tab', { name: 'Stammdaten' })).toBeVisible();
  await expect(admin.getByRole('dialog')).toHaveCount(0);

  // Heim reloads: the entry is gone, the page and the API refuse, with the same session.
  await heim.reload();
  await expect(sidebar(heim).getByRole('link', { name: 'Patienten', exact: true })).toBeVisible();
  await expect(sidebar(heim).getByRole('link', { name: 'Medikamente', exact: true })).toHaveCount(0);
  expect((await medicines()).status()).toBe(403);
  await heim.goto(`${BASE}/v3/medikamente`);
  await expect(heim).toHaveURL(`${BASE}/`);
  expect((await storedAuth(heim))!.token).toBe(heimToken);

  // Same server process throughout: no restart.
  expect(backend.process.pid).toBe(pid);
  expect(backend.process.exitCode).toBeNull();

  await heimContext.close();
  await adminContext.close();
});

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { AuthRecord, ListResponse, PatientDto, TaskDto } from '@mediport/contracts';
import { signIn } from '../support/app.js';
import { createDatabase, dropDatabase, postgresAdminUrl, type RunningBackend, startBackend, tempDir } from '../support/server.js';
import { DEMO_PASSWORD } from '../support/sidebar.js';

/**
 * The live channel across instances: two backends on one PostgreSQL database and
 * the machine's Redis; what happens through instance A appears, without a reload, in a browser
 * that is connected to instance B.
 */
const PORT_A = 18093;
const PORT_B = 18094;
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';

let adminUrl = '';
let dbName = '';
let a: RunningBackend | undefined;
let b: RunningBackend | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Two instances share one PostgreSQL database.
  adminUrl = await postgresAdminUrl();
  dbName = `mediport_live_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(adminUrl, dbName);
  // One database, one file store, one secret, one Redis: two instances of the same installation.
  const dataDir = tempDir('mediport-live-');
  const env = { DEMO: '1', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: dbName };
  a = await startBackend({ port: PORT_A, env, logFile: path.join(dataDir, 'backend-a.log') });
  b = await startBackend({ port: PORT_B, env, logFile: path.join(dataDir, 'backend-b.log') });
});

test.afterAll(async () => {
  await a?.stop();
  await b?.stop();
  if (adminUrl && dbName) await dropDatabase(adminUrl, dbName);
});

async function tokenOn(base: string, username: string): Promise<AuthRecord> {
  const res = await fetch(`${base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
  expect(res.status).toBe(200);
  return (await res.json()) as AuthRecord;
}

async function callA<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${a!.url}${url}`, { method, headers: { 'x-auth-token': token, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  expect(res.status, `${method} ${url}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const tileCount = (page: Page, kind: 'task' | 'event') => page.getByTestId(`count-${kind}`);

test('an order placed through instance A raises the "Neue Aufträge" tile of a browser on instance B at once', async ({ page }) => {
  const pharmacy = await tokenOn(a!.url, 'apotheke');
  const heim = await tokenOn(a!.url, 'heim');
  const patients = await callA<ListResponse<PatientDto>>('GET', '/api/patients?limit=1', heim.token);
  const patient = patients.data[0]!;

  await signIn(page, 'heim', DEMO_PASSWORD, b!.url);
  await expect(page).toHaveURL(`${b!.url}/`);
  const count = tileCount(page, 'task');
  await expect(count).toBeVisible();
  const before = Number(await count.textContent());

  const task = await callA<TaskDto>('POST', '/api/tasks', pharmacy.token, { type: 2, group: 'medicine', medicine: 'Livetropfen', dose: '3x täglich', amount: 1, patient: patient._id });
  expect(task.home).toBe(heim.home!._id);
  await expect(count).toHaveText(String(before + 1), { timeout: 5000 });
});

/** A minimal but real PDF document. */
function tinyPdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
}

test('a chat message with a PDF posted through instance A appears in the open chat of a browser on instance B, marked "neu"', async ({ page }) => {
  const pharmacy = await tokenOn(a!.url, 'apotheke');
  const heim = await tokenOn(a!.url, 'heim');
  const patients = await callA<ListResponse<PatientDto>>('GET', '/api/patients?limit=1&sort=lastname', heim.token);
  const medicine = `Chatmittel ${randomBytes(3).toString('hex')}`;
  const task = await callA<TaskDto>('POST', '/api/tasks', heim.token, { type: 2, group: 'medicine', medicine, dose: '1-0-0', amount: 1, patient: patients.data[0]!._id });

  await signIn(page, 'heim', DEMO_PASSWORD, b!.url);
  await expect(page).toHaveURL(`${b!.url}/`);
  await page.goto(`${b!.url}/anforderungen?text=${encodeURIComponent(medicine)}`);
  const table = page.getByRole('table', { name: 'Anforderungen' });
  const row = table.getByRole('row').filter({ hasText: medicine });
  await row.getByRole('button', { name: 'Details anzeigen' }).click();
  const feed = page.getByRole('list', { name: 'Nachrichten' });
  await expect(feed).toBeVisible();

  const text = `Bitte Rezept mitbringen ${randomBytes(3).toString('hex')}`;
  const form = new FormData();
  form.append('type', 'message');
  form.append('data', text);
  form.append('files', new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }), 'rezept.pdf');
  const posted = await fetch(`${a!.url}/api/tasks/${task._id}/events`, { method: 'POST', headers: { 'x-auth-token': pharmacy.token }, body: form });
  expect(posted.status).toBe(201);

  const message = feed.getByRole('listitem').filter({ hasText: text });
  await expect(message).toBeVisible({ timeout: 5000 });
  await expect(message.getByText('neu', { exact: true })).toBeVisible();
  await expect(message.getByRole('button', { name: 'rezept.pdf herunterladen' })).toBeVisible();
});

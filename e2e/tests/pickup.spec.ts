import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { type ListResponse, type PatientDto, TASK_MESSAGES, type TaskDto } from '@mediport/contracts';
import { ROOT } from '../support/server.js';
import { apiSession, horizontalOverflow, signInFast } from '../support/layout.js';

// A driver's morning: the pharmacy selects three new orders of two practices on the pickup list and
// downloads their pickup sheet; the driver, on a phone, delivers one to the care home with the
// recipient's drawn signature and gives one back to the home; the home sees both in the order's
// chat as they happen. Both screens pass axe's WCAG 2.1 AA check. With E2E_SCREENSHOTS=1 the screens are saved as PNGs.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36).slice(-5);
const shots = process.env.E2E_SCREENSHOTS === '1';

/** The text of a PDF as pdf-parse reads it (in a Node process of its own, as in the API tests). */
function pdfText(file: string): string {
  const parser = path.join(path.dirname(createRequire(path.join(ROOT, 'backend', 'package.json')).resolve('pdf-parse')), '../esm/index.js');
  const script = `import { PDFParse } from ${JSON.stringify(parser)}; import { readFileSync } from 'node:fs';
const p = new PDFParse({ data: new Uint8Array(readFileSync(process.argv[1])) }); process.stdout.write((await p.getText()).text); await p.destroy();`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script, file], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

let pharmacy: Record<string, string>;
let patients: PatientDto[];
let doctors: { _id: string; lastname: string }[];

test.beforeAll(async ({ request }) => {
  pharmacy = await apiSession(request, 'apotheke');
  const heim = await apiSession(request, 'heim');
  // Patients of the demo home (so the home sees their orders), with a living area.
  patients = ((await (await request.get('/api/patients?limit=50&sort=lastname', { headers: heim })).json()) as ListResponse<PatientDto>).data.filter((p) => p.homeGroup);
  doctors = ((await (await request.get('/api/doctors?limit=10&sort=lastname', { headers: pharmacy })).json()) as ListResponse<{ _id: string; lastname: string }>).data;
  expect(patients.length).toBeGreaterThanOrEqual(3);
  expect(doctors.length).toBeGreaterThanOrEqual(2);
});

async function order(request: APIRequestContext, medicine: string, patient: PatientDto, doctor: string): Promise<TaskDto> {
  const res = await request.post('/api/tasks', { headers: pharmacy, data: { type: 1, group: 'medicine', medicine, dose: '1-0-1', amount: 2, patient: patient._id, doctor } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as TaskDto;
}

/** WCAG 2.1 A and AA violations of the page as it is, one line per rule with the elements it found. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The desktop row, or the phone card, of the order with this medicine. */
const rowOf = (page: Page, medicine: string): Locator => page.locator('tr, li').filter({ hasText: medicine }).last();

async function openChat(page: Page, medicine: string): Promise<Locator> {
  await page.goto(`/anforderungen?text=${encodeURIComponent(medicine)}`);
  const row = page.getByRole('table', { name: 'Anforderungen' }).getByRole('row').filter({ hasText: medicine });
  await row.getByRole('button', { name: 'Details anzeigen' }).click();
  const feed = page.getByRole('list', { name: 'Nachrichten' });
  await expect(feed).toBeVisible();
  return feed;
}

test('pharmacy prints the pickup sheet of three orders, the driver sees them arrive on a phone, delivers one with a signature and gives one back, the home sees both live', async ({ browser, request }) => {
  const [a, b, c] = ['Pickup-Alpha', 'Pickup-Beta', 'Pickup-Gamma'].map((m) => `${m} ${run}`) as [string, string, string];
  const tasks = [await order(request, a, patients[0]!, doctors[0]!._id), await order(request, b, patients[1]!, doctors[0]!._id), await order(request, c, patients[2]!, doctors[1]!._id)];

  // The driver's list is open on a phone before the orders are handed over.
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const driver = await phone.newPage();
  await signInFast(driver, request, 'fahrer');
  await driver.goto('/v3/abholauftraege');
  await expect(driver.getByRole('heading', { level: 1, name: 'Abholaufträge' })).toBeVisible();
  await expect(driver.getByRole('tab', { name: 'Abholbereit' })).toHaveCount(0);
  await expect(driver.getByText(a)).toHaveCount(0);

  // The pharmacy: the ready orders, grouped by doctor, three selected, the sheet downloaded.
  const desk = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const pharma = await desk.newPage();
  await signInFast(pharma, request, 'apotheke');
  await pharma.goto('/v3/abholauftraege');
  await expect(pharma.getByRole('heading', { level: 1, name: 'Abholaufträge' })).toBeVisible();
  await pharma.getByRole('tab', { name: 'Abholbereit' }).click();
  for (const medicine of [a, b, c]) await rowOf(pharma, medicine).getByRole('checkbox').check();
  await expect(pharma.getByText('3 ausgewählt')).toBeVisible();
  expect(await violations(pharma)).toEqual([]);
  if (shots) await pharma.screenshot({ path: test.info().outputPath('pickup-ready.png') });
  const [download] = await Promise.all([pharma.waitForEvent('download'), pharma.getByRole('button', { name: 'Abholauftrag erzeugen (PDF)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^abholauftrag_\d{8}_\d{6}\.pdf$/);
  const file = await download.path();
  if (shots) await download.saveAs(test.info().outputPath('pickup-sheet.pdf'));
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(file);
  for (const p of patients.slice(0, 3)) expect(text).toContain(`${p.lastname}, ${p.firstname}`);
  for (const medicine of [a, b, c]) expect(text).toContain(medicine);
  await expect(pharma.getByText(TASK_MESSAGES.pickup)).toBeVisible();

  // The home: the chats of the first two orders open on two pages.
  const home = await browser.newContext({ viewport: DESKTOP });
  const homePage = await home.newPage();
  await signInFast(homePage, request, 'heim');
  const chatA = await openChat(homePage, a);
  const homePage2 = await home.newPage();
  const chatB = await openChat(homePage2, b);

  // The driver on a phone: the new orders arrived without a reload, the stops as cards; one
  // delivered with a signature, one given back.
  for (const medicine of [a, b, c]) await expect(rowOf(driver, medicine)).toBeVisible({ timeout: 10_000 });
  expect(await horizontalOverflow(driver)).toEqual([]);
  expect(await violations(driver)).toEqual([]);
  await rowOf(driver, a).getByRole('button', { name: 'Ausliefern' }).click();
  await expect(driver.getByText(TASK_MESSAGES.delivery)).toBeVisible();
  await rowOf(driver, a).getByRole('button', { name: 'Zustellen mit Unterschrift' }).click();
  const dialog = driver.getByRole('dialog', { name: 'Zustellen mit Unterschrift' });
  await dialog.getByRole('textbox', { name: 'Name des Empfängers' }).fill('Schwester Maria');
  const pad = dialog.getByRole('img', { name: /Unterschrift/ });
  const box = (await pad.boundingBox())!;
  await driver.mouse.move(box.x + 20, box.y + box.height / 2);
  await driver.mouse.down();
  for (let i = 1; i <= 10; i++) await driver.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -15 : 15));
  await driver.mouse.up();
  if (shots) await driver.screenshot({ path: test.info().outputPath('pickup-signature-phone.png') });
  await dialog.getByRole('button', { name: 'Zustellung bestätigen' }).click();
  await expect(driver.getByText(TASK_MESSAGES.pickupFinished)).toBeVisible();
  await expect(rowOf(driver, a)).toHaveCount(0);

  await rowOf(driver, b).getByRole('button', { name: 'Zurückgeben' }).click();
  await driver.getByRole('dialog', { name: 'Auftrag zurückgeben' }).getByRole('button', { name: 'Zurückgeben' }).click();
  await expect(driver.getByText(TASK_MESSAGES.returned)).toBeVisible();
  if (shots) await driver.screenshot({ path: test.info().outputPath('pickup-driver-phone.png') });

  // The home sees the proof (with the signature) and the return in the open chats, without reloading.
  const proof = chatA.getByRole('listitem').filter({ hasText: 'Zugestellt an Schwester Maria um' });
  await expect(proof).toBeVisible({ timeout: 10_000 });
  await expect(proof.getByRole('img', { name: /Unterschrift/ })).toBeVisible();
  await expect(chatB.getByRole('listitem').filter({ hasText: 'Neu' }).last()).toBeVisible({ timeout: 10_000 });
  const statuses = await Promise.all(tasks.map(async (t) => ((await (await request.get(`/api/tasks/${t._id}`, { headers: pharmacy })).json()) as TaskDto).status));
  expect(statuses).toEqual(['finished', 'new', 'pickup']);
  if (shots) await homePage.screenshot({ path: test.info().outputPath('pickup-home-chat.png') });
  await Promise.all([desk.close(), home.close(), phone.close()]);
});

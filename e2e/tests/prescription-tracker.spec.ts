import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type ListResponse, type PatientDto, type TaskDto } from '@mediport/contracts';
import { DOCUMENT_MESSAGES, type DocumentCreateResponse, type DocumentTrackerDto } from '@mediport/contracts/documents';
import { apiSession, horizontalOverflow, signInFast } from '../support/layout.js';

// The tracker of prescription requests: the pharmacy chooses reason and priority per doctor on the
// composing page, follows each order's request on "Angeforderte Rezepte" (angefordert → … →
// Rezept eingegangen) with its history, sees the state as a chip on the orders list and filters by
// it; the practice's answer in the chat confirms the request.

const run = Date.now().toString(36).slice(-5);
const shots = process.env.E2E_SCREENSHOTS === '1';

async function firstPatient(request: APIRequestContext): Promise<PatientDto> {
  return ((await (await request.get('/api/patients?limit=1&sort=lastname', { headers: await apiSession(request, 'heim') })).json()) as ListResponse<PatientDto>).data[0]!;
}

/** Dr. Anna Berger, the demo account arzt's doctor. */
async function berger(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const doctors = ((await (await request.get('/api/doctors?limit=100', { headers })).json()) as ListResponse<{ _id: string; lastname: string }>).data;
  return doctors.find((d) => d.lastname === 'Berger')!._id;
}

async function tracked(request: APIRequestContext, headers: Record<string, string>, id: string): Promise<DocumentTrackerDto | undefined> {
  const res = await request.get('/api/documents?limit=100', { headers });
  return ((await res.json()) as ListResponse<DocumentTrackerDto>).data.find((d) => d._id === id);
}

/** Each order's state of the request, by order. */
async function statesOf(request: APIRequestContext, headers: Record<string, string>, id: string): Promise<Record<string, string>> {
  return Object.fromEntries(((await tracked(request, headers, id))?.items ?? []).map((i) => [i.task, i.state]));
}

test('the pharmacy follows a prescription request from the composing page to the prescription', async ({ page, request }) => {
  const pharmacy = await apiSession(request, 'apotheke');
  const patient = await firstPatient(request);
  const doctor = await berger(request, pharmacy);
  const medicines = [`Verfolgt A ${run}`, `Verfolgt B ${run}`];
  const tasks: string[] = [];
  for (const medicine of medicines) {
    const res = await request.post('/api/tasks', { headers: pharmacy, data: { type: 1, group: 'medicine', medicine, dose: '1-0-1', amount: 1, patient: patient._id, doctor } });
    expect(res.ok(), await res.text()).toBe(true);
    tasks.push(((await res.json()) as TaskDto)._id);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFast(page, request, 'apotheke');
  await page.goto(`/anforderungen/erzeugen?tasks=${tasks.join(',')}&type=email`);
  const card = page.getByRole('region', { name: /Berger/ });
  await expect(card.getByText(medicines[0]!)).toBeVisible();
  await expect(card.getByRole('combobox', { name: 'Anlass' })).toHaveText('Folgeverordnung (Reichweite erschöpft)');
  await card.getByRole('button', { name: 'dringend' }).click();
  await card.getByRole('textbox', { name: 'Restreichweite in Tagen' }).fill('400');
  await expect(card.getByText(DOCUMENT_MESSAGES.supplyDays)).toBeVisible();
  await card.getByRole('textbox', { name: 'Restreichweite in Tagen' }).fill('5');
  await expect(card.getByText(DOCUMENT_MESSAGES.supplyDays)).toBeHidden();
  if (shots) await page.screenshot({ path: test.info().outputPath('tracker-composing.png'), fullPage: true });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/documents') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Anforderungen senden' }).click();
  const created = (await (await sent).json()) as DocumentCreateResponse;
  const document = created.documents[0]!;
  expect(document).toMatchObject({ reason: 'follow-up', priority: 'urgent', supplyDays: 5 });
  await expect(page.getByText(DOCUMENT_MESSAGES.created)).toBeVisible();

  // "Angeforderte Rezepte": the request, delivered by the outbox, with both orders and their history.
  await page.goto('/anforderungen/rezeptanforderungen');
  await expect(page.getByRole('heading', { level: 1, name: 'Angeforderte Rezepte' })).toBeVisible();
  // Newest first: this run's request is the first with its remaining supply.
  const requestRow = page.getByRole('table', { name: 'Angeforderte Rezepte' }).getByRole('row').filter({ hasText: 'Restreichweite 5 Tage' }).first();
  await expect(requestRow.getByText('dringend')).toBeVisible();
  await expect(requestRow.getByText('Dr. Anna Berger')).toBeVisible();
  await expect.poll(async () => (await tracked(request, pharmacy, document._id))?.progress, { timeout: 20_000 }).toBe('delivered');
  await page.reload();
  await expect(requestRow.getByText('zugestellt')).toBeVisible();
  await requestRow.getByRole('button', { name: /anzeigen$/ }).click();
  const history = page.getByRole('list', { name: `Verlauf: ${patient.firstname} ${patient.lastname}, ${medicines[0]}` });
  await expect(history.getByText('Versandbericht · System')).toBeVisible();
  const violations = (await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  if (shots) await page.screenshot({ path: test.info().outputPath('tracker-delivered.png'), fullPage: true });

  // The practice answers in the first order's chat: that order's request is confirmed.
  const doctorSession = await apiSession(request, 'arzt');
  const answer = await request.post(`/api/tasks/${tasks[0]}/events`, { headers: doctorSession, multipart: { type: 'message', data: 'Das Rezept ist unterwegs.' } });
  expect(answer.ok(), await answer.text()).toBe(true);
  await expect.poll(() => statesOf(request, pharmacy, document._id), { timeout: 20_000 }).toEqual({ [tasks[0]!]: 'confirmed', [tasks[1]!]: 'delivered' });
  await page.reload();
  await requestRow.getByRole('button', { name: /anzeigen$/ }).click();
  await expect(history.getByText('Antwort der Praxis im Chat · von arzt')).toBeVisible();

  // The prescription of the second order comes in.
  await page.getByRole('button', { name: `${patient.firstname} ${patient.lastname}: Rezept für ${medicines[1]} eingegangen` }).click();
  await expect(page.getByText(DOCUMENT_MESSAGES.received)).toBeVisible();
  await expect.poll(() => statesOf(request, pharmacy, document._id)).toEqual({ [tasks[0]!]: 'confirmed', [tasks[1]!]: 'received' });
  if (shots) await page.screenshot({ path: test.info().outputPath('tracker-received.png'), fullPage: true });

  // The orders list: a chip per order, and the filter by the request's state.
  await page.goto(`/anforderungen?text=${encodeURIComponent(`Verfolgt`)}&request=received`);
  const orders = page.getByRole('table', { name: 'Anforderungen' });
  await expect(orders.getByRole('row').filter({ hasText: medicines[1]! }).getByText('Rezept eingegangen')).toBeVisible();
  await expect(orders.getByRole('row').filter({ hasText: medicines[0]! })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Aktive Filter' }).getByText('Rezeptanforderung: Rezept eingegangen')).toBeVisible();
  await page.goto(`/anforderungen?text=${encodeURIComponent(run)}`);
  await expect(orders.getByRole('row').filter({ hasText: medicines[0]! }).getByText('Anforderung bestätigt')).toBeVisible();
  if (shots) await page.screenshot({ path: test.info().outputPath('tracker-orders-list.png') });

  // On a phone the tracker fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/anforderungen/rezeptanforderungen');
  await expect(page.getByRole('heading', { level: 1, name: 'Angeforderte Rezepte' })).toBeVisible();
  await expect(page.getByText('Restreichweite 5 Tage').first()).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  if (shots) await page.screenshot({ path: test.info().outputPath('tracker-phone.png'), fullPage: true });
});

test('a fax request is "versendet" while the gateway has it and "zugestellt" with its report', async ({ request }) => {
  const pharmacy = await apiSession(request, 'apotheke');
  const patient = await firstPatient(request);
  const digits = String(Date.now()).slice(-5);
  const doctorRes = await request.post('/api/doctors', { headers: pharmacy, data: { title: 'Dr.', firstname: 'Fiona', lastname: `Faxverfolg ${run}`, preferred: 'Fax', fax: `030 8${digits}1` } });
  expect(doctorRes.ok(), await doctorRes.text()).toBe(true);
  const doctor = ((await doctorRes.json()) as { _id: string })._id;
  const taskRes = await request.post('/api/tasks', { headers: pharmacy, data: { type: 1, group: 'medicine', medicine: `Faxverfolgt ${run}`, dose: '1-0-1', amount: 1, patient: patient._id, doctor } });
  const task = ((await taskRes.json()) as TaskDto)._id;
  const res = await request.post('/api/documents', { headers: pharmacy, data: { type: 'fax', documents: [{ doctor, subject: 'Rezept', content: '', tasks: [task], reason: 'initial' }] } });
  expect(res.ok(), await res.text()).toBe(true);
  const document = ((await res.json()) as DocumentCreateResponse).documents[0]!;
  await expect.poll(async () => (await tracked(request, pharmacy, document._id))?.progress, { timeout: 30_000 }).toBe('delivered');
  const steps = (await tracked(request, pharmacy, document._id))!.items[0]!.history.map((h) => h.state);
  expect(steps).toEqual(['requested', 'submitted', 'delivered']);
});

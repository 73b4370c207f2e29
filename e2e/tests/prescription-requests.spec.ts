import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { EVENT_MESSAGES, type ListResponse, type PatientDto, type TaskDto } from '@mediport/contracts';
import { DOCUMENT_MESSAGES } from '@mediport/contracts/documents';
import { apiSession, horizontalOverflow, signInFast } from '../support/layout.js';

// The pharmacy asks a practice for a prescription: from the order's e-mail action to the composing
// page, one card for the doctor with the text to edit, "Anforderungen senden", and the order's chat
// shows the request and, once the outbox delivered it, 'E-Mail wurde versendet' — without a reload.
// (The test server has no SMTP_URL: the outbox writes the mail as an .eml file, which counts as sent.)

const run = Date.now().toString(36).slice(-5);
const shots = process.env.E2E_SCREENSHOTS === '1';

test('the pharmacy sends a prescription request by e-mail and the chat shows it sent', async ({ page, request }) => {
  const pharmacy = await apiSession(request, 'apotheke');
  const patients = ((await (await request.get('/api/patients?limit=1&sort=lastname', { headers: await apiSession(request, 'heim') })).json()) as ListResponse<PatientDto>).data;
  const doctors = ((await (await request.get('/api/doctors?limit=50', { headers: pharmacy })).json()) as ListResponse<{ _id: string; lastname: string; email: string }>).data;
  const doctor = doctors.find((d) => d.email)!;
  const medicine = `Anforderung ${run}`;
  const created = await request.post('/api/tasks', { headers: pharmacy, data: { type: 1, group: 'medicine', medicine, dose: '1-0-1', amount: 1, patient: patients[0]!._id, doctor: doctor._id } });
  expect(created.ok(), await created.text()).toBe(true);
  const task = (await created.json()) as TaskDto;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFast(page, request, 'apotheke');
  await page.goto(`/anforderungen?text=${encodeURIComponent(medicine)}`);
  const row = page.getByRole('table', { name: 'Anforderungen' }).getByRole('row').filter({ hasText: medicine });
  await row.getByRole('button', { name: 'Weitere Aktionen' }).click();
  await page.getByRole('menuitem', { name: 'Per E-Mail senden' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Rezeptanforderungen' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`tasks=${task._id}.*type=email`));
  const card = page.getByRole('region', { name: new RegExp(doctor.lastname) });
  await expect(card.getByText(medicine)).toBeVisible();
  await card.getByRole('textbox', { name: 'Betreff' }).fill(`Rezept für ${medicine}`);
  const editor = card.getByRole('textbox', { name: 'Text' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Vielen Dank!');
  const found = (await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations;
  expect(found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  if (shots) await page.screenshot({ path: test.info().outputPath('prescription-request.png') });
  await page.getByRole('button', { name: 'Anforderungen senden' }).click();
  await expect(page.getByText(DOCUMENT_MESSAGES.created)).toBeVisible();
  await expect(page).toHaveURL(/\/anforderungen(\?|$)/);

  // The order's chat: the request with its subject, then the e-mail sent by the outbox.
  await page.goto(`/anforderungen?text=${encodeURIComponent(medicine)}`);
  await page.getByRole('table', { name: 'Anforderungen' }).getByRole('row').filter({ hasText: medicine }).getByRole('button', { name: 'Details anzeigen' }).click();
  const feed = page.getByRole('list', { name: 'Nachrichten' });
  await expect(feed.getByText(`Rezept für ${medicine}`)).toBeVisible();
  await expect(feed.getByText(EVENT_MESSAGES.emailSent)).toBeVisible({ timeout: 15_000 });
  if (shots) await page.screenshot({ path: test.info().outputPath('prescription-request-chat.png') });

  // On a phone the page fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/anforderungen/erzeugen?tasks=${task._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rezeptanforderungen' })).toBeVisible();
  await expect(page.getByText(medicine).first()).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  if (shots) await page.screenshot({ path: test.info().outputPath('prescription-request-phone.png'), fullPage: true });
});

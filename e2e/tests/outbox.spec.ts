import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { ListResponse, PatientDto, TaskDto } from '@mediport/contracts';
import { OUTBOX_STATE_LABELS, type OutboxListResponse } from '@mediport/contracts/outbox';
import { sidebar } from '../support/app.js';
import { apiSession, horizontalOverflow, signInFast } from '../support/layout.js';

// The administrator's outbox: a prescription request sent by e-mail shows up on /v3/postausgang
// with its recipient, subject and state, reached from the sidebar; the page passes axe and fits a
// phone. (Sending failed messages again is covered by the API and component tests.)

const run = Date.now().toString(36).slice(-5);
const shots = process.env.E2E_SCREENSHOTS === '1';

test('the administrator sees a sent prescription request in the outbox', async ({ page, request }) => {
  const pharmacy = await apiSession(request, 'apotheke');
  const patients = ((await (await request.get('/api/patients?limit=1&sort=lastname', { headers: await apiSession(request, 'heim') })).json()) as ListResponse<PatientDto>).data;
  const doctors = ((await (await request.get('/api/doctors?limit=50', { headers: pharmacy })).json()) as ListResponse<{ _id: string; email: string }>).data;
  const doctor = doctors.find((d) => d.email)!;
  const created = await request.post('/api/tasks', { headers: pharmacy, data: { type: 1, group: 'medicine', medicine: `Postausgang ${run}`, dose: '1-0-1', amount: 1, patient: patients[0]!._id, doctor: doctor._id } });
  expect(created.ok(), await created.text()).toBe(true);
  const task = (await created.json()) as TaskDto;
  const subject = `Rezept Postausgang ${run}`;
  const sent = await request.post('/api/documents', { headers: pharmacy, data: { type: 'email', documents: [{ doctor: doctor._id, subject, content: '<p>Bitte um ein Rezept.</p>', tasks: [task._id] }] } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const admin = await apiSession(request, 'admin');
  await expect
    .poll(async () => ((await (await request.get('/api/outbox?limit=100', { headers: admin })).json()) as OutboxListResponse).data.find((m) => m.subject === subject)?.state, { timeout: 20_000 })
    .toBe('sent');

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInFast(page, request, 'admin');
  await page.goto('/');
  await sidebar(page).getByRole('link', { name: 'Postausgang' }).click();
  await expect(page).toHaveURL(/\/v3\/postausgang$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Postausgang' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Nachrichten im Postausgang' }).getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText(doctor.email);
  await expect(row.getByText(OUTBOX_STATE_LABELS.sent, { exact: true })).toBeVisible();
  await expect(row).toContainText('Rezeptanforderung von');
  const found = (await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations;
  expect(found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  if (shots) await page.screenshot({ path: test.info().outputPath('outbox.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('listitem', { name: subject })).toContainText(OUTBOX_STATE_LABELS.sent);
  expect(await horizontalOverflow(page)).toEqual([]);
  if (shots) await page.screenshot({ path: test.info().outputPath('outbox-phone.png'), fullPage: true });
});

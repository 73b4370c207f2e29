import { expect, test, type Page } from '@playwright/test';
import { sidebar } from '../support/app.js';
import { apiSession, signInFast } from '../support/layout.js';

// Leaving a page with unsaved changes asks "Ungespeicherte Änderungen
// verwerfen?"; "Weiter bearbeiten" keeps the page and its input, "Verwerfen" leaves.

const QUESTION = 'Ungespeicherte Änderungen verwerfen?';
const question = (page: Page) => page.getByRole('dialog', { name: QUESTION });

test.beforeEach(async ({ page, request }) => {
  await page.addInitScript(() => window.localStorage.setItem('acl-intro-seen', '1'));
  await signInFast(page, request);
});

test('settings: a sidebar link, the browser back button and Abbrechen ask first', async ({ page }, testInfo) => {
  await page.goto('/');
  await sidebar(page).getByRole('link', { name: 'Einstellungen', exact: true }).click();
  const city = page.getByRole('textbox', { name: 'Ort' });
  await expect(city).not.toHaveValue('');
  const before = await city.inputValue();
  await city.fill(`${before} Nord`);

  await sidebar(page).getByRole('link', { name: 'Termine', exact: true }).click();
  await expect(question(page)).toBeVisible();
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: testInfo.outputPath('question.png') });
  await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(/\/einstellungen$/);
  await expect(city).toHaveValue(`${before} Nord`);

  await page.goBack();
  await expect(question(page)).toBeVisible();
  await expect(page).toHaveURL(/\/einstellungen$/);
  await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(city).toHaveValue(`${before} Nord`);

  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(question(page)).toBeVisible();
  await page.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // Nothing was saved.
  await page.goto('/einstellungen');
  await expect(page.getByRole('textbox', { name: 'Ort' })).toHaveValue(before);
});

test('settings: after saving, leaving does not ask', async ({ page, request }) => {
  await page.goto('/einstellungen');
  const phone = page.getByRole('textbox', { name: 'Telefon' });
  await expect(phone).not.toHaveValue('');
  const before = await phone.inputValue();
  await phone.fill(`${before} 0`);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Einstellungen geändert.')).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Termine', exact: true }).click();
  await expect(page).toHaveURL(/\/v3\/termine$/);
  await expect(question(page)).toHaveCount(0);
  // Put the demo data back.
  const headers = await apiSession(request);
  const settings = await (await request.get('/api/settings', { headers })).json();
  const restored = await request.put('/api/settings', { headers, multipart: { company: settings.company, street: settings.street, postalCode: settings.postalCode, city: settings.city, phone: before, fax: settings.fax, email: settings.email } });
  expect(restored.ok()).toBe(true);
});

test('rights matrix: a changed toggle holds the navigation until discarded', async ({ page }) => {
  await page.goto('/v3/acl');
  await expect(page.getByRole('heading', { level: 1, name: 'Rechte' })).toBeVisible();
  const access = page.getByRole('switch', { name: /^Zugriff – Heim – / }).or(page.getByRole('checkbox', { name: /^Zugriff – Heim – / })).first();
  await access.click();
  await expect(page.getByText('1 Rolle geändert – noch nicht gespeichert.')).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(question(page)).toBeVisible();
  await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page).toHaveURL(/\/v3\/acl$/);
  await expect(page.getByText(/1 Rolle geändert/)).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('meeting form: Abbrechen and a reload ask; the browser asks before the tab reloads', async ({ page, request }) => {
  const headers = await apiSession(request);
  const meeting = (await (await request.get('/api/meetings?limit=1', { headers })).json()).data[0];
  await page.goto(`/v3/termine/${meeting._id}`);
  await page.getByRole('link', { name: 'Bearbeiten', exact: true }).click();
  const info = page.getByRole('textbox', { name: 'Info' });
  await info.fill('Bitte Kamera einschalten.');

  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(question(page)).toBeVisible();
  await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(info).toHaveValue('Bitte Kamera einschalten.');

  // A reload is outside the app: the browser's own question (beforeunload) comes up.
  const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.type()), void d.dismiss())));
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  expect(await asked).toBe('beforeunload');
  await expect(info).toHaveValue('Bitte Kamera einschalten.');

  // Back in the list the breadcrumb leads away; Verwerfen follows it.
  await page.getByRole('navigation', { name: 'Navigationspfad' }).getByRole('link', { name: 'Termine' }).click();
  await page.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(page).toHaveURL(/\/v3\/termine$/);
});

test('user form: a sidebar link and Abbrechen ask; after saving the list opens without a question', async ({ page, request }) => {
  const headers = await apiSession(request);
  const fahrer = ((await (await request.get('/api/users?limit=50', { headers })).json()).data as Array<{ _id: string; username: string }>).find(
    (u) => u.username === 'fahrer',
  )!;
  await page.goto(`/nutzer/${fahrer._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nutzer bearbeiten' })).toBeVisible();
  const title = page.getByRole('textbox', { name: 'Titel' });
  await expect(page.getByRole('textbox', { name: /^Benutzername/ })).toHaveValue('fahrer');
  const before = await title.inputValue();
  await title.fill('Dipl.-Ing.');

  await sidebar(page).getByRole('link', { name: 'Termine', exact: true }).click();
  await expect(question(page)).toBeVisible();
  await page.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page).toHaveURL(new RegExp(`/nutzer/${fahrer._id}$`));
  await expect(title).toHaveValue('Dipl.-Ing.');

  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(question(page)).toBeVisible();
  await page.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(page).toHaveURL(/\/nutzer$/);

  // Saved changes leave without a question, with the spec's toast (umlaut written).
  await page.goto(`/nutzer/${fahrer._id}`);
  await expect(title).toHaveValue(before);
  await title.fill('Dipl.-Ing.');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Nutzer geändert.')).toBeVisible();
  await expect(page).toHaveURL(/\/nutzer$/);
  await expect(question(page)).toHaveCount(0);

  // Put the demo data back the same way.
  await page.goto(`/nutzer/${fahrer._id}`);
  await expect(title).toHaveValue('Dipl.-Ing.');
  await title.fill(before);
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page).toHaveURL(/\/nutzer$/);
});

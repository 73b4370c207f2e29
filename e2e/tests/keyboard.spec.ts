import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { apiSession, signInFast } from '../support/layout.js';

// The actions of the sign-in, dashboard, profile and administration pages are reachable with Tab
// and work with Enter or Space, as a person without a mouse uses them.

/** Presses Tab until the focused element's name matches; fails after `max` steps. */
async function tabTo(page: Page, name: RegExp, max = 80): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
      return label.trim().replace(/\s+/g, ' ').replace(/\s*\*$/, '');
    });
    seen.push(focused);
    if (name.test(focused)) return;
  }
  throw new Error(`${name} not reached with Tab; focus went through: ${seen.join(' | ')}`);
}

test('login: fields, the password toggle, a demo account and Anmelden by keyboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Benutzername', { exact: true })).toBeFocused();
  await tabTo(page, /^Passwort$/);
  await tabTo(page, /^Passwort anzeigen$/);
  await tabTo(page, /^arzt/);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Benutzername', { exact: true })).toHaveValue('arzt');
  await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue(DEMO_PASSWORD);
  await page.getByLabel('Passwort', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('phone: the menu, a sidebar entry and a list action by keyboard', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInFast(page, request);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await tabTo(page, /^Menü$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^Termine$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/v3\/termine$/);
  await tabTo(page, /^Details: /);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/v3\/termine\/[^/]+$/);
});

test('meeting form: pickers, fields, Speichern and the unsaved-changes question by keyboard', async ({ page, request }) => {
  const headers = await apiSession(request);
  const meeting = (await (await request.get('/api/meetings?limit=1', { headers })).json()).data[0];
  await signInFast(page, request);
  await page.goto(`/v3/termine/${encodeURIComponent(meeting.contractId)}/${encodeURIComponent(meeting.optionId)}/bearbeiten`);
  await expect(page.getByRole('textbox', { name: 'Datum' })).toBeVisible();
  await tabTo(page, /^Datum$/);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('31.02.2026');
  await tabTo(page, /^Kalender öffnen$/);
  await tabTo(page, /^Uhrzeit$/);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('10:00');
  await tabTo(page, /^Uhrzeit auswählen$/);
  await tabTo(page, /^Speichern$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Den 31.02.2026 gibt es nicht. Bitte geben Sie ein gültiges Datum ein.').first()).toBeVisible();

  await tabTo(page, /^Abbrechen$/, 10).catch(async () => page.getByRole('button', { name: 'Abbrechen' }).focus());
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Weiter bearbeiten' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Datum' })).toHaveValue('31.02.2026');
});

import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/db.js';
import { sidebar, signIn } from '../support/app.js';

// While the one-time password must be changed, the sidebar offers only what
// can be reached (Profil, Abmelden) and says why, on a desktop and in the phone's menu.

const NOTE = /Bitte ändern Sie zuerst Ihr Einmal-Passwort\. Bis dahin können Sie nur Ihr Profil aufrufen oder sich abmelden/;

async function expectOnlyProfileAndSignOut(page: Page) {
  const nav = sidebar(page);
  await expect(nav.getByText(NOTE)).toBeVisible();
  await expect(nav.getByRole('link')).toHaveCount(2);
  await expect(nav.getByRole('link', { name: 'Profil', exact: true })).toHaveAttribute('href', '/profil#scrollable-force-tab-1');
  await expect(nav.getByRole('link', { name: 'Abmelden', exact: true })).toHaveAttribute('href', '/logout');
  for (const gone of ['Dashboard', 'Administration', 'Nutzer', 'Rechte', 'Aufträge und Abholung', 'Stammdaten']) {
    await expect(nav.getByText(gone, { exact: true })).toHaveCount(0);
  }
}

test('a user who must change the one-time password sees only Profil and Abmelden, with the reason', async ({ page }, testInfo) => {
  const username = `einmal.nav.${randomBytes(3).toString('hex')}`;
  const user = { username, password: 'Start1', roles: ['ROLE_ADMIN'], oncePassword: true };
  await createUser(user);

  await signIn(page, username, 'Start1');
  await expect(page).toHaveURL((url) => url.pathname === '/profil');
  await expectOnlyProfileAndSignOut(page);
  // The top bar's logo leads nowhere it could not reach.
  await expect(page.getByRole('banner').getByRole('link', { name: /Dashboard/ })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menü', exact: true }).click();
  await expectOnlyProfileAndSignOut(page);
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: testInfo.outputPath('forced-menu-390.png') });

  await sidebar(page).getByRole('link', { name: 'Abmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

import { expect, test } from '@playwright/test';
import { API_MESSAGES } from '@mediport/contracts';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/sidebar.js';
import { signIn } from '../support/app.js';

test('a wrong password shows the German error and stays on /login', async ({ page }) => {
  await signIn(page, 'heim', 'falsches-Passwort-123');
  await expect(page.getByText(API_MESSAGES.badCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown user gets the same German error', async ({ page }) => {
  await signIn(page, 'niemand-bekannt', DEMO_PASSWORD);
  await expect(page.getByText(API_MESSAGES.badCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the demo table lists the demo accounts and fills the fields on click', async ({ page }) => {
  await page.goto('/login');
  const table = page.getByRole('table', { name: 'Demo-Zugänge' });
  await expect(table.getByRole('columnheader', { name: 'Benutzer', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Passwort', exact: true })).toBeVisible();
  for (const user of DEMO_USERS) await expect(table.getByText(user.username, { exact: true })).toBeVisible();

  await table.getByText('arzt', { exact: true }).click();
  await expect(page.getByLabel('Benutzername', { exact: true })).toHaveValue('arzt');
  await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue(DEMO_PASSWORD);

  // The filled form signs in.
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('a signed-out visitor is sent to /login', async ({ page }) => {
  await page.goto('/v3/nutzer');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
});

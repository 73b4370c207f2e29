import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { API_MESSAGES } from '@mediport/contracts';
import { createUser } from '../support/db.js';
import { sidebar, signIn, storedAuth } from '../support/app.js';

const ONE_TIME = 'Start1';
const NEW_PASSWORD = 'Neu#Passwort2024!';

test('a user with a one-time password is forced to change it and is then free', async ({ page, request }) => {
  const username = `einmal.${randomBytes(3).toString('hex')}`;
  const user = { username, password: ONE_TIME, roles: ['ROLE_DRIVER'], oncePassword: true };
  await createUser(user);

  await signIn(page, username, ONE_TIME);
  await expect(page).toHaveURL((url) => url.pathname === '/profil' && url.hash === '#scrollable-force-tab-1');
  await expect(page.getByText(API_MESSAGES.passwordChangeRequired)).toBeVisible();
  expect((await storedAuth(page))?.once_password).toBe(true);

  // The server refuses everything else while the password is one-time.
  const token = (await storedAuth(page))!.token;
  const refused = await request.get('/api/acl', { headers: { 'x-auth-token': token } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errors[0]).toMatchObject({ code: 'password_change_required', message: API_MESSAGES.passwordChangeRequired });

  // Other routes lead back to the forced change.
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === '/profil' && url.hash === '#scrollable-force-tab-1');

  await page.getByLabel('Aktuelles Passwort', { exact: true }).fill(ONE_TIME);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Passwort wiederholen', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Profil geändert.')).toBeVisible();
  await expect.poll(async () => (await storedAuth(page))?.once_password).toBe(false);

  // Free: the dashboard opens and stays.
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(sidebar(page).getByRole('link', { name: 'Abholaufträge', exact: true })).toBeVisible();
  await expect(page.getByText(API_MESSAGES.passwordChangeRequired)).toHaveCount(0);

  // The old token was revoked by the change; the new one works.
  expect((await request.get('/api/auth/session', { headers: { 'x-auth-token': token } })).status()).toBe(401);
  const fresh = (await storedAuth(page))!.token;
  expect((await request.get('/api/auth/session', { headers: { 'x-auth-token': fresh } })).status()).toBe(200);
});

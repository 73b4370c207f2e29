import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { sidebar, signIn, storedAuth } from '../support/app.js';

test('a token revoked on the server brings the user back to /login on the next action', async ({ page, playwright, baseURL }) => {
  await signIn(page, 'heim', DEMO_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  // Let the dashboard finish its own calls first, so the browser's next call is the click below.
  await expect(page.getByRole('heading', { name: 'Häufige Fragen' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const token = (await storedAuth(page))!.token;

  // Log the same token out from a second, independent request context.
  const other = await playwright.request.newContext({ baseURL });
  const logout = await other.post('/api/auth/logout', { headers: { 'x-auth-token': token } });
  expect(logout.status()).toBe(204);
  expect((await other.get('/api/auth/session', { headers: { 'x-auth-token': token } })).status()).toBe(401);
  await other.dispose();

  // The next action in the browser meets the dead token.
  await sidebar(page).getByRole('link', { name: 'Profil', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('unauthorized', { exact: true })).toBeVisible();
  expect(await storedAuth(page)).toBeNull();
});

test('signing out through the top bar ends the session on the server', async ({ page, request }) => {
  await signIn(page, 'fahrer', DEMO_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const token = (await storedAuth(page))!.token;
  await page
    .getByRole('button', { name: 'Abmelden' })
    .or(page.getByRole('link', { name: 'Abmelden' }))
    .or(page.getByRole('menuitem', { name: 'Abmelden' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await request.get('/api/auth/session', { headers: { 'x-auth-token': token } })).status()).toBe(401);
});

import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { API_MESSAGES, type AuthRecord, type UserListRow } from '@mediport/contracts';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { signInAndWait, storedAuth } from '../support/app.js';

// Only an administrator touches an administrator: a manager who shares the administrator's home
// or practice must not change the administrator's password. Here a manager tries every screen and
// every call, in the browser, and the administrator's password must still be the old one afterwards.

const STRONG = 'Sonne#Mond2024!';
const NEW_PASSWORD = 'Uebernahme#2024!';

async function apiLogin(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<AuthRecord> {
  const res = await request.post('/api/auth', { data: { username, password } });
  expect(res.status()).toBe(200);
  return (await res.json()) as AuthRecord;
}

async function createUser(request: APIRequestContext, admin: AuthRecord, body: Record<string, unknown>): Promise<UserListRow> {
  const res = await request.post('/api/users', {
    headers: { 'x-auth-token': admin.token },
    data: { password: STRONG, password_confirm: STRONG, firstname: 'Test', lastname: 'Nutzer', ...body },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as UserListRow;
}

/** Every API path a signed-in page could use to set another user's password, called with the page's own token. */
async function tryEveryCall(page: Page, targetId: string): Promise<number[]> {
  const auth = await storedAuth(page);
  expect(auth).not.toBeNull();
  return page.evaluate(
    async ({ id, token, password }) => {
      const body = JSON.stringify({ password, password_confirm: password, password_current: password });
      const headers = { 'content-type': 'application/json', 'x-auth-token': token };
      const calls = [
        fetch(`/api/users/${id}/profile`, { method: 'PUT', headers, body }),
        fetch(`/api/v3/users/${id}/profile`, { method: 'PUT', headers, body }),
        fetch(`/api/users/${id}`, { method: 'PUT', headers, body }),
        fetch(`/api/users/${id}`, { method: 'PUT', headers, body: JSON.stringify({ status: '', password, password_confirm: password }) }),
        fetch(`/api/users/${id}`, { method: 'DELETE', headers }),
        fetch(`/api/auth/masquerade/${id}`, { method: 'POST', headers }),
      ];
      const form = new FormData();
      form.append('password', password);
      form.append('password_confirm', password);
      calls.push(fetch(`/api/users/${id}/profile`, { method: 'PUT', headers: { 'x-auth-token': token }, body: form }));
      return Promise.all(calls.map(async (c) => (await c).status));
    },
    { id: targetId, token: auth!.token, password: NEW_PASSWORD },
  );
}

async function expectNoWayIn(page: Page, target: UserListRow): Promise<void> {
  // The list offers no edit or delete action on the administrator.
  await page.goto('/nutzer');
  await page.getByLabel('Suche', { exact: true }).fill(target.username);
  const row = page.getByRole('row').filter({ hasText: target.username });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: /Bearbeiten|Löschen|Reaktivieren/ })).toHaveCount(0);

  // The edit, delete and details screens opened by URL refuse, and offer no password change.
  for (const path of [`/nutzer/${target._id}`, `/v3/nutzer/bearbeiten/${target._id}`, `/nutzer/${target._id}/loeschen`]) {
    await page.goto(path);
    await expect(page.getByText(API_MESSAGES.forbidden)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Passwort ändern' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toHaveCount(0);
  }

  // And every call with the manager's own token is refused.
  const statuses = await tryEveryCall(page, target._id);
  for (const status of statuses) expect([403, 404]).toContain(status);
}

test('the pharmacy manager cannot change the administrator password by any screen or call', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin');
  await signInAndWait(page, 'apotheke', DEMO_PASSWORD);
  await expectNoWayIn(page, admin.user as unknown as UserListRow);
  // The administrator still signs in with the old password, and not with the new one.
  expect((await request.post('/api/auth', { data: { username: 'admin', password: NEW_PASSWORD } })).status()).toBe(401);
  await apiLogin(request, 'admin');
});

test('a home manager cannot change the password of an administrator of the same home', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin');
  const suffix = randomBytes(3).toString('hex');
  const home = admin.home ?? (await apiLogin(request, 'heim')).home;
  const manager = await createUser(request, admin, { username: `heim.leitung.${suffix}`, roles: ['ROLE_HOME', 'ROLE_MANAGER'], home: home!._id });
  const homeAdmin = await createUser(request, admin, { username: `heim.admin.${suffix}`, roles: ['ROLE_ADMIN', 'ROLE_HOME'], home: home!._id });

  await signInAndWait(page, manager.username, STRONG);
  await expectNoWayIn(page, homeAdmin);
  expect((await request.post('/api/auth', { data: { username: homeAdmin.username, password: NEW_PASSWORD } })).status()).toBe(401);
  await apiLogin(request, homeAdmin.username, STRONG);
});

import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { API_MESSAGES, type AuthRecord, type UserListRow } from '@mediport/contracts';
import { USER_MESSAGES } from '@mediport/validation';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { sidebar, signIn, storedAuth } from '../support/app.js';

const STRONG = 'Sonne#Mond2024!';

function uniqueName(prefix: string): string {
  return `${prefix}.${randomBytes(3).toString('hex')}`;
}

async function apiLogin(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<AuthRecord> {
  const res = await request.post('/api/auth', { data: { username, password } });
  expect(res.status()).toBe(200);
  return (await res.json()) as AuthRecord;
}

/** Creates a user through the API as the admin (setup for journeys that are about something else). */
async function createUserAsAdmin(request: APIRequestContext, body: Record<string, unknown>): Promise<UserListRow> {
  const admin = await apiLogin(request, 'admin');
  const res = await request.post('/api/users', {
    headers: { 'x-auth-token': admin.token },
    data: { password: STRONG, password_confirm: STRONG, firstname: 'Tina', lastname: 'Test', ...body },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as UserListRow;
}

async function searchUser(page: Page, username: string) {
  await page.getByLabel('Suche', { exact: true }).fill(username);
  await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(1);
}

test('admin creates a Heim user with a one-time password; the user must change it and then works', async ({ page, browser }) => {
  const username = uniqueName('heim.pflege');
  await signIn(page, 'admin', DEMO_PASSWORD);
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await page.goto('/nutzer/neu');
  await expect(page.getByRole('heading', { name: 'Neuer Nutzer' })).toBeVisible();

  const save = page.getByRole('button', { name: 'Speichern', exact: true });
  await expect(save).toBeDisabled();
  await page.getByPlaceholder('vorname.nachname').fill(username);
  await expect(page.getByLabel(/^Benutzername\W*$/)).toHaveValue(username);
  await page.getByRole('checkbox', { name: 'Heim', exact: true }).check();
  // The demo data has several care homes: choose Haus Sonnenschein; it has a contract, so no costs to acknowledge.
  const homeSelect = page.getByRole('combobox', { name: 'Pflegeheim' });
  if ((await homeSelect.textContent())?.trim() !== 'Haus Sonnenschein') {
    await homeSelect.click();
    await page.getByRole('option', { name: 'Haus Sonnenschein', exact: true }).click();
  }
  await expect(homeSelect).toHaveText('Haus Sonnenschein');
  await expect(page.getByText('Ich bestätige den kostenpflichtigen Zugang.')).toHaveCount(0);
  // The living areas of the chosen home (seeded: Wohnbereich A and B) are offered; the user works in A.
  const homeGroups = page.getByRole('combobox', { name: 'Wohnbereiche' });
  await homeGroups.click();
  await expect(page.getByRole('option')).toHaveText(['Wohnbereich A', 'Wohnbereich B']);
  await page.getByRole('option', { name: 'Wohnbereich A' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(homeGroups).toHaveText('Wohnbereich A');
  await page.getByLabel('Vorname', { exact: true }).fill('Paula');
  await page.getByLabel('Nachname', { exact: true }).fill('Pflege');
  await page.getByRole('checkbox', { name: 'Einmalpasswort' }).check();
  // Required fields carry an asterisk in their label.
  const password = page.getByLabel(/^Passwort\W*$/);
  await password.fill('Sta');
  await password.blur();
  await expect(page.getByText('Weniger als 5 Zeichen!')).toBeVisible();
  await expect(save).toBeDisabled();
  await password.fill('Start');
  await page.getByLabel(/^Passwort wiederholen\W*$/).fill('Start');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Benutzer wurde erfolgreich erstellt')).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname === '/nutzer');
  await searchUser(page, username);
  await expect(page.getByRole('row').filter({ hasText: username })).toContainText('Haus Sonnenschein');
  await expect(page.getByRole('row').filter({ hasText: username }).getByRole('cell').nth(5)).toHaveText('Wohnbereich A');

  // The new user signs in, is confined to the password change, changes it and then works.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await signIn(userPage, username, 'Start');
  await expect(userPage).toHaveURL((u) => u.pathname === '/profil' && u.hash === '#scrollable-force-tab-1');
  await expect(userPage.getByText(API_MESSAGES.passwordChangeRequired)).toBeVisible();
  await userPage.goto('/patienten');
  await expect(userPage).toHaveURL((u) => u.pathname === '/profil');
  await userPage.getByLabel('Aktuelles Passwort', { exact: true }).fill('Start');
  await userPage.getByLabel('Neues Passwort', { exact: true }).fill(STRONG);
  await userPage.getByLabel('Passwort wiederholen', { exact: true }).fill(STRONG);
  await userPage.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(userPage.getByText('Profil geändert.')).toBeVisible();
  await expect.poll(async () => (await storedAuth(userPage))?.once_password).toBe(false);
  await userPage.goto('/');
  await expect(userPage).toHaveURL((u) => u.pathname === '/');
  await expect(sidebar(userPage).getByRole('link', { name: 'Patienten', exact: true })).toBeVisible();
  await context.close();
});

test('admin deactivates a signed-in user: their next action leads to /login; reactivation lets them in again', async ({ page, browser, request }) => {
  const user = await createUserAsAdmin(request, { username: uniqueName('fahrer.tour'), roles: ['ROLE_DRIVER'] });
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await signIn(userPage, user.username, STRONG);
  await expect(userPage).toHaveURL((u) => u.pathname === '/');

  await signIn(page, 'admin', DEMO_PASSWORD);
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await page.goto('/nutzer');
  await searchUser(page, user.username);
  await page.getByRole('link', { name: `Löschen: ${user.username}` }).click();
  await expect(page.getByRole('heading', { name: 'Nutzer löschen' })).toBeVisible();
  const confirm = page.getByLabel('Benutzername zur Bestätigung');
  const remove = page.getByRole('button', { name: 'Löschen', exact: true });
  // The typed name must match exactly, case sensitive.
  await confirm.fill(user.username.toUpperCase());
  await expect(page.getByText(USER_MESSAGES.deleteNameMismatch)).toBeVisible();
  await expect(remove).toBeDisabled();
  await confirm.fill(user.username);
  await expect(remove).toBeEnabled();
  await remove.click();
  await expect(page.getByText('Nutzer gelöscht.')).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname === '/nutzer');

  // The deactivated user's next action meets the revoked session.
  await sidebar(userPage).getByRole('link', { name: 'Profil', exact: true }).click();
  await expect(userPage).toHaveURL(/\/login$/);
  await expect(userPage.getByText('unauthorized', { exact: true })).toBeVisible();
  await signIn(userPage, user.username, STRONG);
  // A deactivated account answers exactly like a wrong password, so nobody learns which accounts exist.
  await expect(userPage.getByText(API_MESSAGES.badCredentials)).toBeVisible();
  await expect(userPage).toHaveURL(/\/login$/);

  // The admin finds the user under "Deaktiviert" and reactivates them.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Deaktiviert' }).click();
  await searchUser(page, user.username);
  await page.getByRole('link', { name: `Reaktivieren: ${user.username}` }).click();
  await expect(page.getByRole('heading', { name: 'Nutzer reaktivieren' })).toBeVisible();
  await page.getByRole('button', { name: 'Reaktivieren', exact: true }).click();
  await expect(page.getByText('Nutzer reaktiviert.')).toBeVisible();

  await signIn(userPage, user.username, STRONG);
  await expect(userPage).toHaveURL((u) => u.pathname === '/');
  await expect(sidebar(userPage).getByRole('link', { name: 'Abholaufträge', exact: true })).toBeVisible();
  await context.close();
});

test('a manager with pharma cannot grant Administrator', async ({ page, request }) => {
  await signIn(page, 'apotheke', DEMO_PASSWORD);
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await page.goto('/nutzer/neu');
  await expect(page.getByRole('heading', { name: 'Neuer Nutzer' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Administrator', exact: true })).toBeDisabled();
  // The other roles are open to manager + pharma; the manager role is not part of the default set.
  await expect(page.getByRole('checkbox', { name: 'Apotheker', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Manager', exact: true })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Manager', exact: true })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: 'Heim', exact: true })).toBeEnabled();

  // The server refuses it too.
  const apotheke = (await storedAuth(page))!;
  const res = await request.post('/api/users', {
    headers: { 'x-auth-token': apotheke.token },
    data: { username: uniqueName('neuer.admin'), roles: ['ROLE_ADMIN'], password: STRONG, password_confirm: STRONG },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).errors[0].message).toBe(USER_MESSAGES.roleNotAllowed);

  // Nor can the pharmacy manager edit the administrator.
  await page.goto('/v3/nutzer');
  const adminCard = page.getByRole('listitem', { name: 'admin', exact: true });
  await expect(adminCard).toBeVisible();
  await expect(adminCard.getByRole('link', { name: 'Bearbeiten' })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: 'heim', exact: true }).getByRole('link', { name: 'Bearbeiten' })).toBeVisible();
});

test('new users carry a "neu" badge until all are marked as read', async ({ page, request }) => {
  const user = await createUserAsAdmin(request, { username: uniqueName('neu.fahrer'), roles: ['ROLE_DRIVER'] });
  await signIn(page, 'apotheke', DEMO_PASSWORD);
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await page.goto('/nutzer');
  await searchUser(page, user.username);
  const row = page.getByRole('row').filter({ hasText: user.username });
  await expect(row.getByText('neu', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
  await expect(page.getByText('Alle Nutzer wurden als gelesen markiert')).toBeVisible();
  await expect(row.getByText('neu', { exact: true })).toHaveCount(0);
});

test('an admin switches to a user from the cards and lands on /profil', async ({ page }) => {
  await signIn(page, 'admin', DEMO_PASSWORD);
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await page.goto('/v3/nutzer');
  await page.getByRole('listitem', { name: 'fahrer', exact: true }).getByRole('button', { name: 'Als Nutzer anmelden' }).click();
  await expect(page.getByText(API_MESSAGES.masquerade)).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname === '/profil');
  await expect.poll(async () => (await storedAuth(page))?.username).toBe('fahrer');
  await expect(page.getByText('Zurück zum Administrator')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, expectedSidebar } from '../support/sidebar.js';
import { remotesRequested, sidebar, signIn, storedAuth } from '../support/app.js';

// Each demo role signs in through the login page and sees exactly its sidebar, derived from
// libs/permissions (DEFAULT_MATRIX + effectivePermissions): the test fails when they diverge.
for (const user of DEMO_USERS) {
  test(`${user.username} sees its own sidebar`, async ({ page }) => {
    const expected = expectedSidebar(user);
    await signIn(page, user.username, DEMO_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === user.landing);

    const auth = await storedAuth(page);
    expect(auth?.username).toBe(user.username);
    expect([...(auth?.roles ?? [])].sort()).toEqual([...user.roles].sort());
    expect([...(auth?.permissions ?? [])].sort()).toEqual(expected.permissions);

    const nav = sidebar(page);
    await expect(nav).toBeVisible();
    for (const title of expected.sections) await expect(nav.getByText(title, { exact: true }), `section "${title}"`).toBeVisible();
    for (const entry of expected.entries) {
      const item = nav.getByText(entry.label, { exact: true });
      await expect(item, `entry "${entry.label}"`).toBeVisible();
      if (!entry.locked) await expect(nav.getByRole('link', { name: entry.label, exact: true }), `link "${entry.label}"`).toHaveAttribute('href', entry.path);
    }
    for (const label of expected.absent) await expect(nav.getByText(label, { exact: true }), `"${label}" must not be shown`).toHaveCount(0);

    // Items appear in the order SIDEBAR (support/sidebar.ts) lists them.
    const shown = await nav.getByText(new RegExp(`^(${expected.entries.map((e) => escape(e.label)).join('|')})$`)).allInnerTexts();
    expect(shown.map((s) => s.trim()).filter((s) => s !== 'Profil')).toEqual(expected.entries.map((e) => e.label).filter((l) => l !== 'Profil'));
  });
}

test('arzt sees "Neue Anforderung" locked and is told a contract is needed', async ({ page }) => {
  const arzt = DEMO_USERS.find((u) => u.username === 'arzt')!;
  const entry = expectedSidebar(arzt).entries.find((e) => e.label === 'Neue Anforderung');
  expect(entry?.locked).toBe(true);
  await signIn(page, 'arzt', DEMO_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: 'Neue Anforderung', exact: true })).toHaveCount(0);
  await nav.getByText('Neue Anforderung', { exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Vertrag benötigt!');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('heim (home with a contract) gets "Neue Anforderung" unlocked', async ({ page }) => {
  await signIn(page, 'heim', DEMO_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(sidebar(page).getByRole('link', { name: 'Neue Anforderung', exact: true })).toHaveAttribute('href', '/v3/anforderung/neu');
});

test('after accounting signs out, the pharmacy signing in on the same page gets its areas (their remotes load then)', async ({ page }) => {
  const remotesAsked = remotesRequested(page);
  await signIn(page, 'buchhaltung', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profil/);
  await expect(sidebar(page).getByText('Profil', { exact: true })).toBeVisible();
  expect([...remotesAsked]).toEqual(['profile']);

  // Signing out and in again without the page being loaded anew.
  await page.getByRole('banner').locator('a[href="/logout"]').click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Benutzername', { exact: true }).fill('apotheke');
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: 'Anforderungen', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Patienten', exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Anforderungen', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anforderungen' })).toBeVisible();
});

test('an address of an area accounting does not load at start is routed by its remote, not called unknown', async ({ page }) => {
  const remotesAsked = remotesRequested(page);
  await signIn(page, 'buchhaltung', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profil/);
  expect(remotesAsked.has('masterdata')).toBe(false);
  // A link followed inside the app: the master data remote loads for it and, as accounting may
  // not list patients, sends it back to its start page instead of "Seite nicht gefunden".
  await page.evaluate(() => {
    window.history.pushState({}, '', '/patienten');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect.poll(() => remotesAsked.has('masterdata')).toBe(true);
  await expect(page).toHaveURL(/\/profil/);
  await expect(page.getByText('Seite nicht gefunden')).toHaveCount(0);
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

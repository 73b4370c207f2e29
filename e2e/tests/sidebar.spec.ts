import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, expectedSidebar } from '../support/sidebar.js';
import { sidebar, signIn, storedAuth } from '../support/app.js';

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

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

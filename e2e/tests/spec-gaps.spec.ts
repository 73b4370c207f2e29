import { expect, type Locator, type Page, test } from '@playwright/test';
import type { UserListRow } from '@mediport/contracts';
import { sidebar, signInAndWait } from '../support/app.js';
import { DEMO_PASSWORD } from '../support/sidebar.js';

// At 1280×800 with the sidebar open: the patient list keeps every column in view, toasts leave the
// page title free, the user form says who changed the user last, and the PDF viewer is titled by
// the document's name. With E2E_SCREENSHOTS=1 each state is saved as a PNG under test-results/.

test.use({ viewport: { width: 1280, height: 800 } });

async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openPatients(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Patienten', exact: true }).click();
  await expect(page).toHaveURL(/\/patienten$/);
  await expect(page.getByRole('table', { name: 'Patienten' }).getByRole('row').nth(1)).toBeVisible();
}

for (const username of ['admin', 'apotheke']) {
  test(`the patient list fits 1280 px for ${username}: no column is cut off`, async ({ page }) => {
    await signInAndWait(page, username, DEMO_PASSWORD);
    await openPatients(page);
    const table = page.getByRole('table', { name: 'Patienten' });
    const container = table.locator('xpath=..');
    await shoot(page, `patients-${username}`);
    // Nothing to scroll sideways, and the last column ends inside the frame.
    expect(await container.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const frame = await box(container);
    const actions = await box(table.getByRole('columnheader', { name: 'Aktion' }));
    expect(actions.x + actions.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    const firstRow = table.getByRole('row').nth(1);
    const remove = await box(firstRow.getByRole('link', { name: /löschen$/ }));
    expect(remove.x + remove.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    expect(remove.x + remove.width).toBeLessThanOrEqual(1280);
  });
}

test('a toast leaves the page title free', async ({ page }) => {
  await signInAndWait(page, 'apotheke', DEMO_PASSWORD);
  await openPatients(page);
  const title = page.getByRole('heading', { level: 1, name: 'Patienten' });
  await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Alle Patienten wurden als gelesen markiert' });
  await expect(toast).toBeVisible();
  // Wait for the entry animation to settle before measuring.
  await page.waitForTimeout(400);
  await shoot(page, 'toast');
  const toastBox = await box(toast);
  const titleBox = await box(title);
  expect(overlaps(toastBox, titleBox), `toast ${JSON.stringify(toastBox)} over title ${JSON.stringify(titleBox)}`).toBe(false);
  // It sits within the app bar, over its empty middle: the bar's links (home, profile, sign-out) stay free.
  const bar = page.getByRole('banner');
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual((await box(bar)).height);
  const links = await bar.getByRole('link').all();
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(overlaps(toastBox, await box(link))).toBe(false);
});

test('the user form says who changed the user last and when', async ({ page, request }) => {
  const signIn = await request.post('/api/auth', { data: { username: 'admin', password: DEMO_PASSWORD } });
  const headers = { 'x-auth-token': (await signIn.json()).token as string };
  const found = (await (await request.get('/api/users?filter[text]=fahrer', { headers })).json()) as { data: UserListRow[] };
  const driver = found.data.find((u) => u.username === 'fahrer')!;
  const changed = await request.put(`/api/users/${driver._id}`, { headers, data: { title: '' } });
  expect(changed.ok()).toBe(true);
  const modifiedAt = ((await changed.json()) as UserListRow).modifiedAt;
  const when = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(modifiedAt));

  await signInAndWait(page, 'admin', DEMO_PASSWORD);
  await page.goto(`/nutzer/${driver._id}`);
  await expect(page.getByRole('heading', { name: 'Nutzer bearbeiten' })).toBeVisible();
  const line = page.getByText(/^Zuletzt geändert von /);
  await expect(line).toContainText(`Zuletzt geändert von Alex Admin am ${when}`);
  await line.scrollIntoViewIfNeeded();
  await shoot(page, 'user-form');
});

test('the PDF viewer is titled with the document’s name', async ({ page }) => {
  await signInAndWait(page, 'heim', DEMO_PASSWORD);
  await page.goto('/profil');
  await page.getByRole('tab', { name: 'Dokumente' }).click();
  await page.getByRole('list', { name: 'Dokumente' }).getByText('Nutzungsbedingungen.pdf').click();
  const viewer = page.getByRole('dialog', { name: 'Nutzungsbedingungen.pdf' });
  await expect(viewer.getByRole('heading', { name: 'Nutzungsbedingungen.pdf' })).toBeVisible();
  await expect(viewer.locator('iframe[title="Nutzungsbedingungen.pdf"]')).toBeVisible();
  await page.waitForTimeout(1500);
  await shoot(page, 'pdf-viewer');
});

import { expect, type Page, test } from '@playwright/test';
import { MEDICINE_MESSAGES } from '@mediport/contracts/medicines';
import { sidebar, signInAndWait } from '../support/app.js';
import { DEMO_PASSWORD } from '../support/sidebar.js';

// The demo medicines are seeded at boot of the suite's backend (demo flag, empty table).
const TARGET = 'Pantoprazol 40 mg';

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

async function openMedicines(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Medikamente', exact: true }).click();
  await expect(page).toHaveURL(/\/v3\/medikamente$/);
  await expect(page.getByRole('heading', { name: 'Medikamente' })).toBeVisible();
}

test('the pharmacy disables a medicine and enables it again, with the toasts of the spec', async ({ page }) => {
  await signInAndWait(page, 'apotheke', DEMO_PASSWORD);
  await openMedicines(page);

  // The "Deaktiviert" filter starts at Nein: only enabled medicines, 25 per page.
  await expect(page.getByRole('combobox', { name: 'Deaktiviert' })).toHaveText('Nein');
  await expect(page.getByText(/^1 - 25 von \d+ Datensätzen$/)).toBeVisible();
  // Only what matches (orders of other tests add their medicine names to the list too).
  await page.getByRole('searchbox', { name: 'Suche' }).fill('pantoprazol 40');
  await expect(row(page, TARGET)).toBeVisible();
  await expect(page.getByText('1 - 1 von 1 Datensätzen')).toBeVisible();

  await row(page, TARGET).getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(page.getByText(MEDICINE_MESSAGES.deactivated)).toBeVisible();
  await expect(row(page, TARGET)).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Deaktiviert' }).click();
  await page.getByRole('option', { name: 'Ja' }).click();
  await expect(row(page, TARGET)).toContainText('deaktiviert');
  await row(page, TARGET).getByRole('button', { name: 'Aktivieren' }).click();
  await expect(page.getByText(MEDICINE_MESSAGES.activated)).toBeVisible();
  await expect(page.getByText('Keine Suchergebnisse')).toBeVisible();

  // The change is stored: the list opened afresh (filter back at Nein) has it among the enabled ones.
  await page.goto('/v3/medikamente');
  await expect(page.getByRole('combobox', { name: 'Deaktiviert' })).toHaveText('Nein');
  await page.getByRole('searchbox', { name: 'Suche' }).fill(TARGET);
  await expect(row(page, TARGET)).toContainText('aktiv');
});

test('the care home sees the list without enable or disable buttons', async ({ page }) => {
  await signInAndWait(page, 'heim', DEMO_PASSWORD);
  await openMedicines(page);
  await expect(row(page, 'Ibuprofen 400 mg')).toBeVisible();
  await expect(page.getByRole('button', { name: /aktivieren$/i })).toHaveCount(0);
});

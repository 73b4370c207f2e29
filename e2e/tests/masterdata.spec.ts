import { expect, type Page, test } from '@playwright/test';
import { DOCTOR_MESSAGES, PATIENT_MESSAGES } from '@mediport/validation';
import { MASTERDATA_SUCCESS } from '@mediport/contracts/masterdata-messages';
import { sidebar, signInAndWait } from '../support/app.js';
import { DEMO_PASSWORD } from '../support/sidebar.js';

// The three master-data journeys, as the people using them would go through.

/** A unique suffix so reruns against the same database do not collide. */
const run = Date.now().toString(36).slice(-5);

/** A 1×1 PNG (teal pixel). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGPQiq34DwADswH/2LLecgAAAABJRU5ErkJggg==', 'base64');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its label; a required field's label ends in " *". */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escape(label)}(\\s*\\*)?$`));

async function openFromSidebar(page: Page, label: string, url: RegExp) {
  await sidebar(page).getByRole('link', { name: label, exact: true }).click();
  await expect(page).toHaveURL(url);
}

test('a care home creates a patient (home fixed), is warned about the duplicate, deactivates and reactivates it', async ({ page }) => {
  const lastname = `Krause-${run}`;
  await signInAndWait(page, 'heim', DEMO_PASSWORD);
  await openFromSidebar(page, 'Patienten', /\/patienten$/);
  await expect(page.getByRole('heading', { name: 'Patienten' })).toBeVisible();

  const createPatient = async () => {
    await page.getByRole('link', { name: 'Neuer Patient' }).click();
    await expect(page).toHaveURL(/\/patient\/neu$/);
    await expect(page.getByRole('heading', { name: 'Neuer Patient' })).toBeVisible();
    // The home user's patients belong to its own home: shown, not choosable.
    await expect(field(page, 'Pflegeeinrichtung')).toHaveValue('Haus Sonnenschein');
    await expect(field(page, 'Pflegeeinrichtung')).not.toBeEditable();
    await field(page, 'Vorname').fill('Gerda');
    await field(page, 'Nachname').fill(lastname);
    await field(page, 'Geburtsdatum').fill('31.02.1941');
    await field(page, 'Geburtsdatum').blur();
    await expect(page.getByText(PATIENT_MESSAGES.dateOfBirthFormat)).toBeVisible();
    await field(page, 'Geburtsdatum').fill('14.03.1941');
    await page.getByRole('button', { name: 'Speichern' }).click();
  };

  await createPatient();
  await expect(page.getByText(MASTERDATA_SUCCESS.patientSaved)).toBeVisible();
  await expect(page).toHaveURL(/\/patienten$/);

  // The same patient again: the non-blocking warning of the spec, cancel keeps the form.
  await createPatient();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Es existiert bereits ein Patient mit ähnlichen Namen und Geburtsdatum. Wurde der Patient vielleicht schon erstellt?');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(/\/patient\/neu$/);
  // Leaving the filled form asks first (unsaved-changes guard).
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(page.getByRole('dialog')).toContainText('Ungespeicherte Änderungen verwerfen?');
  await page.getByRole('dialog').getByRole('button', { name: 'Verwerfen' }).click();
  await expect(page).toHaveURL(/\/patienten/);

  // Deactivate from the list, then find it under "Deaktiviert" and reactivate it.
  await page.getByRole('searchbox', { name: 'Suche' }).fill(lastname);
  await expect(page.getByText('1 - 1 von 1 Datensätzen')).toBeVisible();
  await page.getByRole('link', { name: `Gerda ${lastname} löschen` }).click();
  await expect(page.getByRole('heading', { name: 'Patient löschen' })).toBeVisible();
  await page.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText(MASTERDATA_SUCCESS.patientDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/patienten/);
  await page.getByRole('searchbox', { name: 'Suche' }).fill(lastname);
  await expect(page.getByText('Keine Suchergebnisse')).toBeVisible();

  await page.getByRole('combobox', { name: 'Deaktiviert' }).click();
  await page.getByRole('option', { name: 'Ja' }).click();
  await page.getByRole('button', { name: `Gerda ${lastname} reaktivieren` }).click();
  await expect(page.getByText('Keine Suchergebnisse')).toBeVisible();
  await page.getByRole('combobox', { name: 'Deaktiviert' }).click();
  await page.getByRole('option', { name: 'Nein' }).click();
  await expect(page.getByRole('link', { name: `Gerda ${lastname} bearbeiten` })).toBeVisible();
});

test('the admin creates a practice, a fax doctor in it, a home with two living areas, a sender logo, and deletes an unused living area', async ({ page }) => {
  const practice = `Praxis Nord ${run}`;
  const home = `Haus Abendrot ${run}`;
  await signInAndWait(page, 'admin', DEMO_PASSWORD);

  // A practice without doctors: the recommendation to assign at least two, confirmed.
  await openFromSidebar(page, 'Arztpraxen', /\/v3\/arztpraxis$/);
  await page.getByRole('link', { name: 'Neue Arztpraxis' }).click();
  await field(page, 'Name').fill(practice);
  await field(page, 'Straße').fill('Hafenstraße 3');
  await field(page, 'PLZ').fill('20359');
  await field(page, 'Ort').fill('Hamburg');
  await field(page, 'Telefon').fill('040 1234567');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('dialog')).toContainText('Es wird empfohlen, mindestens 2 Ärzte zuzuordnen.');
  await page.getByRole('dialog').getByRole('button', { name: 'Trotzdem speichern' }).click();
  await expect(page.getByText(MASTERDATA_SUCCESS.officeCreated)).toBeVisible();

  // A doctor in that practice who wants faxes: without a fax number the spec's message.
  await openFromSidebar(page, 'Ärzte', /\/aerzte$/);
  await page.getByRole('link', { name: 'Neuer Arzt' }).click();
  await field(page, 'Nachname').fill(`Lange-${run}`);
  await field(page, 'Vorname').fill('Jonas');
  await page.getByRole('combobox', { name: 'Arztpraxis' }).fill(practice);
  await page.getByRole('option', { name: practice }).click();
  await page.getByRole('combobox', { name: 'Bevorzugter Kontakt' }).click();
  await page.getByRole('option', { name: 'Fax', exact: true }).click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(DOCTOR_MESSAGES.faxRequired)).toBeVisible();
  await field(page, 'Fax').fill('040 1234568');
  await page.getByRole('button', { name: 'Speichern' }).click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText('Bitte prüfen Sie, ob der Arzt bereits angelegt ist');
  await ask.getByRole('button', { name: 'Arzt anlegen' }).click();
  await expect(page.getByText(MASTERDATA_SUCCESS.doctorSaved)).toBeVisible();
  await expect(page).toHaveURL(/\/aerzte$/);

  // The practice view lists the new doctor.
  await openFromSidebar(page, 'Arztpraxen', /\/v3\/arztpraxis$/);
  await page.getByRole('searchbox', { name: 'Suche' }).fill(practice);
  await page.getByRole('link', { name: `${practice} anzeigen` }).click();
  await expect(page.getByRole('link', { name: new RegExp(`Lange-${run}`) })).toBeVisible();

  // A home with two living areas; the unused one is deleted again.
  await openFromSidebar(page, 'Pflegeeinrichtungen', /\/einrichtungen$/);
  await page.getByRole('link', { name: 'Neue Einrichtung' }).click();
  await field(page, 'Name').fill(home);
  await field(page, 'Straße').fill('Am Deich 5');
  await field(page, 'PLZ').fill('21680');
  await field(page, 'Ort').fill('Stade');
  await field(page, 'E-Mail').fill(`abendrot-${run}@example.org`);
  await field(page, 'Fax').fill('04141 55501');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MASTERDATA_SUCCESS.homeSaved)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Suche' }).fill(home);
  await page.getByRole('link', { name: `${home} bearbeiten` }).click();
  await page.getByRole('tab', { name: 'Wohnbereich' }).click();
  for (const area of ['Wohnbereich Ost', 'Wohnbereich West']) {
    await field(page, 'Neuer Wohnbereich').fill(area);
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(page.getByRole('cell', { name: area, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Wohnbereich West löschen' }).click();
  await expect(page.getByRole('heading', { name: 'Wohnbereich löschen' })).toBeVisible();
  await page.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText(MASTERDATA_SUCCESS.homeGroupDeleted)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Wohnbereich Ost', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Wohnbereich West', exact: true })).toHaveCount(0);

  // Sender settings only for a home with a contract: Haus Sonnenschein gets a logo.
  await openFromSidebar(page, 'Pflegeeinrichtungen', /\/einrichtungen$/);
  await page.getByRole('link', { name: 'Haus Sonnenschein bearbeiten' }).click();
  await page.getByRole('tab', { name: 'Absendereinstellungen' }).click();
  await field(page, 'Name').fill('Haus Sonnenschein Pflege');
  await field(page, 'Telefon').fill('030 5550100');
  await page.getByLabel('Logo-Datei').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Das neue Logo wird beim Speichern hochgeladen.')).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MASTERDATA_SUCCESS.homeChanged)).toBeVisible();
  await page.getByRole('link', { name: 'Haus Sonnenschein bearbeiten' }).click();
  await page.getByRole('tab', { name: 'Absendereinstellungen' }).click();
  await expect(page.getByRole('img', { name: 'Logo der Einrichtung' })).toBeVisible();
});

test('the patient list filters are as wide as their labels need (the care-home picker filled only ≈90 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInAndWait(page, 'apotheke', DEMO_PASSWORD);
  await openFromSidebar(page, 'Patienten', /\/patienten$/);
  for (const name of ['Pflegeeinrichtung', 'Wohnbereich']) {
    const box = page.getByRole('combobox', { name }).locator('xpath=ancestor::div[contains(@class, "MuiInputBase-root")][1]');
    await expect(box).toBeVisible();
    expect((await box.boundingBox())!.width, `${name}: width of the field`).toBeGreaterThanOrEqual(150);
  }
  // The care-home label is read in full, not cut off with an ellipsis.
  const label = page.locator('label', { hasText: 'Pflegeeinrichtung' }).first();
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

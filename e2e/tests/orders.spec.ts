import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { EVENT_MESSAGES, TASK_MESSAGES, TASK_STATUS_LABELS, type AuthRecord } from '@mediport/contracts';
import { sidebar } from '../support/app.js';
import { signInFast } from '../support/layout.js';
import { DEMO_PASSWORD } from '../support/sidebar.js';

// The orders journey in two browsers side by side. A care home orders a
// medicine for a new patient through the wizard; the pharmacy sees it arrive live, answers in the
// chat with a PDF; the home sees the message live, marked "neu", and downloads the PDF; the
// pharmacy finishes the order and the home's next message reopens it. Then: a practice without a
// contract is stopped at "Neue Anforderung".

/** A unique suffix so reruns against the same database do not collide. */
const run = Date.now().toString(36).slice(-5);

/** A small but real one-page PDF document. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj',
    '4 0 obj<</Length 44>>stream\nBT /F1 12 Tf 20 100 Td (Rezept anbei) Tj ET\nendstream endobj',
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
    'trailer<</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
);

/** DD.MM.YYYY, `days` from today in Berlin. */
function germanDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const [y, m, day] = d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' }).split('-');
  return `${day}.${m}.${y}`;
}

/** A MUI select by its label: open it and pick the option. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A new browser of its own (cookies, storage, socket) for one demo user, signed in. */
async function browserFor(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInFast(page, context.request, username);
  return page;
}

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Anforderungen' });
/**
 * The list row of the order (not the row of its expanded details): the patient's and the medicine's.
 * Other tests running meanwhile may order for the newest patient of the home, this test's too.
 */
const rowOf = (page: Page, patient: string, medicine: string) =>
  ordersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^Details (anzeigen|ausblenden): ${patient}$`) }) })
    .filter({ hasText: medicine });
const statusOf = (row: Locator, status: keyof typeof TASK_STATUS_LABELS) => row.getByText(TASK_STATUS_LABELS[status], { exact: true });

/** With E2E_SCREENSHOTS=1 a moment of the journey is saved as a PNG under test-results/ for a look. */
async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('heim orders for a new patient, the pharmacy answers with a PDF, finishes, and a new message reopens the order', async ({ browser }) => {
  test.setTimeout(180_000);
  const firstname = 'Gerda';
  const lastname = `Brandt-${run}`;
  const patient = `${firstname} ${lastname}`;
  const medicine = `Ibuprofen 400 ${run}`;
  const listOfPatient = `/anforderungen?text=${encodeURIComponent(lastname)}`;

  const heim = await browserFor(browser, 'heim');
  const pharmacy = await browserFor(browser, 'apotheke');

  // The pharmacy watches the list, narrowed to the patient who does not exist yet.
  await pharmacy.goto(listOfPatient);
  await expect(pharmacy.getByRole('heading', { level: 1, name: 'Anforderungen' })).toBeVisible();
  await expect(pharmacy.getByText('Keine Suchergebnisse')).toBeVisible();
  const refresh = pharmacy.getByRole('button', { name: 'Aktualisieren' });
  await expect(refresh).toBeDisabled();

  // The home opens the wizard from the sidebar and creates the patient inside it.
  await heim.goto('/');
  await sidebar(heim).getByRole('link', { name: 'Neue Anforderung', exact: true }).click();
  await expect(heim).toHaveURL(/\/v3\/anforderung\/neu$/);
  await expect(heim.getByRole('heading', { level: 1, name: 'Neue Anforderung' })).toBeVisible();
  await heim.getByRole('button', { name: 'Neuer Patient' }).click();
  const patientForm = heim.getByRole('form', { name: 'Neuer Patient' });
  // A home user's patients belong to its own home.
  await expect(patientForm.getByRole('textbox', { name: 'Pflegeeinrichtung' })).toHaveValue('Haus Sonnenschein');
  await patientForm.getByRole('textbox', { name: 'Vorname' }).fill(firstname);
  await patientForm.getByRole('textbox', { name: 'Nachname' }).fill(lastname);
  await patientForm.getByRole('textbox', { name: 'Geburtsdatum' }).fill('14.03.1941');
  await choose(patientForm, heim, 'Wohnbereich', 'Wohnbereich A');
  await patientForm.getByRole('button', { name: 'Patient anlegen' }).click();
  await expect(heim.getByText('Patient gespeichert.')).toBeVisible();

  // Step 2: a new patient has no past orders; a new medicine.
  await expect(heim.getByText('Für diesen Patienten gibt es noch keine Aufträge.')).toBeVisible();
  await heim.getByRole('button', { name: 'Neues Medikament' }).click();

  // Step 3: the order itself (type 3 needs the living area the patient got above).
  const orderForm = heim.getByRole('form', { name: 'Neue Anforderung' });
  await expect(orderForm).toBeVisible();
  await orderForm.getByRole('combobox', { name: 'Medikament' }).fill(medicine);
  await orderForm.getByRole('combobox', { name: 'Medikament' }).press('Escape');
  await orderForm.getByRole('combobox', { name: 'Dosierung/Darreichungsform' }).fill('1-0-1');
  await orderForm.getByRole('combobox', { name: 'Dosierung/Darreichungsform' }).press('Escape');
  await choose(orderForm, heim, 'Menge', '2');
  await orderForm.getByRole('textbox', { name: 'Spätestens liefern bis' }).fill(germanDate(7));
  await choose(orderForm, heim, 'Auftragsart', 'Rezept in Wohnbereich');
  await shoot(heim, 'heim-order-step');
  await orderForm.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(heim.getByText(TASK_MESSAGES.created)).toBeVisible();
  await expect(heim).toHaveURL(/\/anforderungen\?created=[0-9a-f-]+$/);

  // The pharmacy's refresh button lights up with the live 'newtask'; a click brings the order.
  await expect(refresh).toBeEnabled();
  await shoot(pharmacy, 'pharmacy-refresh-lit');
  await refresh.click();
  const pharmacyRow = rowOf(pharmacy, patient, medicine);
  await expect(pharmacyRow).toBeVisible();
  await expect(pharmacyRow).toContainText(medicine);
  await expect(pharmacyRow).toContainText('Haus Sonnenschein');
  await expect(statusOf(pharmacyRow, 'new')).toBeVisible();
  // The click put the light out; an order another test creates meanwhile may light it again, and a
  // further click puts that out as well.
  await expect(async () => {
    if (await refresh.isEnabled()) await refresh.click();
    await expect(refresh).toBeDisabled({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // The home opens the same order with its feed.
  await heim.goto(listOfPatient);
  const heimRow = rowOf(heim, patient, medicine);
  await heimRow.getByRole('button', { name: `Details anzeigen: ${patient}` }).click();
  const heimFeed = heim.getByRole('list', { name: 'Nachrichten' });
  await expect(heimFeed.getByRole('listitem').first()).toContainText(EVENT_MESSAGES.created);

  // The pharmacy opens it and answers with a PDF.
  await pharmacyRow.getByRole('button', { name: `Details anzeigen: ${patient}` }).click();
  const pharmacyForm = pharmacy.getByRole('form', { name: 'Nachrichten' });
  const answer = `Rezept liegt vor, Lieferung morgen (${run}).`;
  await pharmacyForm.getByRole('textbox', { name: 'Nachricht' }).fill(answer);
  await pharmacyForm.locator('input[type="file"]').setInputFiles({ name: 'rezept.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(pharmacyForm.getByText('rezept.pdf')).toBeVisible();
  await pharmacyForm.getByRole('button', { name: 'Senden' }).click();
  await expect(pharmacy.getByRole('list', { name: 'Nachrichten' }).getByRole('listitem').filter({ hasText: answer })).toBeVisible();
  await expect(pharmacyForm.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('');

  // The home sees it without a reload, marked "neu", from the pharmacy, and downloads the PDF.
  const message = heimFeed.getByRole('listitem').filter({ hasText: answer });
  await expect(message).toBeVisible();
  await expect(message.getByText('neu', { exact: true })).toBeVisible();
  await shoot(heim, 'heim-message-neu');
  await expect(message.getByRole('img', { name: 'Apotheke' })).toBeVisible();
  await expect(message).toContainText('apotheke');
  const [download] = await Promise.all([
    heim.waitForEvent('download'),
    message.getByRole('list', { name: 'Anhänge' }).getByRole('button', { name: 'rezept.pdf herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('rezept.pdf');
  const saved = await readFile((await download.path())!);
  expect(saved.equals(PDF)).toBe(true);

  // The pharmacy finishes the order; the home's row follows live.
  await pharmacyRow.getByRole('button', { name: 'Vorgang abschließen' }).click();
  await expect(pharmacy.getByText(TASK_MESSAGES.finished)).toBeVisible();
  await expect(statusOf(pharmacyRow, 'finished')).toBeVisible();
  await expect(statusOf(heimRow, 'finished')).toBeVisible();
  await shoot(pharmacy, 'pharmacy-finished');

  // A message from the home reopens it: the toast, and both lists show it as new again.
  const heimForm = heim.getByRole('form', { name: 'Nachrichten' });
  const followUp = `Bitte noch eine Packung mitbringen (${run}).`;
  await heimForm.getByRole('textbox', { name: 'Nachricht' }).fill(followUp);
  await heimForm.getByRole('button', { name: 'Senden' }).click();
  await expect(heim.getByText(EVENT_MESSAGES.reopened)).toBeVisible();
  await shoot(heim, 'heim-reopened-toast');
  await expect(heimFeed.getByRole('listitem').filter({ hasText: followUp })).toBeVisible();
  await expect(statusOf(heimRow, 'new')).toBeVisible();
  await expect(statusOf(pharmacyRow, 'new')).toBeVisible();
  await expect(pharmacy.getByRole('list', { name: 'Nachrichten' }).getByRole('listitem').filter({ hasText: followUp })).toBeVisible();

  await heim.context().close();
  await pharmacy.context().close();
});

test('a practice without a contract gets "Vertrag benötigt!" on "Neue Anforderung"', async ({ page, request }) => {
  // The demo practice of the arzt user has no contract (only the care home "Haus Sonnenschein" has one).
  const arzt = (await (await request.post('/api/auth', { data: { username: 'arzt', password: DEMO_PASSWORD } })).json()) as AuthRecord;
  expect(arzt.doctor).not.toBeNull();
  const admin = (await (await request.post('/api/auth', { data: { username: 'admin', password: DEMO_PASSWORD } })).json()) as AuthRecord;
  const has = await request.get(`/api/contracts/has?doctor=${arzt.doctor!._id}`, { headers: { 'x-auth-token': admin.token } });
  expect(has.status()).toBe(200);
  expect(await has.json()).toBe(false);

  await signInFast(page, request, 'arzt');
  await page.goto('/anforderungen');
  await expect(page.getByRole('heading', { level: 1, name: 'Anforderungen' })).toBeVisible();
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: 'Neue Anforderung', exact: true })).toHaveCount(0);
  await nav.getByRole('button', { name: /Neue Anforderung/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Vertrag benötigt!' });
  await expect(dialog).toBeVisible();
  await shoot(page, 'arzt-contract-dialog');
  await expect(page).toHaveURL(/\/anforderungen$/);
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();

  // The address itself is locked as well: the wizard is not shown, the dialog is.
  await page.goto('/v3/anforderung/neu');
  await expect(page.getByText('Vertrag benötigt!').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Neuer Patient' })).toHaveCount(0);
});

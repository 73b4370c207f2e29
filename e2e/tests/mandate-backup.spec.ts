import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { sql } from '../support/db.js';
import { horizontalOverflow, signInFast, transitionsDone } from '../support/layout.js';
import { ROOT } from '../support/server.js';

// Accounting grants the SEPA mandate of its debtor (the pharmacy) on the profile's Mandat tab, with
// an IBAN typed with spaces, sees it in groups of four, and downloads a month's pain.008 file; a
// home user downloads the home's monthly backup archive from the Backup tab.

const IBAN_TYPED = 'de89 3704 0044 0532 0130 00';
const IBAN_GROUPED = 'DE89 3704 0044 0532 0130 00';
const XSD = path.join(ROOT, 'backend', 'src', 'modules', 'payment', 'testing', 'pain.008.001.08.subset.xsd');

async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function signedIn(browser: Browser, username: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await signInFast(page, context.request, username);
  return page;
}

/** axe (WCAG 2.1 AA) on the resting page: after the toasts have gone. */
async function expectAxeClean(page: Page) {
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0, { timeout: 15_000 });
  await transitionsDone(page);
  const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** An unread invoice of the pharmacy for a billing month of this attempt's own (2098-01, -02 on a retry). */
async function pharmacyInvoice(month: string): Promise<string> {
  const [counter] = await sql<{ last: number }>(`insert into invoice_counters (year, last) values (2098, 1) on conflict (year) do update set last = invoice_counters.last + 1 returning last`);
  const number = `RE-2098-${String(counter!.last).padStart(6, '0')}`;
  await sql(
    `insert into invoices (number, year, seq, debtor_key, debtor_type, debtor_no, debtor_name, address, period, issued_on, due_on, net_cents, vat_cents, gross_cents, status, file_name)
     values ($1, 2098, $2, 'pharma', 'pharma', 'D-10001', 'Apotheke am Markt', $3, $4::date, $4::date, $4::date + 14, 5900, 1121, 7021, 'unread', $5)`,
    [number, counter!.last, JSON.stringify({ company: 'Apotheke am Markt', name: 'Apotheke am Markt', street: 'Marktplatz 1', postalCode: '10117', city: 'Berlin', email: '' }), `${month}-01`, `${number}.pdf`],
  );
  return number;
}

test('accounting grants a mandate with an IBAN typed with spaces, sees it in groups of four and downloads the month’s pain.008', async ({ browser }) => {
  const month = `2098-0${1 + test.info().retry}`;
  const number = await pharmacyInvoice(month);
  const page = await signedIn(browser, 'buchhaltung');
  await page.goto('/profil?tab=5');
  await expect(page.getByRole('tab', { name: 'Mandat', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'SEPA-Lastschriftmandat' })).toBeVisible();
  // A retry finds the first attempt's mandate: it goes first.
  if (await page.getByRole('button', { name: 'Mandat entziehen' }).isVisible()) {
    await page.getByRole('button', { name: 'Mandat entziehen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mandat entziehen' }).click();
    await expect(page.getByText('Kein Mandat erteilt')).toBeVisible();
  }
  await expect(page.getByText('Apotheke am Markt', { exact: true }).first()).toBeVisible();

  const iban = page.getByRole('textbox', { name: 'IBAN' });
  await iban.pressSequentially(IBAN_TYPED);
  await page.getByRole('textbox', { name: 'BIC' }).fill('COBADEFFXXX');
  await expect(iban).toHaveValue(IBAN_GROUPED);
  await shoot(page, 'mandate-form');
  await page.getByRole('button', { name: 'Mandat erteilen' }).click();
  const dialog = page.getByRole('dialog', { name: 'SEPA-Lastschriftmandat erteilen?' });
  await expect(dialog).toContainText(IBAN_GROUPED);
  await dialog.getByRole('button', { name: 'Mandat erteilen' }).click();
  await expect(page.getByText('SEPA-Lastschriftmandat wurden erfolgreich erteilt.')).toBeVisible();
  await expect(page.getByText('Mandat erteilt', { exact: true })).toBeVisible();
  await expect(page.getByTestId('mandate-iban')).toHaveText(IBAN_GROUPED);
  const reference = (await page.getByText(/^MP-\d{8}-[A-Z2-9]{8}$/).textContent())!;
  // At rest the IBAN is encrypted.
  const [row] = await sql<{ iban_cipher: string }>(`select iban_cipher from payment_mandates where debtor_key = 'pharma' and revoked_at is null`);
  expect(row!.iban_cipher).not.toContain('0532013000');
  await shoot(page, 'mandate-granted');
  await expectAxeClean(page);

  // The month's direct debits.
  // The months offered are those with invoices to collect: this attempt's month with its one invoice.
  await page.getByRole('combobox', { name: 'Abrechnungsmonat' }).click();
  await page.getByRole('option', { name: new RegExp(`^${test.info().retry ? 'Februar' : 'Januar'} 2098 · 1 Rechnung, 70,21\\s€$`) }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'SEPA-Datei herunterladen' }).click()]);
  expect(download.suggestedFilename()).toBe(`lastschriften_${month}.xml`);
  const file = test.info().outputPath(`lastschriften_${month}.xml`);
  await download.saveAs(file);
  const xml = readFileSync(file, 'utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
  expect(xml).toContain(`<EndToEndId>${number}</EndToEndId>`);
  expect(xml).toContain(`<MndtId>${reference}</MndtId>`);
  expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
  expect(xml).toContain('<SeqTp>FRST</SeqTp>');
  expect(xml).toContain('<CtrlSum>70.21</CtrlSum>');
  execFileSync('xmllint', ['--noout', '--nonet', '--schema', XSD, file], { stdio: 'pipe' });
  await expect(page.getByText('Die SEPA-Datei wurde erstellt.')).toBeVisible();
  expect((await sql<{ status: string }>('select status from invoices where number = $1', [number]))[0]!.status).toBe('pending');

  // The month is collected: it is offered no more (the API answers a second export of it with 404);
  // the pharmacy's demo invoices, collectable since its mandate, are.
  await page.getByRole('combobox', { name: 'Abrechnungsmonat' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(`^${test.info().retry ? 'Februar' : 'Januar'} 2098`) })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // On a phone the tab fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('mandate-iban')).toBeVisible();
  // The layout follows the new width with a transition (the sidebar becomes a drawer): asked until it settled.
  await expect.poll(() => horizontalOverflow(page)).toEqual([]);
  await shoot(page, 'mandate-phone');

  // Revoked again, so the demo's pharmacy has no mandate for the other tests.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Mandat entziehen' }).click();
  await page.getByRole('dialog', { name: 'SEPA-Lastschriftmandat entziehen?' }).getByRole('button', { name: 'Mandat entziehen' }).click();
  await expect(page.getByText('SEPA-Lastschriftmandat wurden erfolgreich entzogen.')).toBeVisible();
  await expect(page.getByText('Kein Mandat erteilt')).toBeVisible();
  await page.context().close();
});

test('a home user downloads the home’s monthly archive: new in bold, then "bereits heruntergeladen"', async ({ browser }) => {
  const page = await signedIn(browser, 'heim');
  await page.goto('/profil?tab=6');
  await expect(page.getByRole('tab', { name: 'Backup', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Backup-Archive' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(/Sicherung \S+ \d{4}/);
  const title = (await row.getByRole('cell').first().innerText()).split('\n')[0]!.trim();
  if ((await row.getByRole('cell').nth(1).innerText()).trim() === 'neu') {
    // Unread: bold.
    expect(await row.getByRole('cell').first().evaluate((cell) => getComputedStyle(cell).fontWeight)).toBe('700');
  }
  await shoot(page, 'backup-list');
  await expectAxeClean(page);

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `${title} herunterladen` }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Sicherung_\d{4}-\d{2}_Haus_Sonnenschein\.zip$/);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const orders = await zip.file('Auftraege.csv')!.async('nodebuffer');
  expect([...orders.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(orders.toString('utf8')).toContain('Auftragsnummer;Erstellt am;Geändert am;Status');
  expect(zip.file('Nachrichten.csv')).not.toBeNull();
  await expect(row.getByRole('cell').nth(1)).toHaveText('bereits heruntergeladen');
  expect(await row.getByRole('cell').first().evaluate((cell) => getComputedStyle(cell).fontWeight)).toBe('400');

  // On a phone: the table fits, the last change sits under the title.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByRole('button', { name: `${title} herunterladen` })).toBeVisible();
  // The layout follows the new width with a transition (the sidebar becomes a drawer): asked until it settled.
  await expect.poll(() => horizontalOverflow(page)).toEqual([]);
  await shoot(page, 'backup-phone');
  await page.context().close();
});

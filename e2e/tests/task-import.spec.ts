import { createRequire } from 'node:module';
import path from 'node:path';
import type ExcelJSModule from 'exceljs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { IMPORT_COLUMNS, IMPORT_MESSAGES } from '@mediport/contracts/import';
import { ROOT } from '../support/server.js';
import { horizontalOverflow, signInFast } from '../support/layout.js';

// A pharmacy brings a care home's medication list in: it downloads the template, fills it (here:
// the test, with exceljs as a spreadsheet program would), uploads it, sees the preview with one
// wrong row, fixes the file, uploads it again and imports; the toast names the counts, the orders
// list open in another tab is told of the new orders live, the orders are in the list, and the
// list's filter goes back out as .xlsx in the same layout. E2E_SCREENSHOTS=1 saves the screens.

/** The backend's exceljs (the same library that writes the template). */
const ExcelJS = createRequire(path.join(ROOT, 'backend', 'package.json'))('exceljs') as typeof ExcelJSModule;

const run = Date.now().toString(36).slice(-5);
const shots = process.env.E2E_SCREENSHOTS === '1';
const column = (key: string) => IMPORT_COLUMNS.findIndex((c) => c.key === key) + 1;
const MEDICINES = [`Importin ${run} 10 mg`, `Importol ${run} 5 mg`];

/** Fills the template's sheet: two orders of two patients of Haus Sonnenschein; the second's birth date as given. */
async function fill(template: string, target: string, secondBirthDate: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0]!;
  const rows = [
    { lastname: `Importa${run}`, firstname: 'Irene', dateOfBirth: '14.05.1938', medicine: MEDICINES[0]! },
    { lastname: `Importb${run}`, firstname: 'Ingo', dateOfBirth: secondBirthDate, medicine: MEDICINES[1]! },
  ];
  rows.forEach((values, i) => {
    const row = sheet.getRow(2 + i);
    // The example row's home, living area, doctor, dose, amount, type and date stay as the template wrote them.
    if (i > 0) sheet.getRow(2).eachCell((cell, n) => (row.getCell(n).value = cell.value));
    row.getCell(column('lastname')).value = values.lastname;
    row.getCell(column('firstname')).value = values.firstname;
    row.getCell(column('dateOfBirth')).value = values.dateOfBirth;
    row.getCell(column('medicine')).value = values.medicine;
    row.commit();
  });
  await workbook.xlsx.writeFile(target);
  return target;
}

/** WCAG 2.1 A and AA violations of the page as it is, one line per rule with the elements it found. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function choose(page: Page, file: string): Promise<void> {
  await page.getByLabel('Datei', { exact: true }).setInputFiles(file);
}

test('the pharmacy imports a spreadsheet: template, preview with a wrong row, fix, import, orders in the list and back out', async ({ page, context, request }) => {
  await signInFast(page, request, 'apotheke');
  // The orders list in a second tab: the import's orders must be announced there live.
  const list = await context.newPage();
  await list.goto('/anforderungen');
  await expect(list.getByRole('heading', { name: 'Anforderungen' })).toBeVisible();
  const refresh = list.getByRole('button', { name: 'Aktualisieren' });
  await expect(refresh).toBeDisabled();

  await page.goto('/anforderungen/import');
  await expect(page.getByRole('heading', { name: 'Import' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Spalten der Importdatei' })).toContainText('Späteste Lieferung');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Vorlage herunterladen' }).click()]);
  expect(download.suggestedFilename()).toBe('Vorlage_Auftragsimport.xlsx');
  const template = test.info().outputPath('Vorlage.xlsx');
  await download.saveAs(template);

  // A wrong birth date: the preview names row and column, and the import waits.
  await choose(page, await fill(template, test.info().outputPath('Heimliste-falsch.xlsx'), '31.02.1950'));
  const problems = page.getByRole('table', { name: 'Probleme der Datei' });
  await expect(problems.getByRole('row').nth(1)).toHaveText(/3\s*Geburtsdatum\s*31\.02\.1950 ist kein gültiges Datum/);
  await expect(page.getByText('Die Datei hat 1 Problem')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importieren' })).toBeDisabled();
  const rows = page.getByRole('table', { name: 'Zeilen der Datei' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Neu');
  await expect(rows.nth(2)).toContainText('Fehler');
  expect(await violations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: test.info().outputPath('import-preview-error.png'), fullPage: true });

  // Fixed: the preview is clean and "Importieren" writes.
  await choose(page, await fill(template, test.info().outputPath('Heimliste.xlsx'), '28.02.1950'));
  await expect(page.getByRole('table', { name: 'Probleme der Datei' })).toBeHidden();
  await expect(rows.nth(2)).toContainText('Neu');
  await expect(page.getByText('2 neu, 0 geändert, 0 unverändert')).toBeVisible();
  if (shots) await page.screenshot({ path: test.info().outputPath('import-preview.png'), fullPage: true });
  await page.getByRole('button', { name: 'Importieren' }).click();
  const success = 'Daten erfolgreich importiert: 0 Einrichtungen, 0 Wohnbereiche, 2 Patienten, 0 Ärzte, 2 Aufträge';
  await expect(page.getByRole('alert').filter({ hasText: success }).first()).toBeVisible();
  if (shots) await page.screenshot({ path: test.info().outputPath('import-done.png'), fullPage: true });

  // Live: the other tab's list offers the refresh; the orders are there.
  await expect(refresh).toBeEnabled();
  await list.goto(`/anforderungen?text=${encodeURIComponent(`${run} `)}`);
  const table = list.getByRole('table', { name: 'Anforderungen' });
  for (const medicine of MEDICINES) await expect(table.getByRole('row').filter({ hasText: medicine })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: MEDICINES[0]! })).toContainText(`Importa${run}`);

  // And back out: the list's filter as .xlsx in the same layout.
  const [exported] = await Promise.all([list.waitForEvent('download'), list.getByRole('button', { name: 'Exportieren (Excel)' }).click()]);
  expect(exported.suggestedFilename()).toMatch(/^Auftraege_\d{8}_\d{4}\.xlsx$/);
  const file = test.info().outputPath('Export.xlsx');
  await exported.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(IMPORT_COLUMNS.map((c) => c.header));
  const medicines = Array.from({ length: sheet.rowCount - 1 }, (_, i) => String(sheet.getRow(i + 2).getCell(column('medicine')).value));
  expect(medicines.sort()).toEqual([...MEDICINES].sort());
  if (shots) await list.screenshot({ path: test.info().outputPath('import-orders-list.png') });

  // The same file again: nothing new.
  await choose(page, test.info().outputPath('Heimliste.xlsx'));
  await expect(page.getByText('Die Datei enthält nichts Neues: Alle Aufträge sind schon vorhanden.')).toBeVisible();
});

test('a file that is no spreadsheet is refused with its German message', async ({ page, request }) => {
  await signInFast(page, request, 'apotheke');
  await page.goto('/anforderungen/import');
  await page.getByLabel('Datei', { exact: true }).setInputFiles({ name: 'Bild.xlsx', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') });
  await expect(page.getByRole('alert')).toContainText(IMPORT_MESSAGES.notSpreadsheet);
});

test('on a phone the preview fits the screen: its tables scroll inside their frames', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInFast(page, request, 'apotheke');
  await page.goto('/anforderungen/import');
  const header = IMPORT_COLUMNS.map((c) => c.header).join(';');
  const row = ['Haus Sonnenschein', 'Wohnbereich A', `Telefon${run}`, 'Tina', '31.02.1950', 'Berger, Anna', '', '', '', 'Ein sehr langer Medikamentenname mit Zusatz', '1-0-1', '2', 'Auftrag', '', ''].join(';');
  await page.getByLabel('Datei', { exact: true }).setInputFiles({ name: 'Telefon.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\r\n${row}\r\n`) });
  await expect(page.getByRole('table', { name: 'Probleme der Datei' })).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  if (shots) await page.screenshot({ path: test.info().outputPath('import-phone.png'), fullPage: true });
});

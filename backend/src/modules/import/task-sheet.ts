import { PassThrough, type Writable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportColumnKey } from '@mediport/contracts/import';
import { TASK_TYPE_LABELS, TASK_TYPES } from '@mediport/contracts';
import { berlinToday, formatGermanDate, parseGermanDate } from '@mediport/validation';
import { contentDisposition } from '../../core/http/content-disposition.js';

/** One row of the sheet: each column's text (dates as DD.MM.YYYY). */
export type TaskSheetRow = Partial<Record<ImportColumnKey, string | number>>;

const DATE_COLUMNS: ReadonlySet<ImportColumnKey> = new Set(['dateOfBirth', 'latestDelivery']);
const TYPE_COLUMN = IMPORT_COLUMNS.findIndex((c) => c.key === 'type');

/** Column letter of a 0-based index (A…Z, enough for the layout). */
const letter = (index: number) => String.fromCharCode(65 + index);

/**
 * Text a spreadsheet program would run as a formula (= + - @, tab, carriage return at the start)
 * gets a leading apostrophe: the cell shows the text and nothing is executed when it is opened or
 * edited. The import drops such an apostrophe again.
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A DD.MM.YYYY text as a date cell (UTC midnight, which exceljs writes as that day); other text as it is. */
function cellValue(key: ImportColumnKey, value: string | number | undefined): string | number | Date | null {
  if (value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  if (key === 'amount' && /^\d{1,3}$/.test(value)) return Number(value);
  if (DATE_COLUMNS.has(key)) {
    const iso = parseGermanDate(value);
    if (iso) return new Date(`${iso}T00:00:00Z`);
  }
  return safeText(value);
}

/** The template's example row; the latest delivery a week from today. */
export function exampleRow(): TaskSheetRow {
  const [y, m, d] = berlinToday().split('-').map(Number) as [number, number, number];
  const nextWeek = formatGermanDate(new Date(Date.UTC(y, m - 1, d + 7)).toISOString().slice(0, 10));
  return { ...Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.example])), latestDelivery: nextWeek };
}

/**
 * Writes an .xlsx of orders in the import's column layout to `out`, streamed (exceljs'
 * WorkbookWriter, loaded on first use): a header row, the rows, a list of the order types on the
 * column Art, and a second sheet explaining each column.
 */
export async function writeTaskSheet(out: Writable, rows: AsyncIterable<TaskSheetRow> | Iterable<TaskSheetRow>): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Medikationsportal';
  const sheet = workbook.addWorksheet('Aufträge', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(DATE_COLUMNS.has(c.key) && { style: { numFmt: 'DD.MM.YYYY' } }),
  }));
  sheet.getRow(1).font = { bold: true };
  const typeRange = `${letter(TYPE_COLUMN)}2:${letter(TYPE_COLUMN)}${IMPORT_MAX_ROWS + 1}`;
  // exceljs writes data validations of a streamed sheet, but its typings lack the member.
  (sheet as unknown as { dataValidations: { add(range: string, validation: import('exceljs').DataValidation): void } }).dataValidations.add(typeRange, {
    type: 'list',
    allowBlank: true,
    formulae: [`"${TASK_TYPES.map((t) => TASK_TYPE_LABELS[t]).join(',')}"`],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: 'Art',
    error: `Bitte wählen Sie eine Auftragsart: ${TASK_TYPES.map((t) => TASK_TYPE_LABELS[t]).join(', ')}.`,
  });
  sheet.getRow(1).commit();
  for await (const row of rows) {
    sheet.addRow(Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, cellValue(c.key, row[c.key])]))).commit();
  }
  sheet.commit();

  const help = workbook.addWorksheet('Hinweise');
  help.columns = [
    { header: 'Spalte', key: 'header', width: 22 },
    { header: 'Pflicht', key: 'required', width: 8 },
    { header: 'Inhalt', key: 'description', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  help.getRow(1).commit();
  for (const c of IMPORT_COLUMNS) help.addRow({ header: c.header, required: c.required ? 'ja' : 'nein', description: c.description }).commit();
  help.commit();
  await workbook.commit();
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The sheet as a download named `fileName`, written while it is sent (a failure while writing ends the download). */
export function taskSheetFile(rows: AsyncIterable<TaskSheetRow> | Iterable<TaskSheetRow>, fileName: string): StreamableFile {
  const out = new PassThrough();
  writeTaskSheet(out, rows).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return new StreamableFile(out, { type: XLSX_TYPE, disposition: contentDisposition(fileName) });
}

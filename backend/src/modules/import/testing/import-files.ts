import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, type ImportColumnKey } from '@mediport/contracts/import';

/** A cell of a fixture: text, a number, a date, a formula (xlsx only), or empty. */
export type FixtureCell = string | number | Date | { formula: string } | null;
export type FixtureRow = Partial<Record<ImportColumnKey, FixtureCell>>;

/** The headers as the template writes them. */
export const HEADERS: string[] = IMPORT_COLUMNS.map((c) => c.header);

/** A row in the template's column order. */
export function cells(row: FixtureRow, columns: readonly ImportColumnKey[] = IMPORT_COLUMNS.map((c) => c.key)): FixtureCell[] {
  return columns.map((key) => row[key] ?? null);
}

/** An .xlsx whose first sheet holds `rows` (the first row is the header), written by exceljs as a spreadsheet program would. */
export async function xlsxFile(rows: FixtureCell[][], options: { secondSheet?: boolean } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Aufträge');
  for (const row of rows) {
    const added = sheet.addRow(row.map((c) => (c && typeof c === 'object' && 'formula' in c ? { formula: c.formula, result: '' } : c)));
    row.forEach((c, i) => {
      if (c instanceof Date) added.getCell(i + 1).numFmt = 'DD.MM.YYYY';
    });
  }
  if (options.secondSheet) workbook.addWorksheet('Notizen').addRow(['nicht importieren']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const quote = (text: string, delimiter: string) => (/["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text);

/** A CSV of `rows` (dates as DD.MM.YYYY): `;` or `,`, UTF-8 with or without byte order mark, or Windows-1252 (latin1 for the umlauts). */
export function csvFile(rows: FixtureCell[][], options: { delimiter?: ';' | ',' | '\t'; bom?: boolean; encoding?: 'utf8' | 'latin1'; lineEnd?: string } = {}): Buffer {
  const delimiter = options.delimiter ?? ';';
  const text = rows
    .map((row) =>
      row
        .map((c) => {
          if (c === null) return '';
          if (c instanceof Date) return `${String(c.getUTCDate()).padStart(2, '0')}.${String(c.getUTCMonth() + 1).padStart(2, '0')}.${c.getUTCFullYear()}`;
          if (typeof c === 'object') return quote(`=${c.formula}`, delimiter);
          return quote(String(c), delimiter);
        })
        .join(delimiter),
    )
    .join(options.lineEnd ?? '\r\n');
  const body = Buffer.from(text, options.encoding ?? 'utf8');
  return options.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

/** Reads an .xlsx answer back: the first sheet's rows as texts (dates as DD.MM.YYYY) and its data validations. */
export async function readXlsx(buffer: Buffer): Promise<{ rows: string[][]; sheetNames: string[]; validations: Record<string, { type?: string; formulae?: unknown[] }> }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(
      values.map((v) => {
        if (v === null || v === undefined) return '';
        if (v instanceof Date) return `${String(v.getUTCDate()).padStart(2, '0')}.${String(v.getUTCMonth() + 1).padStart(2, '0')}.${v.getUTCFullYear()}`;
        return String(v);
      }),
    );
  });
  const validations = (sheet as unknown as { dataValidations: { model: Record<string, { type?: string; formulae?: unknown[] }> } }).dataValidations.model;
  return { rows, sheetNames: workbook.worksheets.map((w) => w.name), validations };
}


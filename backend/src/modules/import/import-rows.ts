import { IMPORT_COLUMNS, IMPORT_HEADERS, IMPORT_MESSAGES, type ImportColumnKey, type ImportProblem, parseTaskTypeText } from '@mediport/contracts/import';
import type { TaskType } from '@mediport/contracts';
import { formatGermanDate, hasAreaCode, isEmail, isPostalCode, MIN_BIRTH_YEAR, parseGermanDate } from '@mediport/validation';
import { hasForbiddenCharacters } from '../../core/validation/input-rules.js';
import type { CellValue, SheetRow } from './sheet-reader.js';

/** A header as compared: lower case, umlauts spelled out, only letters and digits ("Späteste Lieferung" = "spaeteste_lieferung"). */
export function headerKey(text: string): string {
  return text
    .toLocaleLowerCase('de')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}

const COLUMN_BY_HEADER = new Map<string, ImportColumnKey>(IMPORT_COLUMNS.flatMap((c) => [c.header, ...c.aliases].map((h) => [headerKey(h), c.key] as const)));

/** Where each column is in the file (index into a row's cells). */
export type ColumnMap = Partial<Record<ImportColumnKey, number>>;

/** The header row: each known header's position; unknown, duplicate and missing required columns as problems. */
export function mapHeader(header: SheetRow): { columns: ColumnMap; problems: ImportProblem[] } {
  const columns: ColumnMap = {};
  const problems: ImportProblem[] = [];
  const allowed = IMPORT_COLUMNS.map((c) => c.header).join(', ');
  header.cells.forEach((cell, index) => {
    const text = textOf(cell);
    if (!text) return;
    const key = COLUMN_BY_HEADER.get(headerKey(text));
    if (!key) problems.push({ row: header.row, column: shown(text), message: IMPORT_MESSAGES.unknownColumn(allowed) });
    else if (columns[key] !== undefined) problems.push({ row: header.row, column: IMPORT_HEADERS[key], message: IMPORT_MESSAGES.duplicateColumn });
    else columns[key] = index;
  });
  for (const c of IMPORT_COLUMNS) if (c.required && columns[c.key] === undefined) problems.push({ row: header.row, column: c.header, message: IMPORT_MESSAGES.missingColumn });
  return { columns, problems };
}

/** A doctor as a row names it: by Kundennummer, or by name (and postal code). */
export type DoctorRef = { kind: 'debtor'; debtorId: string } | { kind: 'name'; lastname: string; firstname: string; postalCode: string };

/** A data row with every value checked and normalised (dates as YYYY-MM-DD). */
export interface ImportRow {
  row: number;
  home: string;
  homeGroup: string;
  lastname: string;
  firstname: string;
  dateOfBirth: string;
  doctor: DoctorRef | null;
  doctorEmail: string;
  doctorFax: string;
  medicine: string;
  dose: string;
  amount: number;
  type: TaskType;
  latestDelivery: string | null;
  pharmacy: string;
}

/** The row's cells as text, for the preview's table and for messages. */
export type RowTexts = Record<ImportColumnKey, string>;

/** Text cut for a message (a file may hold megabytes in one cell). */
export function shown(text: string, max = 40): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date cell as DD.MM.YYYY (exceljs gives dates at UTC midnight). */
const germanOf = (date: Date) => `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;

/** Formula characters that an export protects with a leading apostrophe; an apostrophe before them is dropped again on import. */
const FORMULA_START = /^'[=+\-@]/;

/** A cell as text: trimmed; a number as written; a date as DD.MM.YYYY. */
export function textOf(cell: CellValue | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return germanOf(cell);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = cell.trim();
  return FORMULA_START.test(text) ? text.slice(1) : text;
}

/** Excel's day 0 (serial numbers of a date cell without a date format). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * A date cell: a date, an Excel serial number, or text as DD.MM.YYYY (also D.M.YYYY) or
 * YYYY-MM-DD. Answers YYYY-MM-DD, or null when it is no real calendar date (31.02.1950).
 */
export function dateOf(cell: CellValue | undefined): string | null {
  if (cell instanceof Date) return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 2_958_465) return null;
    const date = new Date(EXCEL_EPOCH + cell * DAY_MS);
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  }
  const text = textOf(cell);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return parseGermanDate(`${iso[3]}.${iso[2]}.${iso[1]}`);
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  return german ? parseGermanDate(`${pad(Number(german[1]))}.${pad(Number(german[2]))}.${german[3]}`) : null;
}

/** Longest text per column (as the forms allow). */
const MAX_LENGTH: Partial<Record<ImportColumnKey, number>> = { dose: 500 };
const DEFAULT_MAX_LENGTH = 200;

/**
 * One data row: every cell checked on its own (required, length, characters, dates, amount, type,
 * postal code, e-mail, fax). Answers the row (null when a cell is wrong), its problems and its texts.
 * What needs the database (homes, patients, doctors, orders, rights) is checked by the planner.
 */
export function readRow(sheetRow: SheetRow, columns: ColumnMap, today: string): { row: ImportRow | null; problems: ImportProblem[]; texts: RowTexts } {
  const problems: ImportProblem[] = [];
  const cell = (key: ImportColumnKey): CellValue | undefined => (columns[key] === undefined ? undefined : sheetRow.cells[columns[key]!]);
  const texts = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, textOf(cell(c.key))])) as RowTexts;
  // One problem per cell: the first found.
  const bad = new Set<ImportColumnKey>();
  const problem = (key: ImportColumnKey, message: string) => {
    if (bad.has(key)) return;
    bad.add(key);
    problems.push({ row: sheetRow.row, column: IMPORT_HEADERS[key], message });
  };
  const given = (key: ImportColumnKey) => texts[key] !== '' && !bad.has(key);
  // Leading zeros of a postal code typed into a number cell (01067 → 1067) come back.
  const plz = cell('doctorPostalCode');
  if (typeof plz === 'number' && Number.isInteger(plz) && plz >= 0 && plz < 100_000) texts.doctorPostalCode = String(plz).padStart(5, '0');

  for (const c of IMPORT_COLUMNS) {
    const text = texts[c.key];
    if (hasForbiddenCharacters(text)) problem(c.key, IMPORT_MESSAGES.forbiddenCharacters);
    else if (text.length > (MAX_LENGTH[c.key] ?? DEFAULT_MAX_LENGTH)) problem(c.key, IMPORT_MESSAGES.tooLong(MAX_LENGTH[c.key] ?? DEFAULT_MAX_LENGTH));
  }
  for (const key of ['home', 'lastname', 'dateOfBirth', 'medicine', 'dose', 'type'] as const) if (!texts[key]) problem(key, IMPORT_MESSAGES.required);

  let dateOfBirth: string | null = null;
  if (given('dateOfBirth')) {
    dateOfBirth = dateOf(cell('dateOfBirth'));
    if (!dateOfBirth || Number(dateOfBirth.slice(0, 4)) < MIN_BIRTH_YEAR) problem('dateOfBirth', IMPORT_MESSAGES.invalidDate(shown(texts.dateOfBirth)));
    else if (dateOfBirth > today) problem('dateOfBirth', IMPORT_MESSAGES.birthInFuture(formatGermanDate(dateOfBirth)));
  }
  let latestDelivery: string | null = null;
  if (given('latestDelivery')) {
    latestDelivery = dateOf(cell('latestDelivery'));
    if (!latestDelivery) problem('latestDelivery', IMPORT_MESSAGES.invalidDate(shown(texts.latestDelivery)));
  }
  let amount = 1;
  if (given('amount')) {
    amount = /^\d{1,3}$/.test(texts.amount) ? Number(texts.amount) : Number.NaN;
    if (!(amount >= 1 && amount <= 100)) problem('amount', IMPORT_MESSAGES.amount(shown(texts.amount)));
  }
  const type = given('type') ? parseTaskTypeText(texts.type) : null;
  if (given('type') && type === null) problem('type', IMPORT_MESSAGES.type(shown(texts.type)));
  if (given('doctorPostalCode') && !isPostalCode(texts.doctorPostalCode)) problem('doctorPostalCode', IMPORT_MESSAGES.postalCode(shown(texts.doctorPostalCode)));
  if (given('doctorEmail') && !isEmail(texts.doctorEmail)) problem('doctorEmail', IMPORT_MESSAGES.email(shown(texts.doctorEmail)));
  if (given('doctorFax') && !hasAreaCode(texts.doctorFax)) problem('doctorFax', IMPORT_MESSAGES.faxAreaCode(shown(texts.doctorFax)));

  if (problems.length) return { row: null, problems, texts };
  return {
    row: {
      row: sheetRow.row,
      home: texts.home,
      homeGroup: texts.homeGroup,
      lastname: texts.lastname,
      firstname: texts.firstname,
      dateOfBirth: dateOfBirth!,
      doctor: doctorRefOf(texts.doctor, texts.doctorPostalCode),
      doctorEmail: texts.doctorEmail,
      doctorFax: texts.doctorFax,
      medicine: texts.medicine,
      dose: texts.dose,
      amount,
      type: type!,
      latestDelivery,
      pharmacy: texts.pharmacy,
    },
    problems,
    texts,
  };
}

/** "Nachname, Vorname" (a comma) names a doctor; text with a digit and no comma is a Kundennummer; other text a last name alone. */
export function doctorRefOf(text: string, postalCode: string): DoctorRef | null {
  if (!text) return null;
  const comma = text.indexOf(',');
  if (comma >= 0) return { kind: 'name', lastname: text.slice(0, comma).trim(), firstname: text.slice(comma + 1).trim(), postalCode };
  if (/\d/.test(text)) return { kind: 'debtor', debtorId: text };
  return { kind: 'name', lastname: text, firstname: '', postalCode };
}

import { deflateRawSync } from 'node:zlib';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@mediport/contracts/import';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { doctors, homeGroups, homes, patients, taskEvents, tasks } from '../../db/schema/index.js';
import { type DemoUsername, loginAll, useTestApp } from '../../testing/test-app.js';
import { day } from '../tasks/testing/task-world.js';
import { binary } from '../../testing/binary.js';
import { cells, csvFile, type FixtureCell, type FixtureRow, HEADERS, readXlsx, xlsxFile } from './testing/import-files.js';

/**
 * Bad files: each answers a German message (naming row and column where there is one) with a 4xx,
 * never a 500, and nothing is written. Formulas in cells are stored as text and exported with a
 * leading apostrophe.
 */
let app: NestExpressApplication;
let db: Database;
let demo: Record<DemoUsername, AuthRecord>;
let seq = 0;
const api = () => request(app.getHttpServer());

useTestApp(async (booted) => {
  app = booted.app;
  db = app.get<Database>(DB, { strict: false });
  demo = await loginAll(app);
});

const order = (values: FixtureRow = {}): FixtureRow => ({
  home: 'Haus Sonnenschein',
  lastname: `Datei${++seq}`,
  firstname: 'Dora',
  dateOfBirth: '03.04.1939',
  doctor: 'Berger, Anna',
  medicine: 'Candesartan 8 mg',
  dose: '1-0-0',
  amount: 1,
  type: 1,
  latestDelivery: day(4),
  ...values,
});
const rows = (list: FixtureRow[]): FixtureCell[][] => [HEADERS, ...list.map((r) => cells(r))];

async function rowCounts(): Promise<number[]> {
  const tables = [homes, homeGroups, patients, doctors, tasks, taskEvents];
  return Promise.all(tables.map(async (t) => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t))[0]!.n));
}

const put = (file: Buffer, name: string) => api().put('/api/import/task').set('x-auth-token', demo.apotheke.token).attach('file', file, { filename: name });

/** A zip archive of one stored file (no worksheet inside). */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const centralStart = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

interface Case {
  title: string;
  file: () => Buffer | Promise<Buffer>;
  name: string;
  status: number;
  message: string;
}

const cases: Case[] = [
  { title: 'a PNG renamed to .xlsx', file: () => PNG, name: 'liste.xlsx', status: 415, message: IMPORT_MESSAGES.notSpreadsheet },
  { title: 'an old .xls (OLE2)', file: () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]), name: 'liste.xls', status: 415, message: IMPORT_MESSAGES.oldExcel },
  { title: 'an empty file', file: () => Buffer.alloc(0), name: 'leer.csv', status: 400, message: IMPORT_MESSAGES.empty },
  { title: 'a file of blank lines', file: () => Buffer.from(';;;\r\n\r\n;\r\n'), name: 'leer.csv', status: 400, message: IMPORT_MESSAGES.empty },
  { title: 'a file with only the headers', file: () => csvFile([HEADERS]), name: 'kopf.csv', status: 400, message: IMPORT_MESSAGES.noRows },
  { title: 'an .xlsx with only the headers', file: () => xlsxFile([HEADERS]), name: 'kopf.xlsx', status: 400, message: IMPORT_MESSAGES.noRows },
  { title: 'text with NUL bytes', file: () => Buffer.concat([csvFile(rows([order()])), Buffer.from([0, 0, 0, 1])]), name: 'nul.csv', status: 415, message: IMPORT_MESSAGES.notSpreadsheet },
  { title: 'a UTF-16 text', file: () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(HEADERS.join('\t'), 'utf16le')]), name: 'unicode.txt', status: 415, message: IMPORT_MESSAGES.utf16 },
  { title: 'a zip archive without a worksheet', file: () => zipOf('word/document.xml', Buffer.from('<w/>')), name: 'brief.xlsx', status: 400, message: IMPORT_MESSAGES.noSheet },
  { title: 'a zip archive that unpacks to 300 MB', file: () => zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(300 * 1024 * 1024, 0x20)), name: 'bombe.xlsx', status: 413, message: IMPORT_MESSAGES.unpackedTooLarge },
  { title: 'a cut-off .xlsx', file: async () => (await xlsxFile(rows([order()]))).subarray(0, 400), name: 'kaputt.xlsx', status: 400, message: IMPORT_MESSAGES.unreadable },
  { title: 'a 20 MB file', file: () => Buffer.alloc(20 * 1024 * 1024, 0x41), name: 'gross.csv', status: 413, message: IMPORT_MESSAGES.tooLarge },
];

describe('bad files', () => {
  it.each(cases)('$title: $status with its German message, nothing written', async ({ file, name, status, message }) => {
    const before = await rowCounts();
    const res = await put(await file(), name);
    expect(res.status).toBe(status);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'file', message })]);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a request without a file', async () => {
    const res = await api().put('/api/import/task').set('x-auth-token', demo.apotheke.token).field('insertHomes', 'true');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ message: IMPORT_MESSAGES.noFile })]);
  });

  it('refuses two files', async () => {
    const file = csvFile(rows([order()]));
    const res = await api().put('/api/import/task').set('x-auth-token', demo.apotheke.token).attach('file', file, { filename: 'a.csv' }).attach('file', file, { filename: 'b.csv' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(IMPORT_MESSAGES.oneFile);
  });

  it('refuses a bad insert option', async () => {
    const res = await api().put('/api/import/task').set('x-auth-token', demo.apotheke.token).field('insertHomes', 'vielleicht').attach('file', csvFile(rows([order()])), { filename: 'a.csv' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'insertHomes' });
  });
});

describe('bad headers', () => {
  it('names unknown, doubled and missing columns', async () => {
    const header = ['Einrichtung', 'Name', 'Geburtsdatum', 'Medikament', 'Dosierung', 'Art', 'Art'];
    const res = await put(csvFile([header, ['Haus Sonnenschein', 'X', '01.01.1940', 'A', 'B', '1', '1']]), 'kopf.csv');
    expect(res.status).toBe(400);
    const allowed = IMPORT_COLUMNS.map((c) => c.header).join(', ');
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      `Zeile 1, Spalte Name: ${IMPORT_MESSAGES.unknownColumn(allowed)}`,
      `Zeile 1, Spalte Art: ${IMPORT_MESSAGES.duplicateColumn}`,
      `Zeile 1, Spalte Nachname: ${IMPORT_MESSAGES.missingColumn}`,
    ]);
  });
});

describe('bad cells', () => {
  const long = 'x'.repeat(10_000);
  // (exceljs drops control characters when it writes a sheet: those cases are CSV only.)
  const cellCases: { title: string; row: FixtureRow; column: string; message: string; csvOnly?: true }[] = [
    { title: 'a date that does not exist', row: { dateOfBirth: '31.02.1950' }, column: 'Geburtsdatum', message: '31.02.1950 ist kein gültiges Datum' },
    { title: 'a date in another format', row: { dateOfBirth: '1950/02/01' }, column: 'Geburtsdatum', message: '1950/02/01 ist kein gültiges Datum' },
    { title: 'a birth date in the future', row: { dateOfBirth: day(30) }, column: 'Geburtsdatum', message: IMPORT_MESSAGES.birthInFuture(day(30)) },
    { title: 'a broken latest delivery', row: { latestDelivery: '32.13.2030' }, column: 'Späteste Lieferung', message: '32.13.2030 ist kein gültiges Datum' },
    { title: 'an amount of 0', row: { amount: 0 }, column: 'Menge', message: IMPORT_MESSAGES.amount('0') },
    { title: 'an amount of 101', row: { amount: 101 }, column: 'Menge', message: IMPORT_MESSAGES.amount('101') },
    { title: 'an amount of 2,5', row: { amount: '2,5' }, column: 'Menge', message: IMPORT_MESSAGES.amount('2,5') },
    { title: 'an unknown task type', row: { type: 5 }, column: 'Art', message: IMPORT_MESSAGES.type('5') },
    { title: 'a missing last name', row: { lastname: '' }, column: 'Nachname', message: IMPORT_MESSAGES.required },
    { title: 'a huge medicine name', row: { medicine: long }, column: 'Medikament', message: IMPORT_MESSAGES.tooLong(200) },
    { title: 'a control character', row: { medicine: 'Aspirin\u0007' }, column: 'Medikament', message: IMPORT_MESSAGES.forbiddenCharacters, csvOnly: true },
    { title: 'a right-to-left override', row: { lastname: 'Ma\u202Eier' }, column: 'Nachname', message: IMPORT_MESSAGES.forbiddenCharacters },
    { title: 'a bad fax of a new doctor', row: { doctor: 'Faxlos, Fritz', doctorFax: '1234' }, column: 'Arzt Fax', message: IMPORT_MESSAGES.faxAreaCode('1234') },
    { title: 'a bad e-mail of a new doctor', row: { doctor: 'Mail, Mia', doctorEmail: 'mia(at)praxis' }, column: 'Arzt E-Mail', message: IMPORT_MESSAGES.email('mia(at)praxis') },
  ];

  it.each(cellCases)('$title: "Zeile 2, Spalte $column: …", 400, nothing written', async ({ row, column, message, csvOnly }) => {
    const before = await rowCounts();
    for (const file of [csvFile(rows([order(row)])), ...(csvOnly ? [] : [await xlsxFile(rows([order(row)]))])]) {
      const res = await put(file, 'zelle');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'file', code: 'invalid', message: `Zeile 2, Spalte ${column}: ${message}` }]);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('cuts a huge value in its message', async () => {
    const res = await put(csvFile(rows([order({ dateOfBirth: '9'.repeat(5000) })])), 'lang.csv');
    expect(res.body.errors[0].message.length).toBeLessThan(120);
  });

  it('answers at most 50 problems and the number of the others', async () => {
    const res = await put(csvFile(rows(Array.from({ length: 120 }, () => order({ amount: 0 })))), 'viele.csv');
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(51);
    expect(res.body.errors[50].message).toBe(IMPORT_MESSAGES.moreProblems(70));
  });
});

describe('size', () => {
  it(`refuses more than ${IMPORT_MAX_ROWS.toLocaleString('de-DE')} data rows while reading (413), nothing written`, async () => {
    const line = cells(order({ lastname: 'Massenhaft' })).map((c) => String(c ?? '')).join(';');
    const text = [HEADERS.join(';'), ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => line.replace('Candesartan 8 mg', `Mittel ${i}`))].join('\n');
    const before = await rowCounts();
    const res = await put(Buffer.from(text), 'gross.csv');
    expect(res.status).toBe(413);
    expect(res.body.errors[0].message).toBe(IMPORT_MESSAGES.tooManyRows);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('formulas', () => {
  it('stores them as text (never evaluated) and exports them with a leading apostrophe', async () => {
    const lastname = `Formel${++seq}`;
    const file = await xlsxFile(rows([order({ lastname, medicine: { formula: 'HYPERLINK("http://x.invalid","Klick")' } }), order({ lastname, medicine: '=cmd|\' /C calc\'!A0', dose: '+1-0-1' })]));
    const res = await put(file, 'formeln.xlsx');
    expect(res.status).toBe(200);
    const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.lastname, lastname));
    const stored = await db.select({ medicine: tasks.medicine, dose: tasks.dose }).from(tasks).where(eq(tasks.patientId, patient!.id));
    expect(stored.map((t) => t.medicine).sort()).toEqual(["=HYPERLINK(\"http://x.invalid\",\"Klick\")", "=cmd|' /C calc'!A0"]);
    const exported = await binary(api().get(`/api/tasks/export?filter[patient]=${patient!.id}`).set('x-auth-token', demo.apotheke.token));
    const { rows: sheet } = await readXlsx(exported.body as Buffer);
    const medicine = IMPORT_COLUMNS.findIndex((c) => c.key === 'medicine');
    const dose = IMPORT_COLUMNS.findIndex((c) => c.key === 'dose');
    expect(sheet.slice(1).map((r) => r[medicine]).sort()).toEqual(["'=HYPERLINK(\"http://x.invalid\",\"Klick\")", "'=cmd|' /C calc'!A0"]);
    expect(sheet.slice(1).map((r) => r[dose])).toContain("'+1-0-1");
  });
});

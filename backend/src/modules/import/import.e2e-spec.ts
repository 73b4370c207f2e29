import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { type AuthRecord, SOCKET_EVENTS } from '@mediport/contracts';
import { IMPORT_COLUMNS, IMPORT_MESSAGES, type ImportCounts, type ImportPreview } from '@mediport/contracts/import';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { auditLog, doctors, homeGroups, homes, patients, taskEvents, tasks } from '../../db/schema/index.js';
import { collect, type Instance, InstanceKit, once } from '../../testing/sockets.js';
import { createTestDatabase, type DemoUsername, loginAll, type TestDatabase } from '../../testing/test-app.js';
import { day } from '../tasks/testing/task-world.js';
import { binary } from '../../testing/binary.js';
import { cells, csvFile, type FixtureCell, type FixtureRow, HEADERS, readXlsx, xlsxFile } from './testing/import-files.js';

/**
 * The import of orders from a spreadsheet: the file format (xlsx and CSV variants), the dry run,
 * all or nothing, natural keys (a second import of the same file writes nothing), the insert
 * options, the pharmacy filter, the feed event and live announcement of each order, the audit,
 * the template, and the export back.
 */
const kit = new InstanceKit();
let database: TestDatabase;
let instance: Instance;
let app: NestExpressApplication;
let db: Database;
let demo: Record<DemoUsername, AuthRecord>;
let seq = 0;
const api = () => request(app.getHttpServer());
const as = (name: DemoUsername) => demo[name].token;

beforeAll(async () => {
  database = await createTestDatabase();
  instance = await kit.start(database);
  app = instance.app;
  db = app.get<Database>(DB, { strict: false });
  demo = await loginAll(app);
});

afterAll(async () => {
  await kit.close();
  await database.drop();
});

/** A fresh patient name per test (the database is shared by the file's tests). */
const unique = (base: string) => `${base}${++seq}`;

/** A row of Haus Sonnenschein (living area A) for Dr. Berger, type Auftrag, a week ahead. */
const order = (values: FixtureRow = {}): FixtureRow => ({
  home: 'Haus Sonnenschein',
  homeGroup: 'Wohnbereich A',
  lastname: 'Import',
  firstname: 'Ida',
  dateOfBirth: '12.03.1941',
  doctor: 'Berger, Anna',
  medicine: 'Ibuprofen 400 mg',
  dose: '1-0-1',
  amount: 2,
  type: 'Auftrag',
  latestDelivery: day(7),
  ...values,
});

const sheet = (rows: FixtureRow[]): FixtureCell[][] => [HEADERS, ...rows.map((r) => cells(r))];

type Fields = Record<string, string>;

function upload(route: 'preview' | 'import', caller: DemoUsername, file: Buffer, name: string, fields: Fields = {}) {
  const req = route === 'preview' ? api().post('/api/import/task/preview') : api().put('/api/import/task');
  req.set('x-auth-token', as(caller));
  for (const [key, value] of Object.entries(fields)) req.field(key, value);
  return req.attach('file', file, { filename: name });
}

async function rowCounts(): Promise<Record<string, number>> {
  const count = async (table: typeof homes | typeof homeGroups | typeof patients | typeof doctors | typeof tasks | typeof taskEvents) =>
    (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table))[0]!.n;
  return { homes: await count(homes), homeGroups: await count(homeGroups), patients: await count(patients), doctors: await count(doctors), tasks: await count(tasks), events: await count(taskEvents) };
}

const counts = (homesN: number, groupsN: number, patientsN: number, doctorsN: number, tasksN: number): ImportCounts => ({
  homes: { nInserted: homesN },
  homeGroups: { nInserted: groupsN },
  patients: { nUpserted: patientsN },
  doctors: { nUpserted: doctorsN },
  tasks: { nUpserted: tasksN },
});

describe('PUT /api/import/task', () => {
  it('requires sign-in', async () => {
    const res = await api().put('/api/import/task').attach('file', csvFile(sheet([order()])), { filename: 'a.csv' });
    expect(res.status).toBe(401);
  });

  it('imports an .xlsx: patients, orders with their first feed event, counts as the spec names them', async () => {
    const lastname = unique('Xlsx');
    const file = await xlsxFile(sheet([order({ lastname, medicine: 'Ibuprofen 400 mg' }), order({ lastname, medicine: 'Pantoprazol 20 mg', dose: '1-0-0', amount: 1 })]));
    const res = await upload('import', 'apotheke', file, 'Liste.xlsx');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(counts(0, 0, 1, 0, 2));
    const [patient] = await db.select().from(patients).where(eq(patients.lastname, lastname));
    expect(patient).toMatchObject({ firstname: 'Ida', dateOfBirth: '1941-03-12' });
    const written = await db.select().from(tasks).where(eq(tasks.patientId, patient!.id));
    expect(written.map((t) => t.medicine).sort()).toEqual(['Ibuprofen 400 mg', 'Pantoprazol 20 mg']);
    expect(written.every((t) => t.status === 'new' && t.homeId === demo.heim.home!._id && t.doctorId === demo.arzt.doctor!._id && t.createdBy === demo.apotheke.user._id)).toBe(true);
    // 'Eine Anforderung wurde erzeugt': the feed starts as with an order placed by hand.
    const events = await db.select().from(taskEvents).where(eq(taskEvents.taskId, written[0]!.id));
    expect(events).toEqual([expect.objectContaining({ type: 'status_change', data: { from: null, to: 'new' }, createdBy: demo.apotheke.user._id })]);
    // The orders list shows them.
    const list = await api().get(`/api/tasks?filter[patient]=${patient!.id}`).set('x-auth-token', as('apotheke'));
    expect(list.body.count).toBe(2);
  });

  it.each([
    ['CSV with ; and a byte order mark', { delimiter: ';', bom: true } as const],
    ['CSV with , without byte order mark', { delimiter: ',', bom: false } as const],
    ['CSV in Windows-1252', { delimiter: ';', encoding: 'latin1' } as const],
    ['CSV with tabs and LF line ends', { delimiter: '\t', lineEnd: '\n' } as const],
  ])('reads a %s, umlauts included', async (_title, options) => {
    const lastname = unique('Müller-Lüdenscheidt');
    const file = csvFile(sheet([order({ lastname, firstname: 'Jürgen', medicine: 'Süßholz; Tee, "stark"', dose: '3× täglich' })]), options);
    const res = await upload('import', 'apotheke', file, 'Liste.csv');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(counts(0, 0, 1, 0, 1));
    const [row] = await db.select({ firstname: patients.firstname, medicine: tasks.medicine, dose: tasks.dose }).from(tasks).innerJoin(patients, eq(patients.id, tasks.patientId)).where(eq(patients.lastname, lastname));
    expect(row).toEqual({ firstname: 'Jürgen', medicine: 'Süßholz; Tee, "stark"', dose: '3× täglich' });
  });

  it('reads headers in any case and order, with umlauts spelled out, and dates as date cells or D.M.YYYY', async () => {
    const lastname = unique('Spalten');
    const columns = ['type', 'medicine', 'dose', 'latestDelivery', 'home', 'lastname', 'dateOfBirth', 'doctor'] as const;
    const header = ['ART', 'medikament', 'Dosierung', 'Spaeteste Lieferung', 'einrichtung', 'NACHNAME', 'Geburtsdatum', 'Arzt'];
    const file = await xlsxFile([header, cells(order({ lastname, type: 1, dateOfBirth: new Date(Date.UTC(1938, 0, 5)), latestDelivery: day(3).replace(/^0/, '') }), columns)]);
    const res = await upload('import', 'apotheke', file, 'Spalten.xlsx');
    expect(res.status).toBe(200);
    const [patient] = await db.select().from(patients).where(eq(patients.lastname, lastname));
    expect(patient!.dateOfBirth).toBe('1938-01-05');
  });

  it('is idempotent: the same file a second time changes nothing and counts 0', async () => {
    const lastname = unique('Zweimal');
    const file = csvFile(sheet([order({ lastname }), order({ lastname, medicine: 'Metformin 500 mg', doctor: '', type: 'Selbstkauf' })]));
    expect((await upload('import', 'apotheke', file, 'a.csv')).body).toEqual(counts(0, 0, 1, 0, 2));
    const before = await rowCounts();
    const again = await upload('import', 'apotheke', file, 'a.csv');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(counts(0, 0, 0, 0, 0));
    expect(await rowCounts()).toEqual(before);
  });

  it('updates an open order of the same key (amount, type, doctor) and moves a patient to the named living area', async () => {
    const lastname = unique('Anders');
    await upload('import', 'apotheke', csvFile(sheet([order({ lastname, amount: 1 })])), 'a.csv');
    const res = await upload('import', 'apotheke', csvFile(sheet([order({ lastname, amount: 5, homeGroup: 'Wohnbereich B' })])), 'b.csv');
    expect(res.body).toEqual(counts(0, 0, 1, 0, 1));
    const [row] = await db
      .select({ amount: tasks.amount, group: homeGroups.name })
      .from(tasks)
      .innerJoin(patients, eq(patients.id, tasks.patientId))
      .innerJoin(homeGroups, eq(homeGroups.id, patients.homeGroupId))
      .where(eq(patients.lastname, lastname));
    expect(row).toEqual({ amount: 5, group: 'Wohnbereich B' });
  });

  it('leaves a finished order as it is', async () => {
    const lastname = unique('Fertig');
    await upload('import', 'apotheke', csvFile(sheet([order({ lastname, amount: 1 })])), 'a.csv');
    const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.lastname, lastname));
    await db.update(tasks).set({ status: 'finished' }).where(eq(tasks.patientId, patient!.id));
    const res = await upload('import', 'apotheke', csvFile(sheet([order({ lastname, amount: 3 })])), 'b.csv');
    expect(res.body).toEqual(counts(0, 0, 0, 0, 0));
  });

  it('aborts on a missing home unless insertHomes is on; with it the home is inserted', async () => {
    const home = unique('Haus Neuland ');
    const file = csvFile(sheet([order({ home, homeGroup: '', lastname: unique('Neu') })]));
    const before = await rowCounts();
    const refused = await upload('import', 'apotheke', file, 'n.csv');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'file', code: 'invalid', message: `Zeile 2, Spalte Einrichtung: ${IMPORT_MESSAGES.missingHome(home)}` }]);
    expect(await rowCounts()).toEqual(before);
    const done = await upload('import', 'apotheke', file, 'n.csv', { insertHomes: 'true' });
    expect(done.body).toEqual(counts(1, 0, 1, 0, 1));
    expect(await db.select({ name: homes.name }).from(homes).where(eq(homes.name, home))).toHaveLength(1);
  });

  it('aborts on a home name that two active homes share: a row never lands in the wrong home', async () => {
    const home = unique('Haus Doppelt ');
    await db.insert(homes).values([{ name: home }, { name: home }]);
    const before = await rowCounts();
    const refused = await upload('import', 'apotheke', csvFile(sheet([order({ home, homeGroup: '', lastname: unique('Zweifel') })])), 'd.csv', { insertHomeGroups: 'true' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'file', code: 'invalid', message: `Zeile 2, Spalte Einrichtung: ${IMPORT_MESSAGES.ambiguousHome(home)}` }]);
    expect(await rowCounts()).toEqual(before);
  });

  it('updates the open one of two equal orders, not a finished older one', async () => {
    const lastname = unique('Zwilling');
    await upload('import', 'apotheke', csvFile(sheet([order({ lastname, amount: 1 })])), 'z1.csv');
    const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.lastname, lastname));
    const [first] = await db.select().from(tasks).where(eq(tasks.patientId, patient!.id));
    // An older finished copy of the same order, made before the open one.
    await db.insert(tasks).values({ ...first!, id: undefined, status: 'finished', createdAt: new Date(first!.createdAt.getTime() - 86_400_000) });
    const res = await upload('import', 'apotheke', csvFile(sheet([order({ lastname, amount: 4 })])), 'z2.csv');
    expect(res.status).toBe(200);
    const rows = await db.select({ status: tasks.status, amount: tasks.amount }).from(tasks).where(eq(tasks.patientId, patient!.id)).orderBy(tasks.createdAt);
    expect(rows).toEqual([{ status: 'finished', amount: 1 }, { status: 'new', amount: 4 }]);
  });

  it('aborts on a missing living area unless insertHomeGroups is on (a new home needs both options)', async () => {
    const home = unique('Haus Zweiflügel ');
    const file = csvFile(sheet([order({ home, homeGroup: 'Nordflügel', lastname: unique('Flügel') }), order({ homeGroup: 'Südflügel', lastname: unique('Flügel') })]));
    const before = await rowCounts();
    const refused = await upload('import', 'apotheke', file, 'g.csv', { insertHomes: 'true' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { message: string }) => e.message)).toEqual([
      `Zeile 2, Spalte Wohnbereich: ${IMPORT_MESSAGES.missingHomeGroup('Nordflügel', home)}`,
      `Zeile 3, Spalte Wohnbereich: ${IMPORT_MESSAGES.missingHomeGroup('Südflügel', 'Haus Sonnenschein')}`,
    ]);
    expect(await rowCounts()).toEqual(before);
    const done = await upload('import', 'apotheke', file, 'g.csv', { insertHomes: 'true', insertHomeGroups: 'true' });
    expect(done.body).toEqual(counts(1, 2, 2, 0, 2));
  });

  it('writes nothing when one row of many is wrong (all or nothing)', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => order({ lastname: unique('Alles'), medicine: `Mittel ${i}` }));
    rows[17] = order({ lastname: unique('Alles'), dateOfBirth: '31.02.1950' });
    const before = await rowCounts();
    const res = await upload('import', 'apotheke', csvFile(sheet(rows)), 'alles.csv');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'file', code: 'invalid', message: 'Zeile 19, Spalte Geburtsdatum: 31.02.1950 ist kein gültiges Datum' }]);
    expect(await rowCounts()).toEqual(before);
  });

  it('creates a doctor named with e-mail or fax, finds one by Kundennummer, and refuses an unknown Kundennummer', async () => {
    const [berger] = await db.select({ id: doctors.id }).from(doctors).where(eq(doctors.lastname, 'Berger'));
    await db.update(doctors).set({ debtorId: 'K-4711' }).where(eq(doctors.id, berger!.id));
    const lastname = unique('Arztwahl');
    const file = csvFile(
      sheet([
        order({ lastname, medicine: 'A', doctor: 'K-4711' }),
        order({ lastname, medicine: 'B', doctor: 'Neumann, Nora', doctorFax: '030 1234567', doctorPostalCode: '10115' }),
        order({ lastname, medicine: 'C', doctor: 'Neumann, Nora', doctorPostalCode: '10115' }),
      ]),
    );
    const res = await upload('import', 'apotheke', file, 'd.csv');
    expect(res.body).toEqual(counts(0, 0, 1, 1, 3));
    const [nora] = await db.select().from(doctors).where(eq(doctors.lastname, 'Neumann'));
    expect(nora).toMatchObject({ firstname: 'Nora', postalCode: '10115', fax: '030 1234567', preferred: 'Fax', createdBy: demo.apotheke.user._id });
    const unknown = await upload('preview', 'apotheke', csvFile(sheet([order({ lastname, medicine: 'D', doctor: 'K-0000' }), order({ lastname, medicine: 'E', doctor: 'Unbekannt, Udo' })])), 'u.csv');
    expect(unknown.body.problems).toEqual([
      { row: 2, column: 'Arzt', message: IMPORT_MESSAGES.unknownDebtor('K-0000') },
      { row: 3, column: 'Arzt', message: IMPORT_MESSAGES.newDoctorContact('Unbekannt, Udo') },
    ]);
  });

  it('keeps only the rows of the chosen pharmacy', async () => {
    const lastname = unique('Filter');
    const file = csvFile(sheet([order({ lastname, medicine: 'A', pharmacy: 'Apotheke am Markt' }), order({ lastname, medicine: 'B', pharmacy: 'Andere Apotheke', dateOfBirth: 'kaputt' })]));
    const preview = (await upload('preview', 'apotheke', file, 'p.csv', { filterPharma: 'apotheke AM markt' })).body as ImportPreview;
    expect(preview).toMatchObject({ rows: 2, skipped: 1, pharmacies: ['Andere Apotheke', 'Apotheke am Markt'], problemCount: 0 });
    expect(preview.lines.map((l) => l.action)).toEqual(['insert', 'skipped']);
    const res = await upload('import', 'apotheke', file, 'p.csv', { filterPharma: 'Apotheke am Markt' });
    expect(res.body).toEqual(counts(0, 0, 1, 0, 1));
    const written = await db.select({ medicine: tasks.medicine }).from(tasks).innerJoin(patients, eq(patients.id, tasks.patientId)).where(eq(patients.lastname, lastname));
    expect(written).toEqual([{ medicine: 'A' }]);
  });

  it('announces the new orders live to the pharmacy and the home, once per audience', async () => {
    const pharmacy = await kit.ready(instance.url, as('apotheke'));
    const home = await kit.ready(instance.url, as('heim'));
    const driver = await kit.ready(instance.url, as('fahrer'));
    const toDriver = collect(driver, SOCKET_EVENTS.newTask);
    const toPharmacy = collect(pharmacy, SOCKET_EVENTS.newTask);
    const lastname = unique('Live');
    const arrived = once<{ taskId: string }>(home, SOCKET_EVENTS.newTask);
    const res = await upload('import', 'apotheke', csvFile(sheet(Array.from({ length: 20 }, (_, i) => order({ lastname, medicine: `Live ${i}` })))), 'l.csv');
    expect(res.body.tasks.nUpserted).toBe(20);
    const { taskId } = await arrived;
    const [task] = await db.select({ patient: patients.lastname }).from(tasks).innerJoin(patients, eq(patients.id, tasks.patientId)).where(eq(tasks.id, taskId));
    expect(task!.patient).toBe(lastname);
    await new Promise((r) => setTimeout(r, 300));
    expect(toPharmacy).toHaveLength(1);
    expect(toDriver).toEqual([]);
  });

  it('audits every import: who, the file name, the counts; a refused one too', async () => {
    const lastname = unique('Audit');
    await upload('import', 'apotheke', csvFile(sheet([order({ lastname })])), 'Heimliste März.csv');
    await upload('import', 'apotheke', csvFile(sheet([order({ lastname, amount: 0 })])), 'Kaputt.csv');
    const rows = await db.select().from(auditLog).where(and(eq(auditLog.actorId, demo.apotheke.user._id), sql`${auditLog.action} like 'task.import%'`));
    const done = rows.find((r) => r.action === 'task.import' && r.meta.fileName === 'Heimliste März.csv');
    expect(done?.meta).toMatchObject({ fileName: 'Heimliste März.csv', format: 'csv', rows: 1, counts: counts(0, 0, 1, 0, 1) });
    const refused = rows.find((r) => r.action === 'task.import_refused' && r.meta.fileName === 'Kaputt.csv');
    expect(refused?.meta).toMatchObject({ status: 400, problems: 1 });
  });
});

describe('POST /api/import/task/preview', () => {
  it('requires sign-in', async () => {
    expect((await api().post('/api/import/task/preview').attach('file', csvFile(sheet([order()])), { filename: 'a.csv' })).status).toBe(401);
  });

  it('answers what would be written and every problem with row and column, and writes nothing', async () => {
    const lastname = unique('Vorschau');
    const file = csvFile(
      sheet([
        order({ lastname, medicine: 'A' }),
        order({ lastname, medicine: 'B', dateOfBirth: '31.02.1950' }),
        order({ lastname, medicine: 'C', amount: 101 }),
        order({ lastname, medicine: 'D', type: 'Bestellung' }),
        order({ lastname, medicine: 'E', latestDelivery: day(-2) }),
        order({ lastname, medicine: 'F', type: 4, doctor: '' }),
        order({ lastname, medicine: 'A' }),
        order({ home: 'Haus Nirgendwo', lastname }),
      ]),
    );
    const before = await rowCounts();
    const res = await upload('preview', 'apotheke', file, 'Vorschau.csv');
    expect(res.status).toBe(200);
    const preview = res.body as ImportPreview;
    expect(await rowCounts()).toEqual(before);
    expect(preview).toMatchObject({ fileName: 'Vorschau.csv', format: 'csv', rows: 8, skipped: 0, counts: counts(0, 0, 1, 0, 1), problemCount: 7 });
    expect(preview.problems).toEqual([
      { row: 3, column: 'Geburtsdatum', message: '31.02.1950 ist kein gültiges Datum' },
      { row: 4, column: 'Menge', message: IMPORT_MESSAGES.amount('101') },
      { row: 5, column: 'Art', message: IMPORT_MESSAGES.type('Bestellung') },
      { row: 6, column: 'Späteste Lieferung', message: IMPORT_MESSAGES.deliveryInPast(day(-2)) },
      { row: 7, column: 'Arzt', message: IMPORT_MESSAGES.doctorRequired },
      { row: 8, column: 'Medikament', message: IMPORT_MESSAGES.duplicateRow(2) },
      { row: 9, column: 'Einrichtung', message: IMPORT_MESSAGES.missingHome('Haus Nirgendwo') },
    ]);
    expect(preview.lines.map((l) => [l.row, l.action])).toEqual([
      [2, 'insert'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'error'],
      [9, 'error'],
    ]);
    expect(preview.lines[0]).toMatchObject({ home: 'Haus Sonnenschein', homeGroup: 'Wohnbereich A', patient: `${lastname}, Ida`, dateOfBirth: '12.03.1941', doctor: 'Berger, Anna', amount: '2', type: 'Auftrag' });
  });

  it('shows a second run of the same file as unchanged', async () => {
    const lastname = unique('Unverändert');
    const file = await xlsxFile(sheet([order({ lastname })]));
    await upload('import', 'apotheke', file, 'a.xlsx');
    const preview = (await upload('preview', 'apotheke', file, 'a.xlsx')).body as ImportPreview;
    expect(preview.counts).toEqual(counts(0, 0, 0, 0, 0));
    expect(preview.details.tasks).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    expect(preview.lines[0]!.action).toBe('unchanged');
  });
});

describe('GET /api/import/task/progress', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/import/task/progress?job=6f1c0a52-4a8e-4f4e-9b1e-2f4f8c1d2e3f')).status).toBe(401);
  });

  it("follows an upload by its job id, and never another user's", async () => {
    const job = '6f1c0a52-4a8e-4f4e-9b1e-2f4f8c1d2e3f';
    const waiting = await api().get(`/api/import/task/progress?job=${job}`).set('x-auth-token', as('apotheke'));
    expect(waiting.body).toEqual({ phase: 'waiting', done: 0, total: 0, rows: 0 });
    const lastname = unique('Fortschritt');
    const res = await api()
      .put(`/api/import/task?job=${job}`)
      .set('x-auth-token', as('apotheke'))
      .attach('file', csvFile(sheet([order({ lastname }), order({ lastname, medicine: 'B' })])), { filename: 'f.csv' });
    expect(res.status).toBe(200);
    const done = await api().get(`/api/import/task/progress?job=${job}`).set('x-auth-token', as('apotheke'));
    expect(done.body).toEqual({ phase: 'done', done: 2, total: 2, rows: 2 });
    const other = await api().get(`/api/import/task/progress?job=${job}`).set('x-auth-token', as('admin'));
    expect(other.body.phase).toBe('waiting');
    expect((await api().get('/api/import/task/progress?job=kein-uuid').set('x-auth-token', as('apotheke'))).status).toBe(400);
  });
});

describe('GET /api/import/task/template', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/import/task/template')).status).toBe(401);
  });

  it('is an .xlsx with the headers, one example row and the list of order types on Art', async () => {
    const res = await binary(api().get('/api/import/task/template').set('x-auth-token', as('apotheke')));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('Vorlage_Auftragsimport.xlsx');
    const { rows, sheetNames, validations } = await readXlsx(res.body as Buffer);
    expect(sheetNames).toEqual(['Aufträge', 'Hinweise']);
    expect(rows[0]).toEqual(IMPORT_COLUMNS.map((c) => c.header));
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 5)).toEqual(['Haus Sonnenschein', 'Wohnbereich A', 'Musterfrau', 'Erika', '12.03.1941']);
    const art = Object.entries(validations).find(([range]) => range.startsWith('M2'));
    expect(art?.[1]).toMatchObject({ type: 'list', formulae: ['"Auftrag,Selbstkauf,Rezept in Wohnbereich,Rezept in Arztpraxis"'] });
  });

  it('passes the dry run as it is (its example row)', async () => {
    const template = await binary(api().get('/api/import/task/template').set('x-auth-token', as('apotheke')));
    const preview = (await upload('preview', 'apotheke', template.body as Buffer, 'Vorlage.xlsx')).body as ImportPreview;
    expect(preview).toMatchObject({ format: 'xlsx', rows: 1, problemCount: 0 });
  });
});

describe('GET /api/tasks/export', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/tasks/export')).status).toBe(401);
  });

  it("writes the list's filter in the import's layout, and an import of it changes nothing", async () => {
    const lastname = unique('Rundreise');
    await upload('import', 'apotheke', await xlsxFile(sheet([order({ lastname }), order({ lastname, medicine: '=HYPERLINK("http://x.invalid","klick")' })])), 'r.xlsx');
    const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.lastname, lastname));
    const res = await binary(api().get(`/api/tasks/export?filter[patient]=${patient!.id}`).set('x-auth-token', as('apotheke')));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/Auftraege_\d{8}_\d{4}\.xlsx/);
    const { rows } = await readXlsx(res.body as Buffer);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows.slice(1).map((r) => r[IMPORT_COLUMNS.findIndex((c) => c.key === 'medicine')]).sort()).toEqual(["'=HYPERLINK(\"http://x.invalid\",\"klick\")", 'Ibuprofen 400 mg']);
    expect(rows[1]!.slice(0, 6)).toEqual(['Haus Sonnenschein', 'Wohnbereich A', lastname, 'Ida', '12.03.1941', 'Berger, Anna']);
    const again = await upload('import', 'apotheke', res.body as Buffer, 'export.xlsx');
    expect(again.body).toEqual(counts(0, 0, 0, 0, 0));
  });

  it("holds only what the caller's list holds (the Task policy's scope)", async () => {
    const own = unique('Eigen');
    const other = unique('Fremd');
    await upload('import', 'apotheke', csvFile(sheet([order({ lastname: own }), order({ lastname: other, home: 'Seniorenresidenz Am Stadtpark', homeGroup: '' })])), 's.csv');
    const read = async (caller: DemoUsername) => {
      const res = await binary(api().get('/api/tasks/export').set('x-auth-token', as(caller)));
      expect(res.status).toBe(200);
      return (await readXlsx(res.body as Buffer)).rows.map((r) => r[2]);
    };
    const pharmacy = await read('apotheke');
    expect(pharmacy).toEqual(expect.arrayContaining([own, other]));
    const home = await read('heim');
    expect(home).toContain(own);
    expect(home).not.toContain(other);
    expect((await api().get('/api/tasks/export').set('x-auth-token', as('buchhaltung'))).status).toBe(403);
  });

  it('refuses a bad filter with the list\'s message', async () => {
    const res = await api().get('/api/tasks/export?filter[status]=offen').set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(400);
  });
});

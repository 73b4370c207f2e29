import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import type { BackupEntry } from '@mediport/contracts/backup';
import { Clock } from '../../core/clock/clock.js';
import { FilesService } from '../../core/files/files.service.js';
import { pdfText } from '../../core/pdf/testing/pdf-text.js';
import { backupArchives, contractItems, doctorOffices, doctors, documents, homes, invoices, patients, taskEvents, tasks } from '../../db/schema/index.js';
import { loginAll, type DemoUsername, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { addContract, addDoctor, addHome, addUser, contractRow, databaseOf, type ContractFixture } from '../contracts/testing/contract-fixtures.js';
import { insertInvoice } from '../payment/testing/invoice-fixture.js';
import { buildTextPdf } from '../profile/profile.seed.js';
import { EVENT_CSV_HEADER, TASK_CSV_HEADER } from './backup-archiver.js';
import { BackupRetention, monthsBefore } from './backup-retention.js';
import { BackupStore } from './backup-store.js';
import { BackupJob, previousMonth } from './backup.job.js';
import { binary } from '../../testing/binary.js';

let app: NestExpressApplication;
let testDb: TestDatabase;
let users: Record<DemoUsername, AuthRecord>;
let heimBuchhalter: AuthRecord;
let otherHomeUser: AuthRecord;
let otherPracticeUser: AuthRecord;
const ids = { home: '', doctor: '', otherHome: '', patient: '', task: '', soloDoctor: '', unprinted: '' };
const MONTH = '2026-03';
const api = () => request(app.getHttpServer());
const db = () => databaseOf(app);


useTestApp(async (booted) => {
  app = booted.app;
  testDb = booted.db;
  users = await loginAll(app);
  ids.home = (await db().select({ id: homes.id }).from(homes).where(eq(homes.name, 'Haus Sonnenschein')))[0]!.id;
  ids.doctor = (await db().select({ id: doctors.id }).from(doctors).where(eq(doctors.lastname, 'Berger')))[0]!.id;
  ids.soloDoctor = (await db().select({ id: doctors.id }).from(doctors).where(eq(doctors.lastname, 'Becker')))[0]!.id;
  ids.otherHome = await addHome(app, 'Haus Fremdenheim');
  heimBuchhalter = await addUser(app, { username: 'heim.buchhalter', roles: ['ROLE_HOME', 'ROLE_ACCOUNTING'], homeId: ids.home });
  otherHomeUser = await addUser(app, { username: 'fremd.heim', roles: ['ROLE_HOME'], homeId: ids.otherHome });
  otherPracticeUser = await addUser(app, { username: 'solo.arzt', roles: ['ROLE_DOCTOR'], doctorId: ids.soloDoctor });

  // An order of Haus Sonnenschein for Dr. Berger in March 2026, with a chat that tests the CSV's escaping.
  const [patient] = await db().select({ id: patients.id }).from(patients).where(eq(patients.homeId, ids.home)).limit(1);
  ids.patient = patient!.id;
  const at = new Date('2026-03-15T09:30:00Z');
  const [task] = await db()
    .insert(tasks)
    .values({ type: 1, medicine: 'Ibuprofen 400; "forte"', dose: '1-0-1', amount: 20, patientId: ids.patient, homeId: ids.home, doctorId: ids.doctor, createdAt: at, modifiedAt: at, createdBy: users.heim.user._id, latestDelivery: '2026-03-20' })
    .returning({ id: tasks.id });
  ids.task = task!.id;
  await db().insert(taskEvents).values([
    { taskId: ids.task, type: 'status_change', data: { from: null, to: 'new' }, createdAt: at, createdBy: users.heim.user._id },
    { taskId: ids.task, type: 'message', data: { text: 'Bitte bis Freitag; Rückruf "dringend"\nzweite Zeile' }, createdAt: new Date('2026-03-15T10:00:00Z'), createdBy: users.heim.user._id },
    { taskId: ids.task, type: 'message', data: { text: '=HYPERLINK("http://böse.example")' }, createdAt: new Date('2026-03-15T11:00:00Z'), createdBy: users.apotheke.user._id },
    // Another month's message stays out of March.
    { taskId: ids.task, type: 'message', data: { text: 'April-Nachricht' }, createdAt: new Date('2026-04-02T08:00:00Z'), createdBy: users.heim.user._id },
  ]);
  // An order of another home the same month: never in Sonnenschein's archive.
  const [foreignPatient] = await db().insert(patients).values({ lastname: 'Fremdpatient', dateOfBirth: '1940-01-01', homeId: ids.otherHome }).returning({ id: patients.id });
  await db().insert(tasks).values({ type: 2, medicine: 'Fremdmittel', patientId: foreignPatient!.id, homeId: ids.otherHome, createdAt: at, modifiedAt: at });

  // A prescription request with its PDF, and the home's invoices around March.
  const files = app.get(FilesService);
  const requestPdf = await files.save(buildTextPdf('Rezeptanforderung', ['Ibuprofen']), { accept: ['application/pdf'], message: 'PDF' });
  await db().insert(documents).values({ doctorId: ids.doctor, homeId: ids.home, channel: 'email', subject: 'Rezept', content: '', taskIds: [ids.task], fileId: requestPdf.id, createdAt: new Date('2026-03-16T08:00:00Z') });
  const invoicePdf = await files.save(buildTextPdf('Rechnung', ['RE-2026-000777']), { accept: ['application/pdf'], message: 'PDF' });
  // February's invoice is issued on 1 March, after February's archive: it belongs to March's.
  await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.home }, name: 'Haus Sonnenschein', number: 'RE-2026-000777', period: '2026-02-01', issuedOn: '2026-03-01', grossCents: 7021, fileId: invoicePdf.id });
  // A credit note issued in March and never printed: the archive prints it.
  ids.unprinted = (await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.home }, name: 'Haus Sonnenschein', number: 'RE-2026-000790', kind: 'credit_note', status: 'canceled', period: '2026-02-01', issuedOn: '2026-03-20', grossCents: -7021 })).id;
  // March's own invoice is issued on 1 April: April's archive.
  await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.home }, name: 'Haus Sonnenschein', number: 'RE-2026-000800', period: '2026-03-01', issuedOn: '2026-04-01', grossCents: 4760 });

  expect(await app.get(BackupJob).runMonth(MONTH)).toBeGreaterThanOrEqual(6);
});

const list = (caller: AuthRecord, query = '') => api().get(`/api/backup${query}`).set('x-auth-token', caller.token);
const download = (caller: AuthRecord, name: string) => binary(api().get(`/api/backup/download/${name}`).set('x-auth-token', caller.token));

async function archiveOf(owner: string): Promise<typeof backupArchives.$inferSelect> {
  const [row] = await db().select().from(backupArchives).where(and(eq(backupArchives.ownerKey, owner), eq(backupArchives.month, MONTH)));
  return row!;
}

async function unzip(data: Buffer): Promise<JSZip> {
  return JSZip.loadAsync(data);
}

/** A CSV of the archive as rows of fields (semicolons, quotes doubled, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  return rows;
}

describe('GET /api/backup', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/backup')).status).toBe(401);
  });

  it("lists the home's archives for its users, new and with the spec's fields", async () => {
    const res = await list(users.heim);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    const [entry] = res.body.data as BackupEntry[];
    expect(entry).toMatchObject({ status: 'new', title: 'Sicherung März 2026', month: MONTH, original: 'Sicherung_2026-03_Haus_Sonnenschein.zip' });
    expect(entry!.name).toMatch(/^backup-2026-03-haus_sonnenschein-[0-9a-f]{6}\.zip$/);
    expect(Date.parse(entry!.stats.mtime)).not.toBeNaN();
    expect(entry!.stats.size).toBeGreaterThan(500);
  });

  it("lists the practice's archive for a doctor of the practice, and a doctor without a practice his own", async () => {
    const practice = await list(users.arzt);
    expect(practice.body.data.map((e: BackupEntry) => e.original)).toEqual(['Sicherung_2026-03_Praxis_Dr._Berger.zip']);
    const solo = await list(otherPracticeUser);
    expect(solo.body.data.map((e: BackupEntry) => e.original)).toEqual(['Sicherung_2026-03_Dr._Stefan_Becker.zip']);
  });

  it('lists every archive for the administrator, and none of the homes for the pharmacy manager', async () => {
    const all = await list(users.admin, '?limit=100');
    const total = (await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(backupArchives))[0]!.n;
    expect(all.body.count).toBe(total);
    expect(total).toBeGreaterThanOrEqual(9);
    const pharmacy = await list(users.apotheke);
    expect(pharmacy.status).toBe(200);
    expect(pharmacy.body).toEqual({ data: [], count: 0 });
  });

  it('a home user combined with accounting sees the home’s archives only', async () => {
    const res = await list(heimBuchhalter);
    expect(res.body.data.map((e: BackupEntry) => e.original)).toEqual(['Sicherung_2026-03_Haus_Sonnenschein.zip']);
  });

  it.each([
    { title: 'the driver', who: () => users.fahrer },
    { title: 'accounting alone', who: () => users.buchhaltung },
  ])('refuses $title (no backup_list_view) with 403', async ({ who }) => {
    expect((await list(who())).status).toBe(403);
  });

  it('refuses a bad page parameter with a German message', async () => {
    const res = await list(users.heim, '?limit=abc');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/Ungültig/);
  });
});

describe('GET /api/backup/download/:name', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/backup/download/x.zip')).status).toBe(401);
  });

  it('answers the ZIP with the orders and the chat as CSV (German headers, UTF-8 with BOM), the request PDF and the PDFs of the invoices issued in the month', async () => {
    const archive = await archiveOf(`home:${ids.home}`);
    const res = await download(users.heim, archive.name);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Sicherung_2026-03_Haus_Sonnenschein.zip"');
    const zip = await unzip(res.body as Buffer);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir).sort();
    expect(names).toEqual(['Auftraege.csv', 'Nachrichten.csv', 'Rechnungen/RE-2026-000777.pdf', 'Rechnungen/RE-2026-000790.pdf', 'Rezeptanforderungen/2026-03-16_0900_Dr._Anna_Berger.pdf']);

    const taskBytes = await zip.file('Auftraege.csv')!.async('nodebuffer');
    expect([...taskBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const taskRows = parseCsv(taskBytes.toString('utf8').slice(1));
    expect(taskRows[0]).toEqual([...TASK_CSV_HEADER]);
    expect(taskRows).toHaveLength(2);
    expect(taskRows[1]).toEqual([
      ids.task,
      '15.03.2026 10:30',
      '15.03.2026 10:30',
      'Neu',
      'Auftrag',
      'Medikament',
      expect.any(String),
      expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
      'Haus Sonnenschein',
      expect.any(String),
      'Dr. Anna Berger',
      'Ibuprofen 400; "forte"',
      '1-0-1',
      '20',
      '20.03.2026',
      'heim',
    ]);

    const eventText = (await zip.file('Nachrichten.csv')!.async('nodebuffer')).toString('utf8');
    expect(eventText.startsWith('\ufeff')).toBe(true);
    const eventRows = parseCsv(eventText.slice(1));
    expect(eventRows[0]).toEqual([...EVENT_CSV_HEADER]);
    expect(eventRows.slice(1).map((r) => [r[3], r[4], r[5]])).toEqual([
      ['Statusänderung', 'heim', 'Eine Anforderung wurde erzeugt'],
      ['Nachricht', 'heim', 'Bitte bis Freitag; Rückruf "dringend"\nzweite Zeile'],
      // A formula is written as text.
      ['Nachricht', 'apotheke', `'=HYPERLINK("http://böse.example")`],
    ]);

    const pdf = await zip.file('Rezeptanforderungen/2026-03-16_0900_Dr._Anna_Berger.pdf')!.async('nodebuffer');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await zip.file('Rechnungen/RE-2026-000777.pdf')!.async('nodebuffer')).toString('latin1')).toContain('RE-2026-000777');
    // The unprinted credit note was printed by the suite's PDF service for the archive, and keeps that print.
    const [printed] = await db().select({ fileId: invoices.fileId }).from(invoices).where(eq(invoices.id, ids.unprinted));
    expect(printed!.fileId).not.toBeNull();
    const stored = await app.get(FilesService).read(printed!.fileId!);
    expect((await zip.file('Rechnungen/RE-2026-000790.pdf')!.async('nodebuffer')).equals(stored!.data)).toBe(true);
    expect((await pdfText(stored!.data)).text).toContain('Gutschrift RE-2026-000790');
  });

  it("keeps other homes' orders out of an archive, and puts the practice's order in the practice's", async () => {
    const practice = await archiveOf(`office:${(await db().select({ o: doctors.officeId }).from(doctors).where(eq(doctors.id, ids.doctor)))[0]!.o}`);
    const zip = await unzip((await download(users.arzt, practice.name)).body as Buffer);
    const csv = await zip.file('Auftraege.csv')!.async('string');
    expect(csv).toContain(ids.task);
    expect(csv).not.toContain('Fremdmittel');
    const foreign = await archiveOf(`home:${ids.otherHome}`);
    const other = await unzip((await download(otherHomeUser, foreign.name)).body as Buffer);
    expect(await other.file('Auftraege.csv')!.async('string')).toContain('Fremdmittel');
    expect(await other.file('Auftraege.csv')!.async('string')).not.toContain('Ibuprofen');
    expect(Object.keys(other.files).filter((n) => !other.files[n]!.dir)).toEqual(['Auftraege.csv', 'Nachrichten.csv']);
  });

  it("is 'downloaded' after the first download by one of the home's users; an administrator's download leaves it new", async () => {
    const archive = await archiveOf(`office:${(await db().select({ o: doctors.officeId }).from(doctors).where(eq(doctors.lastname, 'Hoffmann')))[0]!.o}`);
    expect((await download(users.admin, archive.name)).status).toBe(200);
    expect((await archiveOf(archive.ownerKey)).status).toBe('new');
    const home = await archiveOf(`home:${ids.home}`);
    expect((await list(users.heim)).body.data[0].status).toBe('downloaded');
    expect(home.downloadedBy).toBe(users.heim.user._id);
    // Downloading again keeps the first download's mark and still answers the file.
    expect((await download(heimBuchhalter, home.name)).status).toBe(200);
    expect((await archiveOf(home.ownerKey)).downloadedBy).toBe(users.heim.user._id);
  });

  it.each([
    { title: 'a user of another home', who: () => otherHomeUser, status: 404 },
    { title: 'a doctor of another practice', who: () => otherPracticeUser, status: 404 },
    { title: 'the pharmacy manager (backup_list_view, but not its home)', who: () => users.apotheke, status: 404 },
    { title: 'accounting (no backup_list_view)', who: () => users.buchhaltung, status: 403 },
    { title: 'the driver', who: () => users.fahrer, status: 403 },
  ])('refuses $title the home archive with $status', async ({ who, status }) => {
    const archive = await archiveOf(`home:${ids.home}`);
    expect((await download(who(), archive.name)).status).toBe(status);
  });

  describe('names are looked up, never used as a path', () => {
    const tricks = [
      '../../../../etc/passwd',
      '..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      '..%5C..%5Cwindows%5Cwin.ini',
      '..',
      '.',
      '%2E%2E',
      'C:%5Cboot.ini',
      'file:%2F%2F%2Fetc%2Fpasswd',
      '%252E%252E%252Fetc%252Fpasswd',
      'backup-2026-99-unbekannt-000000.zip',
      'x'.repeat(300),
    ];

    it.each(tricks)('answers %s with 404 (also to the administrator)', async (trick) => {
      for (const who of [users.heim, users.admin]) {
        const res = await api().get(`/api/backup/download/${trick}`).set('x-auth-token', who.token);
        expect({ trick, status: res.status }).toEqual({ trick, status: 404 });
      }
    });

    it.each(['backup-2026-03.zip%00.pdf', 'backup-2026-03.zip%0A'])('answers %s (a control character) with the input guard’s 400', async (trick) => {
      const res = await api().get(`/api/backup/download/${trick}`).set('x-auth-token', users.admin.token);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe('Unerlaubte Zeichen gefunden!');
    });

    it('answers the storage key, the stored path and the download file name with 404', async () => {
      const archive = await archiveOf(`home:${ids.home}`);
      for (const name of [archive.storageKey, `${archive.storageKey}.zip`, encodeURIComponent(`backups/${archive.storageKey.slice(0, 2)}/${archive.storageKey}.zip`), archive.original]) {
        expect((await download(users.admin, name)).status).toBe(404);
      }
    });

    it('keeps the bytes where the store put them, named by the generated key only', async () => {
      const archive = await archiveOf(`home:${ids.home}`);
      const dir = path.join(testDb.dataDir, 'files', 'backups', archive.storageKey.slice(0, 2));
      expect(await readdir(dir)).toContain(`${archive.storageKey}.zip`);
    });
  });

  it('answers 404 when the archive’s file is gone', async () => {
    const archive = await archiveOf(`doctor:${ids.soloDoctor}`);
    const file = path.join(testDb.dataDir, 'files', 'backups', archive.storageKey.slice(0, 2), `${archive.storageKey}.zip`);
    expect(existsSync(file)).toBe(true);
    await rm(file);
    expect((await download(otherPracticeUser, archive.name)).status).toBe(404);
  });
});

describe('the monthly job', () => {
  it('makes nothing new when the month runs again', async () => {
    const before = (await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(backupArchives))[0]!.n;
    expect(await app.get(BackupJob).runMonth(MONTH)).toBe(0);
    const after = (await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(backupArchives))[0]!.n;
    expect(after).toBe(before);
  });

  it('two runs of a new month at once leave one archive per owner and no stray files', async () => {
    const job = app.get(BackupJob);
    const made = await Promise.all([job.runMonth('2026-01'), job.runMonth('2026-01')]);
    const rows = await db().select().from(backupArchives).where(eq(backupArchives.month, '2026-01'));
    expect(made[0]! + made[1]!).toBe(rows.length);
    expect(new Set(rows.map((r) => r.ownerKey)).size).toBe(rows.length);
    const stored = new Set<string>();
    const root = path.join(testDb.dataDir, 'files', 'backups');
    for (const dir of await readdir(root)) for (const f of await readdir(path.join(root, dir))) stored.add(f);
    const all = await db().select({ key: backupArchives.storageKey }).from(backupArchives);
    expect([...stored].filter((f) => !f.endsWith('.part')).sort()).toEqual(all.map((r) => `${r.key}.zip`).filter((f) => stored.has(f)).sort());
    expect([...stored].some((f) => f.endsWith('.part'))).toBe(false);
    expect(stored.size).toBe(all.length - 1); // the file removed in the test above
  });

  it('an empty month still gets its archive, with the CSV headers only', async () => {
    const archive = (await db().select().from(backupArchives).where(and(eq(backupArchives.month, '2026-01'), eq(backupArchives.ownerKey, `home:${ids.home}`))))[0]!;
    const zip = await unzip((await download(users.heim, archive.name)).body as Buffer);
    expect(parseCsv((await zip.file('Auftraege.csv')!.async('string')).slice(1))).toEqual([[...TASK_CSV_HEADER]]);
  });

  it('archives the month before the current one (German time)', () => {
    expect(previousMonth(new Date('2026-03-01T00:30:00+01:00'))).toBe('2026-02');
    expect(previousMonth(new Date('2026-02-28T23:30:00Z'))).toBe('2026-02');
    expect(previousMonth(new Date('2026-01-15T12:00:00Z'))).toBe('2025-12');
  });
});

describe('the retention sweep', () => {
  const BACKUP_OPTION = { key: 'backup-archiv', interval: '12 months' as const, price: 11900 };
  const PRACTICE_OPTION = { key: 'backup-archiv-praxis', interval: '12 months' as const, price: 11900 };
  /** Booked since 2020 (booked contracts renew, so they stay in force until cancelled). */
  const SINCE_2020: ContractFixture = { startedOn: '2020-01-01', validFrom: '2020-01-01', validTo: '2020-12-31' };
  const owners = { plain: '', option: '', canceledOption: '', endedContract: '', doctor: '', office: '', paidDoctor: '', paidOffice: '' };
  const clock = () => app.get(Clock);
  const sweep = () => app.get(BackupRetention).sweep();

  /** An archive of the owner and month, its bytes written by the store. */
  async function addArchive(owner: { home?: string; office?: string; doctor?: string }, month: string) {
    const [kind, id] = owner.home ? ['home', owner.home] : owner.office ? ['office', owner.office] : ['doctor', owner.doctor!];
    const { key, size } = await app.get(BackupStore).write(Readable.from([Buffer.from('PK\u0005\u0006')]));
    const suffix = key.slice(0, 6);
    const [row] = await db()
      .insert(backupArchives)
      .values({ ownerKey: `${kind}:${id}`, homeId: owner.home ?? null, officeId: owner.office ?? null, doctorId: owner.doctor ?? null, month, name: `backup-${month}-probe-${suffix}.zip`, original: `Sicherung_${month}_Probe.zip`, storageKey: key, size })
      .returning();
    return row!;
  }
  const fileOf = (key: string) => path.join(testDb.dataDir, 'files', 'backups', key.slice(0, 2), `${key}.zip`);
  const rowOf = async (id: string) => (await db().select().from(backupArchives).where(eq(backupArchives.id, id)))[0] ?? null;
  const archives: Record<string, typeof backupArchives.$inferSelect> = {};

  beforeAll(async () => {
    owners.plain = await addHome(app, 'Haus Zwölf Monate');
    owners.option = await addHome(app, 'Haus Zehn Jahre');
    owners.canceledOption = await addHome(app, 'Haus Gekündigte Option');
    owners.endedContract = await addHome(app, 'Haus Beendeter Vertrag');
    owners.doctor = await addDoctor(app, 'Langzeit');
    const [office] = await db().insert(doctorOffices).values({ name: 'Praxis Langzeit' }).returning({ id: doctorOffices.id });
    owners.office = office!.id;
    await db().update(doctors).set({ officeId: owners.office }).where(eq(doctors.id, owners.doctor));
    owners.paidDoctor = await addDoctor(app, 'Apothekenvertrag');
    const [paidOffice] = await db().insert(doctorOffices).values({ name: 'Praxis Apothekenvertrag' }).returning({ id: doctorOffices.id });
    owners.paidOffice = paidOffice!.id;
    await db().update(doctors).set({ officeId: owners.paidOffice }).where(eq(doctors.id, owners.paidDoctor));

    // Any payer of the home's contract: the pharmacy pays this one.
    await addContract(app, { ...SINCE_2020, homeId: owners.option, items: [BACKUP_OPTION] });
    // The option cancelled to the end of June 2031.
    const canceled = await contractRow(app, await addContract(app, { ...SINCE_2020, type: 'ROLE_HOME', homeId: owners.canceledOption, items: [BACKUP_OPTION] }));
    await db().update(contractItems).set({ validTo: '2031-06-30', canceledAt: new Date('2031-02-01T09:00:00Z') }).where(eq(contractItems.contractId, canceled!.id));
    // The option still booked, but on a contract that ended in March 2031.
    await addContract(app, { ...SINCE_2020, state: 'canceled', validTo: '2031-03-31', homeId: owners.endedContract, items: [BACKUP_OPTION] });
    // The practice's own contract holds it for its doctor and the practice.
    await addContract(app, { ...SINCE_2020, type: 'ROLE_DOCTOR', doctorId: owners.doctor, items: [PRACTICE_OPTION] });
    // A doctor's contract the pharmacy pays holds it for the practice as well.
    await addContract(app, { ...SINCE_2020, doctorId: owners.paidDoctor, items: [PRACTICE_OPTION] });
    // The pharmacy's own contract (no home, no doctor) has no archives: an option on it keeps none.
    await addContract(app, { ...SINCE_2020, items: [BACKUP_OPTION] });

    archives.plainOld = await addArchive({ home: owners.plain }, '2030-05');
    archives.plainRecent = await addArchive({ home: owners.plain }, '2030-06');
    archives.plainStuck = await addArchive({ home: owners.plain }, '2030-04');
    archives.optionOld = await addArchive({ home: owners.option }, '2030-05');
    archives.optionTenYears = await addArchive({ home: owners.option }, '2021-06');
    archives.optionPastTenYears = await addArchive({ home: owners.option }, '2021-05');
    archives.canceledOld = await addArchive({ home: owners.canceledOption }, '2030-05');
    archives.endedOld = await addArchive({ home: owners.endedContract }, '2030-05');
    archives.officeOld = await addArchive({ office: owners.office }, '2029-01');
    archives.doctorOld = await addArchive({ doctor: owners.doctor }, '2028-01');
    archives.paidOfficeOld = await addArchive({ office: owners.paidOffice }, '2029-01');
  });

  afterAll(() => clock().reset());

  it('counts months back across the turn of the year', () => {
    expect(monthsBefore('2031-06', 12)).toBe('2030-06');
    expect(monthsBefore('2031-01', 1)).toBe('2030-12');
    expect(monthsBefore('2031-06', 120)).toBe('2021-06');
  });

  it('deletes nothing that is younger than 12 months', async () => {
    clock().set('2027-01-15T10:00:00+01:00');
    expect(await sweep()).toEqual({ deleted: 0, failed: 0 });
    expect((await list(users.heim)).body.data.map((e: BackupEntry) => e.month)).toContain(MONTH);
  });

  it('deletes an archive older than 12 months of an owner without the option: row and file gone, download 404; a file that cannot be removed keeps its row', async () => {
    clock().set('2031-06-15T10:00:00+02:00');
    // The stored file is a folder here, so removing it fails.
    await rm(fileOf(archives.plainStuck!.storageKey));
    await mkdir(fileOf(archives.plainStuck!.storageKey));
    await writeFile(path.join(fileOf(archives.plainStuck!.storageKey), 'inhalt'), 'x');
    const home = await archiveOf(`home:${ids.home}`);

    const result = await sweep();
    expect(result.failed).toBe(1);
    expect(result.deleted).toBeGreaterThanOrEqual(3);

    expect(await rowOf(archives.plainOld!.id)).toBeNull();
    expect(existsSync(fileOf(archives.plainOld!.storageKey))).toBe(false);
    expect((await download(users.admin, archives.plainOld!.name)).status).toBe(404);
    // Haus Sonnenschein's contract is in force, without the option: its 2026 archives are gone too.
    expect((await download(users.heim, home.name)).status).toBe(404);
    expect((await list(users.heim)).body).toEqual({ data: [], count: 0 });
    // A contract that has ended protects nothing, even with the option still on it.
    expect(await rowOf(archives.endedOld!.id)).toBeNull();
    expect(await rowOf(archives.plainStuck!.id)).not.toBeNull();
  });

  it('keeps the archives of the last 12 months, and those of owners holding the option up to 10 years', async () => {
    for (const kept of [archives.plainRecent, archives.optionOld, archives.optionTenYears, archives.canceledOld, archives.officeOld, archives.doctorOld, archives.paidOfficeOld]) {
      expect({ month: kept!.month, owner: kept!.ownerKey, row: !!(await rowOf(kept!.id)), file: existsSync(fileOf(kept!.storageKey)) }).toEqual({ month: kept!.month, owner: kept!.ownerKey, row: true, file: true });
    }
    expect((await download(users.admin, archives.optionOld!.name)).status).toBe(200);
    // Ten years is the limit with the option as well.
    expect(await rowOf(archives.optionPastTenYears!.id)).toBeNull();
    expect(existsSync(fileOf(archives.optionPastTenYears!.storageKey))).toBe(false);
  });

  it('tries a file again on the next run and then deletes the row', async () => {
    await rm(fileOf(archives.plainStuck!.storageKey), { recursive: true });
    expect(await sweep()).toEqual({ deleted: 1, failed: 0 });
    expect(await rowOf(archives.plainStuck!.id)).toBeNull();
  });

  it('the monthly job makes the month’s archives and then sweeps: a cancelled option protects no longer after its last day', async () => {
    clock().set('2031-06-30T23:00:00+02:00');
    expect(await sweep()).toEqual({ deleted: 0, failed: 0 });
    expect(await rowOf(archives.canceledOld!.id)).not.toBeNull();

    clock().set('2031-07-01T02:30:00+02:00');
    await app.get(BackupJob).monthly();
    expect(await rowOf(archives.canceledOld!.id)).toBeNull();
    expect(existsSync(fileOf(archives.canceledOld!.storageKey))).toBe(false);
    expect(await rowOf(archives.optionOld!.id)).not.toBeNull();
    const june = await db().select({ owner: backupArchives.ownerKey }).from(backupArchives).where(eq(backupArchives.month, '2031-06'));
    expect(june.map((r) => r.owner)).toEqual(expect.arrayContaining([`home:${owners.canceledOption}`, `home:${ids.home}`]));
  });
});

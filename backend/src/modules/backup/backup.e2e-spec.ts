import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import type { BackupEntry } from '@mediport/contracts/backup';
import { FilesService } from '../../core/files/files.service.js';
import { backupArchives, doctors, documents, homes, patients, taskEvents, tasks } from '../../db/schema/index.js';
import { loginAll, type DemoUsername, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { addHome, addUser, databaseOf } from '../contracts/testing/contract-fixtures.js';
import { insertInvoice } from '../payment/testing/invoice-fixture.js';
import { buildTextPdf } from '../profile/profile.seed.js';
import { EVENT_CSV_HEADER, TASK_CSV_HEADER } from './backup-archiver.js';
import { BackupJob, previousMonth } from './backup.job.js';

let app: NestExpressApplication;
let testDb: TestDatabase;
let users: Record<DemoUsername, AuthRecord>;
let heimBuchhalter: AuthRecord;
let otherHomeUser: AuthRecord;
let otherPracticeUser: AuthRecord;
const ids = { home: '', doctor: '', otherHome: '', patient: '', task: '', soloDoctor: '' };
const MONTH = '2026-03';
const api = () => request(app.getHttpServer());
const db = () => databaseOf(app);

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

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

  // A prescription request with its PDF, and a printed invoice of the home for March.
  const files = app.get(FilesService);
  const requestPdf = await files.save(buildTextPdf('Rezeptanforderung', ['Ibuprofen']), { accept: ['application/pdf'], message: 'PDF' });
  await db().insert(documents).values({ doctorId: ids.doctor, homeId: ids.home, channel: 'email', subject: 'Rezept', content: '', taskIds: [ids.task], fileId: requestPdf.id, createdAt: new Date('2026-03-16T08:00:00Z') });
  const invoicePdf = await files.save(buildTextPdf('Rechnung', ['RE-2026-000777']), { accept: ['application/pdf'], message: 'PDF' });
  await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.home }, name: 'Haus Sonnenschein', number: 'RE-2026-000777', period: '2026-03-01', grossCents: 7021, fileId: invoicePdf.id });

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

  it('answers the ZIP with the orders and the chat as CSV (German headers, UTF-8 with BOM), the request PDF and the invoice PDF', async () => {
    const archive = await archiveOf(`home:${ids.home}`);
    const res = await download(users.heim, archive.name);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Sicherung_2026-03_Haus_Sonnenschein.zip"');
    const zip = await unzip(res.body as Buffer);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir).sort();
    expect(names).toEqual(['Auftraege.csv', 'Nachrichten.csv', 'Rechnungen/RE-2026-000777.pdf', 'Rezeptanforderungen/2026-03-16_0900_Dr._Anna_Berger.pdf']);

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

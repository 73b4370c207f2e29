import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { type AuthRecord } from '@mediport/contracts';
import { DOCUMENT_MESSAGES, type DocumentCreateResponse } from '@mediport/contracts/documents';
import type { AppConfig } from '../../core/config/app-config.js';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { Database } from '../../core/db/database.js';
import { FilesService } from '../../core/files/files.service.js';
import { e164 } from '../../core/outbox/fax.transport.js';
import { SmtpReceiver } from '../../core/outbox/testing/smtp-receiver.js';
import { until } from '../../core/outbox/testing/until.js';
import { pdfText } from '../../core/pdf/testing/pdf-text.js';
import { doctors, documents, files, homes, outboxMessages, patients, settings, taskEvents, tasks } from '../../db/schema/index.js';
import { whileAuditFails } from '../../testing/failing-audit.js';
import { grantPermission } from '../../testing/acl.js';
import { type DemoUsername, useTestApp } from '../../testing/test-app.js';
import { type TaskWorld, taskWorld } from '../tasks/testing/task-world.js';
import { insertDoctor } from './testing/document-testing.js';
import { binary } from '../../testing/binary.js';

/** Fast outbox: poll every 50 ms, retry after 100 ms; a silent SMTP server fails the attempt after 300 ms. */
const FAST = { OUTBOX_POLL_MS: '50', OUTBOX_BACKOFF_MS: '100', OUTBOX_MAX_ATTEMPTS: '2', SMTP_TIMEOUT_MS: '300' };

const receiver = new SmtpReceiver();
const env: Record<string, string> = { ...FAST };
beforeAll(async () => {
  await receiver.start();
  env.SMTP_URL = receiver.url;
});
afterAll(() => receiver.stop());

let app: NestExpressApplication;
let database: Database;
let demo: Record<DemoUsername, AuthRecord>;
let ownHome: string;
let ownPatient: string;
let otherHome: string;
let otherPatient: string;
let ownDoctor: string;
let otherDoctor: string;
let world: TaskWorld;
/** Unique addresses per run. */
const run = Date.now().toString(36);
const api = () => request(app.getHttpServer());
const as = (name: DemoUsername) => demo[name].token;

useTestApp(async (booted) => {
  app = booted.app;
  world = await taskWorld(app);
  ({ database, demo, ownHome, ownPatient, otherHome, otherPatient, ownDoctor, otherDoctor } = world);
  await database.update(settings).set({ company: 'Löwen-Apotheke Mitte', street: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin', phone: '030 555', fax: '030 556', email: 'rezepte@loewen.de' });
}, env);

/** A task written straight into the table (the world's defaults). */
const insertTask = (values: Partial<typeof tasks.$inferInsert> = {}) => world.insertTask({ ...values }, 'Sendemittel');

const doctorWith = (values: Partial<typeof doctors.$inferInsert>) => insertDoctor(database, values, { firstname: 'Eva', lastname: 'Sende' });

const send = (caller: DemoUsername, body: unknown) => api().post('/api/documents').set('x-auth-token', as(caller)).send(body as object);
const eventsOf = (taskId: string) => database.select().from(taskEvents).where(eq(taskEvents.taskId, taskId)).orderBy(taskEvents.createdAt);
const stateOf = async (id: string) => (await database.select({ state: documents.state }).from(documents).where(eq(documents.id, id)))[0]?.state;

describe('POST /api/documents by e-mail', () => {
  it('renders one PDF per doctor, writes the events and delivers the mail with the PDF through the outbox', async () => {
    const email = `praxis${run}@beispiel.de`;
    const doctor = await doctorWith({ email, preferred: 'E-Mail' });
    const a = await insertTask({ doctorId: doctor, medicine: 'Metoprolol 47,5' });
    const b = await insertTask({ doctorId: doctor, medicine: 'Ramipril 5 mg' });
    const res = await send('apotheke', { type: 'preferred', documents: [{ doctor, subject: 'Bitte um Rezepte', content: '<p>Liebe Praxis,</p><script>alert(1)</script><ul><li>eilig</li></ul>', tasks: [a, b] }] });
    expect(res.status).toBe(201);
    const body = res.body as DocumentCreateResponse;
    expect(body.message).toBe(DOCUMENT_MESSAGES.created);
    expect(body.documents).toHaveLength(1);
    const document = body.documents[0]!;
    expect(document).toMatchObject({ channel: 'email', subject: 'Bitte um Rezepte', tasks: [a, b], state: 'queued' });

    // The text is kept sanitised: no script.
    const [stored] = await database.select().from(documents).where(eq(documents.id, document._id));
    expect(stored!.content).toBe('<p>Liebe Praxis,</p><ul><li>eilig</li></ul>');

    const mails = await until(async () => receiver.mailsTo(email), (m) => m.length > 0);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('Subject: Bitte um Rezepte');
    expect(mails[0]!.raw).toMatch(/filename="?Rezeptanforderung\.pdf/);
    expect(await until(() => stateOf(document._id), (s) => s === 'sent')).toBe('sent');
    for (const id of [a, b]) {
      const events = await until(() => eventsOf(id), (e) => e.some((x) => x.type === 'email'));
      expect(events.map((e) => [e.type, e.data, e.state, e.document])).toEqual([
        ['recipe_request', { subject: 'Bitte um Rezepte', message: 'Folgeverordnung (Reichweite erschöpft)\n\nLiebe Praxis,\n• eilig', reason: 'follow-up', priority: 'normal', supplyDays: null }, null, document._id],
        ['email', null, null, document._id],
      ]);
    }

    // The PDF: letterhead, practice, the orders.
    const pdf = await binary(api().get(`/api/documents/${document._id}/pdf`).set('x-auth-token', as('apotheke')));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.body as Buffer)).text.replace(/\s+/g, ' ');
    // All orders of one care home with a contract and sender settings: the home's letterhead.
    for (const expected of ['Rezeptanforderung', 'Haus Sonnenschein – Pflegedienstleitung', 'Tel. 030 4455661', 'Bitte um Rezepte', 'Liebe Praxis,', 'eilig', 'Eigenheim, Olga', '03.02.1940', 'Metoprolol 47,5', 'Ramipril 5 mg', 'Wohnbereich A']) expect(text).toContain(expected);
    expect(text).not.toContain('alert(1)');
    expect(text).not.toContain('Löwen-Apotheke Mitte');
  });

  it.each([
    { title: 'a care home without a contract (whatever its sender settings say)', homes: 'other' as const },
    { title: 'orders of two care homes', homes: 'both' as const },
  ])("uses the pharmacy's letterhead for $title", async ({ homes: which }) => {
    // A home of its own without any contract, but with sender settings.
    const [home] = await database.insert(homes).values({ name: `Haus ohne Vertrag ${which}`, senderName: 'Residenz Absender', senderPhone: '030 999' }).returning({ id: homes.id });
    const [patient] = await database.insert(patients).values({ firstname: 'Vera', lastname: 'Vertraglos', dateOfBirth: '1938-04-05', homeId: home!.id }).returning({ id: patients.id });
    const doctor = await doctorWith({ email: `kopf${which}${run}@beispiel.de`, preferred: 'E-Mail' });
    const ids = [await insertTask({ doctorId: doctor, homeId: home!.id, patientId: patient!.id })];
    if (which === 'both') ids.push(await insertTask({ doctorId: doctor }));
    const res = await send('apotheke', { type: 'email', documents: [{ doctor, subject: 'Briefkopf', content: '', tasks: ids }] });
    expect(res.status).toBe(201);
    const [stored] = await database.select().from(documents).where(eq(documents.id, (res.body as DocumentCreateResponse).documents[0]!._id));
    const file = await app.get(FilesService).read(stored!.fileId!);
    const text = (await pdfText(file!.data)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Löwen-Apotheke Mitte');
    expect(text).not.toContain('Residenz Absender');
    expect(text).not.toContain('Pflegedienstleitung');
  });

  it('a sending that fails in its transaction leaves no request, no message and no stored PDF behind', async () => {
    const doctor = await doctorWith({ email: `scheitern${run}@beispiel.de`, fax: '030 555111', preferred: 'Fax' });
    const a = await insertTask({ doctorId: doctor });
    const counts = async () => ({
      files: (await database.select({ id: files.id }).from(files)).length,
      documents: (await database.select({ id: documents.id }).from(documents)).length,
      messages: (await database.select({ id: outboxMessages.id }).from(outboxMessages)).length,
    });
    const before = await counts();
    const res = await whileAuditFails(database, 'document.create', () => send('apotheke', { type: 'fax', documents: [{ doctor, subject: 'Scheitert', content: '<p>x</p>', tasks: [a] }] }));
    expect(res.status).toBe(500);
    expect(await counts()).toEqual(before);
  });

  it('sends a notice without health data to a doctor who prefers e-mail notifications', async () => {
    const email = `hinweis${run}@beispiel.de`;
    const doctor = await doctorWith({ email, preferred: 'E-Mail-Notification' });
    const id = await insertTask({ doctorId: doctor, medicine: 'Geheimmittel' });
    expect((await send('apotheke', { documents: [{ doctor, subject: 'Rezept', content: '', tasks: [id] }] })).status).toBe(201);
    const [mail] = await until(async () => receiver.mailsTo(email), (m) => m.length > 0);
    expect(mail!.raw).toContain('Neue Rezeptanforderung');
    expect(mail!.raw).not.toContain('Geheimmittel');
    expect(mail!.raw).not.toContain('Eigenheim');
    expect(mail!.raw).not.toMatch(/application\/pdf/);
  });

  it('marks the e-mail failed on the orders when the server refuses it for good', async () => {
    const email = `abgelehnt${run}@beispiel.de`;
    receiver.refuse(email, 550);
    const doctor = await doctorWith({ email, preferred: 'E-Mail' });
    const id = await insertTask({ doctorId: doctor });
    const res = await send('apotheke', { type: 'email', documents: [{ doctor, subject: 'Rezept', content: 'x', tasks: [id] }] });
    const document = (res.body as DocumentCreateResponse).documents[0]!;
    expect(await until(() => stateOf(document._id), (s) => s === 'failed')).toBe('failed');
    const events = await until(() => eventsOf(id), (e) => e.some((x) => x.type === 'email'));
    expect(events.find((e) => e.type === 'email')).toMatchObject({ data: null, state: 'failed' });

    // 'Erneut senden' once the address is fixed: the same message goes again and is sent.
    const resend = () => api().post(`/api/documents/${document._id}/resend`).set('x-auth-token', as('apotheke'));
    expect((await api().post(`/api/documents/${document._id}/resend`).set('x-auth-token', as('heim'))).status).toBe(403);
    receiver.accept(email);
    const again = await resend();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: DOCUMENT_MESSAGES.resent, document: { state: 'queued' } });
    expect(await until(() => stateOf(document._id), (s) => s === 'sent')).toBe('sent');
    const [mail] = await until(async () => receiver.mailsTo(email), (m) => m.length > 0);
    expect(mail!.messageId).toBe(`<document-${document._id}@mediport>`);
    const after = await until(() => eventsOf(id), (e) => e.filter((x) => x.type === 'email').length === 2);
    expect(after.filter((e) => e.type === 'email').map((e) => e.state)).toEqual(['failed', null]);
    // Sent: nothing to send again.
    const twice = await resend();
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].message).toBe(DOCUMENT_MESSAGES.notFailed);
    expect((await api().post('/api/documents/00000000-0000-4000-8000-000000000000/resend').set('x-auth-token', as('apotheke'))).status).toBe(404);
  });
});

describe('POST /api/documents by fax', () => {
  it('says "Fax wird versendet" at once, then "SENT" when the fax went (without a gateway: the PDF under DATA_DIR/outbox)', async () => {
    const doctor = await doctorWith({ email: '', fax: '030 / 12 34-56', preferred: 'Fax' });
    const id = await insertTask({ doctorId: doctor });
    const res = await send('apotheke', { documents: [{ doctor, subject: 'Per Fax', content: '<p>Bitte</p>', tasks: [id] }] });
    expect(res.status).toBe(201);
    const document = (res.body as DocumentCreateResponse).documents[0]!;
    expect(document.channel).toBe('fax');
    const events = await until(() => eventsOf(id), (e) => e.some((x) => x.type === 'faxresponse'));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['recipe_request', { subject: 'Per Fax', message: 'Folgeverordnung (Reichweite erschöpft)\n\nBitte', reason: 'follow-up', priority: 'normal', supplyDays: null }],
      ['fax', null],
      ['faxresponse', 'SENT'],
    ]);
    expect(await stateOf(document._id)).toBe('sent');
    const file = path.join(app.get<AppConfig>(APP_CONFIG).dataDir, 'outbox', `document-${document._id}_+4930123456.pdf`);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('normalises fax numbers to E.164 and refuses what cannot be one', () => {
    expect(e164('030 123456')).toBe('+4930123456');
    expect(e164('+49 (30) 123-456')).toBe('+4930123456');
    expect(e164('0043 1 234567')).toBe('+431234567');
    expect(e164('123456')).toBeNull();
    expect(e164('030 abc')).toBeNull();
    expect(e164('0')).toBeNull();
  });
});

describe('POST /api/documents: refusals change nothing', () => {
  it('refuses a subject with a NUL byte or a line break, and a deep or null body', async () => {
    const id = await insertTask();
    for (const subject of ['Rezept\u0000', 'Zeile 1\nZeile 2']) {
      const res = await send('apotheke', { documents: [{ doctor: ownDoctor, subject, content: '', tasks: [id] }] });
      expect(res.status).toBe(400);
    }
    const deep = await send('apotheke', { documents: [{ doctor: ownDoctor, subject: 'R', content: '', tasks: [[[[[[[[id]]]]]]]] }] });
    expect(deep.status).toBe(400);
    expect((await send('apotheke', { documents: [null] })).status).toBe(400);
    expect((await send('apotheke', { documents: null })).status).toBe(400);
    expect(await eventsOf(id)).toEqual([]);
  });

  it.each([
    { title: 'no documents', body: () => ({}), status: 400, message: DOCUMENT_MESSAGES.documentsList },
    { title: 'documents not a list', body: () => ({ documents: 'x' }), status: 400, message: DOCUMENT_MESSAGES.documentsList },
    { title: 'an empty list', body: () => ({ documents: [] }), status: 400, message: DOCUMENT_MESSAGES.documentsList },
    { title: 'a blank subject', body: (t: string) => ({ documents: [{ doctor: ownDoctor, subject: '  ', content: '', tasks: [t] }] }), status: 400, message: DOCUMENT_MESSAGES.subjectRequired },
    { title: 'a subject of 301 characters', body: (t: string) => ({ documents: [{ doctor: ownDoctor, subject: 'x'.repeat(301), content: '', tasks: [t] }] }), status: 400, message: DOCUMENT_MESSAGES.subjectTooLong },
    { title: 'a text of 20,001 characters', body: (t: string) => ({ documents: [{ doctor: ownDoctor, subject: 'R', content: 'x'.repeat(20_001), tasks: [t] }] }), status: 400, message: DOCUMENT_MESSAGES.contentTooLong },
    { title: 'a text that is not a string', body: (t: string) => ({ documents: [{ doctor: ownDoctor, subject: 'R', content: { a: 1 }, tasks: [t] }] }), status: 400, message: DOCUMENT_MESSAGES.contentTooLong },
    { title: 'no orders', body: () => ({ documents: [{ doctor: ownDoctor, subject: 'R', content: '', tasks: [] }] }), status: 400, message: DOCUMENT_MESSAGES.noTasks },
    { title: 'an unknown doctor', body: (t: string) => ({ documents: [{ doctor: '00000000-0000-4000-8000-000000000000', subject: 'R', content: '', tasks: [t] }] }), status: 404, message: DOCUMENT_MESSAGES.doctorUnknown },
    { title: 'a doctor id that is not one', body: (t: string) => ({ documents: [{ doctor: 7, subject: 'R', content: '', tasks: [t] }] }), status: 404, message: DOCUMENT_MESSAGES.doctorUnknown },
    { title: 'an order of another doctor', body: (t: string) => ({ documents: [{ doctor: otherDoctor, subject: 'R', content: '', tasks: [t] }] }), status: 400, message: DOCUMENT_MESSAGES.taskOfOtherDoctor },
    { title: 'an unknown order', body: () => ({ documents: [{ doctor: ownDoctor, subject: 'R', content: '', tasks: ['00000000-0000-4000-8000-000000000000'] }] }), status: 404, message: DOCUMENT_MESSAGES.tasksUnknown },
    { title: 'an unknown type', body: (t: string) => ({ type: 'brief', documents: [{ doctor: ownDoctor, subject: 'R', content: '', tasks: [t] }] }), status: 400, message: DOCUMENT_MESSAGES.type },
  ])('refuses $title with a German message', async ({ body, status, message }) => {
    const id = await insertTask();
    const before = await database.select({ id: documents.id }).from(documents);
    const res = await send('apotheke', body(id));
    expect(res.status).toBe(status);
    expect(res.body.errors[0].message).toBe(message);
    expect(await database.select({ id: documents.id }).from(documents)).toHaveLength(before.length);
    expect(await eventsOf(id)).toEqual([]);
  });

  it('refuses an order of type 4 (the prescription waits at the practice)', async () => {
    const id = await insertTask({ type: 4 });
    const res = await send('apotheke', { documents: [{ doctor: ownDoctor, subject: 'R', content: '', tasks: [id] }] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(DOCUMENT_MESSAGES.waitingAtPractice);
  });

  it('refuses a doctor without an address for the chosen way, and sends none of the others', async () => {
    const noFax = await doctorWith({ email: 'nurmail@beispiel.de', fax: '', preferred: 'E-Mail' });
    const withFax = await doctorWith({ email: 'auch@beispiel.de', fax: '030 123456', preferred: 'Fax' });
    const a = await insertTask({ doctorId: withFax });
    const b = await insertTask({ doctorId: noFax });
    const res = await send('apotheke', { type: 'fax', documents: [{ doctor: withFax, subject: 'R', content: '', tasks: [a] }, { doctor: noFax, subject: 'R', content: '', tasks: [b] }] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'documents.1.doctor', message: DOCUMENT_MESSAGES.noAddress });
    expect(await database.select().from(taskEvents).where(inArray(taskEvents.taskId, [a, b]))).toEqual([]);
  });

  it("refuses a home user another home's orders (404)", async () => {
    const restore = await grantPermission(app, as('admin'), 'ROLE_HOME', 'document_create');
    const foreign = await insertTask({ patientId: otherPatient, homeId: otherHome });
    const res = await send('heim', { documents: [{ doctor: ownDoctor, subject: 'R', content: '', tasks: [foreign] }] });
    expect(res.status).toBe(404);
    await restore();
  });

  it('sends only the ways the caller holds: with the e-mail action alone, no fax (403, nothing written)', async () => {
    const restore = await grantPermission(app, as('admin'), 'ROLE_HOME', 'task_action_mail_view');
    try {
      const doctor = await doctorWith({ email: `wege${run}@beispiel.de`, fax: '030 555222', preferred: 'Fax' });
      const a = await insertTask({ doctorId: doctor });
      const fax = await send('heim', { type: 'fax', documents: [{ doctor, subject: 'Nur Mail', content: '', tasks: [a] }] });
      expect(fax.status).toBe(403);
      expect(await eventsOf(a)).toEqual([]);
      const byPreference = await send('heim', { type: 'preferred', documents: [{ doctor, subject: 'Nur Mail', content: '', tasks: [a] }] });
      expect(byPreference.status).toBe(403);
      expect((await send('heim', { type: 'email', documents: [{ doctor, subject: 'Nur Mail', content: '', tasks: [a] }] })).status).toBe(201);
    } finally {
      await restore();
    }
  });

  it.each(['fahrer', 'buchhaltung'] as const)('is refused without a sending permission (%s)', async (caller) => {
    expect((await send(caller, { documents: [{ doctor: ownDoctor, subject: 'R', content: '', tasks: [await insertTask()] }] })).status).toBe(403);
  });
});

describe('GET /api/documents/:id/pdf', () => {
  it("is read by the pharmacy, the home of its orders and its doctor; not by another practice or a driver", async () => {
    const id = await insertTask();
    const res = await send('apotheke', { type: 'email', documents: [{ doctor: ownDoctor, subject: 'Lesbar', content: '', tasks: [id] }] });
    const document = (res.body as DocumentCreateResponse).documents[0]!;
    const read = async (caller: DemoUsername) => (await api().get(`/api/documents/${document._id}/pdf`).set('x-auth-token', as(caller))).status;
    expect(await read('apotheke')).toBe(200);
    expect(await read('heim')).toBe(200);
    expect(await read('arzt')).toBe(200);
    expect(await read('fahrer')).toBe(403);
    const foreignDoc = await send('apotheke', { type: 'email', documents: [{ doctor: otherDoctor, subject: 'Fremd', content: '', tasks: [await insertTask({ doctorId: otherDoctor, patientId: otherPatient, homeId: otherHome })] }] });
    expect(foreignDoc.status).toBe(201);
    const other = (foreignDoc.body as DocumentCreateResponse).documents[0]!;
    expect((await api().get(`/api/documents/${other._id}/pdf`).set('x-auth-token', as('arzt'))).status).toBe(404);
    expect((await api().get(`/api/documents/${other._id}/pdf`).set('x-auth-token', as('heim'))).status).toBe(404);
    expect((await api().get('/api/documents/abc/pdf').set('x-auth-token', as('apotheke'))).status).toBe(404);
  });
});

import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, eq, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { type AuthRecord, type TaskDto } from '@mediport/contracts';
import { DOCUMENT_MESSAGES, type DocumentCreateResponse, type DocumentMarkResponse, type DocumentTrackerDto, type RequestState } from '@mediport/contracts/documents';
import { Clock } from '../../core/clock/clock.js';
import type { Database } from '../../core/db/database.js';
import { LIST_QUERY_MESSAGE } from '../../core/http/list-query.js';
import { OutboxRegistry } from '../../core/outbox/outbox.registry.js';
import { until } from '../../core/outbox/testing/until.js';
import { pdfText } from '../../core/pdf/testing/pdf-text.js';
import { documents, documentTasks, doctors, outboxMessages, taskEvents, tasks } from '../../db/schema/index.js';
import { type DemoUsername, useTestApp } from '../../testing/test-app.js';
import { type TaskWorld, taskWorld } from '../tasks/testing/task-world.js';
import { RequestRemindersService } from './request-reminders.service.js';
import { insertDoctor } from './testing/document-testing.js';
import { binary } from '../../testing/binary.js';

/** Fast outbox: poll every 50 ms. Without SMTP_URL and FAX_MAIL_DOMAIN, e-mails and faxes are files (delivered at once). */
const FAST = { OUTBOX_POLL_MS: '50', OUTBOX_BACKOFF_MS: '100', OUTBOX_MAX_ATTEMPTS: '2' };

let app: NestExpressApplication;
let database: Database;
let demo: Record<DemoUsername, AuthRecord>;
let world: TaskWorld;
let ownDoctor: string;
let otherDoctor: string;
let otherHome: string;
let otherPatient: string;
let clock: Clock;
const api = () => request(app.getHttpServer());
const as = (name: DemoUsername) => demo[name].token;
const NO_ID = '00000000-0000-4000-8000-000000000000';

useTestApp(async (booted) => {
  app = booted.app;
  world = await taskWorld(app);
  ({ database, demo, ownDoctor, otherDoctor, otherHome, otherPatient } = world);
  clock = app.get(Clock);
}, FAST);

afterEach(() => clock.reset());

const insertTask = (values: Partial<typeof tasks.$inferInsert> = {}) => world.insertTask(values, 'Verfolgt');

const doctorWith = (values: Partial<typeof doctors.$inferInsert>) => insertDoctor(database, values, { firstname: 'Vera', lastname: 'Verfolg' });

const send = (caller: DemoUsername, body: unknown) => api().post('/api/documents').set('x-auth-token', as(caller)).send(body as object);

/** Sends one request to `doctor` for `taskIds` (by e-mail unless said otherwise) and answers the document. */
async function requestFor(doctor: string, taskIds: string[], extra: Record<string, unknown> = {}, type = 'email') {
  const res = await send('apotheke', { type, documents: [{ doctor, subject: 'Rezeptanforderung', content: '<p>Bitte</p>', tasks: taskIds, ...extra }] });
  expect(res.status).toBe(201);
  return (res.body as DocumentCreateResponse).documents[0]!;
}

const trackerStates = async (documentId: string) =>
  Object.fromEntries((await database.select({ task: documentTasks.taskId, state: documentTasks.state }).from(documentTasks).where(eq(documentTasks.documentId, documentId))).map((r) => [r.task, r.state]));
const stateOf = async (documentId: string, taskId: string) => (await trackerStates(documentId))[taskId];
const waitFor = (documentId: string, taskId: string, state: RequestState) => until(() => stateOf(documentId, taskId), (s) => s === state);

const list = (caller: DemoUsername, query = '') => api().get(`/api/documents${query}`).set('x-auth-token', as(caller));
async function tracked(caller: DemoUsername, id: string): Promise<DocumentTrackerDto | undefined> {
  const res = await list(caller, '?limit=-1');
  expect(res.status).toBe(200);
  return (res.body.data as DocumentTrackerDto[]).find((d) => d._id === id);
}
const confirm = (caller: DemoUsername, id: string, body: unknown = {}) => api().post(`/api/documents/${id}/confirm`).set('x-auth-token', as(caller)).send(body as object);
const received = (caller: DemoUsername, id: string, body: unknown = {}) => api().post(`/api/documents/${id}/received`).set('x-auth-token', as(caller)).send(body as object);
const eventsOf = (taskId: string) => database.select().from(taskEvents).where(eq(taskEvents.taskId, taskId)).orderBy(taskEvents.createdAt);
const message = (caller: DemoUsername, taskId: string, text: string) => api().post(`/api/tasks/${taskId}/events`).set('x-auth-token', as(caller)).field('type', 'message').field('data', text);

describe('GET /api/documents', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/documents')).status).toBe(401);
  });

  it('lists the requests newest first, each order with its state and history (who and when)', async () => {
    const a = await insertTask({ medicine: 'Metformin 500' });
    const b = await insertTask({ medicine: 'Ramipril 5' });
    const document = await requestFor(ownDoctor, [a, b], { reason: 'change', priority: 'urgent' });
    await waitFor(document._id, b, 'delivered');
    const found = await tracked('apotheke', document._id);
    expect(found).toMatchObject({ _id: document._id, reason: 'change', priority: 'urgent', supplyDays: null, progress: 'delivered', createdFrom: { username: 'apotheke' } });
    expect(found!.items.map((i) => [i.task, i.medicine, i.patient, i.state])).toEqual([
      [a, 'Metformin 500', 'Olga Eigenheim', 'delivered'],
      [b, 'Ramipril 5', 'Olga Eigenheim', 'delivered'],
    ]);
    expect(found!.items[0]!.history.map((h) => [h.state, h.cause, h.by?.username ?? null])).toEqual([
      ['requested', 'created', 'apotheke'],
      ['delivered', 'outbox', null],
    ]);
    expect(Date.parse(found!.items[0]!.history[0]!.at)).not.toBeNaN();
    // Newest first.
    const newer = await requestFor(ownDoctor, [await insertTask()]);
    const page = (await list('apotheke', '?limit=2')).body as { data: DocumentTrackerDto[]; count: number };
    expect(page.data[0]!._id).toBe(newer._id);
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(((await list('apotheke', '?limit=1&offset=1')).body as { data: DocumentTrackerDto[] }).data[0]!._id).toBe(page.data[1]!._id);
  });

  it('filters by state (filter[state], comma-separated)', async () => {
    const a = await insertTask();
    const document = await requestFor(ownDoctor, [a]);
    await waitFor(document._id, a, 'delivered');
    expect((await confirm('apotheke', document._id)).status).toBe(200);
    const ids = async (query: string) => ((await list('apotheke', `?limit=-1&${query}`)).body.data as DocumentTrackerDto[]).map((d) => d._id);
    expect(await ids('filter[state]=confirmed')).toContain(document._id);
    expect(await ids('filter[state]=requested,delivered')).not.toContain(document._id);
    expect(await ids('filter[state]=delivered,confirmed')).toContain(document._id);
    // Words of the subject or the doctor's name.
    expect(await ids('filter[text]=anna berger')).toContain(document._id);
    expect(await ids('filter[text]=Rezeptanforderung')).toContain(document._id);
    expect(await ids('filter[text]=Anderer')).not.toContain(document._id);
  });

  it.each(['filter[state]=bestaetigt', 'filter[text]=a&filter[text]=b', 'limit=abc', 'offset=-1', 'sort=subject'])('refuses %s with a German message', async (query) => {
    const res = await list('apotheke', `?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(LIST_QUERY_MESSAGE);
  });

  it("shows a doctor only its own requests and a home only its own; a driver none", async () => {
    const own = await requestFor(ownDoctor, [await insertTask()]);
    const foreignTask = await insertTask({ doctorId: otherDoctor, patientId: otherPatient, homeId: otherHome });
    const foreign = await requestFor(otherDoctor, [foreignTask]);
    const ids = async (caller: DemoUsername) => ((await list(caller, '?limit=-1')).body.data as DocumentTrackerDto[]).map((d) => d._id);
    expect(await ids('apotheke')).toEqual(expect.arrayContaining([own._id, foreign._id]));
    const doctorSees = await ids('arzt');
    expect(doctorSees).toContain(own._id);
    expect(doctorSees).not.toContain(foreign._id);
    const homeSees = await ids('heim');
    expect(homeSees).toContain(own._id);
    expect(homeSees).not.toContain(foreign._id);
    // Exactly the policy's rows: every request the doctor lists is addressed to its doctor.
    const all = await database.select({ id: documents.id, doctor: documents.doctorId, home: documents.homeId }).from(documents);
    expect(doctorSees.sort()).toEqual(all.filter((d) => d.doctor === ownDoctor).map((d) => d.id).sort());
    expect(homeSees.sort()).toEqual(all.filter((d) => d.home === demo.heim.home!._id).map((d) => d.id).sort());
    expect((await list('fahrer')).status).toBe(403);
    expect((await list('buchhaltung')).status).toBe(403);
  });
});

/** The first order's history in a request's tracker row: state, cause and who, oldest first. */
const historyOf = async (documentId: string) => (await tracked('apotheke', documentId))!.items[0]!.history.map((h) => [h.state, h.cause, h.by?.username ?? null]);

describe('the outbox moves a request', () => {
  it('sent → zugestellt: a delivered e-mail', async () => {
    const a = await insertTask();
    const document = await requestFor(ownDoctor, [a]);
    expect(await stateOf(document._id, a)).toMatch(/requested|delivered/);
    expect(await waitFor(document._id, a, 'delivered')).toBe('delivered');
  });

  it('fehlgeschlagen: a fax the number of which cannot be one; "Erneut senden" asks again', async () => {
    const doctor = await doctorWith({ email: '', fax: '12', preferred: 'Fax' });
    const a = await insertTask({ doctorId: doctor });
    const document = await requestFor(doctor, [a], {}, 'fax');
    expect(await waitFor(document._id, a, 'failed')).toBe('failed');
    const [row] = await database.select().from(documentTasks).where(eq(documentTasks.documentId, document._id));
    expect(row!.remindAt).toBeNull();
    expect((await tracked('apotheke', document._id))!.progress).toBe('failed');
    // The pharmacy corrects the number on the doctor (as the doctor form saves it): sent again, to the
    // corrected number, the request is asked for anew (a new stage, reminded anew) and delivered.
    await database.update(doctors).set({ fax: '030 123456' }).where(eq(doctors.id, doctor));
    const resend = await api().post(`/api/documents/${document._id}/resend`).set('x-auth-token', as('apotheke'));
    expect(resend.status).toBe(200);
    expect(await waitFor(document._id, a, 'delivered')).toBe('delivered');
    const [message] = await database.select({ payload: outboxMessages.payload }).from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `document-${document._id}`));
    expect((message!.payload as { to: string }).to).toBe('030 123456');
    const [again] = await database.select().from(documentTasks).where(eq(documentTasks.documentId, document._id));
    expect(again!.remindAt).not.toBeNull();
    expect(again!.remindedAt).toBeNull();
    expect(await historyOf(document._id)).toEqual([
      ['requested', 'created', 'apotheke'],
      ['failed', 'outbox', null],
      ['requested', 'resent', 'apotheke'],
      ['delivered', 'outbox', null],
    ]);
  });

  it('"Erneut senden" on the outbox page puts the request back on its way like its own button', async () => {
    const doctor = await doctorWith({ email: '', fax: '13', preferred: 'Fax' });
    const a = await insertTask({ doctorId: doctor });
    const document = await requestFor(doctor, [a], {}, 'fax');
    expect(await waitFor(document._id, a, 'failed')).toBe('failed');
    const [message] = await database.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `document-${document._id}`));
    await database
      .update(outboxMessages)
      .set({ payload: sql`jsonb_set(${outboxMessages.payload}, '{to}', '"030 123457"')` })
      .where(eq(outboxMessages.id, message!.id));
    const faxEvents = async () => (await database.select({ id: taskEvents.id }).from(taskEvents).where(and(eq(taskEvents.taskId, a), eq(taskEvents.type, 'fax')))).length;
    const before = await faxEvents();
    const retry = await api().post(`/api/outbox/${message!.id}/retry`).set('x-auth-token', as('admin'));
    expect(retry.status).toBe(200);
    // "Fax wird versendet" again on the order, and the request asked for anew.
    expect(await faxEvents()).toBe(before + 1);
    expect(await waitFor(document._id, a, 'delivered')).toBe('delivered');
    const [row] = await database.select().from(documentTasks).where(eq(documentTasks.documentId, document._id));
    expect(row!.remindAt).not.toBeNull();
    expect(await historyOf(document._id)).toEqual([
      ['requested', 'created', 'apotheke'],
      ['failed', 'outbox', null],
      ['requested', 'resent', 'admin'],
      ['delivered', 'outbox', null],
    ]);
    expect((await database.select({ state: documents.state }).from(documents).where(eq(documents.id, document._id)))[0]!.state).not.toBe('failed');
  });

  it('versendet: an HTTP fax gateway took the fax (onSubmitted), then zugestellt with its report (onSent)', async () => {
    const doctor = await doctorWith({ email: '', fax: '030 777888', preferred: 'Fax' });
    const a = await insertTask({ doctorId: doctor });
    const document = await requestFor(doctor, [a], {}, 'fax');
    await waitFor(document._id, a, 'delivered');
    // The gateway's two steps, through the handlers the documents registered with the outbox.
    await database.update(documentTasks).set({ state: 'requested' }).where(eq(documentTasks.documentId, document._id));
    const [messageRow] = await database.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `document-${document._id}`));
    const handlers = app.get(OutboxRegistry, { strict: false }).handlersFor('document')!;
    await handlers.onSubmitted!(messageRow!, { providerMessageId: 'job-1' });
    expect(await stateOf(document._id, a)).toBe('submitted');
    await handlers.onSent!(messageRow!, { providerMessageId: 'job-1' });
    expect(await stateOf(document._id, a)).toBe('delivered');
    // A late "submitted" never takes a delivery back.
    await handlers.onSubmitted!(messageRow!, { providerMessageId: 'job-1' });
    expect(await stateOf(document._id, a)).toBe('delivered');
  });
});

describe('the practice confirms (bestätigt)', () => {
  it("by a doctor's chat message on the order; a home's message does not", async () => {
    const a = await insertTask();
    const document = await requestFor(ownDoctor, [a]);
    await waitFor(document._id, a, 'delivered');
    expect((await message('heim', a, 'Wann kommt das Rezept?')).status).toBe(201);
    expect(await stateOf(document._id, a)).toBe('delivered');
    expect((await message('arzt', a, 'Rezept ist unterwegs.')).status).toBe(201);
    expect(await stateOf(document._id, a)).toBe('confirmed');
    const item = (await tracked('apotheke', document._id))!.items[0]!;
    expect(item.history.at(-1)).toMatchObject({ state: 'confirmed', cause: 'message', by: { username: 'arzt' } });
  });

  it('by a click of the doctor or the pharmacy; not by a home (403), another practice (404) or twice (409)', async () => {
    const a = await insertTask();
    const b = await insertTask();
    const document = await requestFor(ownDoctor, [a, b]);
    expect((await confirm('heim', document._id)).status).toBe(403);
    const foreign = await requestFor(otherDoctor, [await insertTask({ doctorId: otherDoctor, patientId: otherPatient, homeId: otherHome })]);
    expect((await confirm('arzt', foreign._id)).status).toBe(404);
    expect((await confirm('arzt', NO_ID)).status).toBe(404);
    expect((await confirm('arzt', 'kein-id')).status).toBe(404);
    const one = await confirm('arzt', document._id, { tasks: [a] });
    expect(one.status).toBe(200);
    const body = one.body as DocumentMarkResponse;
    expect(body.message).toBe(DOCUMENT_MESSAGES.confirmed);
    expect(body.document.items.find((i) => i.task === a)!.state).toBe('confirmed');
    expect(body.document.items.find((i) => i.task === b)!.state).not.toBe('confirmed');
    expect((await eventsOf(a)).at(-1)).toMatchObject({ type: 'document', data: { text: DOCUMENT_MESSAGES.confirmedEvent }, document: document._id });
    expect((await confirm('apotheke', document._id)).status).toBe(200);
    const twice = await confirm('apotheke', document._id);
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].message).toBe(DOCUMENT_MESSAGES.nothingToConfirm);
  });

  it.each([
    { title: 'null', body: { tasks: null } },
    { title: 'a string', body: { tasks: 'alle' } },
    { title: 'an empty list', body: { tasks: [] } },
    { title: 'a number in the list', body: { tasks: [7] } },
    { title: 'an order of another request', body: { tasks: [NO_ID] } },
    { title: 'a nested list', body: { tasks: [[['x']]] } },
  ])('refuses $title as the orders to mark, with a German message', async ({ body }) => {
    const a = await insertTask();
    const document = await requestFor(ownDoctor, [a]);
    const res = await confirm('apotheke', document._id, body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'tasks', message: DOCUMENT_MESSAGES.markTasks });
    expect(await stateOf(document._id, a)).not.toBe('confirmed');
  });
});

describe('the prescription comes in (Rezept eingegangen)', () => {
  it('when the order goes to the drivers (status pickup)', async () => {
    const a = await insertTask();
    const document = await requestFor(ownDoctor, [a]);
    const res = await api().put(`/api/tasks/${a}`).set('x-auth-token', as('apotheke')).send({ status: 'pickup' });
    expect(res.status).toBe(200);
    expect(await stateOf(document._id, a)).toBe('received');
    expect((await tracked('apotheke', document._id))!.items[0]!.history.at(-1)).toMatchObject({ state: 'received', cause: 'pickup', by: { username: 'apotheke' } });
  });

  it('with the pickup sheet of several orders', async () => {
    const a = await insertTask();
    const b = await insertTask();
    const document = await requestFor(ownDoctor, [a, b]);
    const res = await api().post('/api/tasks/pickup').set('x-auth-token', as('apotheke')).send({ tasks: [a, b] });
    expect(res.status).toBe(200);
    expect(await trackerStates(document._id)).toEqual({ [a]: 'received', [b]: 'received' });
  });

  it('when the pharmacy records it; not a doctor (403)', async () => {
    const a = await insertTask();
    const document = await requestFor(ownDoctor, [a]);
    expect((await received('arzt', document._id)).status).toBe(403);
    expect((await received('heim', document._id)).status).toBe(403);
    const res = await received('apotheke', document._id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(DOCUMENT_MESSAGES.received);
    expect(await stateOf(document._id, a)).toBe('received');
    // A late outbox report does not take it back.
    const [messageRow] = await database.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `document-${document._id}`));
    await app.get(OutboxRegistry, { strict: false }).handlersFor('document')!.onSent!(messageRow!, { providerMessageId: null });
    expect(await stateOf(document._id, a)).toBe('received');
    expect((await received('apotheke', document._id)).status).toBe(409);
  });
});

describe('POST /api/documents: reason, priority and remaining supply', () => {
  it('defaults to Folgeverordnung, normal, no supply', async () => {
    const document = await requestFor(ownDoctor, [await insertTask()]);
    expect(document).toMatchObject({ reason: 'follow-up', priority: 'normal', supplyDays: null });
  });

  it('keeps the choice and shows it in the PDF and the chat', async () => {
    const a = await insertTask();
    const document = await requestFor(ownDoctor, [a], { reason: 'follow-up', priority: 'urgent', supplyDays: 3 });
    expect(document).toMatchObject({ reason: 'follow-up', priority: 'urgent', supplyDays: 3 });
    const [event] = (await eventsOf(a)).filter((e) => e.type === 'recipe_request');
    expect(event!.data).toMatchObject({ message: 'Folgeverordnung (Reichweite erschöpft) · Restreichweite 3 Tage · dringend\n\nBitte', reason: 'follow-up', priority: 'urgent', supplyDays: 3 });
    const pdf = await binary(api().get(`/api/documents/${document._id}/pdf`).set('x-auth-token', as('apotheke')));
    const text = (await pdfText(pdf.body as Buffer)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Anlass: Folgeverordnung (Reichweite erschöpft) · Restreichweite 3 Tage · dringend');
    const initial = await requestFor(ownDoctor, [await insertTask()], { reason: 'initial', supplyDays: null });
    expect(initial).toMatchObject({ reason: 'initial', priority: 'normal', supplyDays: null });
  });

  it.each([
    { title: 'a reason of null', group: { reason: null }, path: 'reason', message: DOCUMENT_MESSAGES.reason },
    { title: 'a reason that is a number', group: { reason: 2 }, path: 'reason', message: DOCUMENT_MESSAGES.reason },
    { title: 'an unknown reason', group: { reason: 'Dauerverordnung' }, path: 'reason', message: DOCUMENT_MESSAGES.reason },
    { title: 'a priority of null', group: { priority: null }, path: 'priority', message: DOCUMENT_MESSAGES.priority },
    { title: 'an unknown priority', group: { priority: 'hoch' }, path: 'priority', message: DOCUMENT_MESSAGES.priority },
    { title: 'a priority that is a list', group: { priority: ['urgent'] }, path: 'priority', message: DOCUMENT_MESSAGES.priority },
    { title: '366 days of supply', group: { supplyDays: 366 }, path: 'supplyDays', message: DOCUMENT_MESSAGES.supplyDays },
    { title: 'a negative supply', group: { supplyDays: -1 }, path: 'supplyDays', message: DOCUMENT_MESSAGES.supplyDays },
    { title: 'half a day of supply', group: { supplyDays: 1.5 }, path: 'supplyDays', message: DOCUMENT_MESSAGES.supplyDays },
    { title: 'a supply as text', group: { supplyDays: '3' }, path: 'supplyDays', message: DOCUMENT_MESSAGES.supplyDays },
    { title: 'a supply of true', group: { supplyDays: true }, path: 'supplyDays', message: DOCUMENT_MESSAGES.supplyDays },
    { title: 'a supply for an Erstverordnung', group: { reason: 'initial', supplyDays: 3 }, path: 'supplyDays', message: DOCUMENT_MESSAGES.supplyDaysFollowUp },
  ])('refuses $title with a German message and writes nothing', async ({ group, path, message: text }) => {
    const a = await insertTask();
    const res = await send('apotheke', { type: 'email', documents: [{ doctor: ownDoctor, subject: 'R', content: '', tasks: [a], ...group }] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: `documents.0.${path}`, message: text });
    expect(await eventsOf(a)).toEqual([]);
    expect(await database.select().from(documentTasks).where(eq(documentTasks.taskId, a))).toEqual([]);
  });

  it("refuses a foreign doctor's id (404) and a foreign home's order (404)", async () => {
    const a = await insertTask();
    expect((await send('apotheke', { type: 'email', documents: [{ doctor: NO_ID, subject: 'R', content: '', tasks: [a], priority: 'urgent' }] })).status).toBe(404);
    const foreign = await insertTask({ patientId: otherPatient, homeId: otherHome });
    expect((await send('apotheke', { type: 'email', documents: [{ doctor: ownDoctor, subject: 'R', content: '', tasks: [foreign, NO_ID] }] })).status).toBe(404);
  });
});

describe('the orders list and the tracker', () => {
  it("shows each order's latest request and filters by its state (filter[request])", async () => {
    const a = await insertTask();
    const b = await insertTask();
    const c = await insertTask();
    const first = await requestFor(ownDoctor, [a, b], { priority: 'urgent' });
    await waitFor(first._id, b, 'delivered');
    expect((await confirm('apotheke', first._id, { tasks: [a] })).status).toBe(200);
    const rows = async (query: string) => ((await api().get(`/api/tasks?limit=100&${query}`).set('x-auth-token', as('apotheke'))).body.data as TaskDto[]);
    const all = await rows('');
    expect(all.find((t) => t._id === a)!.request).toEqual({ _id: first._id, state: 'confirmed', priority: 'urgent' });
    expect(all.find((t) => t._id === b)!.request).toEqual({ _id: first._id, state: 'delivered', priority: 'urgent' });
    expect(all.find((t) => t._id === c)!.request).toBeNull();
    const confirmed = (await rows('filter[request]=confirmed')).map((t) => t._id);
    expect(confirmed).toContain(a);
    expect(confirmed).not.toContain(b);
    expect(confirmed).not.toContain(c);
    const either = (await rows('filter[request]=confirmed,delivered')).map((t) => t._id);
    expect(either).toEqual(expect.arrayContaining([a, b]));
    // A new request of an order is its current one.
    const second = await requestFor(ownDoctor, [a]);
    expect((await rows('')).find((t) => t._id === a)!.request).toMatchObject({ _id: second._id, priority: 'normal' });
    expect((await rows('filter[request]=confirmed')).map((t) => t._id)).not.toContain(a);
    const bad = await api().get('/api/tasks?filter[request]=irgendwas').set('x-auth-token', as('apotheke'));
    expect(bad.status).toBe(400);
    // The home sees its orders' chips, through the same list.
    const home = (await api().get('/api/tasks?limit=100&filter[request]=confirmed,delivered').set('x-auth-token', as('heim'))).body.data as TaskDto[];
    expect(home.map((t) => t._id)).toContain(b);
  });
});

describe('reminders of unanswered requests', () => {
  const reminders = () => app.get(RequestRemindersService);
  // Friday 8 January 2027, 10:00 in Berlin.
  const FRIDAY = '2027-01-08T09:00:00Z';
  const remindersOf = async (taskId: string) => (await eventsOf(taskId)).filter((e) => e.type === 'document' && (e.data as { reminder?: boolean }).reminder);

  it('reminds a normal request after 2 working days (over the weekend), an urgent one after 4 hours, each once', async () => {
    clock.set(FRIDAY);
    const normal = await insertTask();
    const urgent = await insertTask();
    const answered = await insertTask();
    const n = await requestFor(ownDoctor, [normal]);
    const u = await requestFor(ownDoctor, [urgent], { priority: 'urgent' });
    const x = await requestFor(ownDoctor, [answered]);
    await waitFor(x._id, answered, 'delivered');
    expect((await confirm('arzt', x._id)).status).toBe(200);

    clock.set('2027-01-08T12:59:00Z');
    await reminders().run();
    expect(await remindersOf(urgent)).toHaveLength(0);
    clock.set('2027-01-08T13:00:00Z');
    await reminders().run();
    expect(await remindersOf(urgent)).toHaveLength(1);
    expect(await remindersOf(normal)).toHaveLength(0);
    // Not again, however often it runs.
    await reminders().run();
    clock.set('2027-01-11T12:00:00Z');
    await reminders().run();
    expect(await remindersOf(urgent)).toHaveLength(1);
    // Saturday and Sunday do not count: Friday 10:00 → Tuesday 10:00.
    expect(await remindersOf(normal)).toHaveLength(0);
    clock.set('2027-01-12T08:59:00Z');
    await reminders().run();
    expect(await remindersOf(normal)).toHaveLength(0);
    clock.set('2027-01-12T09:00:00Z');
    await reminders().run();
    await reminders().run();
    const [reminder] = await remindersOf(normal);
    expect(await remindersOf(normal)).toHaveLength(1);
    expect(reminder).toMatchObject({ data: { text: DOCUMENT_MESSAGES.reminder }, document: n._id, createdBy: null });
    expect((await remindersOf(urgent))[0]!.data).toMatchObject({ text: DOCUMENT_MESSAGES.reminderUrgent });
    expect((await remindersOf(urgent))[0]!.document).toBe(u._id);
    // The answered request is never reminded.
    expect(await remindersOf(answered)).toHaveLength(0);
    // The history says so.
    const item = (await tracked('apotheke', n._id))!.items[0]!;
    expect(item.history.at(-1)).toMatchObject({ cause: 'reminder', by: null });
    expect(item.remindedAt).toBe('2027-01-12T09:00:00.000Z');
  });

  it('is new ("neu") to the pharmacy: an unseen message in the chat and on the orders list', async () => {
    clock.set(FRIDAY);
    const a = await insertTask();
    await requestFor(ownDoctor, [a], { priority: 'urgent' });
    clock.set('2027-01-08T15:00:00Z');
    await reminders().run();
    const feed = (await api().get(`/api/tasks/${a}/events`).set('x-auth-token', as('apotheke'))).body.data as { type: string; data: { text?: string }; seen: string[] }[];
    const reminder = feed.find((e) => e.data?.text === DOCUMENT_MESSAGES.reminderUrgent)!;
    expect(reminder.seen).toEqual([]);
    const unread = (await api().get('/api/tasks?limit=100&filter[notSeenEvents]=1').set('x-auth-token', as('apotheke'))).body.data as TaskDto[];
    expect(unread.map((t) => t._id)).toContain(a);
  });

  it('raises each reminder once when two instances run at the same time', async () => {
    clock.set(FRIDAY);
    const ids = [await insertTask(), await insertTask(), await insertTask()];
    await requestFor(ownDoctor, ids, { priority: 'urgent' });
    clock.set('2027-01-08T14:00:00Z');
    const counts = await Promise.all([reminders().run(), reminders().run(), reminders().run()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect(await remindersOf(id)).toHaveLength(1);
    const rows = await database.select().from(documentTasks).where(and(inArray(documentTasks.taskId, ids), eq(documentTasks.current, true)));
    expect(rows.every((r) => r.remindedAt?.toISOString() === '2027-01-08T14:00:00.000Z')).toBe(true);
  });

  it('does not remind a request superseded by a newer one', async () => {
    clock.set(FRIDAY);
    const a = await insertTask();
    await requestFor(ownDoctor, [a], { priority: 'urgent' });
    clock.set('2027-01-08T10:00:00Z');
    // Asked again (another doctor, a new text): only the new request counts.
    await requestFor(ownDoctor, [a]);
    clock.set('2027-01-08T16:00:00Z');
    await reminders().run();
    expect(await remindersOf(a)).toHaveLength(0);
  });
});

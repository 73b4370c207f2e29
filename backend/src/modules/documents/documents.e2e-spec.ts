import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { type AuthRecord } from '@mediport/contracts';
import { DOCUMENT_MESSAGES, type DocumentRequestResponse } from '@mediport/contracts/documents';
import type { Database } from '../../core/db/database.js';
import { doctors, tasks, users } from '../../db/schema/index.js';
import { grantPermission } from '../../testing/acl.js';
import { type DemoUsername, useTestApp } from '../../testing/test-app.js';
import { type TaskWorld, taskWorld } from '../tasks/testing/task-world.js';
import { documentChannel } from './documents.service.js';

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
let seq = 0;
const api = () => request(app.getHttpServer());
const as = (name: DemoUsername) => demo[name].token;
const NO_ID = '00000000-0000-4000-8000-000000000000';

useTestApp(async (booted) => {
  app = booted.app;
  world = await taskWorld(app);
  ({ database, demo, ownHome, ownPatient, otherHome, otherPatient, ownDoctor, otherDoctor } = world);
});

/** A task written straight into the table (the world's defaults). */
const insertTask = (values: Partial<typeof tasks.$inferInsert> = {}) => world.insertTask({ ...values }, 'Anforderungsmittel');

const ask = (caller: DemoUsername, body: unknown, query = '') => api().post(`/api/documents/request${query}`).set('x-auth-token', as(caller)).send(body as object);

describe('POST /api/documents/request', () => {
  it('groups the orders by doctor, sets type 4 apart and lists orders without a doctor', async () => {
    const a = await insertTask();
    const b = await insertTask({ type: 4 });
    const c = await insertTask({ doctorId: otherDoctor, patientId: otherPatient, homeId: otherHome });
    const d = await insertTask({ type: 2, doctorId: null });
    const res = await ask('apotheke', { tasks: [a, b, c, d] });
    expect(res.status).toBe(200);
    const body = res.body as DocumentRequestResponse;
    expect(body.count).toBe(2);
    // By the doctor's name: Anderer before Berger.
    expect(body.data.map((g) => g.doctor.lastname)).toEqual(['Anderer', 'Berger']);
    const berger = body.data[1]!;
    expect(berger.tasks.map((t) => t._id)).toEqual([a]);
    expect(berger.waiting.map((t) => t._id)).toEqual([b]);
    expect(body.data[0]!.tasks.map((t) => t._id)).toEqual([c]);
    expect(body.withoutDoctor.map((t) => t._id)).toEqual([d]);
  });

  it("prefills subject and text from the caller's first snippet, else the standard text", async () => {
    const id = await insertTask();
    const plain = (await ask('apotheke', { tasks: [id] })).body as DocumentRequestResponse;
    expect(plain.data[0]).toMatchObject({ subject: DOCUMENT_MESSAGES.defaultSubject, content: DOCUMENT_MESSAGES.defaultContent });
    await database
      .update(users)
      .set({ snippets: [{ name: 'Standard', subject: 'Bitte um Rezept', content: '<p>Liebe Praxis,</p>' }, { name: 'Zweite', subject: 'x', content: 'y' }] })
      .where(eq(users.id, demo.apotheke.user._id));
    const withSnippet = (await ask('apotheke', { tasks: [id] })).body as DocumentRequestResponse;
    expect(withSnippet.data[0]).toMatchObject({ subject: 'Bitte um Rezept', content: '<p>Liebe Praxis,</p>' });
  });

  it('keeps only the orders of filter[status]', async () => {
    const open = await insertTask();
    const done = await insertTask({ status: 'finished' });
    const res = await ask('apotheke', { tasks: [open, done] }, '?filter[status]=new');
    expect((res.body as DocumentRequestResponse).data.flatMap((g) => g.tasks.map((t) => t._id))).toEqual([open]);
    expect((await ask('apotheke', { tasks: [open] }, '?filter[status]=bogus')).status).toBe(400);
  });

  it.each([
    { type: 'email', email: 'praxis@beispiel.de', fax: '030 1', preferred: 'Fax', channel: 'email' },
    { type: 'email', email: '', fax: '030 1', preferred: 'Fax', channel: null },
    { type: 'fax', email: 'praxis@beispiel.de', fax: '030 1', preferred: 'E-Mail', channel: 'fax' },
    { type: 'fax', email: 'praxis@beispiel.de', fax: '', preferred: 'E-Mail', channel: null },
    { type: 'preferred', email: 'praxis@beispiel.de', fax: '030 1', preferred: 'E-Mail', channel: 'email' },
    { type: 'preferred', email: 'praxis@beispiel.de', fax: '030 1', preferred: 'Fax', channel: 'fax' },
    { type: 'preferred', email: 'praxis@beispiel.de', fax: '', preferred: 'E-Mail-Notification', channel: 'email-notification' },
    { type: 'preferred', email: '', fax: '030 1', preferred: 'Fax-Notification', channel: 'fax-notification' },
    { type: 'preferred', email: '', fax: '030 1', preferred: 'E-Mail', channel: null },
    { type: 'preferred', email: 'praxis@beispiel.de', fax: '030 1', preferred: 'NONE', channel: null },
  ] as const)('type $type, preferred $preferred, email "$email", fax "$fax" → $channel', async ({ type, email, fax, preferred, channel }) => {
    expect(documentChannel(type, { email, fax, preferred })).toBe(channel);
    const [doctor] = await database.insert(doctors).values({ lastname: `Kanal ${seq++}`, email, fax, preferred }).returning({ id: doctors.id });
    const res = await ask('apotheke', { tasks: [await insertTask({ doctorId: doctor!.id })], type });
    expect(res.status).toBe(200);
    expect((res.body as DocumentRequestResponse).data[0]!.channel).toBe(channel);
  });

  it('defaults to the preferred channel', async () => {
    const res = await ask('apotheke', { tasks: [await insertTask()] });
    const [bergerRow] = await database.select({ preferred: doctors.preferred, email: doctors.email, fax: doctors.fax }).from(doctors).where(eq(doctors.id, ownDoctor));
    expect((res.body as DocumentRequestResponse).data[0]!.channel).toBe(documentChannel('preferred', bergerRow!));
  });

  it.each([
    { title: 'a non-array', body: () => ({ tasks: 'alle' }), status: 400, message: DOCUMENT_MESSAGES.tasksList },
    { title: 'null', body: () => ({ tasks: null }), status: 400, message: DOCUMENT_MESSAGES.tasksList },
    { title: 'no tasks at all', body: () => ({}), status: 400, message: DOCUMENT_MESSAGES.tasksList },
    { title: 'an empty list', body: () => ({ tasks: [] }), status: 400, message: DOCUMENT_MESSAGES.tasksEmpty },
    { title: '1,000 ids', body: () => ({ tasks: Array.from({ length: 1000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) }), status: 400, message: DOCUMENT_MESSAGES.tasksTooMany },
    { title: 'an unknown id', body: (id: string) => ({ tasks: [id, NO_ID] }), status: 404, message: DOCUMENT_MESSAGES.tasksUnknown },
    { title: 'a malformed id', body: (id: string) => ({ tasks: [id, 'x'] }), status: 404, message: DOCUMENT_MESSAGES.tasksUnknown },
    { title: 'an unknown type', body: (id: string) => ({ tasks: [id], type: 'brief' }), status: 400, message: DOCUMENT_MESSAGES.type },
  ])('refuses $title with a German message', async ({ body, status, message }) => {
    const res = await ask('apotheke', body(await insertTask()));
    expect(res.status).toBe(status);
    expect(res.body.errors[0].message).toBe(message);
  });

  it('answers the same group once for a duplicate id', async () => {
    const id = await insertTask();
    const res = await ask('apotheke', { tasks: [id, id] });
    expect((res.body as DocumentRequestResponse).data[0]!.tasks.map((t) => t._id)).toEqual([id]);
  });

  it("refuses a home user another home's orders (404) and answers its own", async () => {
    // The default matrix gives prescription requests to the pharmacy only; a home may be granted them.
    const restore = await grantPermission(app, as('admin'), 'ROLE_HOME', 'task_create_recipe_requirement');
    const own = await insertTask();
    const foreign = await insertTask({ patientId: otherPatient, homeId: otherHome });
    expect((await ask('heim', { tasks: [own] })).status).toBe(200);
    const res = await ask('heim', { tasks: [own, foreign] });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].message).toBe(DOCUMENT_MESSAGES.tasksUnknown);
    await restore();
  });

  it.each(['arzt', 'fahrer', 'buchhaltung'] as const)('is refused without task_create_recipe_requirement (%s)', async (caller) => {
    expect((await ask(caller, { tasks: [await insertTask()] })).status).toBe(403);
  });

  it('requires sign-in', async () => {
    expect((await api().post('/api/documents/request').send({ tasks: [] })).status).toBe(401);
  });
});

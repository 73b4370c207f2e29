import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, asc, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord, ERROR_CODES, TASK_MESSAGES, type TaskDto, type TaskStatus } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { LIST_QUERY_MESSAGE } from '../../core/http/list-query.js';
import { auditLog, doctors, homes, medicines, patients, taskEvents, tasks } from '../../db/schema/index.js';
import { whileAuditFails } from '../../testing/failing-audit.js';
import { type DemoUsername, useTestApp } from '../../testing/test-app.js';
import { day, taskWorld } from './testing/task-world.js';

let app: NestExpressApplication;
let database: Database;
let demo: Record<DemoUsername, AuthRecord>;
const api = () => request(app.getHttpServer());
const NO_ID = '00000000-0000-4000-8000-000000000000';
const as = (name: DemoUsername) => demo[name].token;

/** heim's home and a patient there with a living area, one without; another home and its patient. */
let ownHome: string;
let ownPatient: string;
let ownPatientNoGroup: string;
let otherHome: string;
let otherPatient: string;
/** arzt's doctor (Berger) and a doctor of another practice. */
let ownDoctor: string;
let otherDoctor: string;
let seq = 0;

const isoDay = (days: number) => day(days).split('.').reverse().join('-');

useTestApp(async (booted) => {
  app = booted.app;
  ({ database, demo, ownHome, ownPatient, ownPatientNoGroup, otherHome, otherPatient, ownDoctor, otherDoctor } = await taskWorld(app));
});

/** A task written straight into the table (list tests control status, dates and owner). */
async function insertTask(values: Partial<typeof tasks.$inferInsert> = {}): Promise<string> {
  seq += 1;
  const [row] = await database
    .insert(tasks)
    .values({ type: 1, medicine: `Listenmittel ${seq}`, dose: '1-0-0', patientId: ownPatient, homeId: ownHome, doctorId: ownDoctor, ...values })
    .returning({ id: tasks.id });
  return row!.id;
}

/** A valid order of heim's patient for Dr. Berger; the fields given replace the defaults. */
function newOrder(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return { type: 1, group: 'medicine', medicine: `Ibuprofen ${seq}`, dose: '1-0-1', amount: 2, patient: ownPatient, doctor: ownDoctor, latestDelivery: day(3), ...overrides };
}

async function created(caller: DemoUsername, overrides: Record<string, unknown> = {}): Promise<TaskDto> {
  const res = await api().post('/api/tasks').set('x-auth-token', as(caller)).send(newOrder(overrides));
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TaskDto;
}

async function list(caller: DemoUsername, query = ''): Promise<{ status: number; data: TaskDto[]; count: number; body: unknown }> {
  const res = await api().get(`/api/tasks?limit=-1${query}`).set('x-auth-token', as(caller));
  return { status: res.status, data: res.body.data ?? [], count: res.body.count, body: res.body };
}

async function taskCount(): Promise<number> {
  const [row] = await database.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(tasks);
  return row!.n;
}

describe('GET /api/tasks', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/tasks')).status).toBe(401);
  });

  it('is refused without task_list_view or pickup_list_view (buchhaltung)', async () => {
    expect((await api().get('/api/tasks').set('x-auth-token', as('buchhaltung'))).status).toBe(403);
  });

  it('answers each caller exactly the tasks of its scope, in the SQL (home, doctor, pickup, all)', async () => {
    const ids = {
      own: await insertTask(),
      otherHome: await insertTask({ patientId: otherPatient, homeId: otherHome, doctorId: null, type: 2 }),
      otherDoctor: await insertTask({ patientId: otherPatient, homeId: otherHome, doctorId: otherDoctor }),
      ownHomeOtherDoctor: await insertTask({ doctorId: otherDoctor }),
      onTheRoad: await insertTask({ patientId: otherPatient, homeId: otherHome, doctorId: otherDoctor, status: 'delivery' }),
    };
    const seen = async (caller: DemoUsername) => new Set((await list(caller)).data.map((t) => t._id));
    const heim = await seen('heim');
    expect([heim.has(ids.own), heim.has(ids.ownHomeOtherDoctor), heim.has(ids.otherHome), heim.has(ids.otherDoctor)]).toEqual([true, true, false, false]);
    const arzt = await seen('arzt');
    expect([arzt.has(ids.own), arzt.has(ids.ownHomeOtherDoctor), arzt.has(ids.otherHome), arzt.has(ids.otherDoctor)]).toEqual([true, false, false, false]);
    const fahrer = await list('fahrer');
    expect(fahrer.data.every((t) => t.status === 'pickup' || t.status === 'delivery')).toBe(true);
    expect(fahrer.data.map((t) => t._id)).toContain(ids.onTheRoad);
    for (const caller of ['apotheke', 'admin'] as const) {
      const all = await seen(caller);
      expect(Object.values(ids).every((id) => all.has(id))).toBe(true);
    }
  });

  it('answers {data, count} with patient, home, doctor, urgency and seen on each row, 50 per page by default', async () => {
    for (let i = 0; i < 52; i++) await insertTask();
    const res = await api().get('/api/tasks').set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(50);
    expect(res.body.count).toBeGreaterThanOrEqual(52);
    const row = (res.body.data as TaskDto[]).find((t) => t.patient === ownPatient)!;
    expect(row).toMatchObject({
      patientDetails: { _id: ownPatient, lastname: 'Eigenheim', dateOfBirth: '03.02.1940' },
      homeDetails: { _id: ownHome, name: 'Haus Sonnenschein' },
      doctorDetails: { _id: ownDoctor, lastname: 'Berger' },
      urgent: expect.any(Boolean),
      seen: expect.any(Array),
    });
  });

  it('sorts by priority: urgent (latestDelivery today, tomorrow or past, open) first, then the other open ones by latestDelivery, then the closed ones, newest first', async () => {
    const medicine = `Prioritaet${++seq}`;
    const ids = {
      later: await insertTask({ medicine, latestDelivery: isoDay(5) }),
      tomorrow: await insertTask({ medicine, latestDelivery: isoDay(1) }),
      past: await insertTask({ medicine, latestDelivery: isoDay(-2) }),
      pastFinished: await insertTask({ medicine, latestDelivery: isoDay(-3), status: 'finished' }),
      none: await insertTask({ medicine, latestDelivery: null }),
      today: await insertTask({ medicine, latestDelivery: isoDay(0) }),
    };
    const { data } = await list('apotheke', `&filter[medicine]=${medicine}`);
    expect(data.map((t) => t._id)).toEqual([ids.past, ids.today, ids.tomorrow, ids.later, ids.none, ids.pastFinished]);
    expect(data.map((t) => t.urgent)).toEqual([true, true, true, false, false, false]);
  });

  describe('filters of the orders list', () => {
    const marker = `Filtermittel${Date.now()}`;
    let f: Record<string, string>;

    beforeAll(async () => {
      f = {
        a: await insertTask({ medicine: `${marker} Aspirin`, status: 'new', latestDelivery: isoDay(2) }),
        b: await insertTask({ medicine: `${marker} Baldrian`, status: 'pickup', latestDelivery: isoDay(10), doctorId: otherDoctor }),
        c: await insertTask({ medicine: `${marker} Cetirizin`, status: 'finished', patientId: otherPatient, homeId: otherHome, dose: 'abends zwei' }),
        d: await insertTask({ medicine: `${marker} Diclofenac`, status: 'canceled', createdAt: new Date('2024-01-10T10:00:00Z'), modifiedAt: new Date('2024-03-10T10:00:00Z') }),
      };
    });

    const cases: { title: string; query: () => string; expected: () => string[] }[] = [
      { title: 'status (one)', query: () => '&filter[status]=pickup', expected: () => [f.b!] },
      { title: 'status (list)', query: () => '&filter[status]=finished,canceled', expected: () => [f.c!, f.d!] },
      { title: 'text in medicine', query: () => '&filter[text]=baldrian', expected: () => [f.b!] },
      { title: 'text in dose', query: () => '&filter[text]=abends', expected: () => [f.c!] },
      { title: 'text in the patient name', query: () => '&filter[text]=fremdheim', expected: () => [f.c!] },
      { title: 'medicine', query: () => '&filter[medicine]=cetiri', expected: () => [f.c!] },
      { title: 'doctor', query: () => `&filter[doctor]=${otherDoctor}`, expected: () => [f.b!] },
      { title: 'home', query: () => `&filter[home]=${otherHome}`, expected: () => [f.c!] },
      { title: 'patient', query: () => `&filter[patient]=${otherPatient}`, expected: () => [f.c!] },
      { title: 'latestDelivery (due by that day)', query: () => `&filter[latestDelivery]=${day(5)}`, expected: () => [f.a!] },
      { title: 'from/to on createdAt (default)', query: () => '&filter[from]=09.01.2024&filter[to]=11.01.2024', expected: () => [f.d!] },
      { title: 'from/to on modifiedAt', query: () => '&filter[from]=10.03.2024&filter[to]=10.03.2024&filter[filter_date_type]=modified', expected: () => [f.d!] },
      { title: 'from/to on createdAt finds nothing on the modification day', query: () => '&filter[from]=10.03.2024&filter[to]=10.03.2024&filter[filter_date_type]=created', expected: () => [] },
    ];

    it.each(cases)('$title', async ({ query, expected }) => {
      // Narrowed to this block's tasks by the marker in their medicine (the words of filter[text] combine with AND).
      const q = query();
      const res = await list('apotheke', q.includes('filter[text]=') ? q.replace('filter[text]=', `filter[text]=${marker}+`) : `${q}&filter[text]=${marker}`);
      expect(res.status).toBe(200);
      expect(res.data.map((t) => t._id).sort()).toEqual(expected().sort());
      expect(res.count).toBe(expected().length);
    });

    it('notSeen: the tasks the caller has not opened (the one seen definition)', async () => {
      expect((await list('apotheke', `&filter[text]=${marker}&filter[notSeen]=1`)).count).toBe(4);
      expect((await api().put(`/api/tasks/${f.a}/seen`).set('x-auth-token', as('apotheke'))).status).toBe(200);
      const res = await list('apotheke', `&filter[text]=${marker}&filter[notSeen]=1`);
      expect(res.data.map((t) => t._id).sort()).toEqual([f.b!, f.c!, f.d!].sort());
      const all = await list('apotheke', `&filter[text]=${marker}`);
      expect(all.data.find((t) => t._id === f.a)!.seen).toEqual([demo.apotheke.user._id]);
    });

    it.each([
      ['status', 'filter[status]=erledigt'],
      ['latestDelivery', 'filter[latestDelivery]=31.02.2024'],
      ['from', 'filter[from]=gestern'],
      ['to', 'filter[to]=2024-13-01'],
      ['filter_date_type', 'filter[filter_date_type]=deleted'],
      ['doctor', 'filter[doctor]=keine-id'],
      ['home', 'filter[home]=1'],
      ['patient', 'filter[patient]=x'],
      ['notSeen', 'filter[notSeen]=vielleicht'],
      ['sort', 'sort=password'],
    ])('answers 400 with a German message for a bad %s', async (key, query) => {
      const res = await api().get(`/api/tasks?${query}`).set('x-auth-token', as('apotheke'));
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ path: key === 'sort' ? 'sort' : `filter[${key}]`, message: LIST_QUERY_MESSAGE });
    });
  });
});

describe('GET /api/tasks/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().get(`/api/tasks/${NO_ID}`)).status).toBe(401);
  });

  it.each([
    { title: 'heim: a task of another home → 404', caller: 'heim' as const, foreign: true },
    { title: 'arzt: a task of another doctor → 404', caller: 'arzt' as const, foreign: true },
    { title: 'fahrer: a new task (not on the road) → 404', caller: 'fahrer' as const, foreign: false },
  ])('$title', async ({ caller, foreign }) => {
    const id = foreign ? await insertTask({ patientId: otherPatient, homeId: otherHome, doctorId: otherDoctor }) : await insertTask();
    const res = await api().get(`/api/tasks/${id}`).set('x-auth-token', as(caller));
    expect(res.status).toBe(404);
    expect(res.body.errors[0].message).toBe(API_MESSAGES.notFound);
  });

  it.each(['not-a-uuid', NO_ID])('answers 404 for the id %s', async (id) => {
    expect((await api().get(`/api/tasks/${id}`).set('x-auth-token', as('apotheke'))).status).toBe(404);
  });

  it('answers an own task', async () => {
    const id = await insertTask();
    for (const caller of ['heim', 'arzt', 'apotheke'] as const) {
      const res = await api().get(`/api/tasks/${id}`).set('x-auth-token', as(caller));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ _id: id, status: 'new', type: 1, home: ownHome, doctor: ownDoctor });
    }
  });
});

describe('POST /api/tasks', () => {
  it('requires sign-in', async () => {
    expect((await api().post('/api/tasks').send(newOrder())).status).toBe(401);
  });

  it('places an order as new, with the patient home, an audit row and the caller as creator', async () => {
    const res = await api().post('/api/tasks').set('x-auth-token', as('heim')).send(newOrder({ latestDelivery: day(0) }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'new', home: ownHome, patient: ownPatient, doctor: ownDoctor, amount: 2, latestDelivery: day(0), urgent: true, createdFrom: { username: 'heim' }, seen: [demo.heim.user._id] });
    const audits = await database.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, res.body._id));
    expect(audits.map((a) => a.action)).toEqual(['task.create']);
  });

  it.each([
    { title: 'type 2 (Selbstkauf) needs no doctor', body: { type: 2, doctor: '' } },
    { title: 'type 3 with a patient in a living area needs no doctor', body: { type: 3, doctor: null } },
    { title: 'group document needs neither medicine nor dose', body: { group: 'document', medicine: '', dose: '' } },
    { title: 'amount 1', body: { amount: 1 } },
    { title: 'amount 100', body: { amount: 100 } },
    { title: 'no latestDelivery', body: { latestDelivery: '' } },
  ])('accepts: $title', async ({ body }) => {
    expect((await api().post('/api/tasks').set('x-auth-token', as('apotheke')).send(newOrder(body))).status).toBe(201);
  });

  const rules: { title: string; body: () => Record<string, unknown>; path: string; message: string }[] = [
    { title: 'medicine required for group medicine', body: () => ({ medicine: ' ' }), path: 'medicine', message: TASK_MESSAGES.medicineRequired },
    { title: 'dose required for group medicine', body: () => ({ dose: '' }), path: 'dose', message: TASK_MESSAGES.doseRequired },
    { title: 'doctor required for type 1', body: () => ({ type: 1, doctor: '' }), path: 'doctor', message: TASK_MESSAGES.doctorRequired },
    { title: 'doctor required for type 4', body: () => ({ type: 4, doctor: null }), path: 'doctor', message: TASK_MESSAGES.doctorRequired },
    { title: 'latestDelivery not in the past', body: () => ({ latestDelivery: day(-1) }), path: 'latestDelivery', message: TASK_MESSAGES.latestDeliveryPast },
    { title: 'latestDelivery a real date', body: () => ({ latestDelivery: '31.02.2030' }), path: 'latestDelivery', message: TASK_MESSAGES.latestDeliveryFormat },
    { title: 'type 3 needs a living area', body: () => ({ type: 3, patient: ownPatientNoGroup }), path: 'patient', message: TASK_MESSAGES.homeGroupRequired },
    { title: 'amount 0', body: () => ({ amount: 0 }), path: 'amount', message: TASK_MESSAGES.amount },
    { title: 'amount 101', body: () => ({ amount: 101 }), path: 'amount', message: TASK_MESSAGES.amount },
    { title: 'amount 1.5', body: () => ({ amount: 1.5 }), path: 'amount', message: TASK_MESSAGES.amount },
    { title: 'unknown type', body: () => ({ type: 5 }), path: 'type', message: TASK_MESSAGES.type },
    { title: 'type missing', body: () => ({ type: undefined }), path: 'type', message: TASK_MESSAGES.type },
    { title: 'unknown status', body: () => ({ status: 'erledigt' }), path: 'status', message: TASK_MESSAGES.status },
    { title: 'unknown group', body: () => ({ group: 'food' }), path: 'group', message: TASK_MESSAGES.group },
    { title: 'patient missing', body: () => ({ patient: undefined }), path: 'patient', message: TASK_MESSAGES.patientRequired },
    { title: 'patient unknown', body: () => ({ patient: NO_ID }), path: 'patient', message: TASK_MESSAGES.patientUnknown },
    { title: 'doctor unknown', body: () => ({ doctor: NO_ID }), path: 'doctor', message: TASK_MESSAGES.doctorUnknown },
    { title: 'doctor not an id', body: () => ({ doctor: 'Dr. Berger' }), path: 'doctor', message: TASK_MESSAGES.doctorUnknown },
  ];

  it.each(rules)('refuses with 400 and the German message: $title', async ({ body, path, message }) => {
    const before = await taskCount();
    const res = await api().post('/api/tasks').set('x-auth-token', as('apotheke')).send(newOrder(body()));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    expect(await taskCount()).toBe(before);
  });

  it('refuses a status other than new on creation', async () => {
    const res = await api().post('/api/tasks').set('x-auth-token', as('apotheke')).send(newOrder({ status: 'finished' }));
    expect(res.status).toBe(409);
    expect(res.body.errors[0].message).toBe(TASK_MESSAGES.illegalTransition);
  });

  it('heim: a patient of another home is unknown (400), nothing saved', async () => {
    const before = await taskCount();
    const res = await api().post('/api/tasks').set('x-auth-token', as('heim')).send(newOrder({ patient: otherPatient }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'patient', message: TASK_MESSAGES.patientUnknown });
    expect(await taskCount()).toBe(before);
  });

  it('arzt without a contract: 403 contract_required', async () => {
    const res = await api().post('/api/tasks').set('x-auth-token', as('arzt')).send(newOrder());
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ code: ERROR_CODES.contractRequired, message: API_MESSAGES.contractRequired });
  });

  it.each(['fahrer', 'buchhaltung'] as const)('%s may not place orders (403)', async (caller) => {
    expect((await api().post('/api/tasks').set('x-auth-token', as(caller)).send(newOrder())).status).toBe(403);
  });

  it('a failing audit row leaves no task behind (one unit of work)', async () => {
    const before = await taskCount();
    const res = await whileAuditFails(database, 'task.create', () => api().post('/api/tasks').set('x-auth-token', as('apotheke')).send(newOrder()));
    expect(res.status).toBe(500);
    expect(await taskCount()).toBe(before);
  });
});

describe('PUT /api/tasks/{id} (fields)', () => {
  it('requires sign-in', async () => {
    expect((await api().put(`/api/tasks/${NO_ID}`).send({ dose: '1-1-1' })).status).toBe(401);
  });

  it('edits the fields of an open task and records who changed what', async () => {
    const t = await created('apotheke');
    const res = await api().put(`/api/tasks/${t._id}`).set('x-auth-token', as('heim')).send({ dose: '0-0-1', amount: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dose: '0-0-1', amount: 5, modifiedFrom: { username: 'heim' } });
    const [audit] = await database.select({ meta: auditLog.meta }).from(auditLog).where(and(eq(auditLog.target, t._id), eq(auditLog.action, 'task.update')));
    expect(audit!.meta).toMatchObject({ changed: expect.arrayContaining(['dose', 'amount']) });
  });

  it.each([
    { title: 'amount 0', body: { amount: 0 }, message: TASK_MESSAGES.amount },
    { title: 'latestDelivery in the past', body: { latestDelivery: day(-3) }, message: TASK_MESSAGES.latestDeliveryPast },
    { title: 'a foreign patient', body: { patient: NO_ID }, message: TASK_MESSAGES.patientUnknown },
    { title: 'a foreign doctor', body: { doctor: NO_ID }, message: TASK_MESSAGES.doctorUnknown },
    { title: 'status with fields', body: { status: 'finished', dose: '1' }, message: TASK_MESSAGES.statusAlone },
  ])('refuses $title with 400', async ({ body, message }) => {
    const t = await created('apotheke');
    const res = await api().put(`/api/tasks/${t._id}`).set('x-auth-token', as('apotheke')).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(message);
  });

  it('keeps an old latestDelivery that has passed when other fields change', async () => {
    const id = await insertTask({ latestDelivery: isoDay(-5) });
    expect((await api().put(`/api/tasks/${id}`).set('x-auth-token', as('apotheke')).send({ dose: '2-0-0' })).status).toBe(200);
  });

  it.each([
    { title: 'arzt has no edit right (403)', caller: 'arzt' as const, status: 403 },
    { title: 'fahrer has no edit right (403)', caller: 'fahrer' as const, status: 403 },
  ])('$title', async ({ caller, status }) => {
    const id = await insertTask({ status: caller === 'fahrer' ? 'pickup' : 'new' });
    expect((await api().put(`/api/tasks/${id}`).set('x-auth-token', as(caller)).send({ dose: '9' })).status).toBe(status);
  });

  it('heim: a task of another home is 404', async () => {
    const id = await insertTask({ patientId: otherPatient, homeId: otherHome });
    expect((await api().put(`/api/tasks/${id}`).set('x-auth-token', as('heim')).send({ dose: '9' })).status).toBe(404);
  });

  it('a finished task cannot be edited (403, with the reason)', async () => {
    const id = await insertTask({ status: 'finished' });
    const res = await api().put(`/api/tasks/${id}`).set('x-auth-token', as('apotheke')).send({ dose: '9' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(TASK_MESSAGES.closed);
  });

  it('two edits at once keep both changes (each decided on the locked row)', async () => {
    const id = await insertTask({ dose: '1-0-0', amount: 1 });
    const answers = await Promise.all([
      api().put(`/api/tasks/${id}`).set('x-auth-token', as('apotheke')).send({ amount: 5 }),
      api().put(`/api/tasks/${id}`).set('x-auth-token', as('heim')).send({ dose: '0-1-0' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [row] = await database.select({ dose: tasks.dose, amount: tasks.amount }).from(tasks).where(eq(tasks.id, id));
    expect(row).toEqual({ dose: '0-1-0', amount: 5 });
  });

  it('an order on the road cannot become a self-purchase; another type the drivers carry is fine', async () => {
    for (const status of ['pickup', 'delivery'] as const) {
      const id = await insertTask({ status });
      const res = await api().put(`/api/tasks/${id}`).set('x-auth-token', as('apotheke')).send({ type: 2 });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'type', code: 'invalid', message: TASK_MESSAGES.typeOnTheRoad }]);
      expect((await api().put(`/api/tasks/${id}`).set('x-auth-token', as('apotheke')).send({ type: 3 })).status).toBe(200);
    }
    const fresh = await insertTask({ status: 'new' });
    expect((await api().put(`/api/tasks/${fresh}`).set('x-auth-token', as('apotheke')).send({ type: 2 })).status).toBe(200);
  });

  it('a deleted (deactivated) patient gets no new order and no order moved to them; their earlier orders stay editable', async () => {
    const [gone] = await database
      .insert(patients)
      .values({ lastname: 'Entfernt', firstname: 'Erna', dateOfBirth: '1935-05-05', homeId: ownHome, homeGroupId: (await database.select({ g: patients.homeGroupId }).from(patients).where(eq(patients.id, ownPatient)))[0]!.g })
      .returning({ id: patients.id });
    const earlier = await insertTask({ patientId: gone!.id });
    await database.update(patients).set({ deactivatedAt: new Date() }).where(eq(patients.id, gone!.id));
    const placed = await api().post('/api/tasks').set('x-auth-token', as('heim')).send(newOrder({ patient: gone!.id }));
    expect(placed.status).toBe(400);
    expect(placed.body.errors[0]).toMatchObject({ path: 'patient', message: TASK_MESSAGES.patientUnknown });
    const moved = await api().put(`/api/tasks/${await insertTask()}`).set('x-auth-token', as('heim')).send({ patient: gone!.id });
    expect(moved.status).toBe(400);
    expect(moved.body.errors[0]).toMatchObject({ path: 'patient', message: TASK_MESSAGES.patientUnknown });
    expect((await api().put(`/api/tasks/${earlier}`).set('x-auth-token', as('heim')).send({ dose: '0-0-2' })).status).toBe(200);
  });

  it('a resident of a deactivated home gets no new order (the pharmacy still sees the patient)', async () => {
    await database.update(homes).set({ deactivatedAt: new Date() }).where(eq(homes.id, otherHome));
    try {
      const placed = await api().post('/api/tasks').set('x-auth-token', as('apotheke')).send(newOrder({ patient: otherPatient }));
      expect(placed.status).toBe(400);
      expect(placed.body.errors[0]).toMatchObject({ path: 'patient', message: TASK_MESSAGES.patientUnknown });
    } finally {
      await database.update(homes).set({ deactivatedAt: null }).where(eq(homes.id, otherHome));
    }
    expect((await api().post('/api/tasks').set('x-auth-token', as('apotheke')).send(newOrder({ patient: otherPatient }))).status).toBe(201);
  });
});

describe('PUT /api/tasks/{id} ({status}: the status machine)', () => {
  const transitions: { title: string; from: TaskStatus; to: TaskStatus; caller: DemoUsername; type?: number; status: number }[] = [
    { title: 'pickup: new → pickup (apotheke)', from: 'new', to: 'pickup', caller: 'apotheke', status: 200 },
    { title: 'pickup for type 3', from: 'new', to: 'pickup', caller: 'apotheke', type: 3, status: 200 },
    { title: 'pickup for type 4', from: 'new', to: 'pickup', caller: 'apotheke', type: 4, status: 200 },
    { title: 'no pickup for type 2', from: 'new', to: 'pickup', caller: 'apotheke', type: 2, status: 409 },
    { title: 'no pickup from delivery', from: 'delivery', to: 'pickup', caller: 'apotheke', status: 409 },
    { title: 'heim may not hand to the drivers', from: 'new', to: 'pickup', caller: 'heim', status: 403 },
    { title: 'deliver: pickup → delivery (fahrer)', from: 'pickup', to: 'delivery', caller: 'fahrer', status: 200 },
    { title: 'no delivery from new', from: 'new', to: 'delivery', caller: 'apotheke', status: 409 },
    { title: 'finish from new (heim)', from: 'new', to: 'finished', caller: 'heim', status: 200 },
    { title: 'finish from delivery (fahrer, pickup list)', from: 'delivery', to: 'finished', caller: 'fahrer', status: 200 },
    { title: 'finish from canceled (apotheke)', from: 'canceled', to: 'finished', caller: 'apotheke', status: 200 },
    { title: 'no finish from finished', from: 'finished', to: 'finished', caller: 'apotheke', status: 409 },
    { title: 'arzt finishes its own task', from: 'new', to: 'finished', caller: 'arzt', status: 200 },
    { title: 'cancel from new (heim)', from: 'new', to: 'canceled', caller: 'heim', status: 200 },
    { title: 'cancel from delivery (apotheke)', from: 'delivery', to: 'canceled', caller: 'apotheke', status: 200 },
    { title: 'no cancel from finished', from: 'finished', to: 'canceled', caller: 'apotheke', status: 409 },
    { title: 'no cancel from canceled', from: 'canceled', to: 'canceled', caller: 'apotheke', status: 409 },
    { title: 'arzt may not cancel', from: 'new', to: 'canceled', caller: 'arzt', status: 403 },
    { title: 'reopen from finished (apotheke)', from: 'finished', to: 'new', caller: 'apotheke', status: 200 },
    { title: 'reopen from canceled (apotheke)', from: 'canceled', to: 'new', caller: 'apotheke', status: 200 },
    { title: 'heim may not reopen', from: 'finished', to: 'new', caller: 'heim', status: 403 },
    { title: 'return to the home: pickup → new (fahrer)', from: 'pickup', to: 'new', caller: 'fahrer', status: 200 },
    { title: 'no new → new', from: 'new', to: 'new', caller: 'apotheke', status: 409 },
    { title: 'fahrer may not cancel', from: 'pickup', to: 'canceled', caller: 'fahrer', status: 403 },
  ];

  it.each(transitions)('$title → $status', async ({ from, to, caller, type, status }) => {
    const id = await insertTask({ status: from, type: type ?? 1 });
    const res = await api().put(`/api/tasks/${id}`).set('x-auth-token', as(caller)).send({ status: to });
    expect(res.status).toBe(status);
    const events = await database.select({ data: taskEvents.data, createdBy: taskEvents.createdBy, type: taskEvents.type, createdAt: taskEvents.createdAt }).from(taskEvents).where(eq(taskEvents.taskId, id)).orderBy(asc(taskEvents.createdAt));
    const [stored] = await database.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id));
    if (status === 200) {
      expect(res.body.status).toBe(to);
      expect(stored!.status).toBe(to);
      expect(events).toEqual([{ type: 'status_change', data: { from, to }, createdBy: demo[caller].user._id, createdAt: expect.any(Date) }]);
    } else {
      expect(res.body.errors[0].message).toBe(status === 409 ? TASK_MESSAGES.illegalTransition : API_MESSAGES.forbidden);
      expect(stored!.status).toBe(from);
      expect(events).toEqual([]);
    }
  });

  it('refuses an unknown status with 400 and the German message', async () => {
    const id = await insertTask();
    const res = await api().put(`/api/tasks/${id}`).set('x-auth-token', as('apotheke')).send({ status: 'archived' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'status', message: TASK_MESSAGES.status });
  });

  it('a failing audit row rolls back the status and its event', async () => {
    const id = await insertTask();
    const res = await whileAuditFails(database, 'task.status', () => api().put(`/api/tasks/${id}`).set('x-auth-token', as('apotheke')).send({ status: 'finished' }));
    expect(res.status).toBe(500);
    const [stored] = await database.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id));
    expect(stored!.status).toBe('new');
    expect(await database.select().from(taskEvents).where(eq(taskEvents.taskId, id))).toEqual([]);
  });
});

describe('PUT /api/tasks/{id}/seen and PUT /api/tasks/seen', () => {
  it('requires sign-in', async () => {
    expect((await api().put(`/api/tasks/${NO_ID}/seen`)).status).toBe(401);
    expect((await api().put('/api/tasks/seen').send({ tasks: true })).status).toBe(401);
  });

  it('marks one task seen with the spec toast; a foreign task is 404', async () => {
    const id = await insertTask();
    const res = await api().put(`/api/tasks/${id}/seen`).set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TASK_MESSAGES.seen);
    const foreign = await insertTask({ patientId: otherPatient, homeId: otherHome });
    expect((await api().put(`/api/tasks/${foreign}/seen`).set('x-auth-token', as('heim'))).status).toBe(404);
  });

  it('marks the listed tasks the caller may see, ignoring foreign ones', async () => {
    const own = await insertTask();
    const foreign = await insertTask({ patientId: otherPatient, homeId: otherHome, doctorId: otherDoctor });
    const res = await api().put('/api/tasks/seen').set('x-auth-token', as('heim')).send({ tasks: [own, foreign] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TASK_MESSAGES.selectedSeen);
    const row = (await api().get(`/api/tasks/${own}`).set('x-auth-token', as('heim'))).body as TaskDto;
    expect(row.seen).toEqual([demo.heim.user._id]);
    const other = (await api().get(`/api/tasks/${foreign}`).set('x-auth-token', as('apotheke'))).body as TaskDto;
    expect(other.seen).toEqual([]);
  });

  it('marks all (true): the dashboard tile and filter[notSeen] count 0, new tasks count again', async () => {
    await insertTask();
    const tile = async () => (await api().get('/api/statistics').set('x-auth-token', as('arzt'))).body.counts.task as number;
    expect(await tile()).toBeGreaterThan(0);
    expect(await tile()).toBe((await list('arzt', '&filter[notSeen]=1')).count);
    const res = await api().put('/api/tasks/seen').set('x-auth-token', as('arzt')).send({ tasks: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TASK_MESSAGES.allSeen);
    expect(await tile()).toBe(0);
    await insertTask();
    expect(await tile()).toBe(1);
    expect((await list('arzt', '&filter[notSeen]=1')).count).toBe(1);
  });

  it.each([{ tasks: 'alle' }, { tasks: ['x'] }, {}, { tasks: false }])('refuses %j with 400', async (body) => {
    const res = await api().put('/api/tasks/seen').set('x-auth-token', as('heim')).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(TASK_MESSAGES.seenList);
  });

  it('buchhaltung may not (403)', async () => {
    expect((await api().put('/api/tasks/seen').set('x-auth-token', as('buchhaltung')).send({ tasks: true })).status).toBe(403);
  });
});

describe("a doctor user's patients are those of its orders (Patient policy, doctor side)", () => {
  it('reads and lists a patient with an order for its doctor, not one whose orders go to another doctor', async () => {
    const insertPatient = async (lastname: string) =>
      (await database.insert(patients).values({ firstname: 'Doris', lastname, dateOfBirth: '1938-04-05', homeId: otherHome }).returning({ id: patients.id }))[0]!.id;
    const mine = await insertPatient('Arztauftrag');
    const theirs = await insertPatient('Fremdauftrag');
    const none = await insertPatient('Ohneauftrag');
    await insertTask({ patientId: mine, homeId: otherHome, doctorId: ownDoctor });
    await insertTask({ patientId: theirs, homeId: otherHome, doctorId: otherDoctor });

    expect((await api().get(`/api/patients/${mine}`).set('x-auth-token', as('arzt'))).status).toBe(200);
    expect((await api().get(`/api/patients/${theirs}`).set('x-auth-token', as('arzt'))).status).toBe(404);
    expect((await api().get(`/api/patients/${none}`).set('x-auth-token', as('arzt'))).status).toBe(404);
    const listed = await api().get('/api/patients?limit=-1&filter[text]=auftrag').set('x-auth-token', as('arzt'));
    expect(listed.status).toBe(200);
    expect((listed.body.data as { _id: string }[]).map((p) => p._id)).toEqual([mine]);
    // The pharmacy sees all three.
    const all = await api().get('/api/patients?limit=-1&filter[text]=auftrag').set('x-auth-token', as('apotheke'));
    expect((all.body.data as { _id: string }[]).map((p) => p._id).sort()).toEqual([mine, theirs, none].sort());
  });
});

describe('GET /api/tasks/dosage, /api/tasks/medicine (suggestions from earlier orders)', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/tasks/dosage')).status).toBe(401);
  });

  it("suggests the caller's own earlier values, most used first, matching the typed part in any case", async () => {
    await insertTask({ medicine: 'Zuckerfrei-Sirup 5 ml', dose: 'Vorschlag 2-2-2' });
    await insertTask({ medicine: 'Zuckerfrei-Sirup 5 ml', dose: 'vorschlag 2-2-2' });
    await insertTask({ medicine: 'Zuckerfrei-Tabletten', dose: 'Vorschlag 1-1-1' });
    // Another home's order: never suggested to heim.
    await insertTask({ medicine: 'Zuckerfrei-Fremd', dose: 'Vorschlag fremd', patientId: otherPatient, homeId: otherHome, doctorId: otherDoctor });
    const doses = await api().get('/api/tasks/dosage?filter[text]=VORSCHLAG').set('x-auth-token', as('heim'));
    expect(doses.status).toBe(200);
    expect(doses.body).toEqual({ data: ['Vorschlag 2-2-2', 'Vorschlag 1-1-1'], count: 2 });
    const medicines = await api().get('/api/tasks/medicine?filter[text]=zuckerfrei&limit=1').set('x-auth-token', as('heim'));
    expect(medicines.body).toEqual({ data: ['Zuckerfrei-Sirup 5 ml'], count: 2 });
    const pharmacy = await api().get('/api/tasks/medicine?filter[text]=zuckerfrei').set('x-auth-token', as('apotheke'));
    expect(pharmacy.body.data).toContain('Zuckerfrei-Fremd');
  });

  it('a medicine deactivated on the medicines list is neither suggested nor ordered again; a new name joins the list', async () => {
    const name = `Abgesetzt-${++seq}`;
    const placed = await api().post('/api/tasks').set('x-auth-token', as('apotheke')).send(newOrder({ medicine: name }));
    expect(placed.status).toBe(201);
    const [listed] = await database.select({ id: medicines.id, disabled: medicines.disabled }).from(medicines).where(eq(medicines.name, name));
    expect(listed).toEqual({ id: expect.any(String), disabled: false });
    expect((await api().get(`/api/tasks/medicine?filter[text]=${name}`).set('x-auth-token', as('apotheke'))).body.data).toEqual([name]);
    expect((await api().put('/api/medicine').set('x-auth-token', as('admin')).send({ name: name.toLowerCase(), disabled: true })).status).toBe(200);
    expect((await api().get(`/api/tasks/medicine?filter[text]=${name}`).set('x-auth-token', as('apotheke'))).body).toEqual({ data: [], count: 0 });
    const again = await api().post('/api/tasks').set('x-auth-token', as('apotheke')).send(newOrder({ medicine: name }));
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ path: 'medicine', code: 'invalid', message: TASK_MESSAGES.medicineDisabled }]);
    // The order that has it already keeps it and stays editable.
    expect((await api().put(`/api/tasks/${(placed.body as TaskDto)._id}`).set('x-auth-token', as('apotheke')).send({ dose: '0-0-1' })).status).toBe(200);
  });

  it.each([
    { title: 'a driver (no order rights)', caller: 'fahrer' as DemoUsername, query: '', status: 403 },
    { title: 'a limit that is no number', caller: 'heim' as DemoUsername, query: '?limit=viele', status: 400 },
  ])('refuses $title', async ({ caller, query, status }) => {
    const res = await api().get(`/api/tasks/dosage${query}`).set('x-auth-token', as(caller));
    expect(res.status).toBe(status);
    expect(res.body.errors[0].message).toMatch(/[äöüÄÖÜßa-z]/);
  });
});

describe('GET /api/patients/{id}/medicine (earlier medicines for a re-order)', () => {
  it('requires sign-in', async () => {
    expect((await api().get(`/api/patients/${ownPatient}/medicine`)).status).toBe(401);
  });

  it("lists one row per medicine and dose of the patient's orders, latest first, with the latest order's type, amount and doctor", async () => {
    const patient = (await database.insert(patients).values({ firstname: 'Wilma', lastname: 'Wiederbestellung', dateOfBirth: '1937-05-06', homeId: ownHome }).returning({ id: patients.id }))[0]!.id;
    await insertTask({ patientId: patient, medicine: 'Ramipril 5 mg', dose: '1-0-0', type: 1, amount: 2, doctorId: otherDoctor, createdAt: new Date('2026-01-01T08:00:00Z') });
    await insertTask({ patientId: patient, medicine: 'Ramipril 5 mg', dose: '1-0-0', type: 3, amount: 4, doctorId: ownDoctor, createdAt: new Date('2026-02-01T08:00:00Z') });
    await insertTask({ patientId: patient, medicine: 'Metformin 500 mg', dose: '1-0-1', type: 2, amount: 1, doctorId: null, createdAt: new Date('2026-03-01T08:00:00Z') });
    const [berger] = await database.select({ _id: doctors.id, title: doctors.title, firstname: doctors.firstname, lastname: doctors.lastname }).from(doctors).where(eq(doctors.id, ownDoctor));
    const res = await api().get(`/api/patients/${patient}/medicine`).set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      count: 2,
      data: [
        { medicine: 'Metformin 500 mg', dose: '1-0-1', group: 'medicine', type: 2, amount: 1, doctor: null, orders: 1, lastOrderedAt: '2026-03-01T08:00:00.000Z' },
        { medicine: 'Ramipril 5 mg', dose: '1-0-0', group: 'medicine', type: 3, amount: 4, doctor: berger, orders: 2, lastOrderedAt: '2026-02-01T08:00:00.000Z' },
      ],
    });
  });

  it('offers no doctor that was deactivated since the last order', async () => {
    const patient = (await database.insert(patients).values({ firstname: 'Gerda', lastname: 'Gestrichen', dateOfBirth: '1939-02-03', homeId: ownHome }).returning({ id: patients.id }))[0]!.id;
    const [gone] = await database.insert(doctors).values({ firstname: 'Otto', lastname: 'Ohnepraxis', deactivatedAt: new Date() }).returning({ id: doctors.id });
    await insertTask({ patientId: patient, medicine: 'Simvastatin 20 mg', dose: '0-0-1', doctorId: gone!.id });
    const res = await api().get(`/api/patients/${patient}/medicine`).set('x-auth-token', as('heim'));
    expect(res.body.data).toEqual([expect.objectContaining({ medicine: 'Simvastatin 20 mg', doctor: null })]);
  });

  it.each([
    { title: "another home's patient", id: () => otherPatient, status: 404 },
    { title: 'an unknown id', id: () => NO_ID, status: 404 },
    { title: 'no id at all', id: () => 'kein-patient', status: 404 },
  ])('answers $status for $title', async ({ id, status }) => {
    expect((await api().get(`/api/patients/${id()}/medicine`).set('x-auth-token', as('heim'))).status).toBe(status);
  });
});

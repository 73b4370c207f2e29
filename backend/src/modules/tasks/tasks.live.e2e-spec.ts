import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { type AclResponse, type AclRoleEntry, type AuthRecord, SOCKET_EVENTS, type SocketEventPayloads, type StatisticsResponse, type TaskDto } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { homeGroups, homes, patients } from '../../db/schema/index.js';
import { collect, type Instance, InstanceKit, once, redisEnv } from '../../testing/sockets.js';
import { createTestDatabase, type DemoUsername, login, loginAll, type TestDatabase } from '../../testing/test-app.js';

/**
 * The orders' live channel across two instances on one PostgreSQL and the machine's Redis: what
 * happens through instance A reaches the sockets on instance B whose users may see the task, and
 * no one else's.
 */
const kit = new InstanceKit();
let database: TestDatabase;
let a: Instance;
let b: Instance;
let demo: Record<DemoUsername, AuthRecord>;
let otherHome: AuthRecord;
/** A user with the roles Heim and Fahrer, of another home. */
let otherHomeDriver: AuthRecord;
let ownPatient: string;
const QUIET_MS = 300;
const STRONG = 'Sonne#Mond2024!';

type Payload<E extends keyof SocketEventPayloads> = SocketEventPayloads[E];

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) return; // two instances need PostgreSQL (PGlite is one process)
  const env = await redisEnv(database);
  a = await kit.start(database, env);
  b = await kit.start(database, env);
  demo = await loginAll(a.app);
  const db = a.app.get<Database>(DB, { strict: false });
  const home = demo.heim.home!._id;
  const [group] = await db.select({ id: homeGroups.id }).from(homeGroups).where(eq(homeGroups.homeId, home)).limit(1);
  ownPatient = (await db.insert(patients).values({ firstname: 'Lena', lastname: 'Live', dateOfBirth: '1944-04-04', homeId: home, homeGroupId: group!.id }).returning({ id: patients.id }))[0]!.id;
  // A home user of another home.
  const [other] = await db.select({ id: homes.id }).from(homes).where(and(eq(homes.name, 'Seniorenresidenz Am Stadtpark')));
  const username = 'heim.stadtpark.live';
  const created = await request(a.app.getHttpServer())
    .post('/api/users')
    .set('x-auth-token', demo.admin.token)
    .send({ username, roles: ['ROLE_HOME'], home: other!.id, password: STRONG, password_confirm: STRONG, firstname: 'Stadt', lastname: 'Park', chargeable: 2 });
  if (created.status !== 201 && created.status !== 200) throw new Error(`user: ${created.status} ${JSON.stringify(created.body)}`);
  otherHome = await login(a.app, username, STRONG);
  const combined = await request(a.app.getHttpServer())
    .post('/api/users')
    .set('x-auth-token', demo.admin.token)
    .send({ username: 'heim.fahrer.live', roles: ['ROLE_HOME', 'ROLE_DRIVER'], home: other!.id, password: STRONG, password_confirm: STRONG, firstname: 'Heim', lastname: 'Fahrer', chargeable: 2 });
  if (combined.status !== 201 && combined.status !== 200) throw new Error(`user: ${combined.status} ${JSON.stringify(combined.body)}`);
  otherHomeDriver = await login(a.app, 'heim.fahrer.live', STRONG);
});

/** A new order of the demo home, handed to the drivers by the pharmacy. */
async function taskOnTheRoad(medicine: string): Promise<string> {
  const created = await request(a.app.getHttpServer())
    .post('/api/tasks')
    .set('x-auth-token', demo.heim.token)
    .send({ type: 1, group: 'medicine', medicine, dose: '1-0-1', amount: 1, patient: ownPatient, doctor: demo.arzt.doctor!._id });
  const id = (created.body as TaskDto)._id;
  const res = await request(a.app.getHttpServer()).put(`/api/tasks/${id}`).set('x-auth-token', demo.apotheke.token).send({ status: 'pickup' });
  expect(res.status).toBe(200);
  return id;
}

afterAll(async () => {
  await kit.close();
  await database?.drop();
});

const onB = (who: AuthRecord): Promise<Socket> => kit.ready(b.url, who.token);
const quiet = () => new Promise((r) => setTimeout(r, QUIET_MS));

describe('orders live channel over two instances with Redis', () => {
  it('a new order placed through A reaches pharmacy, the home and the doctor on B; another home and the driver get nothing', async () => {
    if (!database.url) return;
    const [pharma, home, doctor, foreign, driver] = await Promise.all([onB(demo.apotheke), onB(demo.heim), onB(demo.arzt), onB(otherHome), onB(demo.fahrer)]);
    const foreignGot = collect<unknown>(foreign, SOCKET_EVENTS.newTask);
    const driverGot = collect<unknown>(driver, SOCKET_EVENTS.newTask);
    const arrivals = [pharma, home, doctor].map((s) => once<Payload<typeof SOCKET_EVENTS.newTask>>(s, SOCKET_EVENTS.newTask));
    const res = await request(a.app.getHttpServer())
      .post('/api/tasks')
      .set('x-auth-token', demo.heim.token)
      .send({ type: 1, group: 'medicine', medicine: 'Livemittel', dose: '1-0-0', amount: 1, patient: ownPatient, doctor: demo.arzt.doctor!._id });
    expect(res.status).toBe(201);
    const task = res.body as TaskDto;
    for (const payload of await Promise.all(arrivals)) expect(payload).toEqual({ taskId: task._id });
    await quiet();
    expect(foreignGot).toEqual([]);
    expect(driverGot).toEqual([]);
  });

  it('a status change through A: the driver on B learns of a task handed to the drivers; another home does not', async () => {
    if (!database.url) return;
    const created = await request(a.app.getHttpServer())
      .post('/api/tasks')
      .set('x-auth-token', demo.heim.token)
      .send({ type: 1, group: 'medicine', medicine: 'Abholmittel', dose: '0-1-0', amount: 2, patient: ownPatient, doctor: demo.arzt.doctor!._id });
    const id = (created.body as TaskDto)._id;
    const [driver, home, foreign] = await Promise.all([onB(demo.fahrer), onB(demo.heim), onB(otherHome)]);
    const foreignGot = collect<unknown>(foreign, SOCKET_EVENTS.taskChanged);
    const arrivals = [driver, home].map((s) => once<Payload<typeof SOCKET_EVENTS.taskChanged>>(s, SOCKET_EVENTS.taskChanged));
    const res = await request(a.app.getHttpServer()).put(`/api/tasks/${id}`).set('x-auth-token', demo.apotheke.token).send({ status: 'pickup' });
    expect(res.status).toBe(200);
    for (const payload of await Promise.all(arrivals)) expect(payload).toEqual({ taskId: id, status: 'pickup' });
    await quiet();
    expect(foreignGot).toEqual([]);
  });

  it('Heim+Fahrer of another home: a task on the road reaches it as a row (pickup list), its chat does not, and its chat routes refuse', async () => {
    if (!database.url) return;
    const id = await taskOnTheRoad('Chatmittel');
    const [combined, home] = await Promise.all([onB(otherHomeDriver), onB(demo.heim)]);
    const rowArrives = once<Payload<typeof SOCKET_EVENTS.taskChanged>>(combined, SOCKET_EVENTS.taskChanged);
    const chatGot = collect<Payload<typeof SOCKET_EVENTS.newEvent>>(combined, SOCKET_EVENTS.newEvent);
    const homeHears = once<Payload<typeof SOCKET_EVENTS.newEvent>>(home, SOCKET_EVENTS.newEvent);
    // The driver's step changes the row; the pharmacy's message is chat.
    expect((await request(a.app.getHttpServer()).put(`/api/tasks/${id}`).set('x-auth-token', demo.fahrer.token).send({ status: 'delivery' })).status).toBe(200);
    expect(await rowArrives).toEqual({ taskId: id, status: 'delivery' });
    const unseenEvents = async () => ((await request(a.app.getHttpServer()).get('/api/statistics').set('x-auth-token', otherHomeDriver.token)).body as StatisticsResponse).counts.event;
    const before = await unseenEvents();
    const message = await request(a.app.getHttpServer()).post(`/api/tasks/${id}/events`).set('x-auth-token', demo.apotheke.token).field('type', 'message').field('data', 'Bitte klingeln.');
    expect(message.status).toBe(201);
    expect((await homeHears).taskId).toBe(id);
    await quiet();
    expect(chatGot.filter((e) => e.taskId === id)).toEqual([]);
    // Its dashboard does not count the other home's chat message as unread either.
    expect(before).toEqual(expect.any(Number));
    expect(await unseenEvents()).toBe(before);
    const api = (path: string) => request(a.app.getHttpServer()).get(path).set('x-auth-token', otherHomeDriver.token);
    expect((await api(`/api/tasks/${id}`)).status).toBe(200);
    expect((await api(`/api/tasks/${id}/events`)).status).toBe(403);
    expect((await api(`/api/tasks/${id}/print`)).status).toBe(403);
    const feed = (await api('/api/events?limit=-1')).body as { data: { taskDetails: { _id: string } }[] };
    expect(feed.data.filter((e) => e.taskDetails._id === id)).toEqual([]);
  });

  it('the audience follows the read rule: without pickup_list_view in the matrix, the driver no longer learns of tasks handed to the drivers', async () => {
    if (!database.url) return;
    const server = () => request(a.app.getHttpServer());
    const { acl } = (await server().get('/api/acl').set('x-auth-token', demo.admin.token)).body as AclResponse;
    const driverColumn = acl.ROLE_DRIVER;
    const patch = (entry: AclRoleEntry) => server().patch('/api/acl').set('x-auth-token', demo.admin.token).send({ acl: { ROLE_DRIVER: entry } });
    try {
      expect((await patch({ ...driverColumn, permissions: driverColumn.permissions.filter((p) => p !== 'pickup_list_view') })).status).toBe(200);
      const driver = await onB(demo.fahrer);
      const got = collect<Payload<typeof SOCKET_EVENTS.taskChanged>>(driver, SOCKET_EVENTS.taskChanged);
      const pharma = await onB(demo.apotheke);
      const pharmaHears = once<Payload<typeof SOCKET_EVENTS.taskChanged>>(pharma, SOCKET_EVENTS.taskChanged);
      const id = await taskOnTheRoad('Regelmittel');
      expect((await pharmaHears).taskId).toBe(id);
      await quiet();
      expect(got).toEqual([]);
    } finally {
      expect((await patch(driverColumn)).status).toBe(200);
    }
  });

  it('nothing is announced when the write fails (a refused order)', async () => {
    if (!database.url) return;
    const pharma = await onB(demo.apotheke);
    const got = collect<unknown>(pharma, SOCKET_EVENTS.newTask);
    const res = await request(a.app.getHttpServer()).post('/api/tasks').set('x-auth-token', demo.heim.token).send({ type: 1, group: 'medicine', medicine: '', dose: '', amount: 1, patient: ownPatient });
    expect(res.status).toBe(400);
    await quiet();
    expect(got).toEqual([]);
  });
});

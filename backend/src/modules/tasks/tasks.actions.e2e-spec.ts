import { hash } from '@node-rs/argon2';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { type AuthRecord, TASK_STATUSES, type TaskDto, type TaskStatus } from '@mediport/contracts';
import { TASK_TRANSITION_NAMES, TASK_TRANSITIONS } from '@mediport/contracts/task-machine';
import { tasks, users } from '../../db/schema/index.js';
import { login, useTestApp } from '../../testing/test-app.js';
import { type TaskWorld, taskWorld } from './testing/task-world.js';

/**
 * The row actions the server sends with each order (`actions`) are what the same caller can then
 * do: every transition marked allowed succeeds, every other one is refused, for each status and
 * type, on an order of the caller's home and of another home.
 */
let app: NestExpressApplication;
let w: TaskWorld;
let callers: Record<string, AuthRecord>;
const PASSWORD = 'Zz#Aktionen2024!';
let seq = 0;

useTestApp(async (booted) => {
  app = booted.app;
  w = await taskWorld(app);
  const passwordHash = await hash(PASSWORD);
  await w.database.insert(users).values({ username: 'heim.fahrer.aktionen', passwordHash, roles: ['ROLE_HOME', 'ROLE_DRIVER'], homeId: w.ownHome, firstname: 'Heim', lastname: 'Fahrer' });
  callers = { apotheke: w.demo.apotheke, heim: w.demo.heim, arzt: w.demo.arzt, fahrer: w.demo.fahrer, 'heim+fahrer': await login(app, 'heim.fahrer.aktionen', PASSWORD) };
});

async function insertTask(status: TaskStatus, type: number, own: boolean): Promise<string> {
  seq += 1;
  const [row] = await w.database
    .insert(tasks)
    .values({ type, status, medicine: `Aktionsmittel ${seq}`, dose: '1-0-0', patientId: own ? w.ownPatient : w.otherPatient, homeId: own ? w.ownHome : w.otherHome, doctorId: own ? w.ownDoctor : null })
    .returning({ id: tasks.id });
  return row!.id;
}

const api = () => request(app.getHttpServer());

describe('row actions match what the server then allows', () => {
  it.each(['apotheke', 'heim', 'arzt', 'fahrer', 'heim+fahrer'])('%s', async (name) => {
    const caller = callers[name]!;
    const mismatches: string[] = [];
    let tried = 0;
    for (const status of TASK_STATUSES) {
      for (const type of [1, 2]) {
        for (const own of [true, false]) {
          const probe = await insertTask(status, type, own);
          const shown = await api().get(`/api/tasks/${probe}`).set('x-auth-token', caller.token);
          if (shown.status === 404) continue;
          expect(shown.status).toBe(200);
          const { actions } = shown.body as TaskDto;
          for (const transition of TASK_TRANSITION_NAMES) {
            if (!(transition in actions)) continue;
            // A fresh order per try: a success changes the status.
            const id = await insertTask(status, type, own);
            const res = await api().put(`/api/tasks/${id}`).set('x-auth-token', caller.token).send({ status: TASK_TRANSITIONS[transition].to });
            tried++;
            const allowed = actions[transition] === true;
            if (allowed !== (res.status === 200)) mismatches.push(`${transition} on ${own ? 'own' : 'other'} ${status} type ${type}: shown ${String(actions[transition])}, answered ${res.status}`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(5);
    expect(mismatches).toEqual([]);
  });

  it('heim+fahrer changes no order beyond what the home user or the driver alone may: no cancelling another home’s order on the road', async () => {
    const widened: string[] = [];
    for (const status of TASK_STATUSES) {
      for (const own of [true, false]) {
        for (const transition of TASK_TRANSITION_NAMES) {
          const to = TASK_TRANSITIONS[transition].to;
          const together = await api().put(`/api/tasks/${await insertTask(status, 1, own)}`).set('x-auth-token', callers['heim+fahrer']!.token).send({ status: to });
          if (together.status !== 200) continue;
          const alone = await Promise.all(
            ['heim', 'fahrer'].map(async (name) => (await api().put(`/api/tasks/${await insertTask(status, 1, own)}`).set('x-auth-token', callers[name]!.token).send({ status: to })).status),
          );
          if (!alone.includes(200)) widened.push(`${transition} on ${own ? 'own' : 'other'} ${status}: alone ${alone.join(', ')}`);
        }
      }
    }
    expect(widened).toEqual([]);
    const foreign = await insertTask('pickup', 1, false);
    const shown = ((await api().get(`/api/tasks/${foreign}`).set('x-auth-token', callers['heim+fahrer']!.token)).body as TaskDto).actions;
    expect(shown.cancel).not.toBe(true);
    expect((await api().put(`/api/tasks/${foreign}`).set('x-auth-token', callers['heim+fahrer']!.token).send({ status: 'canceled' })).status).toBe(403);
  });

  it('names the reason: a self-purchase is never picked up, a finished order is not finished again, a driver has no chat', async () => {
    const selfPurchase = await insertTask('new', 2, true);
    const pharmacy = (await api().get(`/api/tasks/${selfPurchase}`).set('x-auth-token', w.demo.apotheke.token)).body as TaskDto;
    expect(pharmacy.actions).toMatchObject({ pickup: 'type', finish: true, cancel: true, reopen: 'status', edit: true, print: true, chat: true });
    const finished = await insertTask('finished', 1, true);
    expect(((await api().get(`/api/tasks/${finished}`).set('x-auth-token', w.demo.apotheke.token)).body as TaskDto).actions).toMatchObject({ finish: 'status', reopen: true, edit: 'status' });
    const onTheRoad = await insertTask('pickup', 1, false);
    const driver = ((await api().get(`/api/tasks/${onTheRoad}`).set('x-auth-token', w.demo.fahrer.token)).body as TaskDto).actions;
    expect(driver).toEqual({ deliver: true, finish: true, reopen: true });
    const combined = ((await api().get(`/api/tasks/${onTheRoad}`).set('x-auth-token', callers['heim+fahrer']!.token)).body as TaskDto).actions;
    expect(combined).toMatchObject({ deliver: true, chat: 'scope', edit: 'scope' });
  });
});

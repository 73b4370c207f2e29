/**
 * Rights follow the contract on open pages: the sockets of the partner's users are told to
 * re-authenticate (`reauth`) when a takeover is accepted and when a cancelled contract has ended,
 * and on reconnecting they come back with the new rights; nobody else's sockets are touched.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Socket } from 'socket.io-client';
import { type AuthRecord, SOCKET_EVENTS, type SocketEventPayloads } from '@mediport/contracts';
import { Clock } from '../../core/clock/clock.js';
import { InstanceKit, once } from '../../testing/sockets.js';
import { createTestDatabase, login, type TestDatabase } from '../../testing/test-app.js';
import { ContractsService } from './contracts.service.js';
import { addContract, addHome, addUser, FIXTURE_PASSWORD } from './testing/contract-fixtures.js';

let db: TestDatabase;
let app: NestExpressApplication;
let url: string;
const kit = new InstanceKit();
let arzt: AuthRecord;
let heim: AuthRecord;
let apotheke: AuthRecord;
let praxisLeitung: AuthRecord;

beforeAll(async () => {
  db = await createTestDatabase();
  ({ app, url } = await kit.start(db));
  app.get(Clock).set('2031-03-10T10:00:00+01:00');
  [arzt, heim, apotheke] = await Promise.all([login(app, 'arzt'), login(app, 'heim'), login(app, 'apotheke')]);
  praxisLeitung = await addUser(app, { username: 'praxis.leitung', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'], doctorId: arzt.doctor!._id });
});

afterAll(async () => {
  await kit.close();
  await db.drop();
});

async function call(method: string, path: string, token: string): Promise<Response> {
  return fetch(`${url}${path}`, { method, headers: { 'x-auth-token': token, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
}

/** Collects reauth events until the end of the test. */
function reauths(socket: Socket): SocketEventPayloads[typeof SOCKET_EVENTS.reauth][] {
  const got: SocketEventPayloads[typeof SOCKET_EVENTS.reauth][] = [];
  socket.on(SOCKET_EVENTS.reauth, (payload: SocketEventPayloads[typeof SOCKET_EVENTS.reauth]) => got.push(payload));
  return got;
}

async function permissions(token: string): Promise<string[]> {
  return ((await (await call('GET', '/api/auth/session', token)).json()) as AuthRecord).permissions;
}

describe('live rights after a contract change', () => {
  it('accepting the takeover sends reauth to the practice’s open pages; they come back able to order', async () => {
    const practice = await kit.ready(url, arzt.token);
    const home = await kit.ready(url, heim.token);
    const homeReauths = reauths(home);
    expect(await permissions(arzt.token)).toContain('task_create_view_own_required_contract');

    const asked = await call('POST', '/api/contracts/1002_D-10001/adoption', praxisLeitung.token);
    expect(asked.status).toBe(200);
    const { id } = (await asked.json()) as { id: string };

    const told = once<SocketEventPayloads[typeof SOCKET_EVENTS.reauth]>(practice, SOCKET_EVENTS.reauth);
    const gone = once<string>(practice, 'disconnect');
    expect((await call('PUT', `/api/contracts/${id}/adoption/accept`, apotheke.token)).status).toBe(200);
    expect(await told).toEqual({ reason: 'user_changed' });
    expect(await gone).toBe('io server disconnect');

    // The page connects again with the same token and re-reads its rights: ordering is unlocked.
    const again = await kit.ready(url, arzt.token);
    expect(again.connected).toBe(true);
    const now = await permissions(arzt.token);
    expect(now).toContain('task_create_view_own');
    expect(now).not.toContain('task_create_view_own_required_contract');
    // The home's users were not concerned.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(homeReauths).toEqual([]);
    expect(home.connected).toBe(true);
  });

  it('a cancelled contract that ended yesterday: the nightly pass sends reauth; the page comes back locked', async () => {
    const homeId = await addHome(app, 'Haus Abschied');
    await addUser(app, { username: 'abschied.pflege', roles: ['ROLE_HOME'], homeId });
    await addContract(app, { debtorId: 'H-ABSCHIED', type: 'ROLE_HOME', homeId, state: 'canceled', validTo: '2031-03-31' });
    const user = await login(app, 'abschied.pflege', FIXTURE_PASSWORD);
    expect(await permissions(user.token)).toContain('task_create_view_own');
    const socket = await kit.ready(url, user.token);

    app.get(Clock).set('2031-04-01T00:05:00+02:00');
    const told = once<SocketEventPayloads[typeof SOCKET_EVENTS.reauth]>(socket, SOCKET_EVENTS.reauth);
    await app.get(ContractsService).nightly();
    expect(await told).toEqual({ reason: 'user_changed' });
    expect(await permissions(user.token)).toContain('task_create_view_own_required_contract');
  });
});

import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { API_MESSAGES, type AclResponse, type AuthRecord, SOCKET_EVENTS, type SocketEventPayloads, type UserListRow } from '@mediport/contracts';
import { sessions, users } from '../../db/schema/index.js';
import { InstanceKit, once, redisEnv } from '../../testing/sockets.js';
import { createTestDatabase, login, type TestDatabase } from '../../testing/test-app.js';
import { SessionEvents } from '../auth/session-events.js';
import { SessionService } from '../auth/session.service.js';
import type { Database } from '../db/database.js';
import { DB } from '../db/db.module.js';
import { RealtimeGateway } from './realtime.gateway.js';

/** How fast a socket must follow its session. */
const WITHIN_MS = 1000;
const STRONG = 'Sonne#Mond2024!';

let db: TestDatabase;
let app: NestExpressApplication;
let url: string;
let admin: AuthRecord;
const databases: TestDatabase[] = [];
const kit = new InstanceKit();
let counter = 0;

const start = (database: TestDatabase, env: Record<string, string> = {}) => kit.start(database, env);
const connect = (options: { token?: string; header?: string }, base = url): Socket => kit.connect(base, options);
/** A socket signed in with the token and in its rooms. */
const ready = (token: string, base = url): Promise<Socket> => kit.ready(base, token);

/**
 * Runs the action and waits until the socket got `event` and was disconnected by the server;
 * answers the event's payload and the time from the start of the action.
 */
async function endedBy<E extends keyof SocketEventPayloads>(socket: Socket, event: E, action: () => Promise<unknown>): Promise<{ payload: SocketEventPayloads[E]; ms: number }> {
  const told = once<SocketEventPayloads[E]>(socket, event);
  const gone = once<string>(socket, 'disconnect');
  const started = performance.now();
  await action();
  const [payload, reason] = await Promise.all([told, gone]);
  const ms = performance.now() - started;
  expect(reason).toBe('io server disconnect');
  expect(ms).toBeLessThan(WITHIN_MS);
  return { payload, ms };
}

/** Still connected and still receiving events of its rooms. */
async function expectAlive(socket: Socket, on: NestExpressApplication, room: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(socket.connected).toBe(true);
  const received = once<{ ping: number }>(socket, 'probe');
  on.get(RealtimeGateway).emitTo(room, 'probe', { ping: 1 });
  expect(await received).toEqual({ ping: 1 });
}

async function call(method: string, path: string, token: string, body?: unknown, base = url): Promise<Response> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'x-auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** A fresh driver created by the admin, signed in. */
async function newUser(on: NestExpressApplication = app, base = url, by: AuthRecord = admin): Promise<{ row: UserListRow; auth: AuthRecord }> {
  const username = `socket.${Date.now().toString(36)}${++counter}`;
  const res = await call('POST', '/api/users', by.token, { username, roles: ['ROLE_DRIVER'], password: STRONG, password_confirm: STRONG, firstname: 'Sina', lastname: 'Socket' }, base);
  const row = (await res.json()) as UserListRow;
  return { row, auth: await login(on, username, STRONG) };
}

beforeAll(async () => {
  db = await createTestDatabase();
  databases.push(db);
  ({ app, url } = await start(db));
  admin = await login(app, 'admin');
});
afterAll(async () => {
  await kit.close();
  for (const d of databases) await d.drop();
});

describe('socket.io /socket.io', () => {
  it('requires sign-in: a socket without a valid token is told and disconnected', async () => {
    const socket = connect({ token: 'kein-token' });
    const [payload] = await Promise.all([once<{ message: string }>(socket, 'unauthorized'), once(socket, 'disconnect')]);
    expect(payload.message).toBe(API_MESSAGES.unauthenticated);
  });

  it.each([
    { title: 'handshake auth.token', via: 'auth' as const },
    { title: 'x-auth-token header', via: 'header' as const },
  ])('joins the user, role, session and policy rooms with the token in $title', async ({ via }) => {
    const heim = await login(app, 'heim');
    const socket = connect(via === 'auth' ? { token: heim.token } : { header: heim.token });
    const joined = await once<{ rooms: string[] }>(socket, 'ready');
    const sessionId = await app.get(SessionService).sessionIdOf(heim.token);
    // The orders' room of the home comes from the Task policy (an `_own` grant of the orders list).
    const homeTasks = `Task:task_list_view:home:${heim.home!._id}`;
    expect(joined.rooms).toEqual(expect.arrayContaining([`user:${heim.user._id}`, homeTasks, 'role:ROLE_HOME', `session:${sessionId}`]));
    const received = once<{ id: number }>(socket, 'newtask');
    app.get(RealtimeGateway).emitTo(homeTasks, 'newtask', { id: 1 });
    expect(await received).toEqual({ id: 1 });
  });

  it('refuses a revoked token', async () => {
    const arzt = await login(app, 'arzt');
    const res = await fetch(`${url}/api/auth/logout`, { method: 'POST', headers: { 'x-auth-token': arzt.token } });
    expect(res.status).toBe(204);
    const socket = connect({ token: arzt.token });
    await once(socket, 'unauthorized');
  });
});

describe('sockets follow their session', () => {
  it('logout (POST /api/auth/logout): the session’s socket is told and disconnected at once; another session of the user stays', async () => {
    const { auth } = await newUser();
    const other = await login(app, auth.username, STRONG);
    const socket = await ready(auth.token);
    const otherSocket = await ready(other.token);
    const { payload } = await endedBy(socket, SOCKET_EVENTS.unauthorized, () => call('POST', '/api/auth/logout', auth.token));
    expect(payload).toEqual({ message: API_MESSAGES.unauthenticated });
    await expectAlive(otherSocket, app, `user:${auth.user._id}`);
  });

  // Needs UsersService to announce the revocation (SessionEvents.sessionsEnded) after its transaction.
  it('password change by an administrator (PUT /api/users/{id}) ends every socket of the user', async () => {
    const { row, auth } = await newUser();
    const socket = await ready(auth.token);
    const next = 'Sterne#Wald2025!';
    const { payload } = await endedBy(socket, SOCKET_EVENTS.unauthorized, () => call('PUT', `/api/users/${row._id}`, admin.token, { password: next, password_confirm: next }));
    expect(payload).toEqual({ message: API_MESSAGES.unauthenticated });
  });

  // Needs UsersService to announce the revocation (SessionEvents.sessionsEnded) after its transaction.
  it('deactivation (DELETE /api/users/{id}) ends every socket of the user', async () => {
    const { row, auth } = await newUser();
    const socket = await ready(auth.token);
    await endedBy(socket, SOCKET_EVENTS.unauthorized, () => call('DELETE', `/api/users/${row._id}`, admin.token));
  });

  it('SessionService.revokeAllForUser ends every socket of the user and no one else’s', async () => {
    const { auth } = await newUser();
    const second = await login(app, auth.username, STRONG);
    const [a, b] = [await ready(auth.token), await ready(second.token)];
    const bystander = await ready(admin.token);
    const bGone = endedBy(b, SOCKET_EVENTS.unauthorized, async () => undefined);
    await endedBy(a, SOCKET_EVENTS.unauthorized, () => app.get(SessionService).revokeAllForUser(auth.user._id));
    await bGone;
    await expectAlive(bystander, app, `user:${admin.user._id}`);
  });

  it('sessionsEnded({ userId, exceptSessionId }) keeps the caller’s own session', async () => {
    const { auth } = await newUser();
    const own = await login(app, auth.username, STRONG);
    const socket = await ready(auth.token);
    const ownSocket = await ready(own.token);
    const keep = await app.get(SessionService).sessionIdOf(own.token);
    // The caller revoked the rows in its own transaction and announces after commit.
    await endedBy(socket, SOCKET_EVENTS.unauthorized, async () => {
      await app.get(SessionService).revoke((await app.get(SessionService).sessionIdOf(auth.token))!);
      app.get(SessionEvents).sessionsEnded({ userId: auth.user._id, exceptSessionId: keep });
    });
    await expectAlive(ownSocket, app, `user:${auth.user._id}`);
  });

  it('switch-back ends the masquerade session’s socket; the administrator’s socket stays', async () => {
    const boss = await login(app, 'admin');
    const { row } = await newUser();
    const masked = (await (await call('POST', `/api/auth/masquerade/${row._id}`, boss.token)).json()) as AuthRecord;
    const bossSocket = await ready(boss.token);
    const maskedSocket = await ready(masked.token);
    await endedBy(maskedSocket, SOCKET_EVENTS.unauthorized, () => call('POST', '/api/auth/switch-back', masked.token, { switchBackToken: masked.switchBackToken }));
    await expectAlive(bossSocket, app, `user:${boss.user._id}`);
  });

  it('logout of the administrator also ends the masquerade sessions opened from it', async () => {
    const boss = await login(app, 'admin');
    const { row } = await newUser();
    const masked = (await (await call('POST', `/api/auth/masquerade/${row._id}`, boss.token)).json()) as AuthRecord;
    const maskedSocket = await ready(masked.token);
    await endedBy(maskedSocket, SOCKET_EVENTS.unauthorized, () => call('POST', '/api/auth/logout', boss.token));
  });

  it('userChanged: the user’s sockets get reauth and are disconnected; the same token connects again', async () => {
    const { auth } = await newUser();
    const socket = await ready(auth.token);
    const bystander = await ready(admin.token);
    const { payload } = await endedBy(socket, SOCKET_EVENTS.reauth, async () => app.get(SessionEvents).userChanged(auth.user._id));
    expect(payload).toEqual({ reason: 'user_changed' });
    await expectAlive(bystander, app, `user:${admin.user._id}`);
    await ready(auth.token);
  });

  it('an ACL matrix change (PATCH /api/acl) sends reauth to every socket and disconnects it; tokens stay valid', async () => {
    const heim = await login(app, 'heim');
    const heimSocket = await ready(heim.token);
    const adminSocket = await ready(admin.token);
    const { acl } = (await (await call('GET', '/api/acl', admin.token)).json()) as AclResponse;
    const adminGone = endedBy(adminSocket, SOCKET_EVENTS.reauth, async () => undefined);
    const { payload } = await endedBy(heimSocket, SOCKET_EVENTS.reauth, () => call('PATCH', '/api/acl', admin.token, { acl: { ROLE_HOME: acl.ROLE_HOME } }));
    expect(payload).toEqual({ reason: 'matrix_changed' });
    await adminGone;
    await ready(heim.token);
  });
});

describe('sweep (SOCKET_SWEEP_MS)', () => {
  let swept: { app: NestExpressApplication; url: string };
  let sweptAdmin: AuthRecord;

  beforeAll(async () => {
    // An instance of its own whose sweep runs every 200 ms; nothing announces the changes below.
    const database = await createTestDatabase();
    databases.push(database);
    swept = await start(database, { SOCKET_SWEEP_MS: '200' });
    sweptAdmin = await login(swept.app, 'admin');
  });

  it('disconnects a socket whose session was revoked in the database directly (another instance without Redis)', async () => {
    const { auth } = await newUser(swept.app, swept.url, sweptAdmin);
    const socket = await ready(auth.token, swept.url);
    const bystander = await ready(sweptAdmin.token, swept.url);
    const sessionId = (await swept.app.get(SessionService).sessionIdOf(auth.token))!;
    const database = swept.app.get<Database>(DB, { strict: false });
    const { payload } = await endedBy(socket, SOCKET_EVENTS.unauthorized, () => database.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)));
    expect(payload).toEqual({ message: API_MESSAGES.unauthenticated });
    await expectAlive(bystander, swept.app, `user:${sweptAdmin.user._id}`);
  });

  it('sends reauth to a socket whose rooms changed in the database directly', async () => {
    const { row, auth } = await newUser(swept.app, swept.url, sweptAdmin);
    const socket = await ready(auth.token, swept.url);
    const database = swept.app.get<Database>(DB, { strict: false });
    const { payload } = await endedBy(socket, SOCKET_EVENTS.reauth, () => database.update(users).set({ roles: ['ROLE_PHARMACY'] }).where(eq(users.id, row._id)));
    expect(payload).toEqual({ reason: 'access_changed' });
    const again = connect({ token: auth.token }, swept.url);
    expect((await once<{ rooms: string[] }>(again, SOCKET_EVENTS.ready)).rooms).toContain('role:ROLE_PHARMACY');
  });
});

describe('several instances with REDIS_URL', () => {
  let shared: TestDatabase;
  let a: { app: NestExpressApplication; url: string };
  let b: { app: NestExpressApplication; url: string };
  let adminA: AuthRecord;

  beforeAll(async () => {
    shared = await createTestDatabase();
    databases.push(shared);
    if (!shared.url) return; // two instances need PostgreSQL (PGlite is one process)
    const env = await redisEnv(shared);
    a = await start(shared, env);
    b = await start(shared, env);
    adminA = await login(a.app, 'admin');
  });

  it('a logout on instance A disconnects the session’s socket on instance B within 1 s', async () => {
    if (!shared.url) return;
    const { auth } = await newUser(a.app, a.url, adminA);
    const onB = await ready(auth.token, b.url);
    const onA = await ready(auth.token, a.url);
    const bystander = await ready(adminA.token, b.url);
    const goneOnA = endedBy(onA, SOCKET_EVENTS.unauthorized, async () => undefined);
    const { payload } = await endedBy(onB, SOCKET_EVENTS.unauthorized, () => call('POST', '/api/auth/logout', auth.token, undefined, a.url));
    expect(payload).toEqual({ message: API_MESSAGES.unauthenticated });
    await goneOnA;
    // Emitted on A, received on B: events fan out through Redis as well.
    await expectAlive(bystander, a.app, `user:${adminA.user._id}`);
  });

  it('userChanged and an ACL change on A send reauth to sockets on B', async () => {
    if (!shared.url) return;
    const { auth } = await newUser(a.app, a.url, adminA);
    const onB = await ready(auth.token, b.url);
    await endedBy(onB, SOCKET_EVENTS.reauth, async () => a.app.get(SessionEvents).userChanged(auth.user._id));
    const again = await ready(auth.token, b.url);
    const { acl } = (await (await call('GET', '/api/acl', adminA.token, undefined, a.url)).json()) as AclResponse;
    const { payload } = await endedBy(again, SOCKET_EVENTS.reauth, () => call('PATCH', '/api/acl', adminA.token, { acl: { ROLE_DRIVER: acl.ROLE_DRIVER } }, a.url));
    expect(payload).toEqual({ reason: 'matrix_changed' });
  });
});

describe('REDIS_URL set but Redis unreachable', () => {
  it('still ends the local sockets of a revoked session at once', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const lonely = await start(database, { REDIS_URL: 'redis://127.0.0.1:1' });
    const heim = await login(lonely.app, 'heim');
    const socket = await ready(heim.token, lonely.url);
    await endedBy(socket, SOCKET_EVENTS.unauthorized, () => call('POST', '/api/auth/logout', heim.token, undefined, lonely.url));
  });
});

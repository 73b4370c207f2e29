import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { io, type Socket } from 'socket.io-client';
import { API_MESSAGES } from '@mediport/contracts';
import { createApp } from '../../app.factory.js';
import { createTestDatabase, login, testConfig, type TestDatabase } from '../../testing/test-app.js';
import { RealtimeGateway } from './realtime.gateway.js';

let db: TestDatabase;
let app: NestExpressApplication;
let url: string;
const sockets: Socket[] = [];

function connect(options: { token?: string; header?: string }): Socket {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: options.header ? { 'x-auth-token': options.header } : {},
  });
  sockets.push(socket);
  return socket;
}

function once<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${event}" within 5 s`)), 5000);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testConfig(db), { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app?.close();
  await db?.drop();
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
  ])('joins the user, home and role rooms with the token in $title', async ({ via }) => {
    const heim = await login(app, 'heim');
    const socket = connect(via === 'auth' ? { token: heim.token } : { header: heim.token });
    const ready = await once<{ rooms: string[] }>(socket, 'ready');
    expect(ready.rooms).toEqual(expect.arrayContaining([`user:${heim.user._id}`, `home:${heim.home!._id}`, 'role:ROLE_HOME']));
    const received = once<{ id: number }>(socket, 'newtask');
    app.get(RealtimeGateway).emitTo(`home:${heim.home!._id}`, 'newtask', { id: 1 });
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

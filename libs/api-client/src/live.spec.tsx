/**
 * @jest-environment node
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { SOCKET_EVENTS, type AuthRecord } from '@mediport/contracts';
import { clearAuth, setAuth } from './auth-store.js';
import { configureApiClient } from './http.js';
import { onLiveEvent, onLiveJoined, onLiveReauth, startLiveChannel } from './live.js';
import { installNodeStorage } from './node-storage.spec-helper';

/**
 * The channel against a real socket.io server on a free port (Node environment: jsdom's WebSocket
 * never connects to a local server; the hook itself is covered in live-hook.spec.tsx).
 */
let http: HttpServer;
let io: Server;
const connected: { token: unknown; socket: ServerSocket }[] = [];

const storage = installNodeStorage();

const auth = (token: string): AuthRecord => ({ token, permissions: ['task_list_view'] }) as unknown as AuthRecord;

async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io' });
  io.on('connection', (socket) => connected.push({ token: socket.handshake.auth.token, socket }));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  configureApiClient({ baseUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
  (globalThis as { __MEDIPORT_LIVE_OFF__?: boolean }).__MEDIPORT_LIVE_OFF__ = false;
});

afterAll(async () => {
  configureApiClient({ baseUrl: '' });
  io.close();
  await new Promise((r) => http.close(r));
});

beforeEach(() => {
  connected.length = 0;
  storage.clear();
});

const open = () => connected.filter((c) => c.socket.connected);

describe('live channel', () => {
  it('connects with the stored token and hands server events to the listeners', async () => {
    setAuth(auth('token-a'));
    const seen: string[] = [];
    const stop = startLiveChannel();
    const off = onLiveEvent(SOCKET_EVENTS.newTask, (p) => seen.push(p.taskId));
    await until(() => open().length === 1);
    expect(open()[0]!.token).toBe('token-a');
    io.emit(SOCKET_EVENTS.newTask, { taskId: 't1' });
    await until(() => seen.length === 1);
    off();
    io.emit(SOCKET_EVENTS.newTask, { taskId: 't2' });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual(['t1']);
    stop();
    await until(() => open().length === 0);
  });

  it('follows the login: no login no socket, a new token reconnects, signing out disconnects', async () => {
    const stop = startLiveChannel();
    await new Promise((r) => setTimeout(r, 100));
    expect(connected).toHaveLength(0);
    setAuth(auth('token-a'));
    await until(() => open().length === 1);
    setAuth(auth('token-b'));
    await until(() => open().length === 1 && open()[0]!.token === 'token-b');
    clearAuth();
    await until(() => open().length === 0);
    stop();
  });

  it('connects again on reauth (rights changed) and stays open while any holder remains', async () => {
    setAuth(auth('token-a'));
    const stopA = startLiveChannel();
    const stopB = startLiveChannel();
    await until(() => open().length === 1);
    open()[0]!.socket.emit(SOCKET_EVENTS.reauth, { reason: 'matrix_changed' });
    await until(() => connected.length === 2 && open().length === 1);
    stopA();
    stopA();
    await new Promise((r) => setTimeout(r, 100));
    expect(open()).toHaveLength(1);
    stopB();
    await until(() => open().length === 0);
  });

  it('tells onLiveReauth listeners when the rights changed (a contract taken over), then connects again', async () => {
    setAuth(auth('token-a'));
    const reasons: number[] = [];
    const off = onLiveReauth(() => reasons.push(open().length));
    const stop = startLiveChannel();
    await until(() => open().length === 1);
    open()[0]!.socket.emit(SOCKET_EVENTS.reauth, { reason: 'user_changed' });
    await until(() => reasons.length === 1 && connected.length === 2 && open().length === 1);
    off();
    open()[0]!.socket.emit(SOCKET_EVENTS.reauth, { reason: 'user_changed' });
    await until(() => connected.length === 3 && open().length === 1);
    expect(reasons).toHaveLength(1);
    stop();
    await until(() => open().length === 0);
  });

  it('tells onLiveJoined listeners each time the server says the rooms are joined (connect and reconnect)', async () => {
    setAuth(auth('token-a'));
    let joined = 0;
    const off = onLiveJoined(() => joined++);
    const stop = startLiveChannel();
    await until(() => open().length === 1);
    expect(joined).toBe(0);
    open()[0]!.socket.emit(SOCKET_EVENTS.ready, { rooms: ['tasks:all'] });
    await until(() => joined === 1);
    open()[0]!.socket.emit(SOCKET_EVENTS.reauth, { reason: 'matrix_changed' });
    await until(() => connected.length === 2 && open().length === 1);
    open()[0]!.socket.emit(SOCKET_EVENTS.ready, { rooms: ['tasks:all'] });
    await until(() => joined === 2);
    off();
    stop();
    await until(() => open().length === 0);
  });
});

import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@mediport/contracts';
import { createApp } from '../app.factory.js';
import { testConfig, type TestDatabase } from './test-app.js';

/** The machine's Redis (started by .ci/run); TEST_REDIS_URL points elsewhere. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Instance {
  app: NestExpressApplication;
  url: string;
}

/** Starts API instances listening on free ports and socket.io clients, and closes them all at the end. */
export class InstanceKit {
  private readonly apps: NestExpressApplication[] = [];
  private readonly sockets: Socket[] = [];

  async start(database: TestDatabase, env: Record<string, string> = {}): Promise<Instance> {
    const started = await createApp(testConfig(database, env), { logger: ['error'] });
    this.apps.push(started);
    await started.listen(0, '127.0.0.1');
    return { app: started, url: `http://127.0.0.1:${(started.getHttpServer().address() as AddressInfo).port}` };
  }

  /** A socket.io client of `base` (no reconnection: a disconnect stays visible to the test). */
  connect(base: string, options: { token?: string; header?: string }): Socket {
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: options.token ? { token: options.token } : {},
      extraHeaders: options.header ? { 'x-auth-token': options.header } : {},
    });
    this.sockets.push(socket);
    return socket;
  }

  /** A socket signed in with the token and in its rooms. */
  async ready(base: string, token: string): Promise<Socket> {
    const socket = this.connect(base, { token });
    await once(socket, SOCKET_EVENTS.ready);
    return socket;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.disconnect();
    for (const a of this.apps.reverse()) await a.close();
  }
}

/** The next `event` on the socket (fails after `ms`). */
export function once<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${event}" within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects every `event` the socket receives from now on. */
export function collect<T>(socket: Socket, event: string): T[] {
  const got: T[] = [];
  socket.on(event, (payload: T) => got.push(payload));
  return got;
}

/**
 * The environment of instances that share sockets through Redis: checks Redis answers, and gives
 * the database's own prefix so parallel test files sharing the Redis do not reach each other's sockets.
 */
export async function redisEnv(database: TestDatabase): Promise<Record<string, string>> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
  } catch {
    throw new Error(`Redis at ${TEST_REDIS_URL} does not answer (.ci/run starts it; set TEST_REDIS_URL to another one)`);
  } finally {
    probe.disconnect();
  }
  return { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `test-${database.url!.split('/').pop()}` };
}

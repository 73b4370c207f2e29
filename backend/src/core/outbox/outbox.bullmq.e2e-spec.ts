import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import request from 'supertest';
import { outboxMessages } from '../../db/schema/index.js';
import { redisEnv, TEST_REDIS_URL } from '../../testing/sockets.js';
import { bootApp, createTestDatabase, type TestDatabase } from '../../testing/test-app.js';
import { DB } from '../db/db.module.js';
import type { Database } from '../db/database.js';
import { UnitOfWork } from '../db/unit-of-work.js';
import { jobIdOf, OUTBOX_QUEUE } from './outbox.queue.js';
import { OutboxService } from './outbox.service.js';
import type { EmailPayload, OutboxMessage } from './outbox.types.js';
import { SmtpReceiver } from './testing/smtp-receiver.js';
import { sleep, until } from './testing/until.js';

/** Fast settings: poll every 50 ms (the sweep every 500 ms), retry after 100 ms; an SMTP server silent for 300 ms has failed the attempt. */
const FAST = { OUTBOX_POLL_MS: '50', OUTBOX_BACKOFF_MS: '100', OUTBOX_MAX_ATTEMPTS: '4', SMTP_TIMEOUT_MS: '300', LOG_LEVEL: 'fatal' };

const mail = (to: string): EmailPayload => ({ to: [to], subject: 'Rezeptanforderung', text: 'Bitte um ein Rezept.' });
const outboxHealth = async (app: NestExpressApplication) => (await request(app.getHttpServer()).get('/api/health')).body.details.outbox;

/**
 * A TCP relay to the test Redis that can be taken down (every connection dropped, new ones
 * refused) and brought back on the same port: a Redis outage without touching the shared Redis.
 */
class RedisRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  async up(): Promise<void> {
    const target = new URL(TEST_REDIS_URL);
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
}

const receiver = new SmtpReceiver();
let db: TestDatabase;
let redis: Record<string, string>;
let env: Record<string, string>;
const apps: NestExpressApplication[] = [];

beforeAll(async () => {
  await receiver.start();
  db = await createTestDatabase();
  // The database's name as prefix: parallel test files on the same Redis never share a queue.
  redis = db.url ? await redisEnv(db) : { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `test-${randomUUID()}` };
  env = { ...FAST, ...redis, SMTP_URL: receiver.url };
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.drop();
  await receiver.stop();
});

async function boot(extra: Record<string, string> = {}): Promise<NestExpressApplication> {
  const app = await bootApp(db, { ...env, ...extra });
  apps.push(app);
  return app;
}

async function close(app: NestExpressApplication): Promise<void> {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

function queueOf(prefix = redis.REDIS_PREFIX!): Queue {
  return new Queue(OUTBOX_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix });
}

const settled = (outbox: OutboxService, id: string) => until(async () => (await outbox.find(id))!, (m) => m.state === 'sent' || m.state === 'failed', 15_000);

describe('the outbox on BullMQ (REDIS_URL)', () => {
  it('two instances on one PostgreSQL and one Redis send 20 mails each exactly once, through the queue', async () => {
    if (!db.url) return; // PGlite: one process per database, no second instance
    const [a, b] = [await boot(), await boot()];
    for (const app of [a, b]) expect(await outboxHealth(app)).toMatchObject({ status: 'up', mode: 'bullmq' });
    const messages: OutboxMessage[] = [];
    await Promise.all(
      [a, b].map((app, n) =>
        app.get(UnitOfWork).run(async () => {
          for (let i = 0; i < 20; i++) messages.push(await app.get(OutboxService).enqueue({ channel: 'email', payload: mail(`pair-${n}-${i}@example.org`), idempotencyKey: `pair-${n}-${i}-${randomUUID()}` }));
        }),
      ),
    );
    for (const message of messages) expect((await settled(a.get(OutboxService), message.id)).state).toBe('sent');
    await sleep(700); // a sweep's time: nothing is sent twice afterwards either
    const ids = receiver.mails.filter((m) => m.to[0]!.startsWith('pair-')).map((m) => m.messageId);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(messages.every((m) => ids.includes(`<${m.idempotencyKey}@mediport>`))).toBe(true);
    // Every job is done and gone from the queue.
    const queue = queueOf();
    try {
      expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed')).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 });
    } finally {
      await queue.close();
    }
    for (const app of [a, b]) expect(await outboxHealth(app)).toMatchObject({ mode: 'bullmq', queued: 0 });
    await close(b);
    await close(a);
  });

  it("keeps a message that waits for its retry as the same job, delayed until the row's next attempt", async () => {
    const app = await boot({ OUTBOX_BACKOFF_MS: '1500' });
    const outbox = app.get(OutboxService);
    receiver.refuse('later@example.org', 451, 1);
    const key = `later-${randomUUID()}`;
    const message = await outbox.enqueue({ channel: 'email', payload: mail('later@example.org'), idempotencyKey: key });
    const waiting = await until(async () => (await outbox.find(message.id))!, (m) => m.state === 'queued' && m.attempts === 1);
    const queue = queueOf();
    try {
      const job = await until(() => queue.getJob(jobIdOf(key)), (j) => !!j);
      expect(job!.data).toEqual({ messageId: message.id });
      expect(await job!.getState()).toBe('delayed');
      // Delayed to the row's next attempt (the database's clock and ours agree within a second here).
      expect(Math.abs(job!.timestamp + job!.delay - waiting.nextAttemptAt.getTime())).toBeLessThan(1000);
      expect((await settled(outbox, message.id)).state).toBe('sent');
      expect(receiver.mailsTo('later@example.org')).toHaveLength(1);
      expect(await until(() => queue.getJob(jobIdOf(key)), (j) => !j)).toBeUndefined();
    } finally {
      await queue.close();
      await close(app);
    }
  });

  it('sends a due message that has no job (lost with Redis, or in a crash) with the next sweep', async () => {
    const app = await boot();
    const database = app.get<Database>(DB);
    const key = `orphan-${randomUUID()}`;
    // Written without an enqueue: no job was ever added.
    const [row] = await database.insert(outboxMessages).values({ channel: 'email', idempotencyKey: key, payload: mail('orphan@example.org'), maxAttempts: 4 }).returning();
    const sent = await settled(app.get(OutboxService), row!.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1 });
    expect(receiver.mailsTo('orphan@example.org').map((m) => m.messageId)).toEqual([`<${key}@mediport>`]);
    expect(await outboxHealth(app)).toMatchObject({ mode: 'bullmq' });
    await close(app);
  });

  it('loses nothing while Redis is away: the messages go in-process, and through the queue again once Redis is back', async () => {
    const relay = new RedisRelay();
    await relay.up();
    const app = await boot({ REDIS_URL: relay.url });
    const outbox = app.get(OutboxService);
    try {
      const before = await outbox.enqueue({ channel: 'email', payload: mail('before@example.org') });
      expect((await settled(outbox, before.id)).state).toBe('sent');
      expect(await outboxHealth(app)).toMatchObject({ status: 'up', mode: 'bullmq' });

      await relay.down();
      const during = await Promise.all([1, 2, 3].map((n) => outbox.enqueue({ channel: 'email', payload: mail(`outage-${n}@example.org`) })));
      for (const message of during) expect((await settled(outbox, message.id)).state).toBe('sent');
      expect(await outboxHealth(app)).toMatchObject({ status: 'degraded', mode: 'in-process' });

      await relay.up();
      await until(() => outboxHealth(app), (o) => o.mode === 'bullmq');
      const key = `after-${randomUUID()}`;
      const after = await outbox.enqueue({ channel: 'email', payload: mail('after@example.org'), idempotencyKey: key });
      expect((await settled(outbox, after.id)).state).toBe('sent');
      for (const to of ['before', 'outage-1', 'outage-2', 'outage-3', 'after']) expect(receiver.mailsTo(`${to}@example.org`)).toHaveLength(1);
    } finally {
      await close(app);
      await relay.down();
    }
  });

  it('sends with a REDIS_URL that never answers (a wrong port), and shuts down in time', async () => {
    const app = await boot({ REDIS_URL: 'redis://127.0.0.1:1' });
    const outbox = app.get(OutboxService);
    const message = await outbox.enqueue({ channel: 'email', payload: mail('wrongport@example.org') });
    expect((await settled(outbox, message.id)).state).toBe('sent');
    expect(receiver.mailsTo('wrongport@example.org')).toHaveLength(1);
    expect(await outboxHealth(app)).toMatchObject({ status: 'degraded', mode: 'in-process' });
    const closing = Date.now();
    await close(app);
    expect(Date.now() - closing).toBeLessThan(8000);
  });
});

describe('the queue of a message with a numeric key', () => {
  it('gives it a job id BullMQ takes', () => {
    expect(jobIdOf('12345')).toBe('k12345');
    expect(jobIdOf('document-1')).toBe('document-1');
  });
});

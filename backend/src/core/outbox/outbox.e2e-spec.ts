import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { outboxMessages } from '../../db/schema/index.js';
import { bootApp, createTestDatabase, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { DB } from '../db/db.module.js';
import type { Database } from '../db/database.js';
import { UnitOfWork } from '../db/unit-of-work.js';
import { FilesService } from '../files/files.service.js';
import { OutboxDispatcher as OutboxDispatcherRef } from './outbox.dispatcher.js';
import { OutboxService } from './outbox.service.js';
import type { EmailPayload, OutboxMessage } from './outbox.types.js';
import { header, SmtpReceiver } from './testing/smtp-receiver.js';
import { sleep, until } from './testing/until.js';

const METRICS_TOKEN = 'outbox-metrics-token-0123456789';
/** Fast settings: poll every 50 ms, retry after 100 ms, 400 ms, …; an SMTP server silent for 300 ms has failed the attempt. */
const FAST = { OUTBOX_POLL_MS: '50', OUTBOX_BACKOFF_MS: '100', OUTBOX_MAX_ATTEMPTS: '4', SMTP_TIMEOUT_MS: '300' };

const mail = (to: string, extra: Partial<EmailPayload> = {}): EmailPayload => ({ to: [to], subject: 'Rezeptanforderung', text: 'Bitte um ein Rezept.', ...extra });

describe('the outbox with an SMTP server', () => {
  const receiver = new SmtpReceiver();
  const env: Record<string, string> = { ...FAST, METRICS_TOKEN };
  beforeAll(async () => {
    await receiver.start();
    env.SMTP_URL = receiver.url;
  });
  afterAll(() => receiver.stop());

  let app: NestExpressApplication;
  let db: TestDatabase;
  let outbox: OutboxService;
  let unitOfWork: UnitOfWork;
  let database: Database;
  /** What the handlers of reference kind 'test-document' heard, and whether they ran inside a transaction. */
  const heard: { outcome: 'sent' | 'failed' | 'requeued'; id: string; inTransaction: boolean; detail: string }[] = [];
  /** Makes the next onRequeued throw (an owner whose bookkeeping fails). */
  let requeueFails = false;
  useTestApp((booted) => {
    ({ app, db } = booted);
    outbox = app.get(OutboxService);
    unitOfWork = app.get(UnitOfWork);
    database = app.get<Database>(DB);
    outbox.registerHandlers('test-document', {
      onSent: (message, result) => void heard.push({ outcome: 'sent', id: message.id, inTransaction: unitOfWork.active, detail: result.providerMessageId ?? '' }),
      onFailed: (message, error) => void heard.push({ outcome: 'failed', id: message.id, inTransaction: unitOfWork.active, detail: error }),
      onRequeued: (message, requestedBy) => {
        if (requeueFails) throw new Error('owner bookkeeping failed');
        heard.push({ outcome: 'requeued', id: message.id, inTransaction: unitOfWork.active, detail: requestedBy ?? '' });
      },
    });
    // An owner whose first bookkeeping for each message is chosen by PostgreSQL as a deadlock's victim.
    outbox.registerHandlers('test-conflict', {
      onSent: async (message) => {
        const tries = (conflictTries.get(message.id) ?? 0) + 1;
        conflictTries.set(message.id, tries);
        if (tries === 1) await database.execute(sql`do $$ begin raise exception 'deadlock detected' using errcode = '40P01'; end $$`);
        heard.push({ outcome: 'sent', id: message.id, inTransaction: unitOfWork.active, detail: `try ${tries}` });
      },
    });
  }, env);
  const conflictTries = new Map<string, number>();

  const row = async (id: string) => (await outbox.find(id))!;
  const settled = (id: string, ms?: number) => until(() => row(id), (m) => m.state === 'sent' || m.state === 'failed', ms);

  it('sends nothing when the unit of work that enqueued rolls back', async () => {
    const key = `rollback-${randomUUID()}`;
    await expect(
      unitOfWork.run(async () => {
        await outbox.enqueue({ channel: 'email', payload: mail('rollback@example.org'), idempotencyKey: key });
        throw new Error('business write failed');
      }),
    ).rejects.toThrow('business write failed');
    await sleep(300);
    expect(receiver.mailsTo('rollback@example.org')).toEqual([]);
    expect(await database.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, key))).toEqual([]);
  });

  it('delivers a committed message once, with its attachment and its key as Message-ID, and tells the owner in the same transaction', async () => {
    const files = app.get(FilesService);
    const pdf = Buffer.from('%PDF-1.4\n% Rezeptanforderung Testdokument\n%%EOF\n');
    const documentId = randomUUID();
    const key = `document-${documentId}`;
    const message = await unitOfWork.run(async () => {
      const file = await files.save(pdf, { accept: ['application/pdf'], message: 'nur PDF', maxBytes: 1024 * 1024, originalName: 'anforderung.pdf' });
      return outbox.enqueue({
        channel: 'email',
        payload: mail('praxis@example.org', { attachments: [{ fileId: file.id, name: 'Rezeptanforderung Müller.pdf' }] }),
        idempotencyKey: key,
        reference: { kind: 'test-document', id: documentId },
      });
    });
    expect(message).toMatchObject({ state: 'queued', attempts: 0, maxAttempts: 4, referenceKind: 'test-document', referenceId: documentId });
    const sent = await settled(message.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, lastError: null, providerMessageId: expect.stringContaining('queued as TEST') });
    expect(sent.sentAt).toBeInstanceOf(Date);
    await sleep(300);
    const received = receiver.mailsTo('praxis@example.org');
    expect(received).toHaveLength(1);
    expect(received[0]!.messageId).toBe(`<${key}@mediport>`);
    expect(received[0]!.from).toBe('noreply@localhost');
    expect(header(received[0]!.raw, 'subject')).toBe('Rezeptanforderung');
    expect(received[0]!.raw).toMatch(/Content-Disposition: attachment;\s+filename\*0\*=utf-8''Rezeptanforderung%20M%C3%BCller\.pdf/);
    expect(received[0]!.raw).toMatch(/Content-Type: application\/pdf;/);
    expect(received[0]!.raw.replace(/\r?\n/g, '')).toContain(pdf.toString('base64'));
    expect(heard.filter((h) => h.id === message.id)).toEqual([{ outcome: 'sent', id: message.id, inTransaction: true, detail: sent.providerMessageId }]);
    expect((await outbox.list({ reference: { kind: 'test-document', id: documentId } })).data.map((m) => m.id)).toEqual([message.id]);
  });

  it("runs an outcome again with its owner when the owner's write was a deadlock's victim, so the owner's state follows", async () => {
    const message = await outbox.enqueue({ channel: 'email', payload: mail('deadlock@example.org'), reference: { kind: 'test-conflict', id: randomUUID() } });
    expect((await settled(message.id)).state).toBe('sent');
    expect(conflictTries.get(message.id)).toBe(2);
    expect(heard.filter((h) => h.id === message.id)).toEqual([{ outcome: 'sent', id: message.id, inTransaction: true, detail: 'try 2' }]);
    expect(receiver.mailsTo('deadlock@example.org')).toHaveLength(1);
  });

  it('answers the existing message for a key already in the outbox and sends it once', async () => {
    const key = `twice-${randomUUID()}`;
    const first = await outbox.enqueue({ channel: 'email', payload: mail('twice@example.org'), idempotencyKey: key });
    const second = await outbox.enqueue({ channel: 'email', payload: mail('twice@example.org'), idempotencyKey: key });
    expect(second.id).toBe(first.id);
    await settled(first.id);
    await sleep(200);
    expect(receiver.mailsTo('twice@example.org')).toHaveLength(1);
  });

  it('fails a message refused with 550 after one attempt, at once, and tells the owner', async () => {
    receiver.refuse('unknown@example.org', 550);
    const started = Date.now();
    const message = await outbox.enqueue({ channel: 'email', payload: mail('unknown@example.org'), reference: { kind: 'test-document', id: randomUUID() } });
    const failed = await settled(message.id, 5000);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, sentAt: null, lastError: expect.stringMatching(/^550\b/) });
    expect(receiver.attemptsFor('unknown@example.org')).toHaveLength(1);
    expect(heard.filter((h) => h.id === message.id)).toEqual([{ outcome: 'failed', id: message.id, inTransaction: true, detail: failed.lastError }]);
  });

  it('retries a message refused with 451 with growing waits and sends it once the server accepts', async () => {
    receiver.refuse('busy@example.org', 451, 2);
    const message = await outbox.enqueue({ channel: 'email', payload: mail('busy@example.org') });
    const sent = await settled(message.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 3 });
    const [a, b, c] = receiver.attemptsFor('busy@example.org');
    expect(b! - a!).toBeGreaterThanOrEqual(100); // OUTBOX_BACKOFF_MS
    expect(c! - b!).toBeGreaterThanOrEqual(400); // four times that
    expect(receiver.mailsTo('busy@example.org')).toHaveLength(1);
  });

  it('fails a message still refused with 4xx after its last attempt', async () => {
    receiver.refuse('full@example.org', 452);
    const message = await outbox.enqueue({ channel: 'email', payload: mail('full@example.org'), maxAttempts: 2 });
    const failed = await settled(message.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 2, lastError: expect.stringMatching(/^452\b/) });
    expect(receiver.attemptsFor('full@example.org')).toHaveLength(2);
  });

  it('keeps its SMTP connections open for the next messages, and a server closing idle ones costs no attempt', async () => {
    const warm = await outbox.enqueue({ channel: 'email', payload: mail('warm@example.org') });
    await settled(warm.id);
    const before = receiver.connections;
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => outbox.enqueue({ channel: 'email', payload: mail(`pooled-${i}@example.org`) })));
    for (const m of burst) expect(await settled(m.id)).toMatchObject({ state: 'sent', attempts: 1 });
    // At most one connection per concurrent send (OUTBOX_CONCURRENCY, 4 by default), not one per mail.
    expect(receiver.connections - before).toBeLessThanOrEqual(4);
    receiver.dropConnections();
    await sleep(100);
    const after = await outbox.enqueue({ channel: 'email', payload: mail('after-idle@example.org') });
    expect(await settled(after.id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(receiver.mailsTo('after-idle@example.org')).toHaveLength(1);
  });

  it('retries after a server that stops answering (socket timeout) and sends on the next attempt', async () => {
    receiver.hang('silent@example.org', 1);
    const message = await outbox.enqueue({ channel: 'email', payload: mail('silent@example.org') });
    const sent = await settled(message.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2 });
    expect(receiver.mailsTo('silent@example.org')).toHaveLength(1);
  });

  it('retries after a server that never greets (greeting timeout)', async () => {
    receiver.hangGreetings(1);
    const message = await outbox.enqueue({ channel: 'email', payload: mail('greeting@example.org') });
    const sent = await settled(message.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2 });
    expect(receiver.mailsTo('greeting@example.org')).toHaveLength(1);
  });

  it('sends a failed message again on retry(), with the same Message-ID; a message that is not failed is not retried', async () => {
    receiver.refuse('later@example.org', 550);
    const key = `retry-${randomUUID()}`;
    const message = await outbox.enqueue({ channel: 'email', payload: mail('later@example.org'), idempotencyKey: key });
    expect((await settled(message.id)).state).toBe('failed');
    receiver.accept('later@example.org');
    const queued = await outbox.retry(message.id);
    expect(queued).toMatchObject({ id: message.id, state: 'queued', attempts: 0 });
    const sent = await settled(message.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1 });
    expect(receiver.mailsTo('later@example.org').map((m) => m.messageId)).toEqual([`<${key}@mediport>`]);
    expect(await outbox.retry(message.id)).toBeNull();
    expect(await outbox.retry(randomUUID())).toBeNull();
  });

  it('tells the owner of a failed message that it is queued again, in the same transaction; a failing owner keeps it failed', async () => {
    receiver.refuse('owner@example.org', 550);
    const message = await outbox.enqueue({ channel: 'email', payload: mail('owner@example.org'), reference: { kind: 'test-document', id: randomUUID() } });
    expect((await settled(message.id)).state).toBe('failed');
    requeueFails = true;
    await expect(outbox.retry(message.id, null)).rejects.toThrow('owner bookkeeping failed');
    expect((await row(message.id)).state).toBe('failed');
    requeueFails = false;
    receiver.accept('owner@example.org');
    const by = randomUUID();
    expect(await outbox.retry(message.id, by)).toMatchObject({ state: 'queued' });
    expect(heard.filter((h) => h.id === message.id && h.outcome === 'requeued')).toEqual([{ outcome: 'requeued', id: message.id, inTransaction: true, detail: by }]);
    expect((await settled(message.id)).state).toBe('sent');
  });

  it('delivers a message whose sender crashed once its lease ran out, exactly once', async () => {
    const key = `crashed-${randomUUID()}`;
    const insert = async (leaseEndsInMs: number) => {
      const [created] = await database
        .insert(outboxMessages)
        .values({ channel: 'email', idempotencyKey: key, payload: mail('crashed@example.org'), state: 'sending', attempts: 1, maxAttempts: 4, nextAttemptAt: sql`now() + ${leaseEndsInMs} * interval '1 millisecond'` })
        .returning();
      return created!;
    };
    const abandoned = await insert(60_000);
    await sleep(300);
    expect(receiver.mailsTo('crashed@example.org')).toEqual([]); // the lease still holds: nobody takes it
    await database.update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outboxMessages.id, abandoned.id));
    const sent = await settled(abandoned.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2 });
    await sleep(300);
    expect(receiver.mailsTo('crashed@example.org').map((m) => m.messageId)).toEqual([`<${key}@mediport>`]);
  });

  it('lists messages newest first with their count, by state', async () => {
    const all = await outbox.list({ limit: 5 });
    expect(all.count).toBeGreaterThan(5);
    expect(all.data).toHaveLength(5);
    const times = all.data.map((m) => m.createdAt.getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const failed = await outbox.list({ state: 'failed' });
    expect(failed.data.every((m) => m.state === 'failed')).toBe(true);
    expect(failed.count).toBe(failed.data.length);
  });

  it('shows waiting and failed messages and the oldest wait in health and /metrics, never failing readiness', async () => {
    // A message waiting for its next attempt in an hour, created two minutes ago.
    await database.insert(outboxMessages).values({
      channel: 'fax',
      idempotencyKey: `fax-${randomUUID()}`,
      payload: { to: '+49 30 1234567', fileId: randomUUID(), name: 'Rezeptanforderung.pdf' },
      maxAttempts: 4,
      createdAt: sql`now() - interval '120 seconds'`,
      nextAttemptAt: sql`now() + interval '1 hour'`,
    });
    const failed = (await outbox.list({ state: 'failed' })).count;
    const body = await until(
      async () => (await request(app.getHttpServer()).get('/api/health/ready')).body,
      (b) => b.details?.outbox?.queued === 1,
    );
    expect(body.status).toBe('ok');
    expect(body.details.outbox).toEqual({ status: 'up', mode: 'in-process', queued: 1, failed, oldestQueuedSeconds: expect.any(Number), submitted: 0, oldestSubmittedSeconds: 0 });
    expect(body.details.outbox.oldestQueuedSeconds).toBeGreaterThanOrEqual(120);
    expect((await request(app.getHttpServer()).get('/api/health')).body.details.outbox).toMatchObject({ queued: 1, failed });
    const metrics = await request(app.getHttpServer()).get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`);
    expect(metrics.text).toMatch(/^mediport_queue_depth\{queue="outbox"\} 1$/m);
    const age = /^mediport_queue_oldest_seconds\{queue="outbox"\} (\d+)$/m.exec(metrics.text);
    expect(Number(age?.[1])).toBeGreaterThanOrEqual(120);
    expect(db).toBeDefined();
  });

  describe('with a second instance on the same database', () => {
    let second: NestExpressApplication | null = null;
    afterAll(async () => {
      await second?.close();
    });

    it('delivers each of 20 messages exactly once', async () => {
      if (!db.url) return; // PGlite: one process per database, no second instance
      second = await bootApp(db, env);
      const services = [outbox, second.get(OutboxService)];
      const messages: OutboxMessage[] = [];
      await Promise.all(
        services.map((service, n) =>
          unitOfWork.run(async () => {
            for (let i = 0; i < 10; i++) messages.push(await service.enqueue({ channel: 'email', payload: mail(`many-${n}-${i}@example.org`), idempotencyKey: `many-${n}-${i}-${randomUUID()}` }));
          }),
        ),
      );
      for (const message of messages) expect((await settled(message.id)).state).toBe('sent');
      await sleep(300);
      const ids = receiver.mails.filter((m) => m.to[0]!.startsWith('many-')).map((m) => m.messageId);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
      expect(messages.every((m) => ids.includes(`<${m.idempotencyKey}@mediport>`))).toBe(true);
    });

    it('gives the row back on shutdown when the send does not finish in time', async () => {
      if (!db.url) return;
      await second?.close();
      second = null;
      const slowEnv = { ...env, SMTP_TIMEOUT_MS: '30000' };
      const slow = await bootApp(db, slowEnv);
      try {
        // Only the slow instance may take it: the first app's dispatcher is paused meanwhile.
        receiver.hang('shutdown@example.org', 1);
        await app.get(OutboxDispatcherRef).stop();
        const message = await slow.get(OutboxService).enqueue({ channel: 'email', payload: mail('shutdown@example.org') });
        await until(() => row(message.id), (m) => m.state === 'sending');
        const closing = Date.now();
        await slow.close();
        expect(Date.now() - closing).toBeLessThan(8000);
        expect(await row(message.id)).toMatchObject({ state: 'queued', attempts: 0 });
      } finally {
        app.get(OutboxDispatcherRef).start();
      }
    });
  });
});

describe('the outbox without SMTP_URL, on PGlite', () => {
  let db: TestDatabase;
  let app: NestExpressApplication;
  beforeAll(async () => {
    db = await createTestDatabase({ forcePglite: true });
    app = await bootApp(db, { ...FAST, DEMO: '' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('writes the message as DATA_DIR/outbox/<key>.eml and counts it as sent', async () => {
    const outbox = app.get(OutboxService);
    const key = `eml-${randomUUID()}`;
    const message = await app.get(UnitOfWork).run(() => outbox.enqueue({ channel: 'email', payload: mail('praxis@example.org', { subject: 'Rezeptanforderung für Frau Müller' }), idempotencyKey: key }));
    const sent = await until(async () => (await outbox.find(message.id))!, (m) => m.state !== 'queued' && m.state !== 'sending');
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, providerMessageId: `outbox/${key}.eml` });
    const file = path.join(db.dataDir, 'outbox', `${key}.eml`);
    expect(existsSync(file)).toBe(true);
    const raw = readFileSync(file, 'utf8');
    expect(header(raw, 'message-id')).toBe(`<${key}@mediport>`);
    expect(header(raw, 'to')).toBe('praxis@example.org');
    expect(header(raw, 'from')).toBe('Medikationsportal <noreply@localhost>');
  });
});

import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { OUTBOX_MESSAGES, type OutboxListResponse, type OutboxRetryResponse } from '@mediport/contracts/outbox';
import { and, eq } from 'drizzle-orm';
import { DB } from '../../core/db/db.module.js';
import type { Database } from '../../core/db/database.js';
import { auditLog } from '../../db/schema/index.js';
import { OutboxService } from '../../core/outbox/outbox.service.js';
import { SmtpReceiver } from '../../core/outbox/testing/smtp-receiver.js';
import { login, useTestApp } from '../../testing/test-app.js';

/** Polls `read` until `done` holds (every 25 ms, at most 10 s). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(value)?.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('/api/outbox', () => {
  const receiver = new SmtpReceiver();
  const env: Record<string, string> = { OUTBOX_POLL_MS: '50', OUTBOX_BACKOFF_MS: '100', OUTBOX_MAX_ATTEMPTS: '2', SMTP_TIMEOUT_MS: '300' };
  beforeAll(async () => {
    await receiver.start();
    env.SMTP_URL = receiver.url;
  });
  afterAll(() => receiver.stop());

  let app: NestExpressApplication;
  let outbox: OutboxService;
  let admin: AuthRecord;
  let apotheke: AuthRecord;
  let heim: AuthRecord;
  let pharmacist: AuthRecord;
  useTestApp(async (booted) => {
    app = booted.app;
    outbox = app.get(OutboxService);
    [admin, apotheke, heim] = await Promise.all([login(app, 'admin'), login(app, 'apotheke'), login(app, 'heim')]);
    // A pharmacist without the manager role: the outbox is the pharmacy managers' and the administrators'.
    const password = 'Apotheke-ohne-Manager-12';
    const username = `pharma-${randomUUID().slice(0, 8)}`;
    const created = await api().post('/api/users').set('x-auth-token', admin.token).send({ username, roles: ['ROLE_PHARMA'], password, password_confirm: password, firstname: 'Paul', lastname: 'Pharma' });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    pharmacist = await login(app, username, password);
  }, env);

  const api = () => request(app.getHttpServer());
  const list = (auth: AuthRecord, query = '') => api().get(`/api/outbox${query}`).set('x-auth-token', auth.token);
  const retry = (auth: AuthRecord, id: string) => api().post(`/api/outbox/${id}/retry`).set('x-auth-token', auth.token);

  /** A mail the SMTP server refuses for good (550): the outbox marks it failed at once. */
  async function failedMail(): Promise<string> {
    const to = `refused-${randomUUID().slice(0, 8)}@praxis.example`;
    receiver.refuse(to, 550);
    const message = await outbox.enqueue({ channel: 'email', payload: { to: [to], subject: 'Rezeptanforderung Müller', text: 'Bitte um ein Rezept.' }, createdBy: admin.user._id });
    await until(() => outbox.find(message.id), (m) => m?.state === 'failed');
    return message.id;
  }

  describe('GET /api/outbox', () => {
    it('requires sign-in', async () => {
      expect((await api().get('/api/outbox')).status).toBe(401);
    });

    it.each([
      { title: 'a care home', who: () => heim },
      { title: 'a pharmacist without the manager role', who: () => pharmacist },
    ])('is refused for $title', async ({ who }) => {
      expect((await list(who())).status).toBe(403);
    });

    it('lists messages newest first with recipient, subject, state, attempts, error and who queued them, and the summary', async () => {
      const id = await failedMail();
      const res = await list(apotheke, '?filter[state]=failed');
      expect(res.status).toBe(200);
      const body = res.body as OutboxListResponse;
      const row = body.data.find((m) => m._id === id)!;
      expect(row).toMatchObject({ channel: 'email', state: 'failed', subject: 'Rezeptanforderung Müller', attempts: 1, maxAttempts: 2, nextAttemptAt: null, createdBy: 'Alex Admin', reference: null });
      expect(row.to).toMatch(/^refused-.*@praxis\.example$/);
      expect(row.lastError).toMatch(/550/);
      expect(body.data.every((m) => m.state === 'failed')).toBe(true);
      expect(body.summary).toMatchObject({ failed: expect.any(Number), queued: expect.any(Number), submitted: 0, oldestSubmittedSeconds: 0 });
      expect(body.summary.failed).toBeGreaterThanOrEqual(1);
      expect(body.count).toBe(body.summary.failed);
      // Bodies and attachments never leave the outbox through this list.
      expect(JSON.stringify(body)).not.toContain('Bitte um ein Rezept');
    });

    it('finds messages by part of the recipient or the subject, wildcards taken literally', async () => {
      const id = await failedMail();
      const to = ((await outbox.find(id))!.payload as { to: string[] }).to[0]!;
      const byRecipient = (await list(admin, `?filter[text]=${encodeURIComponent(to.slice(8, 16).toUpperCase())}`)).body as OutboxListResponse;
      expect(byRecipient.data.map((m) => m._id)).toEqual([id]);
      const bySubject = (await list(admin, '?filter[text]=anforderung%20m%C3%BCller')).body as OutboxListResponse;
      expect(bySubject.data.map((m) => m._id)).toContain(id);
      expect(((await list(admin, '?filter[text]=%25')).body as OutboxListResponse).data).toEqual([]);
    });

    it('pages with offset and limit', async () => {
      await failedMail();
      await failedMail();
      const first = (await list(admin, '?limit=1')).body as OutboxListResponse;
      const second = (await list(admin, '?limit=1&offset=1')).body as OutboxListResponse;
      expect(first.data).toHaveLength(1);
      expect(second.data).toHaveLength(1);
      expect(first.data[0]!._id).not.toBe(second.data[0]!._id);
      expect(first.count).toBeGreaterThanOrEqual(3);
    });

    it.each(['?filter[state]=lost', '?filter[channel]=pigeon', '?limit=abc', '?filter[state]=queued&filter[state]=failed'])('answers 400 with a German message for %s', async (query) => {
      const res = await list(admin, query);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe('Ungültiger Filter- oder Seitenparameter.');
    });

    it('answers 400 for a NUL byte in a filter', async () => {
      const res = await list(admin, '?filter[state]=%00');
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe('Unerlaubte Zeichen gefunden!');
    });
  });

  describe('POST /api/outbox/{id}/retry', () => {
    it('requires sign-in', async () => {
      expect((await api().post(`/api/outbox/${randomUUID()}/retry`)).status).toBe(401);
    });

    it('is refused for a pharmacist without the manager role', async () => {
      expect((await retry(pharmacist, await failedMail())).status).toBe(403);
    });

    it('queues a failed message again: the same message (same key), sent once the server accepts, and audited', async () => {
      const id = await failedMail();
      const before = (await outbox.find(id))!;
      const to = (before.payload as { to: string[] }).to[0]!;
      receiver.accept(to);
      const res = await retry(admin, id);
      expect(res.status).toBe(200);
      const body = res.body as OutboxRetryResponse;
      expect(body.message).toBe(OUTBOX_MESSAGES.retried);
      expect(body.item).toMatchObject({ _id: id, state: 'queued' });
      const sent = await until(() => outbox.find(id), (m) => m?.state === 'sent');
      expect(sent!.idempotencyKey).toBe(before.idempotencyKey);
      expect(receiver.mailsTo(to)).toHaveLength(1);
      const [entry] = await app.get<Database>(DB).select().from(auditLog).where(and(eq(auditLog.action, 'outbox.retry'), eq(auditLog.target, id)));
      expect(entry).toMatchObject({ actorId: admin.user._id });
    });

    it('answers 409 with a German message unless the message failed', async () => {
      const id = await failedMail();
      const to = ((await outbox.find(id))!.payload as { to: string[] }).to[0]!;
      receiver.accept(to);
      expect((await retry(admin, id)).status).toBe(200);
      const again = await retry(admin, id);
      expect(again.status).toBe(409);
      expect(again.body.errors[0].message).toBe(OUTBOX_MESSAGES.notFailed);
    });

    it.each([randomUUID(), 'not-an-id', '%27%20or%201%3D1'])('answers 404 for an unknown or malformed id (%s)', async (id) => {
      expect((await retry(admin, id)).status).toBe(404);
    });
  });
});

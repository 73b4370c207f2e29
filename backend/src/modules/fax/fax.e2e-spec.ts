import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { DOCUMENT_MESSAGES, type DocumentCreateResponse } from '@mediport/contracts/documents';
import { FAX_CALLBACK_MESSAGES } from '@mediport/contracts/fax';
import { loadConfig } from '../../core/config/app-config.js';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { FilesService } from '../../core/files/files.service.js';
import { gatewayIdempotencyKey, HttpFaxGateway } from '../../core/outbox/http-fax.gateway.js';
import { OutboxService } from '../../core/outbox/outbox.service.js';
import { type OutboxMessage, PermanentDeliveryError } from '../../core/outbox/outbox.types.js';
import { FaxGatewayStandIn, signFaxReport } from '../../core/outbox/testing/fax-gateway.js';
import { doctors, documents, outboxMessages, taskEvents } from '../../db/schema/index.js';
import { bootApp, createTestDatabase, type TestDatabase } from '../../testing/test-app.js';
import { type TaskWorld, taskWorld } from '../tasks/testing/task-world.js';
import { sleep, until } from '../../core/outbox/testing/until.js';

const TOKEN = 'fax-gateway-token-0123456789';
const SECRET = 'fax-callback-secret-0123456789';
/** Fast outbox: poll every 50 ms, retry after 100 ms, 400 ms; a gateway silent for 300 ms has failed the attempt; reports awaited 1.5 s. */
const ENV = {
  OUTBOX_POLL_MS: '50',
  OUTBOX_BACKOFF_MS: '100',
  OUTBOX_MAX_ATTEMPTS: '4',
  FAX_GATEWAY_TOKEN: TOKEN,
  FAX_CALLBACK_SECRET: SECRET,
  FAX_GATEWAY_TIMEOUT_MS: '300',
  FAX_REPORT_TIMEOUT_MS: '1500',
  METRICS_TOKEN: 'fax-metrics-token-0123456789',
};

const gateway = new FaxGatewayStandIn({ token: TOKEN, secret: SECRET });
let db: TestDatabase;
let app: NestExpressApplication;
let outbox: OutboxService;
let database: Database;
let world: TaskWorld;
const PDF = Buffer.from('%PDF-1.4\n% Rezeptanforderung\n%%EOF\n');
/** What the handlers of reference kind 'test-fax' heard, and whether inside the outcome's transaction. */
const heard: { outcome: string; id: string; detail: string | null; inTransaction: boolean; state: string }[] = [];

beforeAll(async () => {
  await gateway.start();
  db = await createTestDatabase();
  app = await bootApp(db, { ...ENV, FAX_GATEWAY_URL: gateway.url });
  await app.listen(0, '127.0.0.1');
  gateway.callbackUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api/fax/callback`;
  outbox = app.get(OutboxService);
  database = app.get<Database>(DB);
  world = await taskWorld(app);
  const unitOfWork = app.get(UnitOfWork);
  const note = (outcome: string) => (message: OutboxMessage, detail: unknown) =>
    void heard.push({ outcome, id: message.id, detail: typeof detail === 'string' ? detail : ((detail as { providerMessageId: string | null }).providerMessageId ?? null), inTransaction: unitOfWork.active, state: message.state });
  outbox.registerHandlers('test-fax', { onSubmitted: note('submitted'), onSent: note('sent'), onFailed: note('failed') });
});

afterAll(async () => {
  await app?.close();
  await db?.drop();
  await gateway.stop();
});

const api = () => request(app.getHttpServer());

const row = async (id: string) => (await outbox.find(id))!;
const finished = (id: string, ms?: number) => until(() => row(id), (m) => m.state === 'sent' || m.state === 'failed', ms);
const heardOf = (id: string) => heard.filter((h) => h.id === id).map(({ outcome, detail, inTransaction, state }) => ({ outcome, detail, inTransaction, state }));

/** A fax of a fresh PDF to `to`, owned by 'test-fax'. */
async function fax(to: string, extra: { maxAttempts?: number } = {}): Promise<OutboxMessage> {
  const file = await app.get(FilesService).save(PDF, { accept: ['application/pdf'], message: 'nur PDF', maxBytes: 1024 * 1024, originalName: 'Rezeptanforderung.pdf' });
  return outbox.enqueue({ channel: 'fax', payload: { to, fileId: file.id, name: 'Rezeptanforderung.pdf' }, idempotencyKey: `fax-${randomUUID()}`, reference: { kind: 'test-fax', id: randomUUID() }, ...extra });
}

/** A report as the gateway signs it (`sign` false: unsigned; a string: signed with that secret). */
function callback(body: unknown, { sign = SECRET as string | false, raw }: { sign?: string | false; raw?: string } = {}) {
  const text = raw ?? JSON.stringify(body);
  const req = api().post('/api/fax/callback').set('content-type', 'application/json');
  if (sign) req.set('x-fax-signature', signFaxReport(sign, text));
  return req.send(text);
}
const report = (message: OutboxMessage, status: string, timestamp = new Date().toISOString()) => ({ jobId: message.providerMessageId, reference: message.id, status, timestamp });

describe('faxes through the HTTP fax gateway', () => {
  it('submits the PDF with the number in E.164, our reference and the key; submitted until the signed report says SENT', async () => {
    gateway.reportDelayMs = 1000;
    try {
      const message = await fax('030 / 555 1000');
      const submitted = await until(() => row(message.id), (m) => m.state === 'submitted');
      const [job] = gateway.jobsTo('+49305551000');
      expect(job).toMatchObject({ idempotencyKey: message.idempotencyKey, reference: message.id, name: 'Rezeptanforderung.pdf', pdfBytes: PDF.length, status: 'SENT' });
      expect(submitted).toMatchObject({ attempts: 1, providerMessageId: job!.jobId, sentAt: null, lastError: null });
      // The report is awaited until FAX_REPORT_TIMEOUT_MS from now.
      const wait = submitted.nextAttemptAt.getTime() - submitted.updatedAt.getTime();
      expect(wait).toBeGreaterThanOrEqual(1400);
      expect(wait).toBeLessThanOrEqual(1600);
      expect(heardOf(message.id)).toEqual([{ outcome: 'submitted', detail: job!.jobId, inTransaction: true, state: 'submitted' }]);

      // Health and /metrics count it as awaiting its report, not as waiting to be sent.
      const health = await until(async () => (await api().get('/api/health')).body.details.outbox, (o) => o.submitted >= 1);
      expect(health).toMatchObject({ status: 'up', mode: 'in-process', queued: 0, submitted: 1 });
      const metrics = (await api().get('/metrics').set('authorization', `Bearer ${ENV.METRICS_TOKEN}`)).text;
      expect(metrics).toMatch(/^mediport_queue_depth\{queue="outbox_submitted"\} 1$/m);
      expect(metrics).toMatch(/^mediport_queue_depth\{queue="outbox"\} 0$/m);
      expect(metrics).toMatch(/^mediport_queue_oldest_seconds\{queue="outbox_submitted"\} \d+$/m);
      expect(metrics).toMatch(/^mediport_outbox_mode\{mode="in-process"\} 1$/m);
      expect(metrics).toMatch(/^mediport_outbox_mode\{mode="bullmq"\} 0$/m);

      const sent = await finished(message.id);
      expect(sent).toMatchObject({ state: 'sent', attempts: 1, providerMessageId: job!.jobId, lastError: null });
      expect(sent.sentAt).toBeInstanceOf(Date);
      // The stand-in notes our answer once it has read it, a moment after the report was recorded.
      expect(await until(() => job!.callbackAnswers, (a) => a.length > 0)).toEqual([200]);
      expect(heardOf(message.id).map((h) => [h.outcome, h.detail, h.inTransaction])).toEqual([
        ['submitted', job!.jobId, true],
        ['sent', job!.jobId, true],
      ]);
      expect(gateway.requestsFor(message.idempotencyKey)).toBe(1);
    } finally {
      gateway.reportDelayMs = 200;
    }
  });

  it("fails the fax with the gateway's error code; sent again it is a new job under a new key, and sent", async () => {
    const message = await fax('+49 30 5551666');
    const failed = await finished(message.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastError: 'BUSY', sentAt: null });
    const first = gateway.jobsTo('+49305551666')[0]!;
    expect(heardOf(message.id).map((h) => [h.outcome, h.detail])).toEqual([
      ['submitted', first.jobId],
      ['failed', 'BUSY'],
    ]);

    gateway.accept('+49305551666');
    expect(await outbox.retry(message.id)).toMatchObject({ state: 'queued', attempts: 0 });
    const sent = await finished(message.id);
    const jobs = gateway.jobsTo('+49305551666');
    expect(jobs.map((j) => j.status)).toEqual(['BUSY', 'SENT']);
    expect(sent).toMatchObject({ state: 'sent', providerMessageId: jobs[1]!.jobId });
    // The first round's key, then a key of its own for the second round: the gateway saw each once.
    expect(jobs.map((j) => j.idempotencyKey)).toEqual([message.idempotencyKey, gatewayIdempotencyKey({ idempotencyKey: message.idempotencyKey, providerMessageId: first.jobId })]);
    expect(jobs[1]!.idempotencyKey).not.toBe(message.idempotencyKey);
    expect(jobs.map((j) => gateway.requestsFor(j.idempotencyKey))).toEqual([1, 1]);
  });

  it('fails a fax the gateway refuses with 4xx at once, without retrying', async () => {
    const started = Date.now();
    const message = await fax('030 5551422');
    const failed = await finished(message.id, 5000);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastError: 'fax gateway answered 422: refused with 422' });
    await sleep(500);
    expect(gateway.requestsFor(message.idempotencyKey)).toBe(1);
    expect(gateway.jobsTo('+49305551422')).toEqual([]);
    expect(heardOf(message.id).map((h) => h.outcome)).toEqual(['failed']);
  });

  it('retries a fax while the gateway answers 503, with growing waits and the same Idempotency-Key, then takes one job', async () => {
    const message = await fax('030 5551503');
    const sent = await finished(message.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 3 });
    expect(gateway.requestsFor(message.idempotencyKey)).toBe(3);
    expect(gateway.jobsTo('+49305551503')).toHaveLength(1);
  });

  it('retries a fax whose submission timed out; a repeat after the gateway took it is answered with the same job: one fax', async () => {
    gateway.outcome('+49305552000', { loseAnswer: true, times: 1 });
    const message = await fax('030 5552000');
    const sent = await finished(message.id);
    const jobs = gateway.jobsTo('+49305552000');
    expect(jobs).toHaveLength(1);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, providerMessageId: jobs[0]!.jobId });
    expect(gateway.requestsFor(message.idempotencyKey)).toBe(2);
    // A report that came before the job was recorded was refused (404) and delivered again later.
    expect(await until(() => jobs[0]!.callbackAnswers, (a) => a.at(-1) === 200)).toContain(404);
  });

  it('fails a fax whose report does not come by its deadline (FAX_REPORT_TIMEOUT_MS)', async () => {
    gateway.outcome('+49305553000', { silent: true, times: 1 });
    const message = await fax('030 5553000');
    const submitted = await until(() => row(message.id), (m) => m.state === 'submitted');
    const failed = await finished(message.id, 5000);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastError: `no delivery report within 2 s (job ${submitted.providerMessageId})` });
    expect(heardOf(message.id).map((h) => [h.outcome, h.detail])).toEqual([
      ['submitted', submitted.providerMessageId],
      ['failed', failed.lastError],
    ]);
  });

  it('retries when the gateway cannot be reached, and refuses for good what it refuses (the transport alone)', async () => {
    const closed = new FaxGatewayStandIn({ token: TOKEN, secret: SECRET });
    await closed.start();
    const url = closed.url;
    await closed.stop();
    const [message] = await database.select().from(outboxMessages).limit(1);
    const file = await app.get(FilesService).save(PDF, { accept: ['application/pdf'], message: 'nur PDF', maxBytes: 1024 * 1024, originalName: 'x.pdf' });
    const faxMessage = { ...message!, channel: 'fax' as const, payload: { to: '+4930555', fileId: file.id, name: 'x.pdf' } };
    const transport = (gatewayUrl: string) => new HttpFaxGateway(loadConfig({ DATA_DIR: db.dataDir, JWT_SECRET: 's', ...ENV, FAX_GATEWAY_URL: gatewayUrl }), app.get(FilesService));
    const unreachable = await transport(url).submit(faxMessage, '+4930555', AbortSignal.timeout(1000)).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(Error);
    expect(unreachable).not.toBeInstanceOf(PermanentDeliveryError);
    expect((unreachable as Error).message).toBe('fax gateway unreachable: ECONNREFUSED');
    const refused = await transport(gateway.url).submit(faxMessage, '+4930555422', AbortSignal.timeout(1000)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PermanentDeliveryError);
    const wrongToken = await new HttpFaxGateway(loadConfig({ DATA_DIR: db.dataDir, JWT_SECRET: 's', ...ENV, FAX_GATEWAY_URL: gateway.url, FAX_GATEWAY_TOKEN: 'another-token-0123456789' }), app.get(FilesService))
      .submit(faxMessage, '+4930555', AbortSignal.timeout(1000))
      .catch((e: unknown) => e);
    expect(wrongToken).toBeInstanceOf(PermanentDeliveryError);
    expect((wrongToken as Error).message).toBe('fax gateway answered 401: invalid token');
  });
});

describe('POST /api/fax/callback', () => {
  /** A fax the gateway took and will not report on its own: the tests report it. */
  async function submittedFax(): Promise<OutboxMessage> {
    const number = `+4930556${String(Math.floor(Math.random() * 9000) + 1000)}`;
    gateway.outcome(number, { silent: true, times: 1 });
    const message = await fax(number);
    return until(() => row(message.id), (m) => m.state === 'submitted');
  }

  it.each([
    { title: 'without a signature', sign: false as const, header: undefined },
    { title: 'signed with another secret', sign: 'another-secret-0123456789', header: undefined },
    { title: 'with a malformed signature header', sign: false as const, header: 'sha256=xyz' },
  ])('refuses a report $title with 401 and changes nothing', async ({ sign, header }) => {
    const message = await submittedFax();
    const req = callback(report(message, 'SENT'), { sign });
    if (header) req.set('x-fax-signature', header);
    const res = await req;
    expect(res.status).toBe(401);
    expect(res.body.errors).toEqual([{ code: 'unauthenticated', message: FAX_CALLBACK_MESSAGES.signature }]);
    expect((await row(message.id)).state).toBe('submitted');
  });

  it('refuses a signed report whose body was changed on the way', async () => {
    const message = await submittedFax();
    const signedFor = JSON.stringify(report(message, 'BUSY'));
    const res = await api().post('/api/fax/callback').set('content-type', 'application/json').set('x-fax-signature', signFaxReport(SECRET, signedFor)).send(JSON.stringify(report(message, 'SENT')));
    expect(res.status).toBe(401);
    expect((await row(message.id)).state).toBe('submitted');
  });

  it('refuses a correctly signed report older than 10 minutes (a replay) with 401', async () => {
    const message = await submittedFax();
    const res = await callback(report(message, 'SENT', new Date(Date.now() - 11 * 60_000).toISOString()));
    expect(res.status).toBe(401);
    expect(res.body.errors[0].message).toBe(FAX_CALLBACK_MESSAGES.replay);
    expect((await row(message.id)).state).toBe('submitted');
  });

  it.each([
    { title: 'without status', body: (m: OutboxMessage) => ({ jobId: m.providerMessageId, reference: m.id, timestamp: new Date().toISOString() }), path: 'status', message: FAX_CALLBACK_MESSAGES.status },
    { title: 'with a status of spaces', body: (m: OutboxMessage) => ({ ...report(m, 'SENT'), status: 'kein Fax' }), path: 'status', message: FAX_CALLBACK_MESSAGES.status },
    { title: 'with a timestamp that is no date', body: (m: OutboxMessage) => ({ ...report(m, 'SENT'), timestamp: 'gestern' }), path: 'timestamp', message: FAX_CALLBACK_MESSAGES.timestamp },
    { title: 'without jobId', body: (m: OutboxMessage) => ({ reference: m.id, status: 'SENT', timestamp: new Date().toISOString() }), path: 'jobId', message: FAX_CALLBACK_MESSAGES.jobId },
    { title: 'with a reference that is no id', body: (m: OutboxMessage) => ({ ...report(m, 'SENT'), reference: 'x' }), path: 'reference', message: FAX_CALLBACK_MESSAGES.reference },
  ])('refuses a signed report $title with 400 in German', async ({ body, path, message: text }) => {
    const message = await submittedFax();
    const res = await callback(body(message));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, message: text }));
    expect((await row(message.id)).state).toBe('submitted');
  });

  it('refuses a signed body that is no JSON object with 400', async () => {
    for (const raw of ['[]', '"SENT"', '{"jobId":']) {
      const res = await callback(null, { raw });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).not.toMatch(/must|should|expected/i);
    }
  });

  it('answers 404 for a job or a reference it does not know', async () => {
    const message = await submittedFax();
    for (const body of [{ ...report(message, 'SENT'), jobId: 'job-unknown' }, { ...report(message, 'SENT'), reference: randomUUID() }]) {
      const res = await callback(body);
      expect(res.status).toBe(404);
      expect(res.body.errors).toEqual([{ path: 'jobId', code: 'not_found', message: FAX_CALLBACK_MESSAGES.unknownJob }]);
    }
    expect((await row(message.id)).state).toBe('submitted');
  });

  it('records SENT once: the same report again answers 200 and changes nothing; another one for the finished fax answers 409', async () => {
    const message = await submittedFax();
    const first = await callback(report(message, 'SENT'));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: FAX_CALLBACK_MESSAGES.accepted });
    const sent = await row(message.id);
    expect(sent).toMatchObject({ state: 'sent', lastError: null });
    const again = await callback(report(message, 'SENT'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: FAX_CALLBACK_MESSAGES.repeated });
    expect((await row(message.id)).updatedAt).toEqual(sent.updatedAt);
    const other = await callback(report(message, 'NO_ANSWER'));
    expect(other.status).toBe(409);
    expect(other.body.errors).toEqual([{ path: 'status', code: 'conflict', message: FAX_CALLBACK_MESSAGES.conflict }]);
    expect(heardOf(message.id).map((h) => h.outcome)).toEqual(['submitted', 'sent']);
  });

  it("records an error code as 'failed' with the code as lastError, once", async () => {
    const message = await submittedFax();
    expect((await callback(report(message, 'NO_ANSWER'))).status).toBe(200);
    expect(await row(message.id)).toMatchObject({ state: 'failed', lastError: 'NO_ANSWER' });
    expect((await callback(report(message, 'NO_ANSWER'))).status).toBe(200);
    expect((await callback(report(message, 'SENT'))).status).toBe(409);
    expect((await callback(report(message, 'BUSY'))).status).toBe(409);
    expect(heardOf(message.id).map((h) => [h.outcome, h.detail])).toEqual([
      ['submitted', message.providerMessageId],
      ['failed', 'NO_ANSWER'],
    ]);
  });

  it('answers 404 for an e-mail of the outbox named as reference', async () => {
    const mail = await outbox.enqueue({ channel: 'email', payload: { to: ['praxis@example.org'], subject: 'x', text: 'x' } });
    const sent = await finished(mail.id);
    const res = await callback({ jobId: sent.providerMessageId ?? 'x', reference: mail.id, status: 'SENT', timestamp: new Date().toISOString() });
    expect(res.status).toBe(404);
  });
});

describe('a prescription request by fax through the gateway', () => {
  const eventsOf = (taskId: string) => database.select().from(taskEvents).where(eq(taskEvents.taskId, taskId)).orderBy(taskEvents.createdAt);
  const stateOf = async (id: string) => (await database.select({ state: documents.state }).from(documents).where(eq(documents.id, id)))[0]?.state;

  it("writes the gateway's error as the orders' faxresponse; sent again, 'SENT'", async () => {
    const [doctor] = await database.insert(doctors).values({ title: 'Dr.', firstname: 'Fanny', lastname: 'Faxfehler', fax: '030 777 666', preferred: 'Fax' }).returning({ id: doctors.id });
    const taskId = await world.insertTask({ doctorId: doctor!.id }, 'Faxmittel');
    const res = await api().post('/api/documents').set('x-auth-token', world.demo.apotheke.token).send({ documents: [{ doctor: doctor!.id, subject: 'Per Fax', content: '<p>Bitte</p>', tasks: [taskId] }] });
    expect(res.status).toBe(201);
    const document = (res.body as DocumentCreateResponse).documents[0]!;
    expect(await until(() => stateOf(document._id), (s) => s === 'failed')).toBe('failed');
    const events = await eventsOf(taskId);
    expect(events.map((e) => [e.type, e.type === 'recipe_request' ? null : e.data])).toEqual([
      ['recipe_request', null],
      ['fax', null],
      ['faxresponse', 'BUSY'],
    ]);
    // The PDF went to the gateway.
    const [job] = gateway.jobsTo('+4930777666');
    expect(job).toMatchObject({ idempotencyKey: `document-${document._id}`, status: 'BUSY', name: 'Rezeptanforderung.pdf' });
    expect(job!.pdfBytes).toBeGreaterThan(1000);

    gateway.accept('+4930777666');
    const resend = await api().post(`/api/documents/${document._id}/resend`).set('x-auth-token', world.demo.apotheke.token);
    expect(resend.status).toBe(200);
    expect(resend.body.message).toBe(DOCUMENT_MESSAGES.resent);
    expect(await until(() => stateOf(document._id), (s) => s === 'sent')).toBe('sent');
    const after = await eventsOf(taskId);
    expect(after.map((e) => [e.type, e.data]).slice(3)).toEqual([
      ['fax', null],
      ['faxresponse', 'SENT'],
    ]);
    expect(gateway.jobsTo('+4930777666').map((j) => j.status)).toEqual(['BUSY', 'SENT']);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { EVENT_MESSAGES, type ListResponse, type PatientDto, type TaskDto } from '@mediport/contracts';
import { DOCUMENT_MESSAGES, type DocumentCreateResponse } from '@mediport/contracts/documents';
import { type ReceivedMail, SmtpReceiver } from '../../backend/src/core/outbox/testing/smtp-receiver.js';
import { apiSession, horizontalOverflow, signInFast } from '../support/layout.js';
import { createDatabase, dropDatabase, postgresAdminUrl, type RunningBackend, startBackend, tempDir } from '../support/server.js';
import { DEMO_PASSWORD } from '../support/sidebar.js';

// The pharmacy asks practices for prescriptions: from the order's e-mail action to the composing
// page, one card per doctor with the text to edit, "Anforderungen senden", and the order's chat
// shows the request and, once the outbox delivered it, 'E-Mail wurde versendet' — without a reload.
// The suite's backend sends mail to a real SMTP server and faxes to the fax gateway's stand-in
// (support/global-setup.ts); the tests read what arrived through their control addresses.

const run = Date.now().toString(36).slice(-5);
const shots = process.env.E2E_SCREENSHOTS === '1';

test('the pharmacy sends a prescription request by e-mail and the chat shows it sent', async ({ page, request }) => {
  const pharmacy = await apiSession(request, 'apotheke');
  const patients = ((await (await request.get('/api/patients?limit=1&sort=lastname', { headers: await apiSession(request, 'heim') })).json()) as ListResponse<PatientDto>).data;
  const doctors = ((await (await request.get('/api/doctors?limit=50', { headers: pharmacy })).json()) as ListResponse<{ _id: string; lastname: string; email: string }>).data;
  const doctor = doctors.find((d) => d.email)!;
  const medicine = `Anforderung ${run}`;
  const created = await request.post('/api/tasks', { headers: pharmacy, data: { type: 1, group: 'medicine', medicine, dose: '1-0-1', amount: 1, patient: patients[0]!._id, doctor: doctor._id } });
  expect(created.ok(), await created.text()).toBe(true);
  const task = (await created.json()) as TaskDto;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFast(page, request, 'apotheke');
  await page.goto(`/anforderungen?text=${encodeURIComponent(medicine)}`);
  const row = page.getByRole('table', { name: 'Anforderungen' }).getByRole('row').filter({ hasText: medicine });
  await row.getByRole('button', { name: 'Weitere Aktionen' }).click();
  await page.getByRole('menuitem', { name: 'Per E-Mail senden' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Rezeptanforderungen' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`tasks=${task._id}.*type=email`));
  const card = page.getByRole('region', { name: new RegExp(doctor.lastname) });
  await expect(card.getByText(medicine)).toBeVisible();
  await card.getByRole('textbox', { name: 'Betreff' }).fill(`Rezept für ${medicine}`);
  const editor = card.getByRole('textbox', { name: 'Text' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Vielen Dank!');
  const found = (await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations;
  expect(found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  if (shots) await page.screenshot({ path: test.info().outputPath('prescription-request.png') });
  await page.getByRole('button', { name: 'Anforderungen senden' }).click();
  await expect(page.getByText(DOCUMENT_MESSAGES.created)).toBeVisible();
  await expect(page).toHaveURL(/\/anforderungen(\?|$)/);

  // The order's chat: the request with its subject, then the e-mail sent by the outbox.
  await page.goto(`/anforderungen?text=${encodeURIComponent(medicine)}`);
  await page.getByRole('table', { name: 'Anforderungen' }).getByRole('row').filter({ hasText: medicine }).getByRole('button', { name: 'Details anzeigen' }).click();
  const feed = page.getByRole('list', { name: 'Nachrichten' });
  await expect(feed.getByText(`Rezept für ${medicine}`)).toBeVisible();
  await expect(feed.getByText(EVENT_MESSAGES.emailSent)).toBeVisible({ timeout: 15_000 });
  if (shots) await page.screenshot({ path: test.info().outputPath('prescription-request-chat.png') });

  // On a phone the page fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/anforderungen/erzeugen?tasks=${task._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rezeptanforderungen' })).toBeVisible();
  await expect(page.getByText(medicine).first()).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  if (shots) await page.screenshot({ path: test.info().outputPath('prescription-request-phone.png'), fullPage: true });
});

/** The mails the suite's SMTP server took (support/global-setup.ts). */
async function mailbox(): Promise<ReceivedMail[]> {
  return (await fetch(process.env.E2E_MAILBOX_URL!)).json() as Promise<ReceivedMail[]>;
}

/** Tells the fax gateway's stand-in what to do with faxes to `number` (E.164). */
async function faxOutcome(number: string, outcome: string): Promise<void> {
  const res = await fetch(`${process.env.E2E_FAX_GATEWAY_URL}/control/numbers/${encodeURIComponent(number)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${process.env.E2E_FAX_GATEWAY_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  expect(res.status).toBe(200);
}

async function faxJobsTo(number: string): Promise<{ to: string; status: string; idempotencyKey: string }[]> {
  const res = await fetch(`${process.env.E2E_FAX_GATEWAY_URL}/control`, { headers: { authorization: `Bearer ${process.env.E2E_FAX_GATEWAY_TOKEN}` } });
  return ((await res.json()) as { jobs: { to: string; status: string; idempotencyKey: string }[] }).jobs.filter((j) => j.to === number);
}

async function createDoctor(request: APIRequestContext, headers: Record<string, string>, data: Record<string, string>): Promise<string> {
  const res = await request.post('/api/doctors', { headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { _id: string })._id;
}

/** The order's chat, opened from the orders list. */
async function openChat(page: Page, medicine: string) {
  await page.goto(`/anforderungen?text=${encodeURIComponent(medicine)}`);
  await page.getByRole('table', { name: 'Anforderungen' }).getByRole('row').filter({ hasText: medicine }).getByRole('button', { name: 'Details anzeigen' }).click();
  return page.getByRole('list', { name: 'Nachrichten' });
}

test('the pharmacy sends requests to two practices at once: the e-mail reaches the mail server, the failed fax is sent again', async ({ page, request }) => {
  const pharmacy = await apiSession(request, 'apotheke');
  const patients = ((await (await request.get('/api/patients?limit=1&sort=lastname', { headers: await apiSession(request, 'heim') })).json()) as ListResponse<PatientDto>).data;
  const email = `mailpraxis-${run}@beispiel.de`;
  // A number the gateway's stand-in reports as busy (…666), unique per run.
  const digits = String(Date.now()).slice(-4);
  const fax = `030 7${digits}666`;
  const faxE164 = `+49307${digits}666`;
  const mailDoctor = await createDoctor(request, pharmacy, { title: 'Dr.', firstname: 'Mira', lastname: `Mailpraxis ${run}`, preferred: 'E-Mail', email });
  const faxDoctor = await createDoctor(request, pharmacy, { title: 'Dr.', firstname: 'Fritz', lastname: `Faxpraxis ${run}`, preferred: 'Fax', fax });
  const medicines = { mail: `Mailmittel ${run}`, fax: `Faxmittel ${run}` };
  const task = async (medicine: string, doctor: string) => {
    const res = await request.post('/api/tasks', { headers: pharmacy, data: { type: 1, group: 'medicine', medicine, dose: '1-0-1', amount: 1, patient: patients[0]!._id, doctor } });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as TaskDto)._id;
  };
  const tasks = [await task(medicines.mail, mailDoctor), await task(medicines.fax, faxDoctor)];

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFast(page, request, 'apotheke');
  await page.goto(`/anforderungen/erzeugen?tasks=${tasks.join(',')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rezeptanforderungen' })).toBeVisible();
  for (const [name, medicine] of [[`Mailpraxis ${run}`, medicines.mail], [`Faxpraxis ${run}`, medicines.fax]] as const) {
    const card = page.getByRole('region', { name: new RegExp(name) });
    await expect(card.getByText(medicine)).toBeVisible();
    await card.getByRole('textbox', { name: 'Betreff' }).fill(`Rezept für ${medicine}`);
  }
  if (shots) await page.screenshot({ path: test.info().outputPath('two-practices.png'), fullPage: true });
  await page.getByRole('button', { name: 'Anforderungen senden' }).click();
  await expect(page.getByText(DOCUMENT_MESSAGES.created)).toBeVisible();

  // The e-mail with the PDF arrived at the mail server, its Message-ID the request's key.
  await expect.poll(async () => (await mailbox()).filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = (await mailbox()).filter((m) => m.to.includes(email));
  expect(mail!.messageId).toMatch(/^<document-[0-9a-f-]{36}@mediport>$/);
  expect(mail!.raw).toMatch(/Content-Type: application\/pdf/);
  expect(mail!.raw).toMatch(/filename="?Rezeptanforderung\.pdf/);

  let feed = await openChat(page, medicines.mail);
  await expect(feed.getByText(`Rezept für ${medicines.mail}`)).toBeVisible();
  await expect(feed.getByText(EVENT_MESSAGES.emailSent)).toBeVisible({ timeout: 20_000 });

  // The fax went to the gateway, which reported it busy: the chat says so and offers to send it again.
  feed = await openChat(page, medicines.fax);
  await expect(feed.getByText(EVENT_MESSAGES.faxFailed)).toBeVisible({ timeout: 20_000 });
  expect((await faxJobsTo(faxE164)).map((j) => j.status)).toEqual(['BUSY']);
  if (shots) await page.screenshot({ path: test.info().outputPath('fax-failed.png') });
  await faxOutcome(faxE164, 'SENT');
  await feed.getByRole('button', { name: 'Erneut senden' }).click();
  await expect(feed.getByText(EVENT_MESSAGES.faxSent)).toBeVisible({ timeout: 20_000 });
  const jobs = await faxJobsTo(faxE164);
  expect(jobs.map((j) => j.status)).toEqual(['BUSY', 'SENT']);
  expect(new Set(jobs.map((j) => j.idempotencyKey)).size).toBe(2);
  if (shots) {
    await feed.getByText(EVENT_MESSAGES.faxSent).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('fax-sent-again.png') });
  }
});

/** A free port of 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Exactly-once delivery over SMTP is impossible: a sender that dies after the server took the
// message but before it wrote that down sends it again. What holds (docs/decisions/outbox.md): the
// message arrives, a second delivery carries the same Message-ID, and the order says
// 'E-Mail wurde versendet' once; a sender that dies before the server took it sends it once.
test.describe('a backend killed while it sends a prescription request', () => {
  test('delivers the mail after a restart: at least once, one Message-ID, one "E-Mail wurde versendet"', async () => {
    test.setTimeout(240_000);
    const adminUrl = await postgresAdminUrl();
    const receiver = new SmtpReceiver();
    await receiver.start();
    const dbName = `mediport_crash_${randomBytes(4).toString('hex')}`;
    const databaseUrl = await createDatabase(adminUrl, dbName);
    const dataDir = tempDir('mediport-crash-');
    const logFile = path.join(test.info().outputPath(), 'backend.log');
    mkdirSync(path.dirname(logFile), { recursive: true });
    const port = await freePort();
    const env = { DEMO: '1', DEMO_ORDERS: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('hex'), SMTP_URL: receiver.url, OUTBOX_POLL_MS: '100' };
    const db = new pg.Client({ connectionString: databaseUrl });
    let backend: RunningBackend | null = null;
    try {
      backend = await startBackend({ port, env, logFile });
      await db.connect();
      const api = async <T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> => {
        const res = await fetch(`${backend!.url}${url}`, { method, headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
        expect(res.ok, `${method} ${url}: ${res.status} ${await res.clone().text()}`).toBe(true);
        return res.json() as Promise<T>;
      };
      const signIn = async (username: string) => (await api<{ token: string }>('POST', '/api/auth', null, { username, password: DEMO_PASSWORD })).token;
      const pharmacy = await signIn('apotheke');
      const patient = (await api<ListResponse<PatientDto>>('GET', '/api/patients?limit=1', await signIn('heim'))).data[0]!._id;

      /** A request by e-mail to a practice of its own; answers the order and the document. */
      const sendRequest = async (address: string) => {
        const doctor = (await api<{ _id: string }>('POST', '/api/doctors', pharmacy, { lastname: `Absturz ${address}`, preferred: 'E-Mail', email: address }))._id;
        const task = (await api<TaskDto>('POST', '/api/tasks', pharmacy, { type: 1, group: 'medicine', medicine: `Absturzmittel ${address}`, dose: '1-0-1', amount: 1, patient, doctor }))._id;
        const created = await api<DocumentCreateResponse>('POST', '/api/documents', pharmacy, { documents: [{ doctor, subject: 'Rezeptanforderung', content: '<p>Bitte</p>', tasks: [task] }] });
        return { task, document: created.documents[0]!._id };
      };
      const killed = () => {
        const child = backend!.process;
        return new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
      };
      /** The dead backend's lease on the row runs out (as it would after the transport's time limit and a minute). */
      const leaseRunsOut = async (document: string) => {
        const rows = (await db.query(`select state, attempts from outbox_messages where idempotency_key = $1`, [`document-${document}`])).rows;
        expect(rows).toEqual([{ state: 'sending', attempts: 1 }]);
        await db.query(`update outbox_messages set next_attempt_at = now() - interval '1 second' where idempotency_key = $1`, [`document-${document}`]);
      };
      const restart = async () => {
        backend = await startBackend({ port, env, logFile });
      };
      const emailEvents = async (task: string) => (await api<ListResponse<{ type: string; state: string | null }>>('GET', `/api/tasks/${task}/events?limit=100`, pharmacy)).data.filter((e) => e.type === 'email');
      const settled = async (document: string) =>
        expect.poll(async () => (await db.query(`select state from documents where id = $1`, [document])).rows[0]?.state, { timeout: 30_000 }).toBe('sent');

      // 1. Killed the moment the mail server took the message.
      const accepted = 'angenommen@beispiel.de';
      receiver.interrupt(accepted, 'data', () => backend!.process.kill('SIGKILL'));
      const first = await sendRequest(accepted);
      await killed();
      expect(receiver.mailsTo(accepted)).toHaveLength(1);
      expect((await db.query(`select type from task_events where task_id = $1 and type = 'email'`, [first.task])).rows).toEqual([]);
      await leaseRunsOut(first.document);
      await restart();
      await settled(first.document);
      // Sent again after the restart (nobody had written down that it went), with the same Message-ID.
      const deliveries = receiver.mailsTo(accepted);
      expect(deliveries).toHaveLength(2);
      expect(new Set(deliveries.map((m) => m.messageId))).toEqual(new Set([`<document-${first.document}@mediport>`]));
      expect(await emailEvents(first.task)).toEqual([expect.objectContaining({ type: 'email', state: null })]);

      // 2. Killed before the mail server took it: one mail after the restart.
      const refused = 'abgebrochen@beispiel.de';
      receiver.interrupt(refused, 'rcpt', () => backend!.process.kill('SIGKILL'));
      const second = await sendRequest(refused);
      await killed();
      expect(receiver.mailsTo(refused)).toEqual([]);
      await leaseRunsOut(second.document);
      await restart();
      await settled(second.document);
      expect(receiver.mailsTo(refused).map((m) => m.messageId)).toEqual([`<document-${second.document}@mediport>`]);
      expect(await emailEvents(second.task)).toEqual([expect.objectContaining({ type: 'email', state: null })]);
    } finally {
      await backend?.stop();
      await db.end().catch(() => undefined);
      await dropDatabase(adminUrl, dbName);
      await receiver.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

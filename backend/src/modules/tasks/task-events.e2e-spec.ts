import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { EVENT_MESSAGES, type TaskDto, type TaskEventDto } from '@mediport/contracts';
import { files, taskEvents, tasks } from '../../db/schema/index.js';
import { whileAuditFails } from '../../testing/failing-audit.js';
import { pdfText } from '../../core/pdf/testing/pdf-text.js';
import { type DemoUsername, useTestApp } from '../../testing/test-app.js';
import { day, type TaskWorld, taskWorld } from './testing/task-world.js';
import { binary } from '../../testing/binary.js';

let app: NestExpressApplication;
let w: TaskWorld;
const api = () => request(app.getHttpServer());
const NO_ID = '00000000-0000-4000-8000-000000000000';
const as = (name: DemoUsername) => w.demo[name].token;
let seq = 0;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
/** A Windows executable (MZ header) renamed to .pdf. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64)]);
const MB = 1024 * 1024;
/** JSON null ("nothing more to say" of an e-mail or fax event); a bare null would be SQL NULL. */
const JSON_NULL = sql`'null'::jsonb`;

let dataDir: string;

useTestApp(async (booted) => {
  app = booted.app;
  dataDir = booted.db.dataDir;
  w = await taskWorld(app);
});

/** The files the FileStore holds on disk (DATA_DIR/files/<2>/<key>). */
function storedFiles(): string[] {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((dir) => readdirSync(path.join(root, dir)));
}

/** A task of heim's home for arzt's doctor, written straight into the table. */
async function insertTask(values: Partial<typeof tasks.$inferInsert> = {}): Promise<string> {
  seq += 1;
  const [row] = await w.database
    .insert(tasks)
    .values({ type: 1, medicine: `Chatmittel ${seq}`, dose: '1-0-0', patientId: w.ownPatient, homeId: w.ownHome, doctorId: w.ownDoctor, ...values })
    .returning({ id: tasks.id });
  return row!.id;
}
/** Another home's task for another practice's doctor. */
const foreignTask = () => insertTask({ patientId: w.otherPatient, homeId: w.otherHome, doctorId: w.otherDoctor });

async function insertEvent(taskId: string, values: Partial<typeof taskEvents.$inferInsert>): Promise<string> {
  const [row] = await w.database.insert(taskEvents).values({ taskId, type: 'message', data: { text: 'x' }, createdAt: sql`clock_timestamp()`, ...values }).returning({ id: taskEvents.id });
  return row!.id;
}

function post(caller: DemoUsername, taskId: string) {
  return api().post(`/api/tasks/${taskId}/events`).set('x-auth-token', as(caller));
}

async function message(caller: DemoUsername, taskId: string, text: string): Promise<TaskEventDto> {
  const res = await post(caller, taskId).field('type', 'message').field('data', text);
  if (res.status !== 201) throw new Error(`message failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TaskEventDto;
}

async function feed(caller: DemoUsername, taskId: string, query = ''): Promise<TaskEventDto[]> {
  const res = await api().get(`/api/tasks/${taskId}/events${query}`).set('x-auth-token', as(caller));
  expect(res.status).toBe(200);
  return res.body.data as TaskEventDto[];
}

async function row(caller: DemoUsername, taskId: string): Promise<TaskDto> {
  const res = await api().get(`/api/tasks/${taskId}`).set('x-auth-token', as(caller));
  expect(res.status).toBe(200);
  return res.body as TaskDto;
}

const eventCount = async (taskId: string) => (await w.database.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(taskEvents).where(eq(taskEvents.taskId, taskId)))[0]!.n;

/** Callers and tasks that must answer 404: another home's task for the home user, another doctor's for the doctor user, an unknown or malformed id. */
const foreignCases = async () => [
  { title: 'heim on another home’s task', caller: 'heim' as const, id: await foreignTask() },
  { title: 'arzt on another doctor’s task', caller: 'arzt' as const, id: await insertTask({ doctorId: w.otherDoctor }) },
  { title: 'an unknown id', caller: 'apotheke' as const, id: NO_ID },
  { title: 'a malformed id', caller: 'apotheke' as const, id: 'nope' },
];

describe('POST /api/tasks (the first event)', () => {
  const order = () => ({ type: 1, group: 'medicine', medicine: `Ibuprofen ${++seq}`, dose: '1-0-1', amount: 2, patient: w.ownPatient, doctor: w.ownDoctor, latestDelivery: day(3) });

  it('writes the task and its first event (status_change null → new, seen by the creator)', async () => {
    const res = await api().post('/api/tasks').set('x-auth-token', as('heim')).send(order());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ events: 1, unseenEvents: 0, error: false });
    const events = await feed('heim', res.body._id);
    expect(events).toEqual([expect.objectContaining({ type: 'status_change', data: { from: null, to: 'new' }, files: [], seen: [w.demo.heim.user._id], createdFrom: expect.objectContaining({ username: 'heim' }) })]);
    expect(await row('apotheke', res.body._id)).toMatchObject({ events: 1, unseenEvents: 1 });
  });

  it('writes neither when the transaction fails (task and first event roll back together)', async () => {
    const before = (await w.database.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(taskEvents))[0]!.n;
    const res = await whileAuditFails(w.database, 'task.create', () => api().post('/api/tasks').set('x-auth-token', as('apotheke')).send(order()));
    expect(res.status).toBe(500);
    expect((await w.database.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(taskEvents))[0]!.n).toBe(before);
  });
});

describe('GET /api/tasks/{id}/events', () => {
  it('requires sign-in', async () => {
    expect((await api().get(`/api/tasks/${NO_ID}/events`)).status).toBe(401);
  });

  it.each(['buchhaltung', 'fahrer'] as const)('is refused without task_list_view (%s)', async (caller) => {
    expect((await api().get(`/api/tasks/${await insertTask({ status: 'pickup' })}/events`).set('x-auth-token', as(caller))).status).toBe(403);
  });

  it('answers 404 for tasks not the caller’s to read', async () => {
    for (const c of await foreignCases()) {
      const res = await api().get(`/api/tasks/${c.id}/events`).set('x-auth-token', as(c.caller));
      expect({ title: c.title, status: res.status }).toEqual({ title: c.title, status: 404 });
    }
  });

  it('answers the feed oldest first with author, files and the caller’s seen state; filter[type] and filter[_id]', async () => {
    const id = await insertTask();
    const first = await message('heim', id, 'Erste Nachricht');
    const second = await message('apotheke', id, 'Zweite Nachricht');
    const status = await insertEvent(id, { type: 'status_change', data: { from: 'new', to: 'pickup' }, createdBy: w.demo.apotheke.user._id });
    const all = await feed('heim', id);
    expect(all.map((e) => e._id)).toEqual([first._id, second._id, status]);
    expect(all[1]).toEqual({
      _id: second._id,
      task: id,
      type: 'message',
      data: { text: 'Zweite Nachricht' },
      files: [],
      createdAt: expect.any(String),
      createdFrom: { _id: w.demo.apotheke.user._id, username: 'apotheke', roles: w.demo.apotheke.user.roles },
      seen: [],
      state: null,
      document: null,
    });
    expect(all[0]!.seen).toEqual([w.demo.heim.user._id]);
    expect((await feed('heim', id, '?filter[type]=status_change')).map((e) => e._id)).toEqual([status]);
    expect((await feed('heim', id, `?filter[_id]=${first._id},${status}`)).map((e) => e._id)).toEqual([first._id, status]);
  });

  it.each(['?filter[type]=chat', '?filter[_id]=nope'])('answers 400 for a bad filter (%s)', async (query) => {
    const res = await api().get(`/api/tasks/${await insertTask()}/events${query}`).set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(400);
  });
});

describe('POST /api/tasks/{id}/events', () => {
  it('requires sign-in', async () => {
    expect((await api().post(`/api/tasks/${NO_ID}/events`).field('data', 'x')).status).toBe(401);
  });

  it('is refused without task_list_view (buchhaltung)', async () => {
    expect((await post('buchhaltung', await insertTask()).field('data', 'x')).status).toBe(403);
  });

  it('answers 404 for tasks not the caller’s to read, and writes nothing', async () => {
    for (const c of await foreignCases()) {
      const res = await post(c.caller, c.id).field('type', 'message').field('data', 'Hallo');
      expect({ title: c.title, status: res.status }).toEqual({ title: c.title, status: 404 });
    }
  });

  it.each([
    { title: 'a message of a home user', caller: 'heim' as const },
    { title: 'a message of a doctor user', caller: 'arzt' as const },
    { title: 'a message of the pharmacy', caller: 'apotheke' as const },
  ])('writes $title, seen by the writer, announced to the others as unseen', async ({ caller }) => {
    const id = await insertTask();
    const res = await post(caller, id).field('type', 'message').field('data', '  Bitte bis Freitag.\nDanke!  ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ task: id, type: 'message', data: { text: 'Bitte bis Freitag.\nDanke!' }, files: [], seen: [w.demo[caller].user._id] });
    expect(res.body.reload).toBeUndefined();
    const other = caller === 'apotheke' ? 'heim' : 'apotheke';
    expect(await row(other, id)).toMatchObject({ events: 1, unseenEvents: 1 });
    expect(await row(caller, id)).toMatchObject({ events: 1, unseenEvents: 0 });
  });

  it('takes a JSON body as well', async () => {
    const res = await api().post(`/api/tasks/${await insertTask()}/events`).set('x-auth-token', as('apotheke')).send({ type: 'message', data: 'Per JSON' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ text: 'Per JSON' });
  });

  it('writes an attachment-only message with the placeholder text and the files (safe, unique names with the extension of their detected type)', async () => {
    const id = await insertTask();
    const res = await post('heim', id)
      .field('type', 'message')
      .attach('files', PDF, 'Rezept.pdf')
      .attach('files', PNG, '../../Rezept.pdf')
      .attach('files[]', PNG, 'Foto.png')
      .attach('files', PNG, 'Foto.jpeg')
      .attach('files', PDF, 'Befund.html');
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ text: EVENT_MESSAGES.attachmentOnly });
    expect(res.body.files).toEqual([
      { name: 'Rezept.pdf', mimeType: 'application/pdf', size: PDF.length },
      { name: 'Rezept.png', mimeType: 'image/png', size: PNG.length },
      { name: 'Foto.png', mimeType: 'image/png', size: PNG.length },
      { name: 'Foto (2).png', mimeType: 'image/png', size: PNG.length },
      { name: 'Befund.pdf', mimeType: 'application/pdf', size: PDF.length },
    ]);
    // Served under the name it was stored with, as what its bytes are.
    const download = (name: string) => api().get(`/api/tasks/${id}/events/${res.body._id}/attachment/${encodeURIComponent(name)}`).set('x-auth-token', w.demo.heim.token);
    const pdf = await download('Befund.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect(pdf.headers['content-disposition']).toContain('Befund.pdf');
    expect((await download('Befund.html')).status).toBe(404);
  });

  it.each([
    { title: 'no text and no file', send: (r: request.Test) => r.field('type', 'message'), status: 400, message: EVENT_MESSAGES.emptyMessage },
    { title: 'blank text', send: (r: request.Test) => r.field('type', 'message').field('data', '  \n '), status: 400, message: EVENT_MESSAGES.emptyMessage },
    { title: 'text over 5000 characters', send: (r: request.Test) => r.field('data', 'x'.repeat(5001)), status: 400, message: EVENT_MESSAGES.messageTooLong },
    { title: 'a NUL byte in the text', send: (r: request.Test) => r.field('data', 'Hallo\u0000Welt'), status: 400, message: undefined },
    { title: 'another event type', send: (r: request.Test) => r.field('type', 'fax').field('data', 'x'), status: 400, message: EVENT_MESSAGES.type },
    { title: 'six files', send: (r: request.Test) => [1, 2, 3, 4, 5, 6].reduce((q, n) => q.attach('files', PDF, `a${n}.pdf`), r), status: 400, message: EVENT_MESSAGES.tooManyFiles },
    { title: 'a file over 10 MB', send: (r: request.Test) => r.attach('files', Buffer.concat([PDF, Buffer.alloc(10 * MB)]), 'gross.pdf'), status: 413, message: 'Die Datei ist zu groß.' },
    { title: 'an executable renamed .pdf', send: (r: request.Test) => r.attach('files', EXE, 'rechnung.pdf'), status: 415, message: EVENT_MESSAGES.fileType },
    { title: 'a good file beside an executable', send: (r: request.Test) => r.attach('files', PDF, 'gut.pdf').attach('files', EXE, 'boese.pdf'), status: 415, message: EVENT_MESSAGES.fileType },
  ])('refuses $title with $status and writes nothing', async ({ send, status, message: expected }) => {
    const id = await insertTask();
    const res = await send(post('apotheke', id));
    expect(res.status).toBe(status);
    if (expected) expect(res.body.errors).toEqual([expect.objectContaining({ message: expected })]);
    else expect(res.body.errors[0].message).toEqual(expect.any(String));
    expect(await eventCount(id)).toBe(0);
  });

  it('refuses a 50 MB upload with 413, not a 500, and stays up', async () => {
    const id = await insertTask();
    const res = await post('apotheke', id)
      .attach('files', Buffer.concat([PDF, Buffer.alloc(50 * MB)]), 'riesig.pdf')
      .catch((error: { response?: request.Response }) => error.response);
    // The server may answer before the client finished sending; then only the status can be read.
    if (res) expect(res.status).toBe(413);
    expect(await eventCount(id)).toBe(0);
    expect((await message('apotheke', id, 'Noch da')).data).toEqual({ text: 'Noch da' });
  });

  it('reopens a finished task (status new, status_change event, answer with reload)', async () => {
    const id = await insertTask({ status: 'finished' });
    const res = await post('heim', id).field('type', 'message').field('data', 'Es fehlt noch etwas.');
    expect(res.status).toBe(201);
    expect(res.body.reload).toBe(true);
    const task = await row('apotheke', id);
    expect(task.status).toBe('new');
    const events = await feed('apotheke', id);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['message', { text: 'Es fehlt noch etwas.' }],
      ['status_change', { from: 'finished', to: 'new' }],
    ]);
  });

  it.each(['new', 'pickup', 'canceled'])('leaves a task in status %s as it is', async (status) => {
    const id = await insertTask({ status });
    const res = await post('apotheke', id).field('data', 'Hinweis');
    expect(res.body.reload).toBeUndefined();
    expect((await row('apotheke', id)).status).toBe(status);
  });

  it('rolls the message and the reopening back together when the transaction fails', async () => {
    const id = await insertTask({ status: 'finished' });
    const res = await whileAuditFails(w.database, 'task.status', () => post('heim', id).field('data', 'Bitte nochmal'));
    expect(res.status).toBe(500);
    expect(await eventCount(id)).toBe(0);
    expect((await row('apotheke', id)).status).toBe('finished');
  });

  it('leaves no attachment behind when the message rolls back (neither its row nor its bytes)', async () => {
    const id = await insertTask();
    const filesBefore = storedFiles().length;
    const rowsBefore = (await w.database.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(files))[0]!.n;
    const res = await whileAuditFails(w.database, 'task.message', () =>
      post('apotheke', id).field('data', 'Mit Anhang').attach('files', PDF, 'rezept.pdf').attach('files', PNG, 'foto.png'),
    );
    expect(res.status).toBe(500);
    expect(await eventCount(id)).toBe(0);
    expect((await w.database.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(files))[0]!.n).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
    // The same message goes through once the database takes it again: two files more.
    expect((await post('apotheke', id).field('data', 'Mit Anhang').attach('files', PDF, 'rezept.pdf').attach('files', PNG, 'foto.png')).status).toBe(201);
    expect(storedFiles()).toHaveLength(filesBefore + 2);
  });

  it('answers 404 for a foreign task before reading the upload', async () => {
    const id = await foreignTask();
    // Announce 30 MB of multipart body, send only the headers: the answer must come without the body.
    const server = app.getHttpServer() as http.Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const status = await new Promise<number | 'no answer'>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: `/api/tasks/${id}/events`, headers: { 'x-auth-token': as('heim'), 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': String(30 * MB) } });
      const timer = setTimeout(() => {
        // No answer while the body is missing: the server was reading the upload. Close, so the app can stop.
        req.destroy();
        resolve('no answer');
      }, 5000);
      req.on('response', (res) => {
        clearTimeout(timer);
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
      req.write('--xyz\r\nContent-Disposition: form-data; name="data"\r\n\r\nHallo\r\n');
    });
    expect(status).toBe(404);
  });

  it('reopens a finished task once when two messages arrive at the same moment', async () => {
    const id = await insertTask({ status: 'finished' });
    const answers = await Promise.all([post('heim', id).field('data', 'Erste'), post('apotheke', id).field('data', 'Zweite')]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers.filter((a) => a.body.reload === true)).toHaveLength(1);
    const events = await feed('apotheke', id);
    expect(events.filter((e) => e.type === 'status_change')).toEqual([expect.objectContaining({ data: { from: 'finished', to: 'new' } })]);
    expect((await row('apotheke', id)).status).toBe('new');
  });

  it('records one change when the same status change arrives twice at the same moment (the second answers 409)', async () => {
    const id = await insertTask({ status: 'new' });
    const finish = () => api().put(`/api/tasks/${id}`).set('x-auth-token', as('apotheke')).send({ status: 'finished' });
    const answers = await Promise.all([finish(), finish()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const changes = (await feed('apotheke', id)).filter((e) => e.type === 'status_change');
    expect(changes.map((e) => e.data)).toEqual([{ from: 'new', to: 'finished' }]);
  });
});

describe('PUT /api/tasks/{id}/events', () => {
  it('requires sign-in', async () => {
    expect((await api().put(`/api/tasks/${NO_ID}/events`).send({ seen: true })).status).toBe(401);
  });

  it('answers 404 for tasks not the caller’s to read', async () => {
    for (const c of await foreignCases()) {
      const res = await api().put(`/api/tasks/${c.id}/events`).set('x-auth-token', as(c.caller)).send({ seen: true });
      expect({ title: c.title, status: res.status }).toEqual({ title: c.title, status: 404 });
    }
  });

  it('marks every event of the task seen by the caller only', async () => {
    const id = await insertTask();
    await message('apotheke', id, 'Eins');
    await message('apotheke', id, 'Zwei');
    expect(await row('heim', id)).toMatchObject({ events: 2, unseenEvents: 2 });
    const res = await api().put(`/api/tasks/${id}/events`).set('x-auth-token', as('heim')).send({ seen: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: EVENT_MESSAGES.allSeen });
    expect(await row('heim', id)).toMatchObject({ events: 2, unseenEvents: 0 });
    expect((await feed('heim', id)).every((e) => e.seen.length === 1)).toBe(true);
    expect(await row('arzt', id)).toMatchObject({ unseenEvents: 2 });
  });

  it('answers 400 for seen other than true', async () => {
    const res = await api().put(`/api/tasks/${await insertTask()}/events`).set('x-auth-token', as('heim')).send({ seen: 'ja' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'seen', message: EVENT_MESSAGES.seenFlag })]);
  });
});

describe('GET /api/tasks/{id}/events/{eventId}/attachment/{name}', () => {
  let taskId: string;
  let eventId: string;

  beforeAll(async () => {
    taskId = await insertTask();
    const res = await post('heim', taskId).field('data', 'Anbei').attach('files', PDF, 'Arztbrief Müller "neu".pdf');
    eventId = res.body._id;
  });

  const url = (t: string, e: string, name: string) => `/api/tasks/${t}/events/${e}/attachment/${encodeURIComponent(name)}`;

  it('requires sign-in', async () => {
    expect((await api().get(url(taskId, eventId, 'x.pdf'))).status).toBe(401);
  });

  it('serves the file as a download: sniffed type, nosniff, a safe RFC 5987 file name', async () => {
    const name = 'Arztbrief Müller "neu".pdf';
    const res = await api().get(url(taskId, eventId, name)).set('x-auth-token', as('arzt')).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Arztbrief M_ller _neu_.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(Buffer.compare(res.body as Buffer, PDF)).toBe(0);
  });

  it('answers 404 for a foreign task, another task’s event, an unknown event or name', async () => {
    const other = await insertTask();
    const cases = [
      { title: 'heim on another home’s task', caller: 'heim' as const, path: url(await foreignTask(), eventId, 'Arztbrief Müller "neu".pdf') },
      { title: 'the event under another task', caller: 'apotheke' as const, path: url(other, eventId, 'Arztbrief Müller "neu".pdf') },
      { title: 'an unknown event', caller: 'apotheke' as const, path: url(taskId, NO_ID, 'Arztbrief Müller "neu".pdf') },
      { title: 'a malformed event id', caller: 'apotheke' as const, path: url(taskId, 'nope', 'Arztbrief Müller "neu".pdf') },
      { title: 'an unknown name', caller: 'apotheke' as const, path: url(taskId, eventId, 'anders.pdf') },
    ];
    for (const c of cases) {
      const res = await api().get(c.path).set('x-auth-token', as(c.caller));
      expect({ title: c.title, status: res.status }).toEqual({ title: c.title, status: 404 });
    }
  });
});

describe('GET /api/events/meta', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/events/meta?tasks=' + NO_ID)).status).toBe(401);
  });

  it('answers events, seen, lastSender and error per task the caller may read, leaving out the others', async () => {
    const own = await insertTask();
    const quiet = await insertTask();
    const foreign = await foreignTask();
    await message('heim', own, 'Eins');
    await message('apotheke', own, 'Zwei');
    await message('apotheke', foreign, 'Fremd');
    const res = await api().get(`/api/events/meta?tasks=${own},${quiet},${foreign}`).set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      [own]: { events: 2, seen: 1, lastSender: { _id: w.demo.apotheke.user._id, username: 'apotheke', roles: w.demo.apotheke.user.roles }, error: false },
      [quiet]: { events: 0, seen: 0, lastSender: null, error: false },
    });
  });

  it.each([
    { title: 'a malformed id', query: '?tasks=nope', message: undefined },
    { title: 'more than 100 tasks', query: `?tasks=${Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',')}`, message: EVENT_MESSAGES.tooManyTasks },
    { title: 'a repeated parameter', query: `?tasks=${NO_ID}&tasks=${NO_ID}`, message: undefined },
    { title: 'another parameter', query: `?tasks=${NO_ID}&limit=5`, message: undefined },
  ])('answers 400 for $title', async ({ query, message: expected }) => {
    const res = await api().get(`/api/events/meta${query}`).set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(400);
    if (expected) expect(res.body.errors[0].message).toBe(expected);
  });
});

describe('GET /api/events', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/events')).status).toBe(401);
  });

  it('is refused without task_list_view (buchhaltung)', async () => {
    expect((await api().get('/api/events').set('x-auth-token', as('buchhaltung'))).status).toBe(403);
  });

  it('answers the events of readable tasks, newest first, with taskDetails; filter[notSeen]=1 the unseen ones', async () => {
    const own = await insertTask();
    const foreign = await foreignTask();
    const a = await message('apotheke', own, 'Für heim A');
    const b = await message('apotheke', own, 'Für heim B');
    const hidden = await message('apotheke', foreign, 'Nicht für heim');
    const res = await api().get('/api/events?limit=-1').set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    const ids = (res.body.data as TaskEventDto[]).map((e) => e._id);
    expect(ids).not.toContain(hidden._id);
    expect(ids.indexOf(b._id)).toBeLessThan(ids.indexOf(a._id));
    expect(res.body.count).toBe(ids.length);
    expect(res.body.data.find((e: TaskEventDto) => e._id === b._id)).toMatchObject({ taskDetails: { _id: own, medicine: expect.stringMatching(/^Chatmittel/), status: 'new', patientName: 'Olga Eigenheim' } });
    await api().put(`/api/events/${a._id}/seen`).set('x-auth-token', as('heim'));
    const unseen = await api().get('/api/events?filter[notSeen]=1&limit=-1').set('x-auth-token', as('heim'));
    const unseenIds = (unseen.body.data as TaskEventDto[]).map((e) => e._id);
    expect(unseenIds).toContain(b._id);
    expect(unseenIds).not.toContain(a._id);
    const found = await api().get('/api/events?limit=-1&filter[text]=heim%20B').set('x-auth-token', as('heim'));
    expect((found.body.data as TaskEventDto[]).map((e) => e._id)).toEqual([b._id]);
    const page = await api().get('/api/events?limit=1&offset=0').set('x-auth-token', as('heim'));
    expect(page.body.data).toHaveLength(1);
    expect(page.body.count).toBe(res.body.count);
  });
});

describe('PUT /api/events/{id}/seen and PUT /api/events/seen', () => {
  it('requires sign-in', async () => {
    expect((await api().put(`/api/events/${NO_ID}/seen`)).status).toBe(401);
    expect((await api().put('/api/events/seen').send({ events: true })).status).toBe(401);
  });

  it('marks one event seen; 404 for an event of a task not the caller’s', async () => {
    const own = await insertTask();
    const e = await message('apotheke', own, 'Lies mich');
    const res = await api().put(`/api/events/${e._id}/seen`).set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: EVENT_MESSAGES.seen });
    expect((await feed('heim', own))[0]!.seen).toEqual([w.demo.heim.user._id]);
    const foreign = await message('apotheke', await foreignTask(), 'Fremd');
    const foreignDoctor = await message('apotheke', await insertTask({ doctorId: w.otherDoctor }), 'Anderer Arzt');
    for (const [caller, id] of [['heim', foreign._id], ['arzt', foreignDoctor._id], ['heim', NO_ID], ['heim', 'nope']] as const) {
      expect({ caller, id, status: (await api().put(`/api/events/${id}/seen`).set('x-auth-token', as(caller))).status }).toEqual({ caller, id, status: 404 });
    }
  });

  it('marks listed events (only readable ones) or all of them', async () => {
    const own = await insertTask();
    const foreignId = await foreignTask();
    const a = await message('apotheke', own, 'A');
    const hidden = await message('apotheke', foreignId, 'Fremd');
    const listed = await api().put('/api/events/seen').set('x-auth-token', as('heim')).send({ events: [a._id, hidden._id] });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ message: EVENT_MESSAGES.seen });
    expect((await feed('heim', own))[0]!.seen).toEqual([w.demo.heim.user._id]);
    expect((await feed('apotheke', foreignId))[0]!.seen).toEqual([w.demo.apotheke.user._id]);
    await message('apotheke', own, 'B');
    const all = await api().put('/api/events/seen').set('x-auth-token', as('heim')).send({ events: true });
    expect(all.body).toEqual({ message: EVENT_MESSAGES.allSeen });
    expect(await row('heim', own)).toMatchObject({ unseenEvents: 0 });
  });

  it.each([{ events: 'alle' }, { events: ['nope'] }, {}, { events: null }])('answers 400 for %j', async (body) => {
    const res = await api().put('/api/events/seen').set('x-auth-token', as('heim')).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(EVENT_MESSAGES.seenList);
  });
});

describe('GET /api/tasks: events, unseenEvents, error, filter[notSeenEvents]', () => {
  it('counts events and the caller’s unseen ones per row; filter[notSeenEvents]=1 lists tasks with unseen events', async () => {
    const withNews = await insertTask({ medicine: 'NeuigkeitenTest A' });
    const read = await insertTask({ medicine: 'NeuigkeitenTest B' });
    const ownOnly = await insertTask({ medicine: 'NeuigkeitenTest C' });
    await message('apotheke', withNews, 'Neu');
    await message('apotheke', read, 'Gelesen');
    await api().put(`/api/tasks/${read}/events`).set('x-auth-token', as('heim')).send({ seen: true });
    await message('heim', ownOnly, 'Selbst geschrieben');
    const res = await api().get('/api/tasks?limit=-1&filter[text]=NeuigkeitenTest').set('x-auth-token', as('heim'));
    const byId = new Map((res.body.data as TaskDto[]).map((t) => [t._id, t]));
    expect([withNews, read, ownOnly].map((id) => [byId.get(id)!.events, byId.get(id)!.unseenEvents])).toEqual([
      [1, 1],
      [1, 0],
      [1, 0],
    ]);
    const filtered = await api().get('/api/tasks?limit=-1&filter[text]=NeuigkeitenTest&filter[notSeenEvents]=1').set('x-auth-token', as('heim'));
    expect((filtered.body.data as TaskDto[]).map((t) => t._id)).toEqual([withNews]);
    expect(filtered.body.count).toBe(1);
  });

  it('answers 400 for a bad filter[notSeenEvents]', async () => {
    expect((await api().get('/api/tasks?filter[notSeenEvents]=vielleicht').set('x-auth-token', as('heim'))).status).toBe(400);
  });

  it.each([
    { title: 'no e-mail or fax', events: [], error: false },
    { title: 'a sent e-mail', events: [{ type: 'email', data: JSON_NULL }], error: false },
    { title: 'a failed e-mail', events: [{ type: 'email', data: JSON_NULL, state: 'failed' }], error: true },
    { title: 'a failed e-mail followed by a sent fax', events: [{ type: 'email', data: JSON_NULL, state: 'failed' }, { type: 'fax', data: JSON_NULL }], error: false },
    { title: 'a failed fax', events: [{ type: 'fax', data: JSON_NULL, state: 'failed' }], error: true },
    { title: 'a fax response SENT', events: [{ type: 'fax', data: JSON_NULL }, { type: 'faxresponse', data: 'SENT' }], error: false },
    { title: 'a fax response other than SENT', events: [{ type: 'fax', data: JSON_NULL }, { type: 'faxresponse', data: 'NO_ANSWER' }], error: true },
    { title: 'a failed fax response, then SENT', events: [{ type: 'faxresponse', data: 'BUSY' }, { type: 'faxresponse', data: 'SENT' }], error: false },
    { title: 'a failed fax, then a sent e-mail', events: [{ type: 'fax', data: JSON_NULL }, { type: 'faxresponse', data: 'NO_ANSWER' }, { type: 'email', data: JSON_NULL }], error: false },
    { title: 'a sent e-mail, then a failed fax', events: [{ type: 'email', data: JSON_NULL }, { type: 'fax', data: JSON_NULL }, { type: 'faxresponse', data: 'NO_ANSWER' }], error: true },
    { title: 'a fax response SENT, then a failed e-mail', events: [{ type: 'fax', data: JSON_NULL }, { type: 'faxresponse', data: 'SENT' }, { type: 'email', data: JSON_NULL, state: 'failed' }], error: true },
  ])('error is $error for $title', async ({ events, error }) => {
    const id = await insertTask();
    for (const e of events) await insertEvent(id, e);
    expect((await row('apotheke', id)).error).toBe(error);
    const meta = await api().get(`/api/events/meta?tasks=${id}`).set('x-auth-token', as('apotheke'));
    expect(meta.body[id].error).toBe(error);
  });
});

describe('dashboard tiles event and pickup', () => {
  const counts = async (caller: DemoUsername) => (await api().get('/api/statistics').set('x-auth-token', as(caller))).body.counts as Record<string, number>;

  it('counts unseen events of readable tasks; event_read_all marks them read', async () => {
    const before = await counts('heim');
    await message('apotheke', await insertTask(), 'Zähl mich');
    await message('apotheke', await foreignTask(), 'Nicht für heim');
    await message('heim', await insertTask(), 'Selbst geschrieben');
    expect((await counts('heim')).event).toBe(before.event! + 1);
    const res = await api().put('/api/statistics/event_read_all').set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    expect((await counts('heim')).event).toBe(0);
    expect((await counts('apotheke')).event).toBeGreaterThan(0);
  });

  it('counts unseen orders on the road (pickup and delivery) for drivers; pickup_read_all marks them read', async () => {
    await api().put('/api/statistics/pickup_read_all').set('x-auth-token', as('fahrer'));
    expect((await counts('fahrer')).pickup).toBe(0);
    const id = await insertTask({ status: 'new' });
    expect((await counts('fahrer')).pickup).toBe(0);
    const res = await api().put(`/api/tasks/${id}`).set('x-auth-token', as('apotheke')).send({ status: 'pickup' });
    expect(res.status).toBe(200);
    expect((await counts('fahrer')).pickup).toBe(1);
    await insertTask({ status: 'delivery' });
    await insertTask({ status: 'finished' });
    expect((await counts('fahrer')).pickup).toBe(2);
    expect((await api().put('/api/statistics/pickup_read_all').set('x-auth-token', as('fahrer'))).status).toBe(200);
    expect((await counts('fahrer')).pickup).toBe(0);
    expect((await counts('heim')).pickup).toBeUndefined();
  });
});

describe('GET /api/tasks/{id}/print', () => {
  it('requires sign-in', async () => {
    expect((await api().get(`/api/tasks/${NO_ID}/print`)).status).toBe(401);
  });

  it.each(['buchhaltung', 'fahrer'] as const)('is refused without task_action_print_view (%s)', async (caller) => {
    expect((await api().get(`/api/tasks/${await insertTask()}/print`).set('x-auth-token', as(caller))).status).toBe(403);
  });

  it('answers 404 for tasks not the caller’s to read', async () => {
    for (const c of await foreignCases()) {
      const res = await api().get(`/api/tasks/${c.id}/print`).set('x-auth-token', as(c.caller));
      expect({ title: c.title, status: res.status }).toEqual({ title: c.title, status: 404 });
    }
  });

  it('answers the German order sheet as a PDF with the fields, problems on the way, the proof of delivery and the chat in order', async () => {
    const id = await insertTask({ medicine: '<script>alert(1)</script>', dose: '1-0-1', amount: 3, latestDelivery: '2030-05-06', type: 3 });
    await message('heim', id, 'Erste & "wichtige" Nachricht');
    await message('apotheke', id, 'Zweite <b>Nachricht</b>');
    await insertEvent(id, { type: 'incident', data: { reason: 'unreachable', text: 'Klingel defekt' }, createdBy: w.demo.fahrer.user._id });
    await insertEvent(id, { type: 'delivery_proof', data: { recipient: 'Schwester Maria', deliveredAt: '2030-05-06T08:15:00.000Z', position: { latitude: 52.52, longitude: 13.405, accuracy: 8 } }, createdBy: w.demo.fahrer.user._id });
    const res = await binary(api().get(`/api/tasks/${id}/print`).set('x-auth-token', as('heim')));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.body as Buffer)).text.replace(/\s+/g, ' ');
    for (const expected of ['Auftrag', 'Olga Eigenheim', '03.02.1940', 'Wohnbereich A', '06.05.2030', 'Rezept in Wohnbereich', '<script>alert(1)</script>', 'Zustellnachweis', 'Zugestellt an Schwester Maria', '06.05.2030 10:15', 'Problem bei der Auslieferung: Heim nicht erreichbar – Klingel defekt', 'Seite 1 von']) {
      expect(text).toContain(expected);
    }
    expect(text.indexOf('Zweite <b>Nachricht</b>')).toBeGreaterThan(text.indexOf('Erste & "wichtige" Nachricht'));
  });
});

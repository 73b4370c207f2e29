import type { NestExpressApplication } from '@nestjs/platform-express';
import { asc, eq, inArray } from 'drizzle-orm';
import { deflateSync } from 'node:zlib';
import request from 'supertest';
import { type AuthRecord, TASK_MESSAGES, type TaskDto, type TaskEventDto } from '@mediport/contracts';
import { PICKUP_MAX_TASKS, PICKUP_MESSAGES } from '@mediport/contracts/delivery';
import { DELIVERY_MESSAGES } from '@mediport/contracts/delivery';
import { PDF_MESSAGES } from '@mediport/contracts/pdf';
import type { Database } from '../../core/db/database.js';
import { pdfText } from '../../core/pdf/testing/pdf-text.js';
import { settings, taskEvents, tasks } from '../../db/schema/index.js';
import { type DemoUsername, useTestApp } from '../../testing/test-app.js';
import { type TaskWorld, taskWorld } from './testing/task-world.js';
import { binary } from '../../testing/binary.js';

let app: NestExpressApplication;
let database: Database;
let demo: Record<DemoUsername, AuthRecord>;
let ownHome: string;
let ownPatient: string;
let otherPatient: string;
let otherHome: string;
let ownDoctor: string;
let otherDoctor: string;
let world: TaskWorld;
let seq = 0;
const api = () => request(app.getHttpServer());
const as = (name: DemoUsername) => demo[name].token;
const NO_ID = '00000000-0000-4000-8000-000000000000';

useTestApp(async (booted) => {
  app = booted.app;
  world = await taskWorld(app);
  ({ database, demo, ownHome, ownPatient, otherPatient, otherHome, ownDoctor, otherDoctor } = world);
  await database.update(settings).set({ company: 'Löwen-Apotheke Mitte', street: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin', phone: '030 555' });
});

/** A task written straight into the table (the world's defaults, due 24.12.2026). */
const insertTask = (values: Partial<typeof tasks.$inferInsert> = {}) => world.insertTask({ latestDelivery: '2026-12-24', ...values }, 'Abholmittel');

async function statuses(ids: string[]): Promise<string[]> {
  const rows = await database.select({ id: tasks.id, status: tasks.status }).from(tasks).where(inArray(tasks.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.status ?? 'missing');
}


const pickup = (caller: DemoUsername, body: unknown) => binary(api().post('/api/tasks/pickup').set('x-auth-token', as(caller)).send(body as object));

/** A tiny valid PNG (1×1, grey). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from([0, 128]))), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(data: Buffer): number {
  let c = ~0;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c;
}

describe('POST /api/tasks/pickup (the pickup sheet)', () => {
  it('hands three orders of three stops to the drivers and answers their sheet as a PDF', async () => {
    const a = await insertTask({ medicine: 'Metoprolol 47,5' });
    const b = await insertTask({ type: 3, medicine: 'Ramipril 5 mg' });
    const c = await insertTask({ type: 4, patientId: otherPatient, homeId: otherHome, doctorId: otherDoctor, medicine: 'Insulin glargin' });
    const res = await pickup('apotheke', { tasks: [a, b, c] });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="abholauftrag_\d{8}_\d{6}\.pdf"$/);
    const text = (await pdfText(res.body as Buffer)).text.replace(/\s+/g, ' ');
    for (const expected of ['Abholauftrag', 'Löwen-Apotheke Mitte', 'Eigenheim, Olga', 'Fremdheim, Fritz', 'Metoprolol 47,5', 'Ramipril 5 mg', 'Insulin glargin', 'Wohnbereich A', 'Arztpraxis: Dr. Otto Anderer', 'Pflegeeinrichtung', 'Seite 1 von 1', '03.02.1940', '24.12.2026']) {
      expect(text).toContain(expected);
    }
    expect(await statuses([a, b, c])).toEqual(['pickup', 'pickup', 'pickup']);
    const events = await database.select().from(taskEvents).where(inArray(taskEvents.taskId, [a, b, c])).orderBy(asc(taskEvents.createdAt));
    expect(events.map((e) => [e.taskId, e.type, e.data])).toEqual(expect.arrayContaining([a, b, c].map((id) => [id, 'status_change', { from: 'new', to: 'pickup' }])));
    expect(events.every((e) => e.createdBy === demo.apotheke.user._id)).toBe(true);
  });

  it('names the file after the time in Berlin', async () => {
    const before = new Date();
    const res = await pickup('apotheke', { tasks: [await insertTask()] });
    const stamp = /abholauftrag_(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})\.pdf/.exec(res.headers['content-disposition'] as string)!;
    const berlin = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(before);
    const part = (t: string) => berlin.find((p) => p.type === t)!.value;
    expect([stamp[1], stamp[2], stamp[3], stamp[4]]).toEqual([part('year'), part('month'), part('day'), part('hour')]);
  });

  it.each([
    { title: 'a non-array', body: () => ({ tasks: 'alle' }), status: 400, message: TASK_MESSAGES.seenList },
    { title: 'null', body: () => ({ tasks: null }), status: 400, message: TASK_MESSAGES.seenList },
    { title: 'numbers in the list', body: () => ({ tasks: [1, 2] }), status: 400, message: TASK_MESSAGES.seenList },
    { title: 'an empty list', body: () => ({ tasks: [] }), status: 400, message: PICKUP_MESSAGES.empty },
    { title: `more than ${PICKUP_MAX_TASKS} ids`, body: () => ({ tasks: Array.from({ length: PICKUP_MAX_TASKS + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) }), status: 400, message: PICKUP_MESSAGES.tooMany },
    { title: 'a duplicate id', body: (ids: string[]) => ({ tasks: [ids[0], ids[0]] }), status: 400, message: PICKUP_MESSAGES.duplicate },
    { title: 'an unknown id among good ones', body: (ids: string[]) => ({ tasks: [ids[0], NO_ID] }), status: 404, message: PICKUP_MESSAGES.unknown },
    { title: 'a malformed id', body: (ids: string[]) => ({ tasks: [ids[0], 'x'] }), status: 404, message: PICKUP_MESSAGES.unknown },
    { title: 'a self-purchase (type 2)', body: (ids: string[]) => ({ tasks: [ids[0], ids[1]] }), status: 409, message: PICKUP_MESSAGES.type },
    { title: 'a task already on the road', body: (ids: string[]) => ({ tasks: [ids[0], ids[2]] }), status: 409, message: PICKUP_MESSAGES.notNew },
    { title: 'a finished task', body: (ids: string[]) => ({ tasks: [ids[0], ids[3]] }), status: 409, message: PICKUP_MESSAGES.notNew },
  ])('refuses $title with a German message and changes nothing', async ({ body, status, message }) => {
    const ids = [await insertTask(), await insertTask({ type: 2 }), await insertTask({ status: 'pickup' }), await insertTask({ status: 'finished' })];
    const before = await statuses(ids);
    const res = await api().post('/api/tasks/pickup').set('x-auth-token', as('apotheke')).send(body(ids));
    expect(res.status).toBe(status);
    expect(res.body.errors?.[0]?.message ?? res.body.message).toBe(message);
    expect(await statuses(ids)).toEqual(before);
  });

  it('refuses 10,000 ids with a 4xx and a German message, never a 500', async () => {
    const tasksList = Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const res = await api().post('/api/tasks/pickup').set('x-auth-token', as('apotheke')).send({ tasks: tasksList });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(res.body)).toMatch(/[äöüÄÖÜß]|Bitte|Aufträge|Anfrage/);
  });

  it.each(['heim', 'arzt', 'fahrer', 'buchhaltung'] as const)('is refused to %s (no pickup_create_view), nothing changes', async (caller) => {
    const id = await insertTask();
    const res = await api().post('/api/tasks/pickup').set('x-auth-token', as(caller)).send({ tasks: [id] });
    expect(res.status).toBe(403);
    expect(await statuses([id])).toEqual(['new']);
  });
});

describe('the pickup list (GET /api/tasks with filter[pickup])', () => {
  it('carries what a driver needs: stop addresses, phone and the living area', async () => {
    const id = await insertTask({ status: 'pickup' });
    const res = await api().get(`/api/tasks?limit=999&filter[status]=pickup,delivery&filter[pickup]=1`).set('x-auth-token', as('fahrer'));
    expect(res.status).toBe(200);
    const row = (res.body.data as TaskDto[]).find((t) => t._id === id)!;
    expect(row.livingArea).toBe('Wohnbereich A');
    expect(row.stops.home).toEqual(expect.objectContaining({ street: expect.any(String), city: expect.any(String), phone: expect.any(String) }));
    expect(row.stops.doctor).not.toBeNull();
    expect(row.actions).toMatchObject({ deliver: true, finish: true, reopen: true });
    expect(row.actions.chat).toBeUndefined();
  });

  it('marks tasks new to the driver by the pickup seen marks; pickup_read_all clears them', async () => {
    const id = await insertTask({ status: 'pickup', modifiedBy: demo.apotheke.user._id });
    const unseen = async () => {
      const res = await api().get(`/api/tasks?limit=999&filter[status]=pickup,delivery&filter[pickup]=1&filter[notSeen]=1`).set('x-auth-token', as('fahrer'));
      return (res.body.data as TaskDto[]).map((t) => t._id);
    };
    expect(await unseen()).toContain(id);
    expect((await api().put('/api/statistics/pickup_read_all').set('x-auth-token', as('fahrer'))).status).toBe(200);
    expect(await unseen()).not.toContain(id);
    const all = await api().get(`/api/tasks?limit=999&filter[status]=pickup&filter[pickup]=1`).set('x-auth-token', as('fahrer'));
    expect((all.body.data as TaskDto[]).find((t) => t._id === id)!.seen).toEqual([demo.fahrer.user._id]);
  });

  it('counts on the dashboard tile exactly what the list marks new, tasks in delivery too', async () => {
    await api().put('/api/statistics/pickup_read_all').set('x-auth-token', as('fahrer'));
    await insertTask({ status: 'pickup', modifiedBy: demo.apotheke.user._id });
    await insertTask({ status: 'delivery', modifiedBy: demo.apotheke.user._id });
    await insertTask({ status: 'new', modifiedBy: demo.apotheke.user._id });
    const list = await api().get(`/api/tasks?limit=999&filter[status]=pickup,delivery&filter[pickup]=1&filter[notSeen]=1`).set('x-auth-token', as('fahrer'));
    const tile = (await api().get('/api/statistics').set('x-auth-token', as('fahrer'))).body.counts.pickup as number;
    expect(list.body.count).toBe(2);
    expect(tile).toBe(list.body.count);
  });

  it('filters by type for the pharmacy\'s "ready for pickup" view', async () => {
    const one = await insertTask({ type: 1 });
    const self = await insertTask({ type: 2 });
    const res = await api().get(`/api/tasks?limit=-1&filter[status]=new&filter[type]=1,3,4`).set('x-auth-token', as('apotheke'));
    const ids = (res.body.data as TaskDto[]).map((t) => t._id);
    expect(ids).toContain(one);
    expect(ids).not.toContain(self);
    expect((await api().get(`/api/tasks?filter[type]=5`).set('x-auth-token', as('apotheke'))).status).toBe(400);
  });

  it.each([
    { title: 'ausliefern: pickup → delivery', from: 'pickup', to: 'delivery', status: 200 },
    { title: 'Rezept abgeholt: pickup → finished', from: 'pickup', to: 'finished', status: 200 },
    { title: 'abschließen: delivery → finished', from: 'delivery', to: 'finished', status: 200 },
    { title: 'zurückgeben: pickup → new', from: 'pickup', to: 'new', status: 200 },
    { title: 'zurückgeben: delivery → new', from: 'delivery', to: 'new', status: 200 },
    { title: 'no ausliefern from delivery', from: 'delivery', to: 'delivery', status: 409 },
    { title: 'no step on a new task (not on the driver\'s list)', from: 'new', to: 'delivery', status: 404 },
    { title: 'no cancel for a driver', from: 'pickup', to: 'canceled', status: 403 },
  ])('driver: $title answers $status, with a status_change event when done', async ({ from, to, status }) => {
    const id = await insertTask({ status: from });
    const res = await api().put(`/api/tasks/${id}`).set('x-auth-token', as('fahrer')).send({ status: to });
    expect(res.status).toBe(status);
    const events = await database.select().from(taskEvents).where(eq(taskEvents.taskId, id));
    if (status === 200) {
      expect((res.body as TaskDto).status).toBe(to);
      expect(events.map((e) => e.data)).toEqual([{ from, to }]);
    } else {
      expect(events).toEqual([]);
      expect(await statuses([id])).toEqual([from]);
    }
  });
});

describe('POST /api/tasks/:id/delivery (proof of delivery)', () => {
  const deliver = (caller: DemoUsername, id: string, fields: Record<string, string>, file?: { data: Buffer; name: string }) => {
    const req = api().post(`/api/tasks/${id}/delivery`).set('x-auth-token', as(caller));
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    if (file) void req.attach('signature', file.data, file.name);
    return req;
  };

  it('finishes the task with the recipient, the time, the position and the signature, visible in the home\'s chat', async () => {
    const id = await insertTask({ status: 'delivery' });
    const res = await deliver('fahrer', id, { recipient: 'Schwester Maria', latitude: '52.52', longitude: '13.405', accuracy: '12' }, { data: png(), name: 'unterschrift.png' });
    expect(res.status).toBe(200);
    expect((res.body as TaskDto).status).toBe('finished');
    const feed = await api().get(`/api/tasks/${id}/events`).set('x-auth-token', as('heim'));
    const proof = (feed.body.data as TaskEventDto[]).find((e) => e.type === 'delivery_proof')!;
    expect(proof.data).toEqual({ recipient: 'Schwester Maria', deliveredAt: expect.any(String), position: { latitude: 52.52, longitude: 13.405, accuracy: 12 } });
    expect(proof.files).toEqual([{ name: 'Unterschrift.png', mimeType: 'image/png', size: png().length }]);
    expect(proof.createdFrom?.username).toBe('fahrer');
    expect((feed.body.data as TaskEventDto[]).map((e) => e.type)).toEqual(['delivery_proof', 'status_change']);
    const signature = await binary(api().get(`/api/tasks/${id}/events/${proof._id}/attachment/Unterschrift.png`).set('x-auth-token', as('apotheke')));
    expect(signature.status).toBe(200);
    expect((signature.body as Buffer).equals(png())).toBe(true);
  });

  it('keeps no position when the device gave none', async () => {
    const id = await insertTask({ status: 'pickup' });
    const res = await deliver('fahrer', id, { recipient: 'Herr Klein' }, { data: png(), name: 's.png' });
    expect(res.status).toBe(200);
    const [proof] = await database.select().from(taskEvents).where(eq(taskEvents.taskId, id)).orderBy(asc(taskEvents.createdAt));
    expect(proof!.data).toMatchObject({ recipient: 'Herr Klein', position: null });
  });

  it.each([
    { title: 'no recipient', fields: {}, file: 'png', status: 400, message: DELIVERY_MESSAGES.recipientRequired },
    { title: 'a blank recipient', fields: { recipient: '  ' }, file: 'png', status: 400, message: DELIVERY_MESSAGES.recipientRequired },
    { title: 'a recipient of 201 characters', fields: { recipient: 'x'.repeat(201) }, file: 'png', status: 400, message: DELIVERY_MESSAGES.recipientTooLong },
    { title: 'no signature', fields: { recipient: 'A' }, file: null, status: 400, message: DELIVERY_MESSAGES.signatureRequired },
    { title: 'a JPEG named .png', fields: { recipient: 'A' }, file: 'jpeg', status: 415, message: DELIVERY_MESSAGES.signatureType },
    { title: 'a signature over 1 MB', fields: { recipient: 'A' }, file: 'big', status: 413, message: DELIVERY_MESSAGES.signatureSize },
    { title: 'a latitude of 91', fields: { recipient: 'A', latitude: '91', longitude: '13' }, file: 'png', status: 400, message: DELIVERY_MESSAGES.position },
    { title: 'a latitude without longitude', fields: { recipient: 'A', latitude: '52' }, file: 'png', status: 400, message: DELIVERY_MESSAGES.position },
    { title: 'a position that is not a number', fields: { recipient: 'A', latitude: 'NaN', longitude: 'x' }, file: 'png', status: 400, message: DELIVERY_MESSAGES.position },
  ])('refuses $title with a German message and leaves the task on the road', async ({ fields, file, status, message }) => {
    const id = await insertTask({ status: 'delivery' });
    const data = file === 'png' ? png() : file === 'jpeg' ? Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]) : file === 'big' ? Buffer.concat([png(), Buffer.alloc(1024 * 1024)]) : null;
    const res = await deliver('fahrer', id, fields as Record<string, string>, data ? { data, name: 'unterschrift.png' } : undefined);
    expect(res.status).toBe(status);
    expect(res.body.errors?.[0]?.message ?? res.body.message).toBe(message);
    expect(await statuses([id])).toEqual(['delivery']);
    expect(await database.select().from(taskEvents).where(eq(taskEvents.taskId, id))).toEqual([]);
  });

  it.each([
    { title: 'a task not on the road', caller: 'fahrer' as const, values: { status: 'new' }, status: 404 },
    { title: 'a finished task', caller: 'fahrer' as const, values: { status: 'finished' }, status: 404 },
    { title: 'a task without a care home', caller: 'fahrer' as const, values: { status: 'delivery', homeId: null }, status: 409 },
    { title: 'a home user (no pickup_task_solve_view)', caller: 'heim' as const, values: { status: 'delivery' }, status: 403 },
    { title: 'the pharmacy on a task on the road', caller: 'apotheke' as const, values: { status: 'delivery' }, status: 200 },
  ])('answers $status for $title', async ({ caller, values, status }) => {
    const id = await insertTask(values as Partial<typeof tasks.$inferInsert>);
    const res = await deliver(caller, id, { recipient: 'A' }, { data: png(), name: 'a.png' });
    expect(res.status).toBe(status);
  });

  it('answers 404 for an unknown or malformed id before reading the upload', async () => {
    expect((await deliver('fahrer', NO_ID, { recipient: 'A' }, { data: png(), name: 'a.png' })).status).toBe(404);
    expect((await deliver('fahrer', 'abc', { recipient: 'A' }, { data: png(), name: 'a.png' })).status).toBe(404);
  });
});

describe('POST /api/tasks/:id/incidents (problems on the way)', () => {
  it('puts the incident into the task\'s feed for pharmacy and home; the task stays on the road', async () => {
    const id = await insertTask({ status: 'delivery' });
    const res = await api().post(`/api/tasks/${id}/incidents`).set('x-auth-token', as('fahrer')).send({ reason: 'unreachable', text: 'Niemand öffnet' });
    expect(res.status).toBe(201);
    expect((res.body as TaskEventDto).data).toEqual({ reason: 'unreachable', text: 'Niemand öffnet' });
    for (const reader of ['heim', 'apotheke'] as const) {
      const feed = await api().get(`/api/tasks/${id}/events`).set('x-auth-token', as(reader));
      expect((feed.body.data as TaskEventDto[]).map((e) => e.type)).toEqual(['incident']);
    }
    expect(await statuses([id])).toEqual(['delivery']);
  });

  it.each([
    { title: 'an unknown reason', body: { reason: 'late' }, status: 400, message: DELIVERY_MESSAGES.incidentReason },
    { title: 'no reason', body: { text: 'x' }, status: 400, message: DELIVERY_MESSAGES.incidentReason },
    { title: '"Sonstiges" without text', body: { reason: 'other', text: '  ' }, status: 400, message: DELIVERY_MESSAGES.incidentText },
    { title: 'a text of 2001 characters', body: { reason: 'other', text: 'x'.repeat(2001) }, status: 400, message: DELIVERY_MESSAGES.incidentTextTooLong },
    { title: 'a text that is not a string', body: { reason: 'damaged', text: { a: 1 } }, status: 400, message: DELIVERY_MESSAGES.incidentText },
  ])('refuses $title', async ({ body, status, message }) => {
    const id = await insertTask({ status: 'pickup' });
    const res = await api().post(`/api/tasks/${id}/incidents`).set('x-auth-token', as('fahrer')).send(body);
    expect(res.status).toBe(status);
    expect(res.body.errors?.[0]?.message ?? res.body.message).toBe(message);
    expect(await database.select().from(taskEvents).where(eq(taskEvents.taskId, id))).toEqual([]);
  });

  it.each([
    { title: 'a new task (not the driver\'s)', caller: 'fahrer' as const, status: 'new', expected: 404 },
    { title: 'a home user', caller: 'heim' as const, status: 'pickup', expected: 403 },
    { title: 'an unknown id', caller: 'fahrer' as const, status: null, expected: 404 },
  ])('answers $expected for $title', async ({ caller, status, expected }) => {
    const id = status ? await insertTask({ status }) : NO_ID;
    const res = await api().post(`/api/tasks/${id}/incidents`).set('x-auth-token', as(caller)).send({ reason: 'damaged' });
    expect(res.status).toBe(expected);
  });
});

describe('POST /api/tasks/pickup without Chromium', () => {
  let noPdf: NestExpressApplication;
  let noPdfDatabase: Database;
  let pharmacy: string;
  let order: typeof tasks.$inferInsert;
  useTestApp(
    async (booted) => {
      noPdf = booted.app;
      const world = await taskWorld(noPdf);
      noPdfDatabase = world.database;
      pharmacy = world.demo.apotheke.token;
      order = { type: 1, medicine: 'Ohne Browser', patientId: world.ownPatient, homeId: world.ownHome, doctorId: world.ownDoctor };
    },
    { CHROMIUM_PATH: '/nonexistent/chromium' },
  );

  it('answers 503 naming the missing browser and leaves the orders new: no sheet, no status change', async () => {
    const [task] = await noPdfDatabase.insert(tasks).values(order).returning({ id: tasks.id });
    const res = await request(noPdf.getHttpServer()).post('/api/tasks/pickup').set('x-auth-token', pharmacy).send({ tasks: [task!.id] });
    expect(res.status).toBe(503);
    expect(res.body.errors[0].message).toBe(PDF_MESSAGES.browserMissing('/nonexistent/chromium'));
    const [after] = await noPdfDatabase.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task!.id));
    expect(after!.status).toBe('new');
    expect(await noPdfDatabase.select().from(taskEvents).where(eq(taskEvents.taskId, task!.id))).toEqual([]);
  });
});

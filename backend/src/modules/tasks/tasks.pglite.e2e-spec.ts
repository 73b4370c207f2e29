/**
 * Orders in the embedded mode: on PGlite the Berlin-time urgency and date filters, the trigram
 * medicine search, the status machine's unit of work and the event feed (counts, seen marks, the
 * error flag, attachments, the dashboard tiles) run as on PostgreSQL.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { TaskDto, TaskEventDto } from '@mediport/contracts';
import { berlinToday, formatGermanDate } from '@mediport/validation';
import { login, type TestDatabase, useTestApp } from '../../testing/test-app.js';

let db: TestDatabase;
let app: NestExpressApplication;
useTestApp((booted) => {
  ({ app, db } = booted);
}, { DEMO: '' }, { forcePglite: true });

describe('orders on PGlite', () => {
  it('places an order, lists it urgent by text and creation day, and walks new → pickup → finished', async () => {
    expect(db.url).toBeNull();
    const { token } = await login(app, 'apotheke');
    const http = () => request(app.getHttpServer());
    const patient = (await http().get('/api/patients?limit=1').set('x-auth-token', token)).body.data[0] as { _id: string };
    const doctor = (await http().get('/api/doctors?limit=1').set('x-auth-token', token)).body.data[0] as { _id: string };
    const today = formatGermanDate(berlinToday());
    const order = { type: 1, group: 'medicine', medicine: 'Pglitezol 5 mg', dose: '1-0-0', amount: 1, patient: patient._id, doctor: doctor._id, latestDelivery: today };
    const created = await http().post('/api/tasks').set('x-auth-token', token).send(order);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'new', urgent: true, latestDelivery: today });
    const found = await http().get(`/api/tasks?filter[text]=litezo&filter[from]=${today}&filter[to]=${today}`).set('x-auth-token', token);
    expect(found.body.data.map((t: TaskDto) => t._id)).toEqual([created.body._id]);
    for (const status of ['pickup', 'finished']) {
      const res = await http().put(`/api/tasks/${created.body._id}`).set('x-auth-token', token).send({ status });
      expect(res.body.status).toBe(status);
    }
    expect((await http().get(`/api/tasks/${created.body._id}`).set('x-auth-token', token)).body.urgent).toBe(false);
  });

  it('keeps the event feed: a message with a PDF reopens a finished order, counts and seen marks per user', async () => {
    const apotheke = await login(app, 'apotheke');
    const admin = await login(app, 'admin');
    const http = () => request(app.getHttpServer());
    const patient = (await http().get('/api/patients?limit=1').set('x-auth-token', apotheke.token)).body.data[0] as { _id: string };
    const order = { type: 2, group: 'medicine', medicine: 'Chatozol', dose: '1-0-0', amount: 1, patient: patient._id, latestDelivery: '' };
    const task = (await http().post('/api/tasks').set('x-auth-token', apotheke.token).send(order)).body as TaskDto;
    await http().put(`/api/tasks/${task._id}`).set('x-auth-token', apotheke.token).send({ status: 'finished' });
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const posted = await http().post(`/api/tasks/${task._id}/events`).set('x-auth-token', apotheke.token).field('data', 'Nachtrag').attach('files', pdf, 'Nachtrag.pdf');
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ reload: true, files: [{ name: 'Nachtrag.pdf', mimeType: 'application/pdf', size: pdf.length }] });
    const events = (await http().get(`/api/tasks/${task._id}/events`).set('x-auth-token', admin.token)).body.data as TaskEventDto[];
    expect(events.map((e) => e.type)).toEqual(['status_change', 'status_change', 'message', 'status_change']);
    expect((await http().get(`/api/tasks/${task._id}`).set('x-auth-token', admin.token)).body).toMatchObject({ status: 'new', events: 4, unseenEvents: 4, error: false });
    const unseen = await http().get('/api/tasks?filter[notSeenEvents]=1&filter[text]=Chatozol').set('x-auth-token', admin.token);
    expect(unseen.body.count).toBe(1);
    const meta = await http().get(`/api/events/meta?tasks=${task._id}`).set('x-auth-token', admin.token);
    expect(meta.body[task._id]).toMatchObject({ events: 4, seen: 0, lastSender: { username: 'apotheke' } });
    expect((await http().get('/api/statistics').set('x-auth-token', admin.token)).body.counts.event).toBeGreaterThanOrEqual(4);
    await http().put(`/api/tasks/${task._id}/events`).set('x-auth-token', admin.token).send({ seen: true });
    expect((await http().get(`/api/tasks/${task._id}`).set('x-auth-token', admin.token)).body.unseenEvents).toBe(0);
    const file = await http().get(`/api/tasks/${task._id}/events/${posted.body._id}/attachment/Nachtrag.pdf`).set('x-auth-token', admin.token);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });
});

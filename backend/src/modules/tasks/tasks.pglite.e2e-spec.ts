/**
 * Orders in the embedded mode: on PGlite the Berlin-time urgency and date filters, the trigram
 * medicine search and the status machine's unit of work run as on PostgreSQL.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { TaskDto } from '@mediport/contracts';
import { berlinToday, formatGermanDate } from '@mediport/validation';
import { bootApp, createTestDatabase, login, type TestDatabase } from '../../testing/test-app.js';

let db: TestDatabase;
let app: NestExpressApplication;

beforeAll(async () => {
  db = await createTestDatabase({ forcePglite: true });
  app = await bootApp(db, { DEMO: '' });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

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
});

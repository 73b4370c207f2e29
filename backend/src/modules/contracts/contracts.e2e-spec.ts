import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { login, type TestDatabase, useTestApp } from '../../testing/test-app.js';

let db: TestDatabase;
let app: NestExpressApplication;
const api = () => request(app.getHttpServer());

useTestApp(async (booted) => {
  ({ app, db } = booted);
});

describe('GET /api/contracts/has', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/contracts/has?home=00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('tells whether a home or doctor has a contract', async () => {
    const admin = await login(app, 'admin');
    const heim = await login(app, 'heim');
    const arzt = await login(app, 'arzt');
    const home = await api().get(`/api/contracts/has?home=${heim.home!._id}`).set('x-auth-token', admin.token);
    expect(home.status).toBe(200);
    expect(home.body).toBe(true);
    const doctor = await api().get(`/api/contracts/has?doctor=${arzt.doctor!._id}`).set('x-auth-token', admin.token);
    expect(doctor.body).toBe(false);
  });

  it.each([
    { title: 'no query', query: '', status: 400 },
    { title: 'malformed id', query: '?home=abc', status: 400 },
    { title: 'both home and doctor', query: '?home=00000000-0000-4000-8000-000000000000&doctor=00000000-0000-4000-8000-000000000000', status: 400 },
  ])('rejects $title', async ({ query, status }) => {
    const admin = await login(app, 'admin');
    expect((await api().get(`/api/contracts/has${query}`).set('x-auth-token', admin.token)).status).toBe(status);
  });

  it.each(['heim', 'arzt', 'fahrer', 'buchhaltung'])('is forbidden for %s (no user_list_view)', async (username) => {
    const user = await login(app, username);
    expect((await api().get('/api/contracts/has?home=00000000-0000-4000-8000-000000000000').set('x-auth-token', user.token)).status).toBe(403);
  });
});

/** Smoke run of the embedded mode: no DATABASE_URL, PGlite in a temporary DATA_DIR, demo data seeded at boot. */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { login, type TestDatabase, useTestApp } from './testing/test-app.js';

let db: TestDatabase;
let app: NestExpressApplication;
useTestApp((booted) => {
  ({ app, db } = booted);
}, { DEMO: '' }, { forcePglite: true });

describe('embedded PGlite mode', () => {
  it('migrates, seeds the demo data, signs in and answers GET /api/acl', async () => {
    expect(db.url).toBeNull();
    const config = await request(app.getHttpServer()).get('/api/config');
    expect(config.body.demo).toBe(true);
    const admin = await login(app, 'ADMIN');
    const acl = await request(app.getHttpServer()).get('/api/acl').set('x-auth-token', admin.token);
    expect(acl.status).toBe(200);
    expect(acl.body.version).toBe(1);
    const arzt = await login(app, 'arzt');
    expect(arzt.permissions).toContain('task_create_view_own_required_contract');
    expect((await request(app.getHttpServer()).post('/api/auth/logout').set('x-auth-token', arzt.token)).status).toBe(204);
    expect((await request(app.getHttpServer()).get('/api/auth/session').set('x-auth-token', arzt.token)).status).toBe(401);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_MESSAGES, type PublicConfig } from '@mediport/contracts';
import { bootApp, createTestDatabase, DEMO_PASSWORD, login, type TestDatabase } from './testing/test-app.js';

let db: TestDatabase;
let app: NestExpressApplication;
let staticRoot: string;
const api = () => request(app.getHttpServer());

beforeAll(async () => {
  db = await createTestDatabase();
  staticRoot = path.join(db.dataDir, 'frontends');
  const shell = path.join(staticRoot, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>Medikationsportal</title>');
  writeFileSync(path.join(shell, 'main.js'), 'console.info(1)');
  writeFileSync(path.join(shell, '412.3f9a1c2b7d.js'), 'console.info(2)');
  mkdirSync(path.join(staticRoot, 'orders', 'dist'), { recursive: true });
  writeFileSync(path.join(staticRoot, 'orders', 'dist', 'mf-manifest.json'), '{"id":"orders"}');
  writeFileSync(path.join(staticRoot, 'orders', 'dist', '77.0a1b2c3d4e.js'), 'console.info(3)');
  app = await bootApp(db, { STATIC_ROOT: staticRoot, REMOTE_ADMIN_URL: 'https://cdn.example.org/admin/mf-manifest.json', SYSTEM_DEADLINE: '2030-01-31T23:00:00Z', SYSTEM_URL: 'https://neu.example.org' });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('GET /api/config', () => {
  it('is public and lists the demo accounts under the demo flag', async () => {
    const res = await api().get('/api/config');
    expect(res.status).toBe(200);
    const body = res.body as PublicConfig;
    expect(body).toMatchObject({ productName: 'Medikationsportal', version: '2.9.1', partnerName: 'Apomondo', demo: true });
    expect(body.demoAccounts.map((a) => a.user)).toEqual(['admin', 'apotheke', 'heim', 'arzt', 'fahrer', 'buchhaltung']);
    expect(body.demoAccounts.every((a) => a.password === DEMO_PASSWORD && a.label)).toBe(true);
    expect(body.sso).toEqual({ enabled: false, authorizationUrl: null, clientId: null, nonce: null });
    expect(body.system).toEqual({ deadline: '2030-01-31T23:00:00.000Z', url: 'https://neu.example.org' });
  });
});

describe('GET /api/settings', () => {
  it('is public and answers only the imprint fields without sign-in', async () => {
    const res = await api().get('/api/settings');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['city', 'company', 'email', 'fax', 'logo', 'phone', 'postalCode', 'street']);
    expect(res.body.company).toBe('Apotheke am Markt');
  });

  it.each([
    { username: 'admin', sees: true },
    { username: 'apotheke', sees: true },
    { username: 'heim', sees: false },
    { username: 'fahrer', sees: false },
  ])('shows debtorId and instanceId to $username: $sees', async ({ username, sees }) => {
    const user = await login(app, username);
    const res = await api().get('/api/settings').set('x-auth-token', user.token);
    expect(res.status).toBe(200);
    expect('debtorId' in res.body).toBe(sees);
    expect('instanceId' in res.body).toBe(sees);
  });
});

describe('/api/v3 alias', () => {
  it.each([
    { title: 'GET /api/v3/config', call: () => api().get('/api/v3/config'), status: 200 },
    { title: 'GET /api/v3/settings', call: () => api().get('/api/v3/settings'), status: 200 },
    { title: 'GET /api/v3/acl without token', call: () => api().get('/api/v3/acl'), status: 401 },
    { title: 'POST /api/v3/auth', call: () => api().post('/api/v3/auth').send({ username: 'admin', password: DEMO_PASSWORD }), status: 200 },
  ])('$title behaves like /api', async ({ call, status }) => {
    expect((await call()).status).toBe(status);
  });
});

describe('error shape', () => {
  it.each([
    { title: 'malformed JSON', call: () => api().post('/api/auth').set('content-type', 'application/json').send('{"username":'), status: 400 },
    { title: 'JSON that is not an object', call: () => api().post('/api/auth').set('content-type', 'application/json').send('"x"'), status: 400 },
    { title: 'unknown API route', call: () => api().get('/api/gibt-es-nicht'), status: 404 },
    { title: 'unknown method', call: () => api().delete('/api/config'), status: 404 },
  ])('$title answers $status in the common shape, never 500', async ({ call, status }) => {
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ statusCode: status, errors: [expect.objectContaining({ message: expect.any(String) })] });
  });

  it('answers 401 with code unauthenticated', async () => {
    const res = await api().get('/api/auth/session');
    expect(res.body).toEqual({ statusCode: 401, errors: [{ code: 'unauthenticated', message: API_MESSAGES.unauthenticated }] });
  });
});

describe('static files', () => {
  it('serves the shell at / with no-cache', async () => {
    const res = await api().get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Medikationsportal');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/anforderungen', '/v3/acl', '/profil', '/login'])('falls back to index.html for %s', async (route) => {
    const res = await api().get(route);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed chunks with a long cache and entry files with no-cache', async () => {
    expect((await api().get('/412.3f9a1c2b7d.js')).headers['cache-control']).toContain('immutable');
    expect((await api().get('/main.js')).headers['cache-control']).toBe('no-cache');
  });

  it('serves a built remote under /remotes/<name>/ and 404 for one not built', async () => {
    const manifest = await api().get('/remotes/orders/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await api().get('/remotes/orders/77.0a1b2c3d4e.js')).headers['cache-control']).toContain('immutable');
    const missing = await api().get('/remotes/masterdata/mf-manifest.json');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('answers /remotes.json with defaults and env overrides', async () => {
    const res = await api().get('/remotes.json');
    expect(res.body).toEqual({
      orders: { entry: '/remotes/orders/mf-manifest.json', permission: 'section_orders_view' },
      masterdata: { entry: '/remotes/masterdata/mf-manifest.json', permission: 'section_masterdata_view' },
      admin: { entry: 'https://cdn.example.org/admin/mf-manifest.json', permission: 'section_administration_view' },
      profile: { entry: '/remotes/profile/mf-manifest.json' },
    });
  });
});

import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_MESSAGES, type AclResponse } from '@mediport/contracts';
import { CATALOGUE, DEFAULT_MATRIX } from '@mediport/permissions';
import { AuditService } from '../../core/audit/audit.service.js';
import { bootApp, createTestDatabase, login, type TestDatabase } from '../../testing/test-app.js';

let db: TestDatabase;
let app: NestExpressApplication;
let second: NestExpressApplication;
const api = (a: NestExpressApplication = app) => request(a.getHttpServer());

beforeAll(async () => {
  db = await createTestDatabase();
  app = await bootApp(db);
  // A second instance on the same database, as behind a load balancer (PostgreSQL only: PGlite is one process).
  if (db.url) second = await bootApp(db);
});
afterAll(async () => {
  await second?.close();
  await app?.close();
  await db?.drop();
});

describe('GET /api/acl', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/acl')).status).toBe(401);
  });

  it('answers rules, acl and version for the admin', async () => {
    const admin = await login(app, 'admin');
    const res = await api().get('/api/acl').set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    const body = res.body as AclResponse;
    expect(body.version).toBeGreaterThanOrEqual(1);
    expect(body.rules).toEqual(JSON.parse(JSON.stringify(CATALOGUE)));
    expect(Object.keys(body.acl).sort()).toEqual(Object.keys(DEFAULT_MATRIX).sort());
  });

  it.each(['heim', 'arzt', 'fahrer', 'buchhaltung'])('is forbidden for %s', async (username) => {
    const user = await login(app, username);
    const res = await api().get('/api/acl').set('x-auth-token', user.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, errors: [{ code: 'forbidden', message: API_MESSAGES.forbidden }] });
  });
});

describe('PATCH /api/acl', () => {
  it('requires sign-in', async () => {
    expect((await api().patch('/api/acl').send({ acl: {} })).status).toBe(401);
  });

  it.each([
    { title: 'no acl object', body: {}, path: 'acl' },
    { title: 'acl is a string', body: { acl: 'x' }, path: 'acl' },
    { title: 'unknown role', body: { acl: { ROLE_KING: { permissions: [], manager: [] } } }, path: 'acl.ROLE_KING' },
    { title: 'unknown permission', body: { acl: { ROLE_DRIVER: { permissions: ['fly_view'], manager: [] } } }, path: 'acl.ROLE_DRIVER.permissions.0' },
    { title: 'contract flag outside home/doctor', body: { acl: { ROLE_DRIVER: { permissions: ['task_list_view_required_contract'], manager: [] } } }, path: 'acl.ROLE_DRIVER.permissions.0' },
    { title: 'column without lists', body: { acl: { ROLE_DRIVER: { permissions: 'x' } } }, path: 'acl.ROLE_DRIVER' },
  ])('rejects $title with 400 and a path', async ({ body, path }) => {
    const admin = await login(app, 'admin');
    const res = await api().patch('/api/acl').set('x-auth-token', admin.token).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, message: expect.any(String) }));
  });

  it.each(['apotheke', 'heim', 'fahrer'])('is forbidden for %s', async (username) => {
    const user = await login(app, username);
    expect((await api().patch('/api/acl').set('x-auth-token', user.token).send({ acl: {} })).status).toBe(403);
  });

  it('applies a removed permission to the next request of a signed-in user, on every instance, without restart', async () => {
    const admin = await login(app, 'admin');
    const heim = await login(app, 'heim');
    const before = (await api().get('/api/acl').set('x-auth-token', admin.token)).body as AclResponse;
    const column = before.acl.ROLE_HOME;
    // Grant ROLE_HOME the rights list, then take it away again through the other instance.
    const granted = await api().patch('/api/acl').set('x-auth-token', admin.token).send({ acl: { ROLE_HOME: { permissions: [...column.permissions, 'acl_list_view'], manager: column.manager } } });
    expect(granted.status).toBe(200);
    expect(granted.body.version).toBe(before.version + 1);
    expect((await api().get('/api/acl').set('x-auth-token', heim.token)).status).toBe(200);

    const via = second ?? app;
    const removed = await api(via).patch('/api/acl').set('x-auth-token', admin.token).send({ acl: { ROLE_HOME: column } });
    expect(removed.status).toBe(200);
    expect(removed.body.version).toBe(before.version + 2);
    expect(removed.body.acl.ROLE_HOME.permissions).not.toContain('acl_list_view');

    // Same token, next request, on the instance that did NOT save the removal.
    expect((await api().get('/api/acl').set('x-auth-token', heim.token)).status).toBe(403);
    const session = await api().get('/api/auth/session').set('x-auth-token', heim.token);
    expect(session.body.permissions).not.toContain('acl_list_view');

    const rows = await app.get(AuditService, { strict: false }).find({ action: 'acl.update' });
    expect(rows[0]).toMatchObject({ actorId: admin.user._id, target: String(before.version + 2) });

    // PUT does the same (one reading of the spec); the change made here reaches the second instance.
    const viaPut = await api().put('/api/acl').set('x-auth-token', admin.token).send({ acl: { ROLE_HOME: { permissions: [...column.permissions, 'acl_list_view'], manager: column.manager } } });
    expect(viaPut.status).toBe(200);
    expect((await api(via).get('/api/acl').set('x-auth-token', heim.token)).status).toBe(200);
    await api().patch('/api/acl').set('x-auth-token', admin.token).send({ acl: { ROLE_HOME: column } });
    expect((await api(via).get('/api/acl').set('x-auth-token', heim.token)).status).toBe(403);
  });

  it('answers 403 contract_required where only the _required_contract form is held', async () => {
    const admin = await login(app, 'admin');
    const arzt = await login(app, 'arzt');
    const heim = await login(app, 'heim');
    const acl = ((await api().get('/api/acl').set('x-auth-token', admin.token)).body as AclResponse).acl;
    const withAclView = (role: 'ROLE_DOCTOR' | 'ROLE_HOME') => ({ permissions: [...acl[role].permissions, 'acl_list_view_required_contract'], manager: acl[role].manager });
    const res = await api().patch('/api/acl').set('x-auth-token', admin.token).send({ acl: { ROLE_DOCTOR: withAclView('ROLE_DOCTOR'), ROLE_HOME: withAclView('ROLE_HOME') } });
    expect(res.status).toBe(200);

    // Dr. Anna Berger has no contract: locked.
    const locked = await api().get('/api/acl').set('x-auth-token', arzt.token);
    expect(locked.status).toBe(403);
    expect(locked.body.errors[0]).toEqual({ code: 'contract_required', message: API_MESSAGES.contractRequired });
    // Haus Sonnenschein has a contract: granted.
    expect((await api().get('/api/acl').set('x-auth-token', heim.token)).status).toBe(200);

    await api().patch('/api/acl').set('x-auth-token', admin.token).send({ acl: { ROLE_DOCTOR: acl.ROLE_DOCTOR, ROLE_HOME: acl.ROLE_HOME } });
    expect((await api().get('/api/acl').set('x-auth-token', heim.token)).status).toBe(403);
  });
});

describe('GET /api/acl/doku/{name}', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/acl/doku/task_list_view')).status).toBe(401);
  });

  it('answers an inert SVG card with area, label, page, API call and default holders', async () => {
    const admin = await login(app, 'admin');
    const res = await api().get('/api/acl/doku/task_list_view').set('x-auth-token', admin.token).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const svg = (res.body as Buffer).toString('utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    for (const text of ['AUFTRÄGE · Liste', 'Aufträge anzeigen', 'task_list_view', '/anforderungen', 'GET /api/tasks', 'nur eigene', 'Administrator, Heim, Apotheker, Arzt']) {
      expect(svg).toContain(text);
    }
    expect(svg).not.toMatch(/<script|href=|onload|<foreignObject/i);
  });

  it('escapes the catalogue text it prints', async () => {
    const admin = await login(app, 'admin');
    const svg = (await api().get('/api/acl/doku/meeting_edit_view').set('x-auth-token', admin.token).buffer(true)).body.toString('utf8') as string;
    expect(svg).toContain('PUT /api/meetings/{contractId}/{option}');
    const { escapeXml } = await import('./acl-doku.js');
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it.each(['unknown_view', 'task_list_view_own', '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E'])('answers 404 for %s', async (name) => {
    const admin = await login(app, 'admin');
    const res = await api().get(`/api/acl/doku/${name}`).set('x-auth-token', admin.token);
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toEqual({ code: 'not_found', message: API_MESSAGES.notFound });
  });

  it.each(['heim', 'arzt', 'fahrer', 'buchhaltung'])('is forbidden for %s', async (username) => {
    const user = await login(app, username);
    expect((await api().get('/api/acl/doku/task_list_view').set('x-auth-token', user.token)).status).toBe(403);
  });
});

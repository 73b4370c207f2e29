/**
 * Cost of the signed-in user list: the SQL statements one request runs, counted at the
 * driver, on PostgreSQL and on PGlite; the total without a separate count query; and, where the
 * session row is remembered between requests (PGlite), that revocations and changes still apply to
 * the very next request.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { AuthRecord, UserListRow } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { users } from '../../db/schema/index.js';
import { statementsOf } from '../../testing/statement-counter.js';
import { bootApp, createTestDatabase, login, type TestDatabase } from '../../testing/test-app.js';

const STRONG = 'Sonne#Mond2024!';

describe.each([
  { driver: 'PostgreSQL (or PGlite when no server answers)', forcePglite: false },
  { driver: 'PGlite', forcePglite: true },
])('GET /api/users on $driver', ({ forcePglite }) => {
  let db: TestDatabase;
  let app: NestExpressApplication;
  let admin: AuthRecord;
  const api = () => request(app.getHttpServer());
  const get = (path: string, token: string) => api().get(path).set('x-auth-token', token);

  beforeAll(async () => {
    db = await createTestDatabase({ forcePglite });
    app = await bootApp(db);
    admin = await login(app, 'admin');
    // 50 users in all (the demo accounts plus drivers), inserted directly: no password hashing needed.
    const database = app.get<Database>(DB);
    const present = (await get('/api/users?limit=1', admin.token)).body.count as number;
    const rows = Array.from({ length: 50 - present }, (_, i) => ({ username: `kosten.${String(i).padStart(2, '0')}`, passwordHash: 'x', roles: ['ROLE_DRIVER'], lastname: `Kosten ${i}` }));
    await database.insert(users).values(rows);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('runs at most 2 SQL statements for the signed-in list of 50 (the session, the page with its total)', async () => {
    await get('/api/users?limit=50', admin.token);
    let res: request.Response | undefined;
    const run = await statementsOf(async () => {
      res = await get('/api/users?limit=50', admin.token);
    });
    expect(res!.status).toBe(200);
    expect(res!.body.data).toHaveLength(50);
    expect(res!.body.count).toBe(50);
    // Both drivers: the session row of the previous request is reused for up to 1 s (SessionService,
    // kept in step across instances by SessionBroadcast), so the list is the request's only statement.
    expect(run).toHaveLength(1);
    expect(run.filter((text) => /count\(\*\)/.test(text))).toHaveLength(1);
  });

  it.each([
    { title: 'a full page with more behind', query: 'limit=10', rows: 10 },
    { title: 'a later page', query: 'limit=20&offset=40', rows: 10 },
    { title: 'a page past the end (total asked separately)', query: 'limit=10&offset=60', rows: 0 },
    { title: 'a filter', query: 'limit=50&filter[text]=kosten.0', rows: 10 },
  ])('answers the total with $title', async ({ query, rows }) => {
    const res = await get(`/api/users?${query}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(rows);
    expect(res.body.count).toBe(query.includes('filter') ? 10 : 50);
  });

  it('never sends the password hash with a row', async () => {
    const res = await get('/api/users?limit=50', admin.token);
    for (const row of res.body.data as UserListRow[]) expect(Object.keys(row)).not.toContain('passwordHash');
  });

  describe('remembered session rows (both drivers) still follow every change at once', () => {
    async function newUser(roles: string[]): Promise<AuthRecord> {
      const username = `kosten.neu.${Math.random().toString(36).slice(2, 8)}`;
      const created = await api().post('/api/users').set('x-auth-token', admin.token).send({ username, roles, password: STRONG, password_confirm: STRONG, lastname: 'Neu' });
      expect(created.status).toBe(201);
      return login(app, username, STRONG);
    }

    it('refuses a signed-out session on the very next request', async () => {
      const user = await newUser(['ROLE_PHARMA', 'ROLE_MANAGER']);
      expect((await get('/api/users?limit=1', user.token)).status).toBe(200);
      expect((await api().post('/api/auth/logout').set('x-auth-token', user.token)).status).toBe(204);
      expect((await get('/api/users?limit=1', user.token)).status).toBe(401);
    });

    it('refuses a deactivated user and a changed password on the very next request', async () => {
      const deactivated = await newUser(['ROLE_PHARMA', 'ROLE_MANAGER']);
      expect((await get('/api/users?limit=1', deactivated.token)).status).toBe(200);
      expect((await api().delete(`/api/users/${deactivated.user._id}`).set('x-auth-token', admin.token)).status).toBe(200);
      expect((await get('/api/users?limit=1', deactivated.token)).status).toBe(401);

      const renewed = await newUser(['ROLE_PHARMA', 'ROLE_MANAGER']);
      expect((await get('/api/users?limit=1', renewed.token)).status).toBe(200);
      const changed = await api().put(`/api/users/${renewed.user._id}`).set('x-auth-token', admin.token).send({ password: 'Neues#Passwort24!', password_confirm: 'Neues#Passwort24!' });
      expect(changed.status).toBe(200);
      expect((await get('/api/users?limit=1', renewed.token)).status).toBe(401);
    });

    it('applies a role change to the very next request', async () => {
      const user = await newUser(['ROLE_PHARMA', 'ROLE_MANAGER']);
      expect((await get('/api/users?limit=1', user.token)).status).toBe(200);
      expect((await api().put(`/api/users/${user.user._id}`).set('x-auth-token', admin.token).send({ roles: ['ROLE_DRIVER'] })).status).toBe(200);
      // Drivers hold no user list right in the default matrix.
      expect((await get('/api/users?limit=1', user.token)).status).toBe(403);
    });

    it('applies a rights-matrix change to the very next request', async () => {
      const user = await newUser(['ROLE_PHARMA', 'ROLE_MANAGER']);
      expect((await get('/api/users?limit=1', user.token)).status).toBe(200);
      const { acl } = (await get('/api/acl', admin.token)).body as { acl: Record<string, { permissions: string[]; manager: string[] }> };
      const column = acl.ROLE_PHARMA!;
      const without = { permissions: column.permissions.filter((p) => !p.startsWith('user_list_view')), manager: column.manager.filter((p) => !p.startsWith('user_list_view')) };
      try {
        expect((await api().patch('/api/acl').set('x-auth-token', admin.token).send({ acl: { ROLE_PHARMA: without } })).status).toBe(200);
        expect((await get('/api/users?limit=1', user.token)).status).toBe(403);
      } finally {
        await api().patch('/api/acl').set('x-auth-token', admin.token).send({ acl: { ROLE_PHARMA: column } });
      }
      expect((await get('/api/users?limit=1', user.token)).status).toBe(200);
    });
  });
});

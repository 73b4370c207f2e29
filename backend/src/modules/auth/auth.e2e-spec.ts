import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord } from '@mediport/contracts';
import { AuditService } from '../../core/audit/audit.service.js';
import { DEMO_PASSWORD, login, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { UsersService } from '../users/users.service.js';

let db: TestDatabase;
let app: NestExpressApplication;
const api = () => request(app.getHttpServer());

useTestApp(async (booted) => {
  ({ app, db } = booted);
});

describe('POST /api/auth', () => {
  it('signs in and answers the auth record', async () => {
    const res = await api().post('/api/auth').send({ username: 'heim', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    const record = res.body as AuthRecord;
    expect(record.token).toEqual(expect.any(String));
    expect(record.username).toBe('heim');
    expect(record.roles).toEqual(['ROLE_HOME']);
    expect(record.home).toEqual({ _id: expect.any(String), name: 'Haus Sonnenschein' });
    expect(record.once_password).toBe(false);
    expect(record.system).toEqual({ deadline: null, url: null });
    expect(record.permissions).toContain('task_create_view_own');
    expect(record.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(record)).not.toContain('argon2');
  });

  it('matches the username case-insensitively', async () => {
    const res = await api().post('/api/auth').send({ username: 'ApOtHeKe', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('apotheke');
  });

  it('marks a contract-locked permission for the doctor without contract', async () => {
    const record = await login(app, 'arzt');
    expect(record.doctor).toMatchObject({ firstname: 'Anna', lastname: 'Berger', title: 'Dr.', email: expect.stringContaining('@') });
    expect(record.permissions).toContain('task_create_view_own_required_contract');
    expect(record.permissions).not.toContain('task_create_view_own');
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrong = await api().post('/api/auth').send({ username: 'fahrer', password: 'falsch' });
    const unknown = await api().post('/api/auth').send({ username: 'niemand', password: 'falsch' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ statusCode: 401, errors: [{ code: 'bad_credentials', message: API_MESSAGES.badCredentials }] });
  });

  it('answers 429 after 5 failures for one username within 15 minutes, even with the right password', async () => {
    await createUser('gesperrt');
    for (let i = 0; i < 5; i++) {
      const res = await api().post('/api/auth').send({ username: 'Gesperrt', password: `falsch-${i}` });
      expect(res.status).toBe(401);
    }
    const res = await api().post('/api/auth').send({ username: 'gesperrt', password: DEMO_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.errors[0]).toEqual({ code: 'throttled', message: API_MESSAGES.throttled });
    // Other usernames are not affected.
    expect((await api().post('/api/auth').send({ username: 'fahrer', password: DEMO_PASSWORD })).status).toBe(200);
  });

  it.each([
    { title: 'missing body', body: {} },
    { title: 'username not a string', body: { username: 42, password: 'x' } },
    { title: 'password missing', body: { username: 'admin' } },
  ])('rejects bad input with 400: $title', async ({ body }) => {
    const res = await api().post('/api/auth').send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual(expect.objectContaining({ path: expect.any(String), message: expect.any(String) }));
  });

  it('refuses a deactivated user with the right password', async () => {
    const { id } = await createUser('deaktiviert');
    const admin = await login(app, 'admin');
    await app.get(UsersService, { strict: false }).deactivate(admin.user._id, id);
    const res = await api().post('/api/auth').send({ username: 'deaktiviert', password: DEMO_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toEqual({ code: 'deactivated', message: API_MESSAGES.deactivated });
  });
});

describe('GET /api/auth/session', () => {
  it('requires sign-in', async () => {
    const res = await api().get('/api/auth/session');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('unauthenticated');
  });

  it('answers the current auth record with the same token', async () => {
    const record = await login(app, 'apotheke');
    const res = await api().get('/api/auth/session').set('x-auth-token', record.token);
    expect(res.status).toBe(200);
    expect(res.body.token).toBe(record.token);
    expect(res.body.permissions).toEqual(record.permissions);
  });

  it.each([
    { title: 'garbage token', token: 'not-a-token' },
    { title: 'token signed with another secret', token: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAifQ.c2lnbmF0dXJl' },
  ])('answers 401 for a $title', async ({ token }) => {
    const res = await api().get('/api/auth/session').set('x-auth-token', token);
    expect(res.status).toBe(401);
  });

  it('ends every session at once when the user is deactivated', async () => {
    const { id } = await createUser('wird-deaktiviert');
    const user = await login(app, 'wird-deaktiviert');
    expect((await api().get('/api/auth/session').set('x-auth-token', user.token)).status).toBe(200);
    const admin = await login(app, 'admin');
    await app.get(UsersService, { strict: false }).deactivate(admin.user._id, id);
    expect((await api().get('/api/auth/session').set('x-auth-token', user.token)).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('requires sign-in', async () => {
    expect((await api().post('/api/auth/logout')).status).toBe(401);
  });

  it('revokes the token at once and writes an audit row', async () => {
    const record = await login(app, 'fahrer');
    const res = await api().post('/api/auth/logout').set('x-auth-token', record.token);
    expect(res.status).toBe(204);
    expect((await api().get('/api/auth/session').set('x-auth-token', record.token)).status).toBe(401);
    const rows = await app.get(AuditService, { strict: false }).find({ action: 'auth.logout', actorId: record.user._id });
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/masquerade/:userId', () => {
  it('requires sign-in', async () => {
    expect((await api().post('/api/auth/masquerade/00000000-0000-0000-0000-000000000000')).status).toBe(401);
  });

  it.each(['apotheke', 'heim', 'arzt', 'fahrer', 'buchhaltung'])('is forbidden for %s', async (username) => {
    const caller = await login(app, username);
    const target = await login(app, 'fahrer');
    const res = await api().post(`/api/auth/masquerade/${target.user._id}`).set('x-auth-token', caller.token);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(API_MESSAGES.forbidden);
  });

  it('refuses masquerading as oneself', async () => {
    const admin = await login(app, 'admin');
    const res = await api().post(`/api/auth/masquerade/${admin.user._id}`).set('x-auth-token', admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(API_MESSAGES.noSelfMasquerade);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await login(app, 'admin');
    const res = await api().post('/api/auth/masquerade/00000000-0000-4000-8000-000000000000').set('x-auth-token', admin.token);
    expect(res.status).toBe(404);
  });

  it('lets the admin work as another user and switch back; both steps are audited', async () => {
    const admin = await login(app, 'admin');
    const heim = await login(app, 'heim');
    const res = await api().post(`/api/auth/masquerade/${heim.user._id}`).set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    const masked = res.body as AuthRecord;
    expect(masked.username).toBe('heim');
    expect(masked.switchBackToken).toBe(admin.token);
    expect(masked.token).not.toBe(admin.token);
    // The masquerade token acts as the home user; a refreshed record keeps a working way back.
    const refreshed = await api().get('/api/auth/session').set('x-auth-token', masked.token);
    expect(refreshed.body.username).toBe('heim');
    expect(refreshed.body.switchBackToken).toEqual(expect.any(String));
    expect((await api().get('/api/auth/session').set('x-auth-token', refreshed.body.switchBackToken)).body.username).toBe('admin');
    expect((await api().get('/api/acl').set('x-auth-token', masked.token)).status).toBe(403);

    const audit = app.get(AuditService, { strict: false });
    const rows = await audit.find({ action: 'auth.masquerade', actorId: admin.user._id });
    expect(rows[0]).toMatchObject({ target: heim.user._id, meta: expect.objectContaining({ adminUsername: 'admin', targetUsername: 'heim' }) });

    const back = await api().post('/api/auth/switch-back').set('x-auth-token', masked.token).send({ switchBackToken: masked.switchBackToken });
    expect(back.status).toBe(200);
    expect(back.body.username).toBe('admin');
    expect(back.body.token).toBe(admin.token);
    expect(back.body.switchBackToken).toBeUndefined();
    expect((await api().get('/api/auth/session').set('x-auth-token', masked.token)).status).toBe(401);
    expect((await api().get('/api/acl').set('x-auth-token', admin.token)).status).toBe(200);
    expect((await audit.find({ action: 'auth.switch_back', actorId: admin.user._id }))[0]).toMatchObject({ target: heim.user._id });
  });
});

describe('masquerade and logout', () => {
  it('ends the masquerade session when the administrator signs out', async () => {
    const admin = await login(app, 'admin');
    const fahrer = await login(app, 'fahrer');
    const masked = (await api().post(`/api/auth/masquerade/${fahrer.user._id}`).set('x-auth-token', admin.token)).body as AuthRecord;
    expect((await api().post('/api/auth/logout').set('x-auth-token', admin.token)).status).toBe(204);
    expect((await api().get('/api/auth/session').set('x-auth-token', masked.token)).status).toBe(401);
  });
});

describe('POST /api/auth/switch-back', () => {
  it('requires sign-in', async () => {
    expect((await api().post('/api/auth/switch-back').send({ switchBackToken: 'x' })).status).toBe(401);
  });

  it.each([
    { title: 'a session that is no masquerade', masquerade: false },
    { title: 'a switch-back token of another session', masquerade: true },
  ])('refuses $title', async ({ masquerade }) => {
    const admin = await login(app, 'admin');
    const other = await login(app, 'admin');
    let token = (await login(app, 'fahrer')).token;
    if (masquerade) {
      const fahrer = await login(app, 'fahrer');
      token = (await api().post(`/api/auth/masquerade/${fahrer.user._id}`).set('x-auth-token', admin.token)).body.token;
    }
    const res = await api().post('/api/auth/switch-back').set('x-auth-token', token).send({ switchBackToken: other.token });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].message).toBe(API_MESSAGES.switchBackInvalid);
  });
});

describe('once_password', () => {
  it('confines the user to the allowed calls until the password is changed', async () => {
    const { id } = await createUser('einmal', { oncePassword: true });
    const record = await login(app, 'einmal');
    expect(record.once_password).toBe(true);
    const t = record.token;
    const blocked = await api().get('/api/acl').set('x-auth-token', t);
    expect(blocked.status).toBe(403);
    expect(blocked.body.errors[0]).toEqual({ code: 'password_change_required', message: API_MESSAGES.passwordChangeRequired });
    expect((await api().get('/api/contracts/has?home=00000000-0000-4000-8000-000000000000').set('x-auth-token', t)).body.errors[0].code).toBe('password_change_required');
    const admin = await login(app, 'admin');
    expect((await api().get(`/api/users/${admin.user._id}/profile`).set('x-auth-token', t)).status).toBe(403);

    expect((await api().get('/api/auth/session').set('x-auth-token', t)).status).toBe(200);
    expect((await api().get('/api/config').set('x-auth-token', t)).status).toBe(200);
    expect((await api().get('/api/settings').set('x-auth-token', t)).status).toBe(200);
    expect((await api().get(`/api/users/${id}/profile`).set('x-auth-token', t)).status).toBe(200);

    const changed = await api()
      .put(`/api/users/${id}/profile`)
      .set('x-auth-token', t)
      .send({ password_current: DEMO_PASSWORD, password: 'Neu#Passwort99!', password_confirm: 'Neu#Passwort99!' });
    expect(changed.status).toBe(200);
    expect(changed.body.auth.once_password).toBe(false);
    expect((await api().get('/api/auth/session').set('x-auth-token', t)).status).toBe(401);
    expect((await api().get('/api/contracts/has?home=00000000-0000-4000-8000-000000000000').set('x-auth-token', changed.body.auth.token)).status).toBe(403);
  });
});

/** Creates a user directly in the database; the user administration API comes with issue #3. */
async function createUser(username: string, extra: { oncePassword?: boolean } = {}) {
  const users = app.get(UsersService, { strict: false });
  const template = (await users.findByUsername('fahrer'))!;
  const { users: table } = await import('../../db/schema/index.js');
  const { DB } = await import('../../core/db/db.module.js');
  const database = app.get(DB, { strict: false });
  const [row] = await database
    .insert(table)
    .values({ username, passwordHash: template.passwordHash, roles: ['ROLE_DRIVER'], oncePassword: extra.oncePassword ?? false })
    .returning({ id: table.id });
  return row!;
}

import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord } from '@mediport/contracts';
import { and, eq, lt } from 'drizzle-orm';
import { AuditService } from '../../core/audit/audit.service.js';
import { PasswordService } from '../../core/auth/password.service.js';
import { DB } from '../../core/db/db.module.js';
import type { Database } from '../../core/db/database.js';
import { loginFailures } from '../../db/schema/index.js';
import { DEMO_PASSWORD, login, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { UsersService } from '../users/users.service.js';

let db: TestDatabase;
let app: NestExpressApplication;
const api = () => request(app.getHttpServer());

// Client addresses travel in X-Forwarded-For (supertest cannot choose the socket address), as behind
// one proxy hop (TRUST_PROXY=1): the right-most entry, written by the proxy, is the client.
useTestApp(
  async (booted) => {
    ({ app, db } = booted);
  },
  { TRUST_PROXY: '1' },
);

let lastOctet = 0;
/** A client address of its own, so that one test's failures never throttle another's. */
const newAddress = () => `203.0.113.${++lastOctet}`;
const signIn = (username: string, password: string, address: string) =>
  api().post('/api/auth').set('X-Forwarded-For', address).send({ username, password });
const BAD_CREDENTIALS = { statusCode: 401, errors: [{ code: 'bad_credentials', message: API_MESSAGES.badCredentials }] };
const THROTTLED = { statusCode: 429, errors: [{ code: 'throttled', message: API_MESSAGES.throttled }] };

describe('POST /api/auth', () => {
  it('counts the address the trusted proxy saw, not entries a client forged in X-Forwarded-For', async () => {
    const real = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await api().post('/api/auth').set('X-Forwarded-For', `10.9.9.${i}, ${real}`).send({ username: 'admin', password: 'falsch-falsch' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

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

  it('answers 429 after 5 failures of one username from one address, for that pair only', async () => {
    await createUser('gesperrt');
    const [a, b] = [newAddress(), newAddress()];
    for (let i = 0; i < 5; i++) {
      const res = await signIn('Gesperrt', `falsch-${i}`, a);
      expect(res.status).toBe(401);
    }
    const res = await signIn('gesperrt', DEMO_PASSWORD, a);
    expect(res.status).toBe(429);
    expect(res.body).toEqual(THROTTLED);
    // The same person from another address, and other usernames from the same address, still sign in.
    expect((await signIn('gesperrt', DEMO_PASSWORD, b)).status).toBe(200);
    expect((await signIn('fahrer', DEMO_PASSWORD, a)).status).toBe(200);
    expect((await signIn('gesperrt', DEMO_PASSWORD, a)).status).toBe(429);
  });

  it('clears the failures of the pair on a successful sign-in', async () => {
    const a = newAddress();
    for (let i = 0; i < 4; i++) expect((await signIn('heim', 'falsch', a)).status).toBe(401);
    expect((await signIn('heim', DEMO_PASSWORD, a)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn('heim', 'falsch', a)).status).toBe(401);
    expect((await signIn('heim', DEMO_PASSWORD, a)).status).toBe(429);
  });

  it('answers 429 for an address after 30 failures across usernames, before any hashing', async () => {
    const [a, b] = [newAddress(), newAddress()];
    for (let i = 0; i < 30; i++) expect((await signIn(`niemand-${i}`, 'falsch', a)).status).toBe(401);
    const passwords = app.get(PasswordService, { strict: false });
    const verify = jest.spyOn(passwords, 'verify');
    const verifyNobody = jest.spyOn(passwords, 'verifyNobody');
    try {
      const res = await signIn('apotheke', DEMO_PASSWORD, a);
      expect(res.status).toBe(429);
      expect(res.body).toEqual(THROTTLED);
      expect((await signIn('niemand-neu', 'falsch', a)).status).toBe(429);
      expect(verify).not.toHaveBeenCalled();
      expect(verifyNobody).not.toHaveBeenCalled();
      // Another address is not affected.
      expect((await signIn('apotheke', DEMO_PASSWORD, b)).status).toBe(200);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
      verifyNobody.mockRestore();
    }
  });

  it('lets no burst of parallel attempts past the cap of a pair', async () => {
    const a = newAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn('fahrer', `falsch-${i}`, a)));
    const statuses = answers.map((r) => r.status);
    const failed = statuses.filter((s) => s === 401).length;
    expect(failed).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBe(12 - failed);
    // Only the answered failures count: the pair has exactly 5 - failed attempts left.
    for (let i = failed; i < 5; i++) expect((await signIn('fahrer', 'falsch', a)).status).toBe(401);
    expect((await signIn('fahrer', DEMO_PASSWORD, a)).status).toBe(429);
  });

  it('prunes failures that fell out of the window', async () => {
    const a = newAddress();
    const database = app.get<Database>(DB, { strict: false });
    const old = new Date(Date.now() - 16 * 60 * 1000);
    await database.insert(loginFailures).values(Array.from({ length: 5 }, () => ({ usernameKey: 'heim', address: a, at: old })));
    expect((await signIn('heim', 'falsch', a)).status).toBe(401);
    const left = await database
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.address, a), lt(loginFailures.at, new Date(Date.now() - 15 * 60 * 1000))));
    expect(left).toEqual([]);
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

  it('answers a deactivated user with the right password exactly like a wrong password, and counts it', async () => {
    const { id } = await createUser('deaktiviert');
    const admin = await login(app, 'admin');
    await app.get(UsersService, { strict: false }).deactivate(admin.user._id, id);
    const a = newAddress();
    const passwords = app.get(PasswordService, { strict: false });
    const verify = jest.spyOn(passwords, 'verify');
    try {
      const right = await signIn('deaktiviert', DEMO_PASSWORD, a);
      // The same argon2 verification as any other attempt: the answer takes as long as a wrong password.
      expect(verify).toHaveBeenCalledTimes(1);
      const wrong = await signIn('deaktiviert', 'falsch', a);
      expect(right.status).toBe(401);
      expect(right.body).toEqual(BAD_CREDENTIALS);
      expect(wrong.body).toEqual(right.body);
    } finally {
      verify.mockRestore();
    }
    for (let i = 0; i < 3; i++) expect((await signIn('deaktiviert', DEMO_PASSWORD, a)).status).toBe(401);
    expect((await signIn('deaktiviert', DEMO_PASSWORD, a)).status).toBe(429);
  });

  it('audits the sign-in with the user as actor', async () => {
    const record = await login(app, 'buchhaltung');
    const rows = await app.get(AuditService, { strict: false }).find({ action: 'auth.login', actorId: record.user._id });
    expect(rows[0]).toMatchObject({ target: record.user._id, meta: { sessionId: expect.any(String) } });
    expect(rows[0]!.meta).not.toHaveProperty('asUserId');
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
    // The user policy refuses it (403); the message says why.
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(API_MESSAGES.noSelfMasquerade);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await login(app, 'admin');
    const res = await api().post('/api/auth/masquerade/00000000-0000-4000-8000-000000000000').set('x-auth-token', admin.token);
    expect(res.status).toBe(404);
  });

  it('never lets a non-administrator masquerade as an administrator, even when the matrix grants masquerade_view', async () => {
    const admin = await login(app, 'admin');
    const current = (await api().get('/api/acl').set('x-auth-token', admin.token)).body.acl.ROLE_PHARMA as { permissions: string[]; manager: string[] };
    const granted = await api()
      .patch('/api/acl')
      .set('x-auth-token', admin.token)
      .send({ acl: { ROLE_PHARMA: { permissions: [...current.permissions, 'masquerade_view'], manager: current.manager } } });
    expect(granted.status).toBe(200);
    try {
      const apotheke = await login(app, 'apotheke');
      const heim = await login(app, 'heim');
      const intoAdmin = await api().post(`/api/auth/masquerade/${admin.user._id}`).set('x-auth-token', apotheke.token);
      expect(intoAdmin.status).toBe(403);
      expect(intoAdmin.body.errors[0]).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
      expect((await api().post(`/api/auth/masquerade/${heim.user._id}`).set('x-auth-token', apotheke.token)).status).toBe(200);
    } finally {
      await api().patch('/api/acl').set('x-auth-token', admin.token).send({ acl: { ROLE_PHARMA: current } });
    }
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

describe('masquerade by a user with a one-time password', () => {
  it('is refused until the password is changed', async () => {
    await createUser('einmal-admin', { oncePassword: true, roles: ['ROLE_ADMIN'] });
    const admin = await login(app, 'einmal-admin');
    const other = await createUser('anderer-admin', { roles: ['ROLE_ADMIN'] });
    const res = await api().post(`/api/auth/masquerade/${other.id}`).set('x-auth-token', admin.token);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: 'password_change_required', message: API_MESSAGES.passwordChangeRequired });
    // Session, logout and switch-back stay reachable.
    expect((await api().get('/api/auth/session').set('x-auth-token', admin.token)).status).toBe(200);
    expect((await api().post('/api/auth/switch-back').set('x-auth-token', admin.token).send({ switchBackToken: admin.token })).status).toBe(401);
    expect((await api().post('/api/auth/logout').set('x-auth-token', admin.token)).status).toBe(204);
  });
});

describe('masquerade into a deactivated user', () => {
  it('is forbidden and leaves the administrator signed in', async () => {
    const { id } = await createUser('deaktiviert-ziel');
    const admin = await login(app, 'admin');
    await app.get(UsersService, { strict: false }).deactivate(admin.user._id, id);
    const res = await api().post(`/api/auth/masquerade/${id}`).set('x-auth-token', admin.token);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(API_MESSAGES.forbidden);
    expect((await api().get('/api/auth/session').set('x-auth-token', admin.token)).status).toBe(200);
  });
});

describe('a masquerade ends with the session it was opened from', () => {
  const alive = async (token: string) => (await api().get('/api/auth/session').set('x-auth-token', token)).status;

  it('signing out the first administrator ends every session of the chain (A → administrator B → home user)', async () => {
    const a = await login(app, 'admin');
    const b = await createUser('admin-kette', { roles: ['ROLE_ADMIN'] });
    const asB = (await api().post(`/api/auth/masquerade/${b.id}`).set('x-auth-token', a.token)).body as AuthRecord;
    const heim = await login(app, 'heim');
    const asHeim = (await api().post(`/api/auth/masquerade/${heim.user._id}`).set('x-auth-token', asB.token)).body as AuthRecord;
    expect(await alive(asHeim.token)).toBe(200);
    expect((await api().post('/api/auth/logout').set('x-auth-token', a.token)).status).toBeLessThan(300);
    expect(await alive(asB.token)).toBe(401);
    expect(await alive(asHeim.token)).toBe(401);
    // The home user's own session is not touched.
    expect(await alive(heim.token)).toBe(200);
  });

  it('deactivating an administrator ends the sessions they opened as other users', async () => {
    const removed = await createUser('admin-geht', { roles: ['ROLE_ADMIN'] });
    const own = await login(app, 'admin-geht');
    const fahrer = await login(app, 'fahrer');
    const asFahrer = (await api().post(`/api/auth/masquerade/${fahrer.user._id}`).set('x-auth-token', own.token)).body as AuthRecord;
    expect(await alive(asFahrer.token)).toBe(200);
    const admin = await login(app, 'admin');
    expect((await api().delete(`/api/users/${removed.id}`).set('x-auth-token', admin.token)).status).toBeLessThan(300);
    expect(await alive(own.token)).toBe(401);
    expect(await alive(asFahrer.token)).toBe(401);
    expect(await alive(fahrer.token)).toBe(200);
  });
});

describe('audit rows of a masquerade name the person', () => {
  it('names the first administrator through a chain of masquerades', async () => {
    const a = await login(app, 'admin');
    const b = await createUser('admin-b', { roles: ['ROLE_ADMIN'] });
    const c = await login(app, 'heim');
    const asB = (await api().post(`/api/auth/masquerade/${b.id}`).set('x-auth-token', a.token)).body as AuthRecord;
    expect(asB.username).toBe('admin-b');
    const res = await api().post(`/api/auth/masquerade/${c.user._id}`).set('x-auth-token', asB.token);
    expect(res.status).toBe(200);
    const asC = res.body as AuthRecord;

    const audit = app.get(AuditService, { strict: false });
    const masquerades = await audit.find({ action: 'auth.masquerade', actorId: a.user._id });
    expect(masquerades.find((row) => row.target === c.user._id)).toMatchObject({ actorId: a.user._id, meta: expect.objectContaining({ asUserId: b.id }) });
    expect(masquerades.find((row) => row.target === b.id)!.meta).not.toHaveProperty('asUserId');
    expect(await audit.find({ action: 'auth.masquerade', actorId: b.id })).toEqual([]);

    const back = await api().post('/api/auth/switch-back').set('x-auth-token', asC.token).send({ switchBackToken: asC.switchBackToken });
    expect(back.status).toBe(200);
    expect(back.body.username).toBe('admin-b');
    const switchBacks = await audit.find({ action: 'auth.switch_back', actorId: a.user._id });
    expect(switchBacks[0]).toMatchObject({ target: c.user._id, meta: expect.objectContaining({ asUserId: c.user._id }) });

    expect((await api().post('/api/auth/logout').set('x-auth-token', asB.token)).status).toBe(204);
    const logouts = await audit.find({ action: 'auth.logout', actorId: a.user._id });
    expect(logouts[0]).toMatchObject({ target: b.id, meta: { sessionId: expect.any(String), asUserId: b.id } });
    expect(await audit.find({ action: 'auth.logout', actorId: b.id })).toEqual([]);
  });

  it('names the administrator when a masquerade session signs out', async () => {
    const admin = await login(app, 'admin');
    const fahrer = await login(app, 'fahrer');
    const masked = (await api().post(`/api/auth/masquerade/${fahrer.user._id}`).set('x-auth-token', admin.token)).body as AuthRecord;
    expect((await api().post('/api/auth/logout').set('x-auth-token', masked.token)).status).toBe(204);
    const rows = await app.get(AuditService, { strict: false }).find({ action: 'auth.logout', actorId: admin.user._id });
    expect(rows[0]).toMatchObject({ target: fahrer.user._id, meta: { asUserId: fahrer.user._id } });
    // The administrator's own session goes on.
    expect((await api().get('/api/auth/session').set('x-auth-token', admin.token)).status).toBe(200);
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

/** Creates a user directly in the database, without the user administration API. */
async function createUser(username: string, extra: { oncePassword?: boolean; roles?: string[] } = {}) {
  const users = app.get(UsersService, { strict: false });
  const template = (await users.findByUsername('fahrer'))!;
  const { users: table } = await import('../../db/schema/index.js');
  const { DB } = await import('../../core/db/db.module.js');
  const database = app.get(DB, { strict: false });
  const [row] = await database
    .insert(table)
    .values({ username, passwordHash: template.passwordHash, roles: extra.roles ?? ['ROLE_DRIVER'], oncePassword: extra.oncePassword ?? false })
    .returning({ id: table.id });
  return row!;
}

import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { OAUTH_MESSAGES, type AuthRecord } from '@mediport/contracts';
import { AuditService } from '../../core/audit/audit.service.js';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { settings, userIdentities, users } from '../../db/schema/index.js';
import { bootApp, createTestDatabase, DEMO_PASSWORD, login, type TestDatabase } from '../../testing/test-app.js';
import { authorizeAtProvider, type RunningTestProvider, startOidcTestProvider, type TestAccount } from './testing/oidc-test-provider.js';

const CLIENT_ID = 'medikationsportal';
const CLIENT_SECRET = 'test-client-secret-0123456789';
const REDIRECT_URI = 'http://127.0.0.1:18099/oauth';
const NONCE = 'fester-nonce-laut-spezifikation';
const PASSWORD = 'apomondo-passwort';
const FAILURE = { statusCode: 401, errors: [{ code: 'oauth_failed', message: OAUTH_MESSAGES.failed }] };

const ACCOUNTS: TestAccount[] = [
  { username: 'heim', password: PASSWORD, sub: 'apo-heim-0001' },
  { username: 'unbekannt', password: PASSWORD, sub: 'apo-unbekannt-0002' },
  { username: 'admin', password: PASSWORD, sub: 'apo-admin-0003' },
  { username: 'gesperrt.sso', password: PASSWORD, sub: 'apo-gesperrt-0004' },
  // Releases no preferred_username; the local part of the e-mail names a local user (case differs).
  { username: 'x-9921', password: PASSWORD, sub: 'apo-fahrer-0005', email: 'Fahrer@apotheke.example', withoutUsername: true },
  // preferred_username comes first: it has no local user, so the e-mail is not consulted.
  { username: 'y-5512', password: PASSWORD, sub: 'apo-fahrer-0006', email: 'fahrer@apotheke.example' },
];

const ssoEnv = (issuer: string) => ({
  SSO_ENABLED: '1',
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: CLIENT_ID,
  OIDC_CLIENT_SECRET: CLIENT_SECRET,
  OIDC_REDIRECT_URI: REDIRECT_URI,
  OIDC_NONCE: NONCE,
});

let provider: RunningTestProvider;
let db: TestDatabase;
let app: NestExpressApplication;
const api = () => request(app.getHttpServer());

/** A real authorization code from the provider for one of its accounts. */
async function codeFor(username: string, over: { nonce?: string; state?: string } = {}): Promise<string> {
  const callback = await authorizeAtProvider(provider.issuer, {
    clientId: CLIENT_ID,
    redirectUri: REDIRECT_URI,
    nonce: over.nonce ?? NONCE,
    state: over.state,
    username,
    password: PASSWORD,
  });
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
  return callback.searchParams.get('code')!;
}

beforeAll(async () => {
  provider = await startOidcTestProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI], accounts: ACCOUNTS });
  db = await createTestDatabase();
  app = await bootApp(db, ssoEnv(provider.issuer));
  const database = app.get<Database>(DB, { strict: false });
  const template = (await database.select().from(users).where(eq(users.username, 'fahrer')))[0]!;
  await database.insert(users).values({ username: 'gesperrt.sso', passwordHash: template.passwordHash, roles: ['ROLE_DRIVER'], status: 'removed' });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
  await provider?.stop();
});

describe('POST /api/oauth', () => {
  it('signs the partner user in as the local user of the same name and answers the auth record of a normal session', async () => {
    const res = await api().post('/api/oauth').send({ code: await codeFor('heim') });
    expect(res.status).toBe(200);
    const record = res.body as AuthRecord;
    const password = await login(app, 'heim', DEMO_PASSWORD);
    expect(record).toMatchObject({ username: 'heim', roles: ['ROLE_HOME'], home: { name: 'Haus Sonnenschein' }, once_password: false });
    expect(record.permissions).toEqual(password.permissions);
    expect(record.token).not.toBe(password.token);
    const session = await api().get('/api/auth/session').set('x-auth-token', record.token);
    expect(session.status).toBe(200);
    expect(session.body.username).toBe('heim');

    const database = app.get<Database>(DB, { strict: false });
    const links = await database.select().from(userIdentities).where(eq(userIdentities.subject, 'apo-heim-0001'));
    expect(links).toEqual([expect.objectContaining({ issuer: provider.issuer, userId: record.user._id })]);
    const audit = app.get(AuditService, { strict: false });
    expect((await audit.find({ action: 'auth.oauth_login', actorId: record.user._id }))[0]).toMatchObject({
      target: record.user._id,
      meta: expect.objectContaining({ issuer: provider.issuer, subject: 'apo-heim-0001' }),
    });
    expect(await audit.find({ action: 'auth.oauth_link', actorId: record.user._id })).toHaveLength(1);
  });

  it('signs in again through the stored link without linking twice, also under /api/v3', async () => {
    const res = await api().post('/api/v3/oauth').send({ code: await codeFor('heim'), state: 'sso', iss: provider.issuer });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('heim');
    expect(await app.get(AuditService, { strict: false }).find({ action: 'auth.oauth_link', actorId: res.body.user._id })).toHaveLength(1);
  });

  it('matches the local part of the e-mail case-insensitively when the provider releases no preferred_username', async () => {
    const res = await api().post('/api/oauth').send({ code: await codeFor('x-9921') });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('fahrer');
  });

  it('answers the record with once_password for a user who must replace a one-time password', async () => {
    const database = app.get<Database>(DB, { strict: false });
    await database.update(users).set({ oncePassword: true }).where(eq(users.username, 'heim'));
    try {
      const res = await api().post('/api/oauth').send({ code: await codeFor('heim') });
      expect(res.status).toBe(200);
      expect(res.body.once_password).toBe(true);
    } finally {
      await database.update(users).set({ oncePassword: false }).where(eq(users.username, 'heim'));
    }
  });

  it.each([
    { title: 'a partner user without a local user ("unbekannt")', code: () => codeFor('unbekannt') },
    { title: 'a deactivated local user', code: () => codeFor('gesperrt.sso') },
    { title: 'an administrator (administrators sign in with their password only)', code: () => codeFor('admin') },
    { title: 'an ID token with another nonce than the configured one', code: () => codeFor('heim', { nonce: 'ein-anderer-nonce' }) },
    { title: 'a code the provider never issued', code: async () => 'erfundener-code' },
    { title: 'a preferred_username without local user (the e-mail is not consulted then)', code: () => codeFor('y-5512') },
  ])('refuses $title with 401 and the spec text', async ({ code }) => {
    const res = await api().post('/api/oauth').send({ code: await code() });
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: FAILURE });
  });

  it('refuses a code that was already redeemed', async () => {
    const code = await codeFor('heim');
    expect((await api().post('/api/oauth').send({ code })).status).toBe(200);
    const again = await api().post('/api/oauth').send({ code });
    expect({ status: again.status, body: again.body }).toEqual({ status: 401, body: FAILURE });
  });

  it('refuses a callback whose state is not the constant "sso"', async () => {
    const res = await api().post('/api/oauth').send({ code: await codeFor('heim', { state: 'fremd' }), state: 'fremd' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: FAILURE });
  });

  it('refuses a callback that names another issuer', async () => {
    const res = await api().post('/api/oauth').send({ code: await codeFor('heim'), iss: 'https://anderer-anbieter.example' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: FAILURE });
  });

  it.each([
    { title: 'missing code', body: {} },
    { title: 'empty code', body: { code: '' } },
    { title: 'code not a string', body: { code: 42 } },
  ])('answers 400 with the spec text for $title', async ({ body }) => {
    const res = await api().post('/api/oauth').send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'code', message: OAUTH_MESSAGES.failed });
  });
});

describe('the deactivation of a linked user', () => {
  it('refuses the partner sign-in of a linked user once the local user is deactivated', async () => {
    const database = app.get<Database>(DB, { strict: false });
    const first = await api().post('/api/oauth').send({ code: await codeFor('heim') });
    expect(first.status).toBe(200);
    await database.update(users).set({ status: 'removed' }).where(eq(users.username, 'heim'));
    try {
      const res = await api().post('/api/oauth').send({ code: await codeFor('heim') });
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: FAILURE });
    } finally {
      await database.update(users).set({ status: '' }).where(eq(users.username, 'heim'));
    }
  });
});

describe('a linked user who becomes an administrator', () => {
  it('is refused at the partner sign-in: administrators sign in with their password only', async () => {
    const database = app.get<Database>(DB, { strict: false });
    expect((await api().post('/api/oauth').send({ code: await codeFor('heim') })).status).toBe(200);
    const [before] = await database.select({ roles: users.roles }).from(users).where(eq(users.username, 'heim'));
    await database.update(users).set({ roles: [...before!.roles, 'ROLE_ADMIN'] }).where(eq(users.username, 'heim'));
    try {
      const res = await api().post('/api/oauth').send({ code: await codeFor('heim') });
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: FAILURE });
    } finally {
      await database.update(users).set({ roles: before!.roles }).where(eq(users.username, 'heim'));
    }
  });
});

describe('GET /api/config', () => {
  it('offers the provider\'s discovered authorization endpoint, the client id and the fixed nonce', async () => {
    const res = await api().get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body.sso).toEqual({ enabled: true, authorizationUrl: `${provider.issuer}/auth`, clientId: CLIENT_ID, nonce: NONCE });
  });
});

describe('GET /api/partner/apomondo', () => {
  it('answers false as JSON while the instance is no partner-platform instance', async () => {
    const res = await api().get('/api/partner/apomondo');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe(false);
  });

  it('answers true once settings mark the instance as a partner-platform instance, without sign-in', async () => {
    const database = app.get<Database>(DB, { strict: false });
    await database.update(settings).set({ partnerInstance: true });
    try {
      const res = await api().get('/api/v3/partner/apomondo');
      expect(res.status).toBe(200);
      expect(res.body).toBe(true);
    } finally {
      await database.update(settings).set({ partnerInstance: false });
    }
  });
});

describe('single sign-on with the provider unreachable or switched off', () => {
  let other: TestDatabase;
  const apps: NestExpressApplication[] = [];
  beforeAll(async () => {
    other = await createTestDatabase();
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await other?.drop();
  });

  it('answers 401 with the spec text when discovery fails, and /api/config offers no login address', async () => {
    const down = await bootApp(other, ssoEnv('http://127.0.0.1:9'));
    apps.push(down);
    const res = await request(down.getHttpServer()).post('/api/oauth').send({ code: 'irgendein-code' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: FAILURE });
    const config = await request(down.getHttpServer()).get('/api/config');
    expect(config.body.sso).toEqual({ enabled: true, authorizationUrl: null, clientId: CLIENT_ID, nonce: NONCE });
  });

  it('answers 401 with the spec text when the provider goes down after discovery', async () => {
    const second = await startOidcTestProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI], accounts: ACCOUNTS });
    const withSecond = await bootApp(other, ssoEnv(second.issuer));
    apps.push(withSecond);
    const callback = await authorizeAtProvider(second.issuer, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, nonce: NONCE, username: 'heim', password: PASSWORD });
    expect((await request(withSecond.getHttpServer()).get('/api/config')).body.sso.authorizationUrl).toBe(`${second.issuer}/auth`);
    await second.stop();
    const res = await request(withSecond.getHttpServer()).post('/api/oauth').send({ code: callback.searchParams.get('code') });
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: FAILURE });
  });

  it('answers 401 with the spec text when single sign-on is switched off', async () => {
    const off = await bootApp(other);
    apps.push(off);
    const res = await request(off.getHttpServer()).post('/api/oauth').send({ code: 'irgendein-code' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: FAILURE });
  });
});

/**
 * Two instances on one PostgreSQL database (as behind a load balancer): each reuses the session row
 * of a request for the next ones (SessionService), so every revocation and user change made on one
 * instance must reach the other at once (SessionBroadcast, LISTEN/NOTIFY). Each case first makes
 * instance B remember the session, then changes it through instance A, waits until B has heard
 * the announcement (at most 0.9 s: less than the 1 s a row is kept, so a lost announcement fails
 * the case instead of expiring unseen; delivery is asynchronous and takes longer than A's answer
 * on a busy machine), then asks B. PostgreSQL only: a PGlite folder belongs to one process.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import type { Database } from '../db/database.js';
import { DB } from '../db/db.module.js';
import { bootApp, createTestDatabase, login, type TestDatabase } from '../../testing/test-app.js';
import { SESSION_CHANNEL, SessionBroadcast } from './session-broadcast.js';

const STRONG = 'Sonne#Mond2024!';
const NEXT = 'Regen#Wind2025!';

/** The statements that read a session row, while `counting` is on. */
const sessionReads: string[] = [];
let counting = false;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: unknown, text: unknown, ...rest: unknown[]) {
  const statement = typeof text === 'string' ? text : String((text as { text?: unknown } | undefined)?.text);
  if (counting && /from "sessions"/.test(statement)) sessionReads.push(statement);
  return query.call(this, text, ...rest);
} as typeof pg.Client.prototype.query;

let db: TestDatabase;
let a: NestExpressApplication;
let b: NestExpressApplication;
let admin: AuthRecord;
const on = (app: NestExpressApplication) => request(app.getHttpServer());
const sessionIdOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A fresh user with these roles, signed in (through A); its token is then remembered by B. */
async function signedInOnB(roles: string[] = ['ROLE_ADMIN']): Promise<{ id: string; token: string }> {
  const username = `verteilt.${Math.random().toString(36).slice(2, 10)}`;
  const created = await on(a)
    .post('/api/users')
    .set('x-auth-token', admin.token)
    .send({ username, roles, password: STRONG, password_confirm: STRONG, firstname: 'Vera', lastname: 'Verteilt' });
  expect(created.status).toBe(201);
  const { token } = (await login(a, username, STRONG)) as AuthRecord;
  expect((await on(b).get('/api/auth/session').set('x-auth-token', token)).status).toBe(200);
  return { id: created.body._id as string, token };
}

/** Runs `change` through A and waits until B has heard a new announcement. */
async function onA<T>(change: () => Promise<T>): Promise<T> {
  const heard = b.get(SessionBroadcast).received;
  const result = await change();
  await until(() => b.get(SessionBroadcast).received > heard, 'B to hear the announcement', 900);
  return result;
}

/** B answers this token from what it remembers: no session statement runs for the request. */
async function rememberedByB(token: string): Promise<void> {
  sessionReads.length = 0;
  counting = true;
  try {
    expect((await on(b).get('/api/auth/session').set('x-auth-token', token)).status).toBe(200);
  } finally {
    counting = false;
  }
  expect(sessionReads).toEqual([]);
}

beforeAll(async () => {
  db = await createTestDatabase();
  if (!db.url) return;
  a = await bootApp(db);
  b = await bootApp(db);
  await until(() => a.get(SessionBroadcast).listening && b.get(SessionBroadcast).listening, 'both instances to listen');
  admin = await login(a, 'admin');
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
});

/** PGlite (no PostgreSQL server answers): nothing to share between instances. */
const pgIt = (title: string, fn: () => Promise<void>) => it(title, async () => (db.url ? fn() : undefined));

describe('a session remembered by another instance', () => {
  pgIt('is answered there without reading the database (what the cases below must defeat)', async () => {
    const { token } = await signedInOnB();
    await rememberedByB(token);
  });

  pgIt('ends there with the logout on this instance', async () => {
    const { token } = await signedInOnB();
    await rememberedByB(token);
    expect((await onA(() => on(a).post('/api/auth/logout').set('x-auth-token', token))).status).toBe(204);
    expect((await on(b).get('/api/auth/session').set('x-auth-token', token)).status).toBe(401);
  });

  pgIt('ends there when the user is deactivated here', async () => {
    const { id, token } = await signedInOnB();
    await rememberedByB(token);
    expect((await onA(() => on(a).delete(`/api/users/${id}`).set('x-auth-token', admin.token))).status).toBe(200);
    expect((await on(b).get('/api/auth/session').set('x-auth-token', token)).status).toBe(401);
  });

  pgIt('ends there when an administrator sets a new password here', async () => {
    const { id, token } = await signedInOnB();
    await rememberedByB(token);
    expect((await onA(() => on(a).put(`/api/users/${id}`).set('x-auth-token', admin.token).send({ password: NEXT, password_confirm: NEXT }))).status).toBe(200);
    expect((await on(b).get('/api/auth/session').set('x-auth-token', token)).status).toBe(401);
  });

  pgIt('has the new roles there with the next request after a role change here', async () => {
    const { id, token } = await signedInOnB(['ROLE_ADMIN']);
    expect((await on(b).get('/api/users?limit=1').set('x-auth-token', token)).status).toBe(200);
    await rememberedByB(token);
    expect((await onA(() => on(a).put(`/api/users/${id}`).set('x-auth-token', admin.token).send({ roles: ['ROLE_DRIVER'] }))).status).toBe(200);
    expect((await on(b).get('/api/users?limit=1').set('x-auth-token', token)).status).toBe(403);
  });

  pgIt('is not used while that instance cannot hear the others, and again once it can', async () => {
    const { token } = await signedInOnB();
    await rememberedByB(token);
    // Cut the listening connections: B must forget what it remembered and read every session row itself.
    await a.get<symbol, Database>(DB).execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`listen ${SESSION_CHANNEL}`}`);
    await until(() => !b.get(SessionBroadcast).listening, 'B to notice the lost connection');
    // A revocation nobody announces (straight in the database) applies at once while B does not listen.
    await a.get<symbol, Database>(DB).execute(sql`update sessions set revoked_at = now() where id = ${sessionIdOf(token)}`);
    expect((await on(b).get('/api/auth/session').set('x-auth-token', token)).status).toBe(401);
    await until(() => b.get(SessionBroadcast).listening && a.get(SessionBroadcast).listening, 'both instances to listen again');
    const again = await signedInOnB();
    await rememberedByB(again.token);
    expect((await onA(() => on(a).post('/api/auth/logout').set('x-auth-token', again.token))).status).toBe(204);
    expect((await on(b).get('/api/auth/session').set('x-auth-token', again.token)).status).toBe(401);
  });

  pgIt('is read again after at most a second when it is changed without any announcement', async () => {
    const { token } = await signedInOnB();
    await rememberedByB(token);
    await a.get<symbol, Database>(DB).execute(sql`update sessions set revoked_at = now() where id = ${sessionIdOf(token)}`);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await on(b).get('/api/auth/session').set('x-auth-token', token)).status).toBe(401);
  });
});

import { Writable } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord } from '@mediport/contracts';
import { DB } from '../db/db.module.js';
import type { Database } from '../db/database.js';
import { DEMO_PASSWORD, login, useTestApp } from '../../testing/test-app.js';

/** Everything the app logs, as written (one JSON object per line). */
let output = '';
const destination = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    output += chunk.toString();
    callback();
  },
});
const entries = () =>
  output
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const linesOf = (requestId: string) => entries().filter((e) => e.requestId === requestId);

let app: NestExpressApplication;
let admin: AuthRecord;
useTestApp(
  async (booted) => {
    app = booted.app;
    admin = await login(app, 'admin');
  },
  { LOG_LEVEL: 'info' },
  { logDestination: destination },
);
const api = () => request(app.getHttpServer());

/** The access log line of a request: written when the response finished, so wait for it. */
async function accessLine(requestId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 50; i++) {
    const line = linesOf(requestId).find((e) => 'route' in e);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No access log line for ${requestId}`);
}

describe('logs', () => {
  it('are JSON lines, Nest’s own messages included', () => {
    const boot = entries().filter((e) => e.context === 'RouterExplorer');
    expect(boot.length).toBeGreaterThan(10);
    expect(boot[0]).toMatchObject({ level: 'info', time: expect.any(String), msg: expect.stringContaining('/api/') });
  });

  it('write one access line per request: method, route pattern, status, duration, request id, user id', async () => {
    const res = await api().get(`/api/users/${admin.user._id}?filter[name]=Erika`).set('x-auth-token', admin.token).set('x-request-id', 'access-line-1');
    expect(res.status).toBe(200);
    const line = await accessLine('access-line-1');
    expect(linesOf('access-line-1')).toHaveLength(1);
    expect(line).toEqual({
      level: 'info',
      time: expect.any(String),
      pid: process.pid,
      hostname: expect.any(String),
      requestId: 'access-line-1',
      method: 'GET',
      route: '/api/users/:id',
      status: 200,
      durationMs: expect.any(Number),
      userId: admin.user._id,
      msg: 'GET /api/users/:id 200',
    });
  });

  it('never contain personal data, passwords, tokens, bodies, query values or headers of a request', async () => {
    const secrets = ['Erika', 'Mustermann', '12.03.1964', 'Geheim-Passwort-42!', 'Neues-Passwort-43!', admin.token, 'Musterstadt', 'q-wert'];
    const profile = await api()
      .put(`/api/users/${admin.user._id}/profile?q=q-wert`)
      .set('x-auth-token', admin.token)
      .set('x-request-id', 'pii-1')
      .set('cookie', 'session=Mustermann')
      .send({ firstname: 'Erika', lastname: 'Mustermann', title: '12.03.1964', city: 'Musterstadt' });
    expect(profile.status).toBe(200);
    const password = await api()
      .put(`/api/users/${admin.user._id}/profile`)
      .set('x-auth-token', admin.token)
      .set('x-request-id', 'pii-2')
      .send({ password_current: 'Geheim-Passwort-42!', password: 'Neues-Passwort-43!', password_confirm: 'Neues-Passwort-43!' });
    expect(password.status).toBeGreaterThanOrEqual(400);
    const signIn = await api().post('/api/auth').set('x-request-id', 'pii-3').send({ username: 'admin', password: DEMO_PASSWORD });
    expect(signIn.status).toBe(200);

    expect(await accessLine('pii-1')).toMatchObject({ route: '/api/users/:id/profile', method: 'PUT', status: 200, userId: admin.user._id });
    expect(await accessLine('pii-2')).toMatchObject({ route: '/api/users/:id/profile', status: password.status });
    expect(await accessLine('pii-3')).toMatchObject({ route: '/api/auth', status: 200 });
    expect((await accessLine('pii-3')).userId).toBeUndefined();
    for (const secret of [...secrets, DEMO_PASSWORD, (signIn.body as AuthRecord).token, 'session=', 'x-auth-token', 'cookie']) {
      expect({ secret, logged: output.includes(secret) }).toEqual({ secret, logged: false });
    }
  });

  it('keep a valid x-request-id and answer it in the response', async () => {
    const res = await api().get('/api/health').set('x-request-id', 'lb-7f3a.b_c-9');
    expect(res.headers['x-request-id']).toBe('lb-7f3a.b_c-9');
  });

  it.each([
    { title: 'too long', value: 'a'.repeat(65) },
    { title: 'with a space', value: 'a b' },
    { title: 'with markup', value: '<script>' },
    { title: 'with a newline escape', value: 'x%0d%0aevil' },
    { title: 'empty', value: '' },
  ])('replace an invalid x-request-id ($title) with a fresh UUID', async ({ value }) => {
    const res = await api().get('/api/health').set('x-request-id', value);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    if (value) expect(output).not.toContain(value);
  });

  it('make up a request id when none is sent, a new one per request', async () => {
    const [a, b] = await Promise.all([api().get('/api/health'), api().get('/api/health')]);
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('an unexpected error', () => {
  it('answers 500 with the request id as correlation id, logged under that id', async () => {
    const db = app.get<symbol, Database>(DB);
    await db.execute(sql`alter table medicines rename to medicines_away`);
    let res: request.Response;
    try {
      res = await api().get('/api/medicine').set('x-auth-token', admin.token).set('x-request-id', 'boom-1');
    } finally {
      await db.execute(sql`alter table medicines_away rename to medicines`);
    }
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ statusCode: 500, errors: [{ code: 'internal', message: API_MESSAGES.internal }], correlationId: 'boom-1' });
    expect(await accessLine('boom-1')).toMatchObject({ level: 'warn', route: '/api/medicine', status: 500 });
    // The filter's Nest log line carries the request id too (the adapter reads it from the request's async context).
    const error = linesOf('boom-1').find((e) => e.level === 'error');
    expect(error).toMatchObject({ context: 'Errors', msg: expect.stringContaining('Unexpected error boom-1') });
    expect(JSON.stringify(error)).not.toMatch(/select|medicines_away.*from/i);
  });
});

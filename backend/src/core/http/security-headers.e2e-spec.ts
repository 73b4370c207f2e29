import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_MESSAGES } from '@mediport/contracts';
import { login, useTestApp } from '../../testing/test-app.js';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy, remoteSource } from './security-headers.js';

const CDN_MANIFEST = 'http://cdn.example.test/remotes/orders/mf-manifest.json';
const PARTNER = 'https://partner.example.test';
const STRANGER = 'https://evil.example.test';
const NOT_FOUND = { statusCode: 404, errors: [{ code: 'not_found', message: API_MESSAGES.notFound }] };

// A built shell and one built remote in a folder of this file (STATIC_ROOT); the orders remote is
// announced in remotes.json at an absolute CDN address, the others stay relative ('self').
const staticRoot = mkdtempSync(path.join(os.tmpdir(), 'mediport-static-'));
const shellDist = path.join(staticRoot, 'shell', 'dist');
const adminDist = path.join(staticRoot, 'admin', 'dist');
mkdirSync(shellDist, { recursive: true });
mkdirSync(adminDist, { recursive: true });
writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><title>Medikationsportal</title><div id="root"></div>');
writeFileSync(path.join(shellDist, 'main.js'), 'console.info(1)');
writeFileSync(path.join(adminDist, 'mf-manifest.json'), '{"id":"admin"}');
writeFileSync(path.join(adminDist, 'remoteEntry.js'), 'console.info(2)');
// A file the static serving cannot read (a symlink to itself): an error inside express.static.
symlinkSync('loop.js', path.join(adminDist, 'loop.js'));

let app: NestExpressApplication;
const api = () => request(app.getHttpServer());

useTestApp(
  (booted) => {
    app = booted.app;
  },
  { STATIC_ROOT: staticRoot, REMOTE_ORDERS_URL: CDN_MANIFEST, CORS_ORIGINS: PARTNER },
);
afterAll(() => rmSync(staticRoot, { recursive: true, force: true }));

/** The headers every answer carries, whatever serves it. */
function expectCommonHeaders(headers: Record<string, string>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  expect(headers['content-security-policy']).toContain(`frame-ancestors 'none'`);
}

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('remote origins in the CSP', () => {
  it.each([
    { url: '/remotes/orders/mf-manifest.json', source: null },
    { url: 'remotes/orders/mf-manifest.json', source: null },
    { url: 'https://cdn.example.org/orders/mf-manifest.json', source: 'https://cdn.example.org' },
    { url: 'http://cdn.example.org:8081/o/mf-manifest.json', source: 'http://cdn.example.org:8081' },
    { url: '//cdn.example.org/o/mf-manifest.json', source: 'cdn.example.org' },
    { url: 'javascript:alert(1)', source: null },
  ])('$url contributes $source', ({ url, source }) => {
    expect(remoteSource(url)).toBe(source);
  });

  it('lists each remote origin once, only where remotes load from', () => {
    const csp = directives(contentSecurityPolicy(['/remotes/a/mf-manifest.json', 'https://cdn.example.org/b/mf-manifest.json', 'https://cdn.example.org/c/mf-manifest.json']));
    for (const name of ['script-src', 'connect-src', 'img-src', 'font-src']) expect(csp[name]!.filter((s) => s === 'https://cdn.example.org')).toHaveLength(1);
    expect(csp['style-src']).toEqual([`'self'`, `'unsafe-inline'`]);
    expect(csp['object-src']).toEqual([`'none'`]);
  });
});

describe('security headers', () => {
  it('are on an API answer, with a CSP that lets nothing load', async () => {
    const res = await api().get('/api/config');
    expect(res.status).toBe(200);
    expectCommonHeaders(res.headers);
    expect(res.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('are on the SPA index, whose CSP admits the remotes of remotes.json', async () => {
    const res = await api().get('/nutzer');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Medikationsportal');
    expectCommonHeaders(res.headers);
    const csp = directives(res.headers['content-security-policy']!);
    for (const name of ['script-src', 'connect-src', 'img-src', 'font-src']) expect(csp[name]).toEqual(expect.arrayContaining([`'self'`, 'http://cdn.example.test']));
    expect(csp).toMatchObject({
      'default-src': [`'self'`],
      'style-src': [`'self'`, `'unsafe-inline'`],
      'object-src': [`'none'`],
      'base-uri': [`'self'`],
      'form-action': [`'self'`],
      'frame-ancestors': [`'none'`],
    });
    // Relative remotes add nothing beyond 'self'.
    expect(csp['script-src']).toEqual([`'self'`, 'http://cdn.example.test']);
  });

  it.each(['/main.js', '/remotes/admin/remoteEntry.js', '/remotes/admin/mf-manifest.json', '/remotes.json'])('are on the static file %s', async (file) => {
    const res = await api().get(file);
    expect(res.status).toBe(200);
    expectCommonHeaders(res.headers);
    expect(res.headers['content-security-policy']).toContain('http://cdn.example.test');
    expect(res.headers['cache-control']).not.toBe('no-store');
  });

  it('leave the ACL doku card its own CSP', async () => {
    const admin = await login(app, 'admin');
    const res = await api().get('/api/acl/doku/task_list_view').set('x-auth-token', admin.token).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('Cache-Control on /api', () => {
  it.each([
    { title: 'GET /api/config', call: () => api().get('/api/config') },
    { title: 'an unknown API route', call: () => api().get('/api/gibt-es-nicht') },
    { title: 'malformed JSON', call: () => api().post('/api/auth').set('content-type', 'application/json').send('{"x":') },
  ])('is no-store on $title', async ({ call }) => {
    expect((await call()).headers['cache-control']).toBe('no-store');
  });

  it('is no-store on both answers that carry the token', async () => {
    const signIn = await api().post('/api/auth').send({ username: 'admin', password: 'Demo#Passwort24!' });
    expect(signIn.status).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const session = await api().get('/api/auth/session').set('x-auth-token', signIn.body.token as string);
    expect(session.status).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    expect((await api().get('/api/v3/auth/session').set('x-auth-token', signIn.body.token as string)).headers['cache-control']).toBe('no-store');
  });

  it("keeps a route's own caching (the avatar)", async () => {
    const fahrer = await login(app, 'fahrer');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const put = await api().put(`/api/users/${fahrer.user._id}/profile`).set('x-auth-token', fahrer.token).attach('avatar', png, { filename: 'a.png', contentType: 'image/png' });
    expect(put.status).toBe(200);
    const avatar = await api().get(put.body.user.avatar as string).set('x-auth-token', fahrer.token).buffer(true);
    expect(avatar.status).toBe(200);
    expect(avatar.headers['cache-control']).toBe('private, max-age=86400');
  });
});

describe('CORS on /api', () => {
  const preflight = (origin: string) =>
    api().options('/api/users').set('Origin', origin).set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'x-auth-token');

  it('answers a preflight of a listed origin with the allowed methods and headers', async () => {
    const res = await preflight(PARTNER);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-headers']!.split(/,\s*/)).toEqual(expect.arrayContaining(['x-auth-token', 'content-type']));
    expect(res.headers['access-control-allow-methods']).toContain('PUT');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toContain('Origin');
  });

  it('refuses a preflight of any other origin without Access-Control-Allow-* headers', async () => {
    const res = await preflight(STRANGER);
    expect(res.status).toBe(403);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    expect(res.body).toEqual({ statusCode: 403, errors: [{ code: 'forbidden', message: API_MESSAGES.forbidden }] });
  });

  it('lets a listed origin read answers, and nobody else', async () => {
    const allowed = await api().get('/api/config').set('Origin', PARTNER);
    expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER);
    const denied = await api().get('/api/config').set('Origin', STRANGER);
    expect(denied.status).toBe(200);
    expect(Object.keys(denied.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const sameOrigin = await api().get('/api/config');
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('answers outside /api that nothing serves', () => {
  it.each([
    { title: 'a missing asset of a built remote', path: '/remotes/admin/missing.js' },
    { title: 'a remote that is not built', path: '/remotes/orders/mf-manifest.json' },
    { title: 'a missing asset of the shell', path: '/fehlt.3f9a1c2b.js' },
  ])('answer 404 in German JSON for $title', async ({ path: url }) => {
    const res = await api().get(url);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual(NOT_FOUND);
    expectCommonHeaders(res.headers);
  });

  it.each([
    { title: 'POST to a page', call: () => api().post('/nutzer').send({}) },
    { title: 'PUT /remotes.json', call: () => api().put('/remotes.json') },
    { title: 'OPTIONS on a page', call: () => api().options('/login') },
  ])('answer 404 in German for $title, never "Cannot …"', async ({ call }) => {
    const res = await call();
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Cannot');
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('answer a browser with a German page', async () => {
    const res = await api().get('/remotes/admin/missing.js').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain('Seite nicht gefunden');
    expect(res.text).toContain(API_MESSAGES.notFound);
    expect(res.text).not.toMatch(/Cannot GET|<pre>/);
  });

  it('answer an error of the static serving in German, never with Express’s error page', async () => {
    const res = await api().get('/remotes/admin/loop.js');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ statusCode: 500, errors: [{ code: 'internal', message: API_MESSAGES.internal }], correlationId: expect.any(String) });
    expect(res.text).not.toMatch(/ELOOP|<pre>|Error:/);
    expectCommonHeaders(res.headers);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { login, useTestApp } from '../../testing/test-app.js';

// A built shell with a script over 1 KB: static files are never compressed on the fly.
const staticRoot = mkdtempSync(path.join(os.tmpdir(), 'mediport-compression-'));
mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>Medikationsportal</title>');
writeFileSync(path.join(staticRoot, 'shell', 'dist', 'main.js'), `console.info(${JSON.stringify('x'.repeat(4000))});`);

let app: NestExpressApplication;
let admin: AuthRecord;
useTestApp(
  async (booted) => {
    app = booted.app;
    admin = await login(app, 'admin');
  },
  { STATIC_ROOT: staticRoot },
);
const api = () => request(app.getHttpServer());

describe('API answers over 1 KB', () => {
  it.each(['gzip', 'br'])('are compressed with %s when the client accepts it', async (encoding) => {
    const res = await api().get('/api/users?limit=-1').set('x-auth-token', admin.token).set('accept-encoding', encoding);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    // supertest decoded it: the list is intact and larger than the threshold.
    expect(JSON.stringify(res.body).length).toBeGreaterThan(1024);
    expect(res.body.count).toBeGreaterThan(1);
  });

  it('stay uncompressed for a client that does not accept an encoding', async () => {
    const res = await api().get('/api/users?limit=-1').set('x-auth-token', admin.token).set('accept-encoding', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('small API answers', () => {
  it('stay uncompressed', async () => {
    const res = await api().get('/api/health').set('accept-encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('static files', () => {
  it('are not compressed on the fly', async () => {
    const res = await api().get('/main.js').set('accept-encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

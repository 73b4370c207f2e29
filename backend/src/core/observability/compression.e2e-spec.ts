import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
/** A GET whose body stays as it came over the wire (supertest would decode it). */
async function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const server = app.getHttpServer() as Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

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

  it('go whole, with their Content-Length, when the route hands them over at once (JSON)', async () => {
    const res = await raw('/api/users?limit=-1', { 'x-auth-token': admin.token, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(brotliDecompressSync(res.body).toString('utf8')).count).toBeGreaterThan(1);
  });

  it('are compressed when streamed too (StreamableFile: the rights documentation image)', async () => {
    const res = await raw('/api/acl/doku/task_list_view', { 'x-auth-token': admin.token, 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString('utf8')).toMatch(/^<svg/);
  });

  it.each([
    { title: 'q=0 for br', header: 'br;q=0, gzip', encoding: 'gzip' },
    { title: 'only an unknown coding', header: 'zstd', encoding: undefined },
    { title: 'any coding (*)', header: '*', encoding: 'br' },
  ])('follow Accept-Encoding: $title', async ({ header, encoding }) => {
    const res = await api().get('/api/users?limit=-1').set('x-auth-token', admin.token).set('accept-encoding', header);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
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

describe('the 1 KB threshold', () => {
  // The threshold counts bytes on the wire: a JSON answer of fewer than 1,024 characters can still
  // be 1,024 bytes or more in UTF-8 ("€" is three bytes) and is then compressed whole, with its
  // Content-Length. The same answer in ASCII stays as it is.
  it.each([
    { title: 'with three-byte characters', letter: '€', compressed: 'gzip' },
    { title: 'in ASCII', letter: 'e', compressed: undefined },
  ])('decides on the UTF-8 size of an answer under 1,024 characters: $title', async ({ letter, compressed }) => {
    const created = await api()
      .post('/api/patients')
      .set('x-auth-token', admin.token)
      .send({ lastname: letter.repeat(200), firstname: letter.repeat(100), dateOfBirth: '01.02.1940', homepatient: false });
    expect(created.status).toBe(201);
    const res = await raw(`/api/patients/${created.body._id}`, { 'x-auth-token': admin.token, 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(compressed);
    // Whole, in one piece with its length (not through the package's zlib stream).
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    const text = (compressed ? gunzipSync(res.body) : res.body).toString('utf8');
    expect(JSON.parse(text).lastname).toBe(letter.repeat(200));
    expect(text.length).toBeLessThan(1024);
    expect(Buffer.byteLength(text) >= 1024).toBe(compressed !== undefined);
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

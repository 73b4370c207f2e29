import type { AddressInfo } from 'node:net';
import { get, type Server } from 'node:http';
import type { Express } from 'express';
import { PrototypedExpressAdapter } from './express-adapter.js';

describe('PrototypedExpressAdapter', () => {
  let server: Server;
  let app: Express;
  let base: string;
  let adapter: PrototypedExpressAdapter;
  const answer = { name: 'Müller', list: [1, null, 'ß'], nested: { ok: true }, text: '<"\u2028">' };

  beforeAll(async () => {
    adapter = new PrototypedExpressAdapter();
    adapter.initHttpServer({});
    app = adapter.getInstance<Express>();
    // What Express saw before its own setPrototypeOf: captured by the first middleware of the app.
    app.use((req, res, next) => {
      res.locals.prototypesInPlace = Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response;
      next();
    });
    app.get('/echo', (req, res) => {
      res.status(201).json({ prototypesInPlace: res.locals.prototypesInPlace, query: req.query, path: req.path, app: req.app === app });
    });
    // Nest's reply (what a controller's return value goes through) beside Express's own res.json.
    app.all('/reply', (_req, res) => void adapter.reply(res, answer));
    app.get('/express-json', (_req, res) => void res.json(answer));
    app.post('/reply-created', (_req, res) => void adapter.reply(res, [answer], 201));
    app.get('/reply-typed', (_req, res) => {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      void adapter.reply(res, 'as text');
    });
    app.get('/reply-empty', (_req, res) => void adapter.reply(res, null, 204));
    app.get('/reply-tagged', (_req, res) => {
      res.setHeader('ETag', 'W/"v1"');
      void adapter.reply(res, answer);
    });
    server = adapter.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('builds requests and responses on the app prototypes, so Express need not change them', async () => {
    const res = await fetch(`${base}/echo?text=ller`);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ prototypesInPlace: true, query: { text: 'ller' }, path: '/echo', app: true });
  });

  it('keeps the prototypes on a kept-alive connection', async () => {
    for (let i = 0; i < 3; i++) {
      const body = (await (await fetch(`${base}/echo`)).json()) as { prototypesInPlace: boolean };
      expect(body.prototypesInPlace).toBe(true);
    }
  });

  it('writes a plain JSON answer with the very bytes and headers of Express res.json', async () => {
    const [ours, express] = await Promise.all([fetch(`${base}/reply`), fetch(`${base}/express-json`)]);
    expect(ours.status).toBe(200);
    expect(ours.headers.get('content-type')).toBe(express.headers.get('content-type'));
    expect(ours.headers.get('content-length')).toBe(express.headers.get('content-length'));
    const [a, b] = [Buffer.from(await ours.arrayBuffer()), Buffer.from(await express.arrayBuffer())];
    expect(a.equals(b)).toBe(true);
    expect(JSON.parse(a.toString('utf8'))).toEqual(answer);
  });

  it('keeps the status a route gives, and arrays are answered alike', async () => {
    const res = await fetch(`${base}/reply-created`, { method: 'POST' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual([answer]);
  });

  it('leaves HEAD, 204, a Content-Type or ETag a route set to Nest and Express', async () => {
    const head = await fetch(`${base}/reply`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const typed = await fetch(`${base}/reply-typed`);
    expect(typed.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await typed.text()).toBe('as text');
    const empty = await fetch(`${base}/reply-empty`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    // Express answers 304 when the client's copy is still fresh: only its own path checks that
    // (node:http here: fetch adds "cache-control: no-cache" to conditional requests).
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${base}/reply-tagged`, { headers: { 'if-none-match': 'W/"v1"' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(304);
  });
});

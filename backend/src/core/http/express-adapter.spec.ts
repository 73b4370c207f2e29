import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { PrototypedExpressAdapter } from './express-adapter.js';

describe('PrototypedExpressAdapter', () => {
  let server: Server;
  let app: Express;
  let base: string;

  beforeAll(async () => {
    const adapter = new PrototypedExpressAdapter();
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
});

/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthRecord } from '@mediport/contracts';
import { clearAuth, setAuth } from './auth-store.js';
import { apiRequest, configureApiClient, PREFETCH_MAX_AGE_MS, prefetchGet } from './http.js';
import { receiveLiveJoined } from './live.js';
import { installNodeStorage } from './node-storage.spec-helper';

/** GETs started ahead (prefetchGet) against a real HTTP server that counts what it is asked. */
let server: Server;
const asked: { url: string; token: string | undefined }[] = [];
let answer = 0;

const storage = installNodeStorage();
const auth = (token: string): AuthRecord => ({ token, permissions: ['task_list_view'] }) as unknown as AuthRecord;

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push({ url: req.url ?? '', token: req.headers['x-auth-token'] as string | undefined });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ answer: ++answer }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  configureApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

afterAll(async () => {
  configureApiClient({ baseUrl: '' });
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  asked.length = 0;
  storage.clear();
  setAuth(auth('token-a'));
});

afterEach(() => jest.restoreAllMocks());

async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const QUERY = { 'filter[status]': 'new', offset: 0, limit: 50 };

describe('prefetchGet: a page’s first request started ahead', () => {
  it('is taken by the first GET of the same path and query (any key order), once', async () => {
    prefetchGet('/api/tasks', QUERY);
    const first = await apiRequest<{ answer: number }>('/api/tasks', { query: { limit: 50, offset: 0, 'filter[status]': 'new' } });
    expect(asked).toEqual([{ url: '/api/tasks?filter%5Bstatus%5D=new&offset=0&limit=50', token: 'token-a' }]);
    const second = await apiRequest<{ answer: number }>('/api/tasks', { query: QUERY });
    expect(asked).toHaveLength(2);
    expect(second.answer).toBe(first.answer + 1);
  });

  it('is not taken by another query, nor with another token', async () => {
    prefetchGet('/api/tasks', QUERY);
    await apiRequest('/api/tasks', { query: { ...QUERY, offset: 50 } });
    expect(asked).toHaveLength(2);

    prefetchGet('/api/tasks', { ...QUERY, limit: 20 });
    setAuth(auth('token-b'));
    await apiRequest('/api/tasks', { query: { ...QUERY, limit: 20 } });
    expect(asked.map((a) => a.token)).toEqual(['token-a', 'token-a', 'token-a', 'token-b']);

    // The first prefetch still waits (asked with token-a): a request with token-b does not take it.
    await apiRequest('/api/tasks', { query: QUERY });
    expect(asked.map((a) => a.token)).toEqual(['token-a', 'token-a', 'token-a', 'token-b', 'token-b']);
  });

  it('is asked again when the live channel joins its rooms, and the page takes the newer answer', async () => {
    prefetchGet('/api/tasks', QUERY);
    await until(() => asked.length === 1);
    const before = answer;
    receiveLiveJoined();
    const taken = await apiRequest<{ answer: number }>('/api/tasks', { query: QUERY });
    // The prefetch and its repetition after the join; the page's own request took the repetition.
    expect(asked).toHaveLength(2);
    expect(taken.answer).toBe(before + 1);
  });

  it('is dropped when no page takes it in time (a page the user may not open)', async () => {
    const expiries: (() => void)[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = jest.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms === PREFETCH_MAX_AGE_MS) {
        expiries.push(fn);
        return { unref: () => undefined } as unknown as ReturnType<typeof setTimeout>;
      }
      return realSetTimeout(fn, ms);
    }) as typeof setTimeout);
    prefetchGet('/api/tasks', { ...QUERY, limit: 7 });
    spy.mockRestore();
    expect(expiries).toHaveLength(1);
    await until(() => asked.length === 1);
    expiries[0]!();
    // Still fresh by the clock, but gone: the page asks itself.
    await apiRequest('/api/tasks', { query: { ...QUERY, limit: 7 } });
    expect(asked).toHaveLength(2);
  });

  it('is asked again when it waited too long, and never without a signed-in token', async () => {
    prefetchGet('/api/tasks', QUERY);
    await new Promise((r) => setTimeout(r, 50));
    const later = Date.now() + PREFETCH_MAX_AGE_MS + 1;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    await apiRequest('/api/tasks', { query: QUERY });
    expect(asked).toHaveLength(2);

    asked.length = 0;
    clearAuth();
    prefetchGet('/api/tasks', QUERY);
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toEqual([]);
  });
});

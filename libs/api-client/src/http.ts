import { ApiError } from './api-error.js';
import { authToken } from './auth-store.js';
import { handleApiError } from './error-handler.js';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable value or FormData (multipart). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * `true` (default): failures go through the common error handler before the ApiError is
   * thrown. `false`: the caller handles the error itself (e.g. the login form).
   */
  handleErrors?: boolean;
  /** Token to send instead of the stored one. */
  token?: string | null;
  /** Lets the request outlive the page (sent while the page unloads). */
  keepalive?: boolean;
  /** Reads a success answer that is not JSON as a Blob (files, images, HTML sheets) instead of as text. */
  file?: boolean;
}

let baseUrl = '';

/** Prefix for every path (default: same origin). */
export function configureApiClient(options: { baseUrl?: string }): void {
  if (options.baseUrl !== undefined) baseUrl = options.baseUrl.replace(/\/$/, '');
}

/** The configured prefix ('' for the same origin); the live channel connects there too. */
export function apiBaseUrl(): string {
  return baseUrl;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  let url = `${baseUrl}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function parseBody(res: Response, file = false): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (file && res.ok && !type.includes('json')) return res.blob();
  const text = await res.text();
  if (!text) return undefined;
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * GETs started ahead of the page that needs them (the shell starts a remote's first list request
 * while the remote's code still loads, RemoteManifest.prefetch). The first apiRequest for the same
 * path and query (in any key order) with the same token takes the answer instead of asking again.
 * Each is taken once, and only while fresh: an older one is dropped and asked again.
 */
interface Ahead {
  url: string;
  token: string;
  at: number;
  response: Promise<Response>;
}
const ahead = new Map<string, Ahead>();
/** How long a prefetched answer may wait for its page. */
export const PREFETCH_MAX_AGE_MS = 10_000;

/** The key of a GET regardless of the query's key order. */
function aheadKey(path: string, query?: Record<string, QueryValue>): string {
  return buildUrl(path, query && Object.fromEntries(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/** Starts the GET for `key`; an answer no page takes in time is dropped (e.g. a page the user may not open). */
function startAhead(key: string, url: string, token: string): Ahead {
  const response = fetch(url, { headers: { accept: 'application/json', 'x-auth-token': token } });
  // A failed prefetch is asked again by the page itself.
  response.catch(() => undefined);
  const entry: Ahead = { url, token, at: Date.now(), response };
  const expire = setTimeout(() => {
    if (ahead.get(key) !== entry) return;
    ahead.delete(key);
    drop(entry);
  }, PREFETCH_MAX_AGE_MS);
  (expire as { unref?: () => void }).unref?.();
  return entry;
}

/** An answer nobody will take: its body is cancelled (an unread body keeps the request open in the browser). */
function drop(entry: Ahead): void {
  entry.response.then(
    (res) => res.body?.cancel().catch(() => undefined),
    () => undefined,
  );
}

/**
 * Starts GET `path` with the stored token now; the first apiRequest asking the same takes it.
 * Nothing happens without a signed-in token (public data needs no head start).
 */
export function prefetchGet(path: string, query?: Record<string, QueryValue>): void {
  const token = authToken();
  if (!token) return;
  const key = aheadKey(path, query);
  const held = ahead.get(key);
  if (held && held.token === token && Date.now() - held.at < PREFETCH_MAX_AGE_MS) return;
  if (held) drop(held);
  ahead.set(key, startAhead(key, buildUrl(path, query), token));
}

/**
 * The live channel has joined its rooms: an answer read before may miss what was announced until
 * then, so each GET still waiting for its page is asked again now (the page then takes the new one).
 */
export function refreshPrefetched(): void {
  for (const [key, held] of ahead) {
    drop(held);
    if (Date.now() - held.at < PREFETCH_MAX_AGE_MS) ahead.set(key, startAhead(key, held.url, held.token));
    else ahead.delete(key);
  }
}

/** The prefetched answer for this GET, if fresh and asked with the same token (taken once). */
function takePrefetched(path: string, query: Record<string, QueryValue> | undefined, token: string | null): Promise<Response> | null {
  if (ahead.size === 0) return null;
  const key = aheadKey(path, query);
  const held = ahead.get(key);
  if (!held) return null;
  ahead.delete(key);
  if (held.token === token && Date.now() - held.at < PREFETCH_MAX_AGE_MS) return held.response;
  drop(held);
  return null;
}

/**
 * Calls the API with the stored token in `x-auth-token`. Resolves with the parsed body;
 * rejects with an ApiError (after the common handler ran unless `handleErrors: false`).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, handleErrors = true, keepalive, file } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token === undefined ? authToken() : options.token;
  if (token) headers['x-auth-token'] = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let error: ApiError;
  try {
    const prefetched = method === 'GET' ? takePrefetched(path, query, token) : null;
    const res = (prefetched && (await prefetched.catch(() => null))) || (await fetch(buildUrl(path, query), { method, headers, body: payload, signal, ...(keepalive ? { keepalive } : {}) }));
    const parsed = await parseBody(res, file);
    if (res.ok) return parsed as T;
    error = new ApiError(res.status, parsed);
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    error = new ApiError(0, null);
  }
  if (handleErrors) handleApiError(error);
  throw error;
}

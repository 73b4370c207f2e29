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

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
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
 * Calls the API with the stored token in `x-auth-token`. Resolves with the parsed body;
 * rejects with an ApiError (after the common handler ran unless `handleErrors: false`).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, handleErrors = true } = options;
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
    const res = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
    const parsed = await parseBody(res);
    if (res.ok) return parsed as T;
    error = new ApiError(res.status, parsed);
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    error = new ApiError(0, null);
  }
  if (handleErrors) handleApiError(error);
  throw error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

// Test helpers for the frontends: the app's providers around a component, and a fake network.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthAbilityProvider } from '@mediport/api-client';
import { UiProvider } from '@mediport/ui';
import type { ApiBody, ApiResponse, ApiRoute } from '@mediport/contracts';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type FakeRoute = (url: string, init: RequestInit) => FakeResponse | undefined;

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Requests no route answered. The shared jest setup fails the test after it ends when this is not
 * empty: a screen that calls something the test did not expect is a finding, not a silent 404.
 */
export const unhandledRequests: string[] = [];
(globalThis as { __unhandledRequests?: string[] }).__unhandledRequests = unhandledRequests;

/** Turns a route key's path ("/api/homes/:id/groups") into a matcher with its parameters. */
function pathMatcher(pattern: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const re = new RegExp(`^${source}$`);
  return (path) => {
    const m = re.exec(path);
    return m ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) : null;
  };
}

type Answer = (url: string, init: RequestInit, params: Record<string, string>) => FakeResponse | undefined;

/** Installs a fetch (the network boundary) answering from `routes`, most specific path first. */
function installFetch(routes: Array<[string, Answer]>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const table = routes.map(([key, answer]) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, match: pathMatcher(path), literal: !path.includes(':'), answer };
  });
  // A literal path ("/api/patients/duplicates") wins over a pattern ("/api/patients/:id").
  table.sort((a, b) => Number(b.literal) - Number(a.literal));
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const path = new URL(url, 'http://localhost').pathname;
    let answer: FakeResponse | undefined;
    for (const route of table) {
      if (route.method !== method) continue;
      const params = route.match(path);
      if (params && (answer = route.answer(url, init, params))) break;
    }
    if (!answer) {
      unhandledRequests.push(`${method} ${url}`);
      throw new TypeError(`Unerwartete Anfrage im Test: ${method} ${url}`);
    }
    const status = answer.status ?? 200;
    // A Blob answers as itself (print sheets, attachments); anything else as JSON.
    const binary = answer.body instanceof Blob ? answer.body : null;
    const text = status === 204 || binary ? '' : JSON.stringify(answer.body ?? {});
    const type = binary ? binary.type : 'application/json';
    // jsdom has no Response; the client reads only these members.
    return {
      status,
      ok: status >= 200 && status < 300,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
      text: async () => text,
      blob: async () => binary ?? new Blob([text], { type }),
    } as unknown as Response;
  }) as typeof fetch;
  return calls;
}

/**
 * Replaces the browser's fetch with canned answers keyed "METHOD /path" (query ignored; `:name`
 * matches a path segment); returns the call log. A request no route answers fails the test.
 */
export function fakeNetwork(routes: Record<string, FakeResponse | FakeRoute>) {
  return installFetch(Object.entries(routes).map(([key, route]) => [key, (url, init) => (typeof route === 'function' ? route(url, init) : route)]));
}

/** An error answer of the fake API (the backend's error shape). */
export function apiError(status: number, message: string, path?: string): FakeResponse {
  return { status, body: { statusCode: status, errors: [{ message, ...(path ? { path } : {}) }] } };
}

/** What a typed handler receives. */
export interface FakeRequest<R extends ApiRoute> {
  url: URL;
  params: Record<string, string>;
  body: ApiBody<R>;
}

const IS_ERROR = Symbol('fake error');
type FakeError = FakeResponse & { [IS_ERROR]: true };

/** Lets a typed handler answer with an error status instead of its contract shape. */
export function fail(status: number, message: string, path?: string): FakeError {
  return { ...apiError(status, message, path), [IS_ERROR]: true };
}

export type FakeApiRoutes = { [R in ApiRoute]?: ApiResponse<R> | ((req: FakeRequest<R>) => ApiResponse<R> | FakeError) };

/**
 * The fake network typed with the contracts' ApiMap: each answer must have the shape the backend
 * controller returns, so a contract change breaks the test at compile time.
 */
export function fakeApi(routes: FakeApiRoutes) {
  return installFetch(
    Object.entries(routes).map(([key, route]) => [
      key,
      (url, init, params) => {
        if (typeof route !== 'function') return { body: route };
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
        const out = (route as (req: FakeRequest<ApiRoute>) => unknown)({ url: new URL(url, 'http://localhost'), params, body });
        return out && typeof out === 'object' && IS_ERROR in out ? (out as FakeError) : { body: out };
      },
    ]),
  );
}

export { mockWindowWidth } from '../../libs/ui/src/testing/window-width';

/** Shows the current location so tests can assert navigation. */
export function LocationProbe() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}${l.hash}`}</div>;
}

/** Renders inside the app's providers and a memory router at `route`. */
export function renderApp(ui: ReactElement, { route = '/', path = '*' }: { route?: string; path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiProvider>
      <QueryClientProvider client={client}>
        <AuthAbilityProvider>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={ui} />
              {path !== '/login' && <Route path="/login" element={<div>Anmeldeseite</div>} />}
              {path !== '*' && <Route path="*" element={null} />}
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </AuthAbilityProvider>
      </QueryClientProvider>
    </UiProvider>,
  );
}

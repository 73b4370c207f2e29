// Test helpers for the frontends: the app's providers around a component, and a fake API typed by the contracts.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthAbilityProvider } from '@mediport/api-client';
import { UiProvider } from '@mediport/ui';
import { API_MESSAGES, type ApiBody, type ApiErrorEntry, type ApiResponse, type ApiRoute } from '@mediport/contracts';

/** One request the fake API received. */
export interface RecordedCall {
  /** The map's key of the route that answered it; undefined when none did. */
  route: ApiRoute | undefined;
  method: string;
  url: string;
  /** The JSON body parsed, or the FormData as sent. */
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

interface WireAnswer {
  status: number;
  body: unknown;
}

type Answer = (request: FakeRequest<ApiRoute>) => WireAnswer | undefined;

/** What a typed handler receives. */
export interface FakeRequest<R extends ApiRoute> {
  url: URL;
  /** Values of the route's `:name` segments. */
  params: Record<string, string>;
  body: ApiBody<R>;
  headers: Record<string, string>;
}

const IS_ERROR = Symbol('fake error');
/** An error answer of the fake API, made by `fail`. */
export interface FakeError {
  [IS_ERROR]: true;
  status: number;
  body: { statusCode: number; errors: ApiErrorEntry[] };
}

/**
 * Lets a typed handler answer with an error status in the backend's error shape instead of its
 * contract shape: `fail(403, message)`, `fail(400, message, 'field')`, or a list of entries.
 */
export function fail(status: number, message: string, path?: string): FakeError;
export function fail(status: number, errors: ApiErrorEntry[]): FakeError;
export function fail(status: number, message: string | ApiErrorEntry[], path?: string): FakeError {
  const errors = typeof message === 'string' ? [{ message, ...(path ? { path } : {}) }] : message;
  return { [IS_ERROR]: true, status, body: { statusCode: status, errors } };
}

/**
 * Answers of the fake API per route of the contracts' API_MAP: the answer itself, `fail(...)`, or a
 * handler that returns either from the request.
 */
export type FakeApiRoutes = {
  [R in ApiRoute]?: ApiResponse<R> | FakeError | ((request: FakeRequest<R>) => ApiResponse<R> | FakeError | Promise<ApiResponse<R>>);
};

/**
 * A handler answering `answer` only for a path with these parameter values, else 404: e.g.
 * `'GET /api/users/:id': when({ id: user._id }, user)`.
 */
export function when<T>(expected: Record<string, string>, answer: T | FakeError): (request: { params: Record<string, string> }) => T | FakeError {
  return ({ params }) => (Object.entries(expected).every(([name, value]) => params[name] === value) ? answer : fail(404, API_MESSAGES.notFound));
}

function isFakeError(value: unknown): value is FakeError {
  return typeof value === 'object' && value !== null && IS_ERROR in value;
}

/** Installs a fetch (the network boundary) answering from `routes`, most specific path first. */
function installFetch(routes: Array<[ApiRoute, Answer]>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const table = routes.map(([key, answer]) => {
    const [method, path] = key.split(' ') as [string, string];
    return { key, method, match: pathMatcher(path), literal: !path.includes(':'), answer };
  });
  // A literal path ("/api/patients/duplicates") wins over a pattern ("/api/patients/:id").
  table.sort((a, b) => Number(b.literal) - Number(a.literal));
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: RecordedCall = { route: undefined, method, url, body, headers };
    calls.push(call);
    const parsedUrl = new URL(url, 'http://localhost');
    let answer: WireAnswer | undefined;
    for (const route of table) {
      if (route.method !== method) continue;
      const params = route.match(parsedUrl.pathname);
      if (params && (answer = route.answer({ url: parsedUrl, params, body, headers }))) {
        call.route = route.key;
        break;
      }
    }
    if (!answer) {
      unhandledRequests.push(`${method} ${url}`);
      throw new TypeError(`Unerwartete Anfrage im Test: ${method} ${url}`);
    }
    // A route may answer a promise: the request stays pending until the test settles it.
    if (answer.body instanceof Promise) answer = { ...answer, body: await answer.body };
    const { status } = answer;
    // A Blob answers as itself (print sheets, attachments, images); anything else as JSON.
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
 * Replaces the browser's fetch with the fake API, typed with the contracts' API_MAP: each answer
 * must have the shape the backend controller returns, so a contract change breaks the test at
 * compile time. Matches paths only (the query is in `request.url`). Answers 204 for a route
 * answering nothing (`void`), 201 for a POST, 200 otherwise; errors through `fail(...)`. Returns the
 * log of every request; a request no route answers fails the test.
 */
export function fakeApi(routes: FakeApiRoutes): RecordedCall[] {
  return installFetch(
    Object.entries(routes).map(([key, route]): [ApiRoute, Answer] => {
      const success = key.startsWith('POST ') ? 201 : 200;
      return [
        key as ApiRoute,
        (request) => {
          const out: unknown = typeof route === 'function' ? (route as (r: FakeRequest<ApiRoute>) => unknown)(request) : route;
          if (isFakeError(out)) return { status: out.status, body: out.body };
          if (out === undefined) return { status: 204, body: undefined };
          return { status: success, body: out };
        },
      ];
    }),
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

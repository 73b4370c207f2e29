// Test helpers for the frontends: the app's providers around a component, and a fake network.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthAbilityProvider } from '@mediport/api-client';
import { UiProvider } from '@mediport/ui';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type FakeRoute = (url: string, init: RequestInit) => FakeResponse | undefined;

/** Replaces the browser's fetch (the network boundary) with canned answers; returns the call log. */
export function fakeNetwork(routes: Record<string, FakeResponse | FakeRoute>) {
  const calls: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const key = `${method} ${url.replace(/\?.*$/, '')}`;
    const route = routes[key];
    const answer = typeof route === 'function' ? route(url, init) : route;
    const status = answer ? (answer.status ?? 200) : 404;
    const text = !answer ? JSON.stringify({ statusCode: 404, errors: [{ message: 'Nicht gefunden' }] }) : status === 204 ? '' : JSON.stringify(answer.body ?? {});
    // jsdom has no Response; the client reads only these members.
    return {
      status,
      ok: status >= 200 && status < 300,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => text,
    } as unknown as Response;
  }) as typeof fetch;
  return calls;
}

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

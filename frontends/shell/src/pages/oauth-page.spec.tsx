import { screen, waitFor } from '@testing-library/react';
import { OAUTH_MESSAGES } from '@mediport/contracts';
import { readAuth } from '@mediport/api-client';
import { fail, fakeApi, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { OauthPage } from './oauth-page';

const FAILED = 'Fehler bei der Anmeldung. Eventuell sind Sie nicht berechtigt auf diese Resource zuzugreifen. Bitte prüfen Sie ihr Apomondo Abo.';
const WAITING = 'Anmeldung im System über Apomondo. Kleinen Moment Geduld.';

describe('OauthPage', () => {
  beforeEach(() => localStorage.clear());

  it('uses the texts of the spec', () => {
    expect(OAUTH_MESSAGES).toEqual({ failed: FAILED, waiting: WAITING });
  });

  it('shows the waiting text, sends the code with state and iss, stores the auth record and goes to /', async () => {
    const record = demoAuth(['ROLE_HOME']);
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = fakeApi({ 'POST /api/oauth': record });
    const fetchAnswer = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await answered;
      return fetchAnswer(...args);
    }) as typeof fetch;
    renderApp(<OauthPage />, { route: '/oauth?code=abc123&state=sso&iss=https%3A%2F%2Fsso.apomondo.example', path: '/oauth' });
    expect(screen.getByText(WAITING)).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: '/api/oauth', body: { code: 'abc123', state: 'sso', iss: 'https://sso.apomondo.example' } })]);
    expect(readAuth()?.token).toBe(record.token);
  });

  it('shows exactly the failure text of the spec when the server refuses', async () => {
    fakeApi({ 'POST /api/oauth': fail(401, [{ code: 'oauth_failed', message: FAILED }]) });
    renderApp(<OauthPage />, { route: '/oauth?code=abc123&state=sso', path: '/oauth' });
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(screen.queryByText(WAITING)).not.toBeInTheDocument();
    expect(readAuth()).toBeNull();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['without a code', '/oauth?state=sso'],
    ['when the provider answers an error', '/oauth?error=access_denied&state=sso&code=x'],
  ])('shows the failure text %s, without asking the server', async (_title, route) => {
    const calls = fakeApi({});
    renderApp(<OauthPage />, { route, path: '/oauth' });
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(calls).toEqual([]);
  });
});

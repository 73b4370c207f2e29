import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_MESSAGES, type PublicConfig } from '@mediport/contracts';
import { readAuth } from '@mediport/api-client';
import { fail, fakeApi, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { LoginPage } from './login-page';

function config(over: Partial<PublicConfig> = {}): PublicConfig {
  return {
    productName: 'Medikationsportal',
    version: '2.9.1',
    partnerName: 'Apomondo',
    demo: true,
    demoAccounts: [
      { user: 'admin', password: 'Demo#Passwort24!', label: 'Administrator' },
      { user: 'heim', password: 'Demo#Passwort24!', label: 'Heim' },
    ],
    sso: { enabled: false, authorizationUrl: null, clientId: null, nonce: null },
    system: { deadline: null, url: null },
    ...over,
  };
}

describe('LoginPage', () => {
  beforeEach(() => localStorage.clear());

  it('shows the form with Benutzername, Passwort (show/hide) and Anmelden', async () => {
    fakeApi({ 'GET /api/config': config() });
    renderApp(<LoginPage hostname="localhost" />, { route: '/login', path: '/login' });
    expect(screen.getByLabelText('Benutzername')).toBeInTheDocument();
    const password = screen.getByLabelText('Passwort', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Passwort verbergen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    expect(screen.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
  });

  it.each(['localhost', '127.0.0.1', '::1', 'demo.medikationsportal.de'])(
    'shows the demo table on %s and hides the partner cards; a click fills both fields',
    async (hostname) => {
      fakeApi({ 'GET /api/config': config() });
      renderApp(<LoginPage hostname={hostname} />, { route: '/login', path: '/login' });
      const table = await screen.findByRole('table', { name: 'Demo-Zugänge' });
      expect(table).toHaveTextContent('Benutzer');
      expect(screen.queryByText('RezeptBrücke')).not.toBeInTheDocument();
      await userEvent.click(screen.getByText('heim'));
      expect(screen.getByLabelText('Benutzername')).toHaveValue('heim');
      expect(screen.getByLabelText('Passwort', { selector: 'input' })).toHaveValue('Demo#Passwort24!');
    },
  );

  it.each([
    ['a production host', 'portal.apotheke.de', true],
    ['the demo flag off', 'localhost', false],
  ])('shows the two partner cards instead of the demo table with %s', async (_title, hostname, demo) => {
    fakeApi({ 'GET /api/config': config({ demo }) });
    renderApp(<LoginPage hostname={hostname} />, { route: '/login', path: '/login' });
    expect(await screen.findByText('RezeptBrücke')).toBeInTheDocument();
    expect(screen.getByText('MediBlister Datenservice')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows "Anmelden mit Apomondo" only under the SSO flag', async () => {
    fakeApi({ 'GET /api/config': config() });
    const first = renderApp(<LoginPage hostname="localhost" />, { route: '/login', path: '/login' });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Anmelden mit Apomondo' })).not.toBeInTheDocument();
    first.unmount();
    fakeApi({ 'GET /api/config': config({ sso: { enabled: true, authorizationUrl: 'https://sso.apomondo.example/auth', clientId: 'portal', nonce: 'n1' } }) });
    renderApp(<LoginPage hostname="localhost" />, { route: '/login', path: '/login' });
    expect(await screen.findByRole('button', { name: 'Anmelden mit Apomondo' })).toBeInTheDocument();
  });

  it('shows the bad-credentials message under the form, not "unauthorized"', async () => {
    fakeApi({
      'GET /api/config': config(),
      'POST /api/auth': fail(401, [{ code: 'bad_credentials', message: API_MESSAGES.badCredentials }]),
    });
    renderApp(<LoginPage hostname="localhost" />, { route: '/login', path: '/login' });
    await userEvent.type(screen.getByLabelText('Benutzername'), 'admin');
    await userEvent.type(screen.getByLabelText('Passwort', { selector: 'input' }), 'falsch');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.badCredentials);
    expect(screen.queryByText('unauthorized')).not.toBeInTheDocument();
    expect(readAuth()).toBeNull();
  });

  it('stores the record and goes to / on success', async () => {
    const record = demoAuth(['ROLE_ADMIN']);
    fakeApi({ 'GET /api/config': config(), 'POST /api/auth': record });
    renderApp(<LoginPage hostname="localhost" />, { route: '/login', path: '/login' });
    await userEvent.type(screen.getByLabelText('Benutzername'), 'admin');
    await userEvent.type(screen.getByLabelText('Passwort', { selector: 'input' }), 'Demo#Passwort24!');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(readAuth()?.token).toBe(record.token);
  });
});

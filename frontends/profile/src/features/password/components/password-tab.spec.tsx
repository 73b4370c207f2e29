import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readAuth, setAuth } from '@mediport/api-client';
import { PASSWORD_MESSAGES } from '@mediport/validation';
import { fail, fakeApi, renderApp, when } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { ProfilePage, loadProfileTabs } from '../../../pages/profile-page';

// The tabs' chunks, loaded once before the tests (a warmed-up page has them).
beforeAll(loadProfileTabs);

const GOOD = 'Ab#12cd!EFgh';

function renderProfile(route = '/profil?tab=1') {
  return renderApp(<ProfilePage />, { route, path: '/profil' });
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('Passwort tab', () => {
  beforeEach(() => {
    localStorage.clear();
    setAuth(demoAuth(['ROLE_HOME']));
  });

  it('shows the three fields, the generator and a disabled Speichern', () => {
    renderProfile();
    expect(screen.getByRole('tab', { name: 'Passwort', selected: true })).toBeInTheDocument();
    expect(field('Aktuelles Passwort')).toBeInTheDocument();
    expect(field('Neues Passwort')).toBeInTheDocument();
    expect(field('Passwort wiederholen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Passwort generieren' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    expect(screen.queryByText('Das Passwort ist nur einmal gültig und muss geändert werden!')).not.toBeInTheDocument();
  });

  it('shows the rule errors live and keeps Speichern disabled', async () => {
    renderProfile();
    await userEvent.type(field('Aktuelles Passwort'), 'alt');
    await userEvent.type(field('Neues Passwort'), 'abc');
    expect(screen.getByText('Weniger als 12 Zeichen!')).toBeInTheDocument();
    expect(screen.getByText('Weniger als 2 große Buchstaben!')).toBeInTheDocument();
    expect(screen.getByText('Weniger als 2 Zahlen!')).toBeInTheDocument();
    expect(screen.getByText('Weniger als 2 Sonderzeichen!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });

  it('shows both mismatch messages', async () => {
    renderProfile();
    await userEvent.type(field('Neues Passwort'), GOOD);
    await userEvent.type(field('Passwort wiederholen'), `${GOOD}x`);
    expect(screen.getByText(PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.mismatchReverse)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.currentRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });

  it('fills both fields from the generator and shows the password to copy', async () => {
    renderProfile();
    await userEvent.type(field('Aktuelles Passwort'), 'alt');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort generieren' }));
    const generated = (field('Neues Passwort') as HTMLInputElement).value;
    expect(generated).toHaveLength(12);
    expect(field('Passwort wiederholen')).toHaveValue(generated);
    expect(screen.getByText(generated)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generiertes Passwort kopieren' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeEnabled();
  });

  it('warns when opened by the anchor, saves, stores the new auth and frees the user', async () => {
    setAuth(demoAuth(['ROLE_HOME'], { once_password: true }));
    const fresh = { ...demoAuth(['ROLE_HOME']), token: 'new-token' };
    const calls = fakeApi({ 'PUT /api/users/:id/profile': when({ id: 'u1' }, { user: fresh.user, auth: fresh }) });
    renderProfile('/profil#scrollable-force-tab-1');
    expect(screen.getByText('Das Passwort ist nur einmal gültig und muss geändert werden!')).toBeInTheDocument();
    await userEvent.type(field('Aktuelles Passwort'), 'einmal');
    await userEvent.type(field('Neues Passwort'), GOOD);
    await userEvent.type(field('Passwort wiederholen'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Profil geändert.')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ password_current: 'einmal', password: GOOD, password_confirm: GOOD });
    expect(readAuth()?.token).toBe('new-token');
    expect(readAuth()?.once_password).toBe(false);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('puts server field errors on the field', async () => {
    fakeApi({ 'PUT /api/users/:id/profile': fail(400, PASSWORD_MESSAGES.currentWrong, 'password_current') });
    renderProfile();
    await userEvent.type(field('Aktuelles Passwort'), 'falsch');
    await userEvent.type(field('Neues Passwort'), GOOD);
    await userEvent.type(field('Passwort wiederholen'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.currentWrong)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });
});

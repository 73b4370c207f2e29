import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readAuth, setAuth } from '@mediport/api-client';
import { FIELD_MESSAGES } from '@mediport/validation';
import { fail, fakeApi, renderApp, when, type FakeApiRoutes } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { ProfilePage, loadProfileTabs } from '../../../pages/profile-page';

// The tabs' chunks, loaded once before the tests (a warmed-up page has them).
beforeAll(loadProfileTabs);

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

const AVATAR = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

function setup(responses: FakeApiRoutes = {}) {
  const auth = demoAuth(['ROLE_HOME']);
  setAuth(auth);
  const calls = fakeApi({ 'GET /api/users/:id/profile': when({ id: 'u1' }, { ...auth.user, city: 'Berlin', postalCode: '10115' }), ...responses });
  renderApp(<ProfilePage />, { route: '/profil?tab=0', path: '/profil' });
  return { auth, calls };
}

describe('Stammdaten', () => {
  beforeEach(() => {
    localStorage.clear();
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
  });

  it('shows every field, the username read-only and the country default', async () => {
    setup();
    expect(await screen.findByDisplayValue('Berlin')).toBeInTheDocument();
    expect(field('Benutzername')).toHaveValue('demo');
    expect(field('Benutzername')).toHaveAttribute('readonly');
    for (const label of ['Titel', 'Vorname', 'Nachname', 'Straße', 'PLZ', 'Ort', 'Land']) expect(field(label)).toBeInTheDocument();
    expect(field('Land')).toHaveValue('Deutschland');
    expect(screen.getByRole('combobox', { name: 'Anrede' })).toHaveTextContent('Frau');
    expect(screen.getByRole('button', { name: 'Bild hierher ziehen und ablegen' })).toBeInTheDocument();
  });

  it.each(['12a45', '123456'])('rejects the postal code %s with the German message and blocks Speichern', async (value) => {
    setup();
    await screen.findByDisplayValue('Berlin');
    await userEvent.clear(field('PLZ'));
    await userEvent.type(field('PLZ'), value);
    expect(await screen.findByText(FIELD_MESSAGES.postalCode)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });

  it('saves as multipart, toasts "Profil geändert." and updates the stored user (top bar)', async () => {
    const { auth, calls } = setup({
      'PUT /api/users/:id/profile': ({ body }) => ({
        user: { ...auth.user, firstname: String(body instanceof FormData ? body.get('firstname') : body.firstname), avatar: '/api/users/u1/avatar?v=abcdef12' },
      }),
      // The stored user's new avatar is fetched for display.
      'GET /api/users/:id/avatar': when({ id: 'u1' }, AVATAR),
    });
    await screen.findByDisplayValue('Berlin');
    await userEvent.clear(field('Vorname'));
    await userEvent.type(field('Vorname'), 'Greta');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bild.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('avatar-input'), png);
    expect(screen.getByText('Neues Profilbild, wird beim Speichern übernommen.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Profil geändert.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    const form = put.body as FormData;
    expect(form.get('firstname')).toBe('Greta');
    expect(form.get('postalCode')).toBe('10115');
    expect((form.get('avatar') as File).name).toBe('bild.png');
    expect(readAuth()?.user.firstname).toBe('Greta');
    expect(readAuth()?.user.avatar).toBe('/api/users/u1/avatar?v=abcdef12');
  });

  it('accepts a dropped image and refuses a non-image with the German message', async () => {
    setup();
    await screen.findByDisplayValue('Berlin');
    const zone = screen.getByRole('button', { name: 'Bild hierher ziehen und ablegen' });
    const text = new File(['hallo'], 'notiz.txt', { type: 'text/plain' });
    fireEvent.drop(zone, { dataTransfer: { files: [text] } });
    expect(await screen.findByText('Bitte laden Sie ein Bild (PNG, JPEG, GIF oder WebP) hoch.')).toBeInTheDocument();
    const png = new File([new Uint8Array([0x89, 0x50])], 'bild.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [png] } });
    expect(await screen.findByText('Neues Profilbild, wird beim Speichern übernommen.')).toBeInTheDocument();
  });

  it('sends the "_delete" marker when the avatar is deleted', async () => {
    const auth = demoAuth(['ROLE_HOME']);
    setAuth(auth);
    const user = { ...auth.user, avatar: '/api/users/u1/avatar?v=12345678' };
    const calls = fakeApi({
      'GET /api/users/:id/profile': when({ id: 'u1' }, user),
      'GET /api/users/:id/avatar': when({ id: 'u1' }, AVATAR),
      'PUT /api/users/:id/profile': when({ id: 'u1' }, { user: { ...user, avatar: null } }),
    });
    renderApp(<ProfilePage />, { route: '/profil', path: '/profil' });
    await userEvent.click(await screen.findByRole('button', { name: 'Bild löschen' }));
    expect(screen.getByText('Das Profilbild wird beim Speichern gelöscht.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await screen.findByText('Profil geändert.');
    expect((calls.find((c) => c.method === 'PUT')!.body as FormData).get('avatar')).toBe('_delete');
  });

  it('shows a server field error on the field', async () => {
    setup({
      'PUT /api/users/:id/profile': fail(400, 'Mehr als 200 Zeichen!', 'city'),
    });
    await screen.findByDisplayValue('Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Mehr als 200 Zeichen!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });

  it('goes to / on Abbrechen', async () => {
    setup();
    await screen.findByDisplayValue('Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAuth } from '@mediport/api-client';
import type { ProfileDocumentDto } from '@mediport/contracts';
import { fakeApi, renderApp, when } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { ProfilePage, loadProfileTabs } from '../../../pages/profile-page';

// The tabs' chunks, loaded once before the tests (a warmed-up page has them).
beforeAll(loadProfileTabs);

const TERMS: ProfileDocumentDto = {
  _id: 'd1',
  name: 'Nutzungsbedingungen.pdf',
  title: 'Nutzungsbedingungen.pdf',
  decision: '',
  decidedAt: null,
  size: 1200,
  createdAt: '2026-03-01T09:30:00.000Z',
};
const PDF_BASE64 = btoa('%PDF-1.4\n%%EOF\n');
const TERMS_FILE = { id: 'u1', name: 'Nutzungsbedingungen.pdf' };

describe('Dokumente', () => {
  let created: Blob[];
  beforeEach(() => {
    localStorage.clear();
    setAuth(demoAuth(['ROLE_HOME']));
    created = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:dokument';
    };
    URL.revokeObjectURL = () => undefined;
  });

  it('shows "Keine Dokumente gefunden" without documents', async () => {
    fakeApi({ 'GET /api/users/:id/profile/documents': when({ id: 'u1' }, []) });
    renderApp(<ProfilePage />, { route: '/profil?tab=4', path: '/profil' });
    expect(await screen.findByText('Keine Dokumente gefunden')).toBeInTheDocument();
  });

  it('opens the full-screen viewer from the base64 answer and stores acceptance with the prefix', async () => {
    let documents = [TERMS];
    const calls = fakeApi({
      'GET /api/users/:id/profile/documents': () => documents,
      'GET /api/users/:id/profile/documents/:name': when(TERMS_FILE, { name: TERMS.title, mimeType: 'application/pdf', data: PDF_BASE64 }),
      'PUT /api/users/:id/profile/documents/:name': () => {
        documents = [{ ...TERMS, name: '{accepted}Nutzungsbedingungen.pdf', decision: 'accepted' }];
        return documents[0]!;
      },
    });
    renderApp(<ProfilePage />, { route: '/profil#scrollable-force-tab-4', path: '/profil' });
    expect(screen.getByRole('tab', { name: 'Dokumente', selected: true })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Dokumente' });
    expect(within(list).getByText('Offen')).toBeInTheDocument();
    await userEvent.click(within(list).getByText('Nutzungsbedingungen.pdf'));

    const viewer = await screen.findByRole('dialog', { name: 'Nutzungsbedingungen.pdf' });
    expect(within(viewer).getByRole('heading', { name: 'Nutzungsbedingungen.pdf' })).toBeInTheDocument();
    const frame = await within(viewer).findByTitle('Nutzungsbedingungen.pdf');
    expect(frame.tagName).toBe('IFRAME');
    // The browser's own viewer toolbar would title it with the blob URL's random id: it stays hidden.
    expect(frame).toHaveAttribute('src', 'blob:dokument#toolbar=0');
    expect(created[0]!.type).toBe('application/pdf');
    expect(within(viewer).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Ablehnen' })).toBeInTheDocument();

    await userEvent.click(within(viewer).getByRole('button', { name: 'Akzeptieren' }));
    expect(await screen.findByText('Auswahl wurde gespeichert')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: '{accepted}Nutzungsbedingungen.pdf' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Akzeptiert')).toBeInTheDocument();
  });

  it('stores a rejection with the {reject} prefix', async () => {
    const calls = fakeApi({
      'GET /api/users/:id/profile/documents': [TERMS],
      'GET /api/users/:id/profile/documents/:name': when(TERMS_FILE, { name: TERMS.title, mimeType: 'application/pdf', data: PDF_BASE64 }),
      'PUT /api/users/:id/profile/documents/:name': when(TERMS_FILE, { ...TERMS, decision: 'reject', name: '{reject}Nutzungsbedingungen.pdf' }),
    });
    renderApp(<ProfilePage />, { route: '/profil?tab=4', path: '/profil' });
    await userEvent.click(await screen.findByText('Nutzungsbedingungen.pdf'));
    await userEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    expect(await screen.findByText('Auswahl wurde gespeichert')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: '{reject}Nutzungsbedingungen.pdf' });
  });
});

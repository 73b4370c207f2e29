import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AclMatrix } from '@mediport/contracts';
import { configureErrorHandler, setAuth } from '@mediport/api-client';
import { CATALOGUE, DEFAULT_MATRIX } from '@mediport/permissions';
import { fail, fakeApi, renderApp, type FakeError } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { INTRO_SEEN_KEY } from './acl-page';
import { AclPage } from './acl-page';

const matrix = (): AclMatrix => JSON.parse(JSON.stringify(DEFAULT_MATRIX)) as AclMatrix;
let toasts: Array<[string, string]>;
// The matrix renders several hundred controls; jsdom needs time for that under a parallel run.
jest.setTimeout(30_000);

function serve(refuse?: FakeError) {
  return fakeApi({
    'GET /api/acl': { rules: CATALOGUE, acl: matrix(), version: 1 },
    'PATCH /api/acl': ({ body }) => refuse ?? { rules: CATALOGUE, acl: { ...matrix(), ...body.acl }, version: 2 },
    'GET /api/acl/doku/:name': new Blob(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], { type: 'image/svg+xml; charset=utf-8' }),
  });
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(INTRO_SEEN_KEY, '1');
  toasts = [];
  configureErrorHandler({ notify: (m, v) => toasts.push([m, v]), navigate: () => undefined });
  setAuth(demoAuth(['ROLE_ADMIN']));
});

describe('AclPage', () => {
  it('shows tabs per area, role columns without Manager, and the note that changes apply at once', async () => {
    serve();
    renderApp(<AclPage />);
    expect(await screen.findByText('Änderungen gelten sofort für alle Nutzer – ein Neustart ist nicht nötig.')).toBeInTheDocument();
    expect(screen.queryByText(/Neustart erforderlich/)).toBeNull();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(CATALOGUE.map((g) => g.label));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Recht', 'Administrator', 'Heim', 'Apotheker', 'Arzt', 'Fahrer', 'Buchhalter']);
  });

  it('offers own only where allowed, no manager toggle for Administrator, contract only for Heim and Arzt', async () => {
    serve();
    renderApp(<AclPage />);
    await openTab('Aufträge');
    const label = 'Auftrag anlegen';
    expect(screen.getByLabelText(`Nur eigene – Administrator – ${label}`)).toBeInTheDocument();
    expect(screen.queryByLabelText(`Nur Manager – Administrator – ${label}`)).toBeNull();
    expect(screen.getByLabelText(`Nur Manager – Apotheker – ${label}`)).toBeInTheDocument();
    expect(screen.getByLabelText(`Vertrag nötig – Heim – ${label}`)).toBeChecked();
    expect(screen.getByLabelText(`Vertrag nötig – Arzt – ${label}`)).toBeChecked();
    for (const role of ['Administrator', 'Apotheker', 'Fahrer', 'Buchhalter']) expect(screen.queryByLabelText(`Vertrag nötig – ${role} – ${label}`)).toBeNull();
    // "Spalte Patient" has no own-only option in the catalogue.
    expect(screen.queryByLabelText('Nur eigene – Heim – Spalte Patient')).toBeNull();
  });

  it('saves only the changed role column with the encoded entries and confirms with a toast', async () => {
    const calls = serve();
    renderApp(<AclPage />);
    await openTab('Stammdaten');
    fireEvent.click(screen.getByLabelText('Zugriff – Heim – Medikamente anzeigen'));
    fireEvent.click(screen.getByLabelText('Nur Manager – Fahrer – Patienten anzeigen'));
    fireEvent.click(screen.getByLabelText('Nur eigene – Fahrer – Patienten anzeigen'));
    expect(screen.getByLabelText('Zugriff – Fahrer – Patienten anzeigen')).toBeChecked();
    expect(screen.getByText('2 Rollen geändert – noch nicht gespeichert.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Rechte gespeichert.', 'success']));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    const sent = (patch.body as { acl: Partial<AclMatrix> }).acl;
    expect(Object.keys(sent).sort()).toEqual(['ROLE_DRIVER', 'ROLE_HOME']);
    expect(sent.ROLE_HOME!.permissions).not.toContain('medicine_list_view');
    expect(sent.ROLE_HOME!.permissions).toHaveLength(DEFAULT_MATRIX.ROLE_HOME.permissions.length - 1);
    expect(sent.ROLE_DRIVER!.manager).toEqual(['patient_list_view_own']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled());
  });

  it('shows the errors the server answers', async () => {
    serve(fail(400, 'Ungültige Rechte-Spalte.', 'acl.ROLE_DRIVER'));
    renderApp(<AclPage />);
    await openTab('Stammdaten');
    fireEvent.click(screen.getByLabelText('Zugriff – Fahrer – Medikamente anzeigen'));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Ungültige Rechte-Spalte.', 'error']));
    expect(screen.getByLabelText('Zugriff – Fahrer – Medikamente anzeigen')).toBeChecked();
  });

  it('discards unsaved changes', async () => {
    serve();
    renderApp(<AclPage />);
    await openTab('Stammdaten');
    fireEvent.click(screen.getByLabelText('Zugriff – Heim – Medikamente anzeigen'));
    fireEvent.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(screen.getByLabelText('Zugriff – Heim – Medikamente anzeigen')).toBeChecked();
  });

  it('is read-only without acl_edit_view', async () => {
    serve();
    setAuth({ ...demoAuth(['ROLE_PHARMA']), permissions: ['acl_list_view'] });
    renderApp(<AclPage />);
    expect(await screen.findByText('Sie können die Rechte ansehen, aber nicht ändern.')).toBeInTheDocument();
    expect(screen.getByLabelText('Zugriff – Heim – Dashboard anzeigen')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it('opens the detail dialog with name, page, API call, holders and the documentation image', async () => {
    serve();
    renderApp(<AclPage />);
    await openTab('Aufträge');
    fireEvent.click(screen.getByRole('button', { name: 'Details: Aufträge anzeigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details zum Recht: Aufträge anzeigen' });
    expect(within(dialog).getByText('task_list_view')).toBeInTheDocument();
    expect(within(dialog).getByText('/anforderungen')).toBeInTheDocument();
    expect(within(dialog).getByText('GET /api/tasks')).toBeInTheDocument();
    expect(within(dialog).getByText('Heim (nur eigene)')).toBeInTheDocument();
    expect(within(dialog).queryByText('Fahrer')).toBeNull();
    const img = await within(dialog).findByRole('img', { name: 'Dokumentation: Aufträge anzeigen' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('shows the four-step introduction on the first visit, remembers it and reopens it by button', async () => {
    localStorage.removeItem(INTRO_SEEN_KEY);
    serve();
    renderApp(<AclPage />);
    const dialog = await screen.findByRole('dialog', { name: 'Einführung in die Rechteverwaltung' });
    for (const step of ['Bereiche', 'Rechte schalten', 'Eigene, Manager, Vertrag']) {
      expect(within(dialog).getByText(new RegExp(`Schritt \\d von 4: ${step}`))).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    }
    expect(within(dialog).getByText('Schritt 4 von 4: Speichern')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verstanden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(INTRO_SEEN_KEY)).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Einführung' }));
    expect(await screen.findByText('Schritt 1 von 4: Bereiche')).toBeInTheDocument();
  });
});

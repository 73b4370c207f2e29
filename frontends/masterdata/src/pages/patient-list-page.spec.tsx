import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@mediport/contracts';
import { renderRoutes } from '../shared/test-harness';
import { patientsRoutes } from '../routes';
import { authOf, callsTo, GROUP_A1, GROUP_A2, HOME_A, HOME_B, HOMES, lastQuery, makePatient, P1, P2, P3, PATIENTS, patientServer } from '../features/patients/testing/patient-server';
import { preloadPages } from '@mediport/ui';

// The pages' chunks, loaded once before the tests (a warmed-up app has them).
beforeAll(() => preloadPages(patientsRoutes));

const show = (roles: Role[], route = '/patienten') => renderRoutes(patientsRoutes, route, authOf(roles));
const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;
const patientsQuery = (calls: ReturnType<typeof patientServer>['calls']) => lastQuery(calls, 'GET', '/api/patients');

// MUI renders slowly in jsdom on a busy machine.

describe('PatientListPage (/patienten)', () => {
  beforeEach(() => localStorage.clear());

  it('shows firstname, lastname, birth date, care home and living area; asks 25 active patients sorted by last name', async () => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN']);
    const row = await rowOf('Anna');
    expect(within(row).getAllByRole('cell', { hidden: true }).map((c) => c.textContent)).toEqual(expect.arrayContaining(['Anna', 'Müller', '12.03.1941', 'Haus Sonnenblick', 'Wohnbereich Rosen']));
    expect(screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent)).toEqual(['Vorname', 'Nachname', 'Geburtsdatum', 'Pflegeeinrichtung', 'Wohnbereich', 'Aktionen']);
    expect(screen.queryByRole('cell', { name: 'Clara' })).not.toBeInTheDocument();
    expect(patientsQuery(calls)).toEqual({ offset: '0', limit: '25', sort: 'lastname', 'filter[deactivated]': '0' });
    expect(callsTo(calls, 'GET', '/api/homes').map((c) => c.url)).toContain('/api/homes?limit=-1&sort=name');
    expect(screen.getByText('1 - 2 von 2 Datensätzen')).toBeInTheDocument();
  });

  it('searches by name (debounced) into filter[text]', async () => {
    const { calls } = patientServer();
    show(['ROLE_PHARMA']);
    await rowOf('Anna');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suche' }), 'mül');
    await waitFor(() => expect(patientsQuery(calls)['filter[text]']).toBe('mül'), { timeout: 3000 });
    expect(await screen.findByText('1 - 1 von 1 Datensätzen')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/patienten?text=m%C3%BCl');
  });

  it('filters by care home and its living areas; another home starts without a living area', async () => {
    const { calls } = patientServer();
    show(['ROLE_PHARMA']);
    await rowOf('Anna');
    expect(screen.getByRole('combobox', { name: 'Wohnbereich' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('combobox', { name: 'Pflegeeinrichtung' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Haus Sonnenblick' }));
    await waitFor(() => expect(patientsQuery(calls)['filter[home]']).toBe(HOME_A));

    await userEvent.click(screen.getByRole('combobox', { name: 'Wohnbereich' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Alle', 'Wohnbereich Rosen', 'Wohnbereich Tulpen']);
    await userEvent.click(screen.getByRole('option', { name: 'Wohnbereich Tulpen' }));
    await waitFor(() => expect(patientsQuery(calls)).toMatchObject({ 'filter[home]': HOME_A, 'filter[homeGroup]': GROUP_A2 }));
    expect(await screen.findByText('Keine Suchergebnisse')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Pflegeeinrichtung' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Seniorenresidenz Am Park' }));
    await waitFor(() => expect(patientsQuery(calls)['filter[home]']).toBe(HOME_B));
    expect(patientsQuery(calls)['filter[homeGroup]']).toBeUndefined();
    expect(await screen.findByRole('cell', { name: 'Bernd' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/patienten?home=${HOME_B}`);
  });

  it('"Nur neue" asks filter[notSeen]=1, "Deaktiviert: Alle" filter[deactivated]=all, both kept in the URL', async () => {
    const { calls } = patientServer();
    show(['ROLE_PHARMA']);
    await rowOf('Anna');
    await userEvent.click(screen.getByRole('switch', { name: 'Nur neue' }));
    await waitFor(() => expect(patientsQuery(calls)['filter[notSeen]']).toBe('1'));
    expect(await screen.findByText('1 - 1 von 1 Datensätzen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Deaktiviert' }));
    await userEvent.click(screen.getByRole('option', { name: 'Alle' }));
    await waitFor(() => expect(patientsQuery(calls)['filter[deactivated]']).toBe('all'));
    expect(screen.getByTestId('location')).toHaveTextContent('/patienten?notSeen=1&deactivated=all');
  });

  it('opens a bookmarked view with its filters', async () => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN'], `/patienten?home=${HOME_A}&homeGroup=${GROUP_A1}&notSeen=1&sort=-dateOfBirth`);
    expect(await screen.findByText('Keine Suchergebnisse')).toBeInTheDocument();
    expect(patientsQuery(calls)).toEqual({
      offset: '0',
      limit: '25',
      sort: '-dateOfBirth',
      'filter[home]': HOME_A,
      'filter[homeGroup]': GROUP_A1,
      'filter[notSeen]': '1',
      'filter[deactivated]': '0',
    });
    expect(screen.getByRole('switch', { name: 'Nur neue' })).toBeChecked();
    expect(await screen.findByRole('combobox', { name: 'Pflegeeinrichtung' })).toHaveValue('Haus Sonnenblick');
  });

  it('marks an unseen patient "neu"; "Alle als gelesen markieren" calls patient_read_all, toasts and the badges go', async () => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN']);
    const unseen = await rowOf('Bernd');
    expect(within(unseen).getByText('neu')).toBeInTheDocument();
    expect(within(await rowOf('Anna')).queryByText('neu')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    expect(await screen.findByText('Alle Patienten wurden als gelesen markiert')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/statistics/patient_read_all')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('neu')).not.toBeInTheDocument());
  });

  it('offers per row what its flags allow: details always, edit when editable, delete when deletable', async () => {
    patientServer([makePatient(), makePatient({ _id: P2, firstname: 'Bernd', lastname: 'Schulz', editable: false, deletable: false })]);
    show(['ROLE_PHARMA']);
    const anna = await rowOf('Anna');
    expect(within(anna).getByRole('link', { name: 'Anna Müller anzeigen' })).toHaveAttribute('href', `/patient/details/${P1}`);
    expect(within(anna).getByRole('link', { name: 'Anna Müller bearbeiten' })).toHaveAttribute('href', `/patient/${P1}`);
    expect(within(anna).getByRole('link', { name: 'Anna Müller löschen' })).toHaveAttribute('href', `/patient/${P1}/loeschen`);
    const bernd = await rowOf('Bernd');
    expect(within(bernd).getByRole('link', { name: 'Bernd Schulz anzeigen' })).toBeInTheDocument();
    expect(within(bernd).queryByRole('link', { name: /bearbeiten|löschen/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neuer Patient' })).toHaveAttribute('href', '/patient/neu');
  });

  it('finds deactivated patients with "Deaktiviert: Ja" and reactivates one', async () => {
    const { calls, store } = patientServer();
    show(['ROLE_ADMIN']);
    await rowOf('Anna');
    await userEvent.click(screen.getByRole('combobox', { name: 'Deaktiviert' }));
    await userEvent.click(screen.getByRole('option', { name: 'Ja' }));
    const clara = await rowOf('Clara');
    expect(within(clara).getByText('deaktiviert')).toBeInTheDocument();
    expect(within(clara).queryByRole('link', { name: /bearbeiten|löschen/ })).not.toBeInTheDocument();
    await userEvent.click(within(clara).getByRole('button', { name: 'Clara Weber reaktivieren' }));
    expect(await screen.findByText('Patient reaktiviert.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/patients/${P3}`)[0]!.body).toEqual({ deactivated: false });
    expect(store.find((p) => p._id === P3)!.deactivated).toBe(false);
    expect(await screen.findByText('Keine Suchergebnisse')).toBeInTheDocument();
  });

  it('a home user: no care-home filter, its own living areas to filter by', async () => {
    const { calls } = patientServer(PATIENTS, { homes: [HOMES[0]!] });
    show(['ROLE_HOME']);
    await rowOf('Anna');
    expect(screen.queryByRole('combobox', { name: 'Pflegeeinrichtung' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Wohnbereich' }));
    await userEvent.click(screen.getByRole('option', { name: 'Wohnbereich Rosen' }));
    await waitFor(() => expect(patientsQuery(calls)['filter[homeGroup]']).toBe(GROUP_A1));
    expect(patientsQuery(calls)['filter[home]']).toBeUndefined();
  });

  it('a doctor user: no "Neuer Patient", no "Deaktiviert" filter and active patients only', async () => {
    const { calls } = patientServer(PATIENTS.map((p) => ({ ...p, editable: false, deletable: false })));
    show(['ROLE_DOCTOR']);
    await rowOf('Anna');
    expect(screen.queryByRole('link', { name: 'Neuer Patient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Deaktiviert' })).not.toBeInTheDocument();
    expect(patientsQuery(calls)['filter[deactivated]']).toBeUndefined();
    expect(screen.queryByRole('link', { name: /bearbeiten|löschen/ })).not.toBeInTheDocument();
  });

  it('says "Kein Daten vorhanden." without patients', async () => {
    patientServer([]);
    show(['ROLE_ADMIN']);
    expect(await screen.findByText('Kein Daten vorhanden.')).toBeInTheDocument();
  });
});

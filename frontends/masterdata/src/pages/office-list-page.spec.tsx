import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, doctorServer, ID, lastQuery, show } from '../features/doctors/test-fixtures';

// userEvent on a loaded two-core machine: some journeys take several seconds.

const row = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe('OfficeListPage (/v3/arztpraxis)', () => {
  beforeEach(() => localStorage.clear());

  it('lists the practices with address, contact type and number of doctors, sorted by name', async () => {
    const { calls } = doctorServer();
    show(['ROLE_ADMIN'], '/v3/arztpraxis');
    expect(await screen.findByRole('heading', { name: 'Arztpraxen' })).toBeInTheDocument();
    const mitte = await row('Praxis Mitte');
    // Some columns give way on small screens (jsdom applies no media queries): by text.
    for (const text of ['Hauptstraße 1', '10115', 'Berlin', 'Telefon', '1']) expect(within(mitte).getByText(text)).toBeInTheDocument();
    const nord = await row('Praxis Nord');
    for (const text of ['Nordweg 5', '20095', 'Hamburg', 'Fax', '0']) expect(within(nord).getByText(text)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent)).toEqual(['Name', 'Straße', 'PLZ', 'Ort', 'Kontaktart', 'Anzahl Ärzte', 'Aktionen']);
    expect(lastQuery(calls, '/api/doctors/offices')).toEqual({ offset: '0', limit: '25', sort: 'name' });
    expect(screen.getByRole('link', { name: 'Neue Arztpraxis' })).toHaveAttribute('href', '/v3/arztpraxis/neu');
  });

  it('offers view, edit and delete by the row flags', async () => {
    doctorServer();
    show(['ROLE_PHARMA'], '/v3/arztpraxis');
    const mitte = await row('Praxis Mitte');
    expect(within(mitte).getByRole('link', { name: 'Praxis Mitte anzeigen' })).toHaveAttribute('href', `/v3/arztpraxis/${ID.praxisMitte}`);
    expect(within(mitte).getByRole('link', { name: 'Praxis Mitte bearbeiten' })).toHaveAttribute('href', `/v3/arztpraxis/bearbeiten/${ID.praxisMitte}`);
    expect(within(mitte).getByRole('button', { name: 'Praxis Mitte löschen' })).toBeInTheDocument();
    const nord = await row('Praxis Nord');
    expect(within(nord).getByRole('link', { name: 'Praxis Nord anzeigen' })).toBeInTheDocument();
    expect(within(nord).queryByRole('button', { name: 'Praxis Nord löschen' })).not.toBeInTheDocument();
  });

  it('searches by name', async () => {
    const { calls } = doctorServer();
    show(['ROLE_ADMIN'], '/v3/arztpraxis');
    await row('Praxis Mitte');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suche' }), 'nord');
    await waitFor(() => expect(lastQuery(calls, '/api/doctors/offices')['filter[text]']).toBe('nord'));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Praxis Mitte' })).not.toBeInTheDocument());
    expect(await row('Praxis Nord')).toBeInTheDocument();
  });

  it('deletes a practice after the question and toasts "Arztpraxis wurde gelöscht."', async () => {
    const { calls } = doctorServer();
    show(['ROLE_ADMIN'], '/v3/arztpraxis');
    await userEvent.click(within(await row('Praxis Mitte')).getByRole('button', { name: 'Praxis Mitte löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arztpraxis löschen' });
    expect(dialog).toHaveTextContent('Möchten Sie die Arztpraxis „Praxis Mitte“ wirklich löschen?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'DELETE', `/api/doctors/offices/${ID.praxisMitte}`)).toHaveLength(0);
    await userEvent.click(within(await row('Praxis Mitte')).getByRole('button', { name: 'Praxis Mitte löschen' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Arztpraxis löschen' })).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Arztpraxis wurde gelöscht.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', `/api/doctors/offices/${ID.praxisMitte}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Praxis Mitte' })).not.toBeInTheDocument());
  });

  it('shows no "Neue Arztpraxis" without the create right (doctor)', async () => {
    doctorServer({ routes: { 'GET /api/doctors/offices': { data: [], count: 0 } } });
    show(['ROLE_DOCTOR'], '/v3/arztpraxis');
    expect(await screen.findByText('Kein Daten vorhanden.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Neue Arztpraxis' })).not.toBeInTheDocument();
  });
});

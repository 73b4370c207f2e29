import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, doctorDto, doctorServer, ID, lastQuery, show } from '../features/doctors/test-fixtures';
import { mockWindowWidth } from '../../../common/test-utils';

// userEvent on a loaded two-core machine: some journeys take several seconds.

const row = async (lastname: string) => (await screen.findByRole('cell', { name: new RegExp(`^${lastname}`) })).closest('tr')!;

describe('DoctorListPage (/aerzte)', () => {
  beforeEach(() => localStorage.clear());

  it('lists active doctors sorted by last name with title+first name, expertise, practice, contact type and the "neu" badge', async () => {
    const { calls } = doctorServer();
    show(['ROLE_ADMIN'], '/aerzte');
    expect(await screen.findByRole('heading', { name: 'Ärzte' })).toBeInTheDocument();
    const berg = await row('Berg');
    expect(within(berg).getByRole('cell', { name: 'Dr. Anna' })).toBeInTheDocument();
    // Expertise, practice and contact type give way on small screens (jsdom applies no media queries): by text.
    expect(within(berg).getByText('Allgemeinmedizin')).toBeInTheDocument();
    expect(within(berg).getByText('Praxis Mitte')).toBeInTheDocument();
    expect(within(berg).getByText('Fax')).toBeInTheDocument();
    expect(within(berg).queryByText('neu')).not.toBeInTheDocument();
    const cohn = await row('Cohn');
    expect(within(cohn).getByText('neu')).toBeInTheDocument();
    expect(within(cohn).getByText('E-Mail')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: /^Wolf/ })).not.toBeInTheDocument();
    expect(lastQuery(calls, '/api/doctors')).toEqual({ offset: '0', limit: '25', sort: 'lastname', 'filter[deactivated]': '0' });
    expect(screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent)).toEqual(['Vorname', 'Nachname', 'Fachrichtung', 'Arztpraxis', 'Bevorzugter Kontakt', 'Aktionen']);
  });

  it('sorts by first name and by last name from the headers', async () => {
    const { calls } = doctorServer();
    show(['ROLE_PHARMA'], '/aerzte');
    await row('Berg');
    await userEvent.click(screen.getByRole('button', { name: 'Vorname' }));
    await waitFor(() => expect(lastQuery(calls, '/api/doctors').sort).toBe('firstname'));
    await userEvent.click(screen.getByRole('button', { name: 'Nachname' }));
    await waitFor(() => expect(lastQuery(calls, '/api/doctors').sort).toBe('lastname'));
    await userEvent.click(screen.getByRole('button', { name: 'Nachname' }));
    await waitFor(() => expect(lastQuery(calls, '/api/doctors').sort).toBe('-lastname'));
  });

  it('asks with the search text, the chosen expertises and "Nur neue"', async () => {
    const { calls } = doctorServer();
    show(['ROLE_PHARMA'], '/aerzte');
    await row('Berg');
    await userEvent.click(screen.getByRole('combobox', { name: 'Fachrichtungen' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Kardiologie' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Fachrichtungen' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Allgemeinmedizin' }));
    await waitFor(() => expect(lastQuery(calls, '/api/doctors')['filter[expertises]']).toBe('Kardiologie,Allgemeinmedizin'));
    expect(await row('Berg')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Nur neue'));
    await waitFor(() => expect(lastQuery(calls, '/api/doctors')['filter[notSeen]']).toBe('1'));
    await waitFor(() => expect(screen.queryByRole('cell', { name: /^Berg/ })).not.toBeInTheDocument());
    expect(await row('Cohn')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suche' }), 'zzz');
    await waitFor(() => expect(lastQuery(calls, '/api/doctors')['filter[text]']).toBe('zzz'));
    expect(await screen.findByText('Keine Suchergebnisse')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/aerzte?expertises=Kardiologie%2CAllgemeinmedizin&notSeen=1&text=zzz');
    expect(callsTo(calls, 'GET', '/api/doctors/expertises')).toHaveLength(1);
  });

  it('hides the filters for the doctor role and asks without them', async () => {
    const { calls } = doctorServer();
    show(['ROLE_DOCTOR', 'ROLE_MANAGER'], '/aerzte?text=Berg&expertises=Kardiologie');
    await row('Berg');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Suche' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Fachrichtungen' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Nur neue')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Deaktiviert' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/doctors/expertises')).toHaveLength(0);
    expect(lastQuery(calls, '/api/doctors')).toEqual({ offset: '0', limit: '25', sort: 'lastname' });
  });

  it('marks all doctors read: PUT /api/statistics/doctor_read_all, the toast, and the badges go', async () => {
    const { calls } = doctorServer();
    show(['ROLE_PHARMA'], '/aerzte');
    expect(within(await row('Cohn')).getByText('neu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    expect(await screen.findByText('Alle Ärzte wurden als gelesen markiert')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/statistics/doctor_read_all')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Ärzte' })).queryByText('neu')).not.toBeInTheDocument());
  });

  it('offers the "Deaktiviert" filter and the row actions by the row flags to a user with the delete right', async () => {
    const { calls } = doctorServer();
    show(['ROLE_ADMIN'], '/aerzte');
    const berg = await row('Berg');
    expect(within(berg).getByRole('link', { name: 'Dr. Anna Berg bearbeiten' })).toHaveAttribute('href', `/arzt/${ID.berg}`);
    expect(within(berg).getByRole('link', { name: 'Dr. Anna Berg löschen' })).toHaveAttribute('href', `/arzt/${ID.berg}/loeschen`);
    await userEvent.click(screen.getByRole('combobox', { name: 'Deaktiviert' }));
    await userEvent.click(screen.getByRole('option', { name: 'Ja' }));
    const wolf = await row('Wolf');
    expect(lastQuery(calls, '/api/doctors')['filter[deactivated]']).toBe('1');
    expect(within(wolf).getByText('deaktiviert')).toBeInTheDocument();
    expect(within(wolf).queryByRole('link', { name: /bearbeiten|löschen/ })).not.toBeInTheDocument();
    await userEvent.click(within(wolf).getByRole('button', { name: 'Clara Wolf reaktivieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arzt reaktivieren' });
    expect(dialog).toHaveTextContent('Möchten Sie Clara Wolf wieder aktivieren?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reaktivieren' }));
    expect(await screen.findByText('Arzt wurde reaktiviert.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/doctors/${ID.wolf}`)[0]!.body).toEqual({ deactivated: false });
    expect(await screen.findByText('Keine Suchergebnisse')).toBeInTheDocument();
  });

  it('shows neither the "Deaktiviert" filter nor row actions to a care home, and only active doctors are asked for', async () => {
    const { calls } = doctorServer({ doctors: [doctorDto({ editable: false, deletable: false })] });
    show(['ROLE_HOME'], '/aerzte?deactivated=1');
    const berg = await row('Berg');
    expect(screen.queryByRole('combobox', { name: 'Deaktiviert' })).not.toBeInTheDocument();
    expect(within(berg).queryByRole('link')).not.toBeInTheDocument();
    expect(within(berg).queryByRole('button')).not.toBeInTheDocument();
    expect(lastQuery(calls, '/api/doctors')['filter[deactivated]']).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Neuer Arzt' })).toHaveAttribute('href', '/arzt/neu');
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toBeInTheDocument();
  });

  it('shows one card per doctor on a 390 px phone: the whole name with its marks, the values, the actions', async () => {
    const restore = mockWindowWidth(390);
    try {
      doctorServer();
      show(['ROLE_ADMIN'], '/aerzte');
      const cards = await screen.findByRole('list', { name: 'Ärzte' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cohn = within(cards).getByText('Ben Cohn').closest('li')!;
      expect(within(cohn).getByText('neu')).toBeInTheDocument();
      expect(within(cohn).getByText('Kardiologie')).toBeInTheDocument();
      expect(within(cohn).getByRole('link', { name: 'Ben Cohn bearbeiten' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

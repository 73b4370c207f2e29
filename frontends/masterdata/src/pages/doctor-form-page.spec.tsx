import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DoctorDto, DoctorPreferred, Role } from '@mediport/contracts';
import { FIELD_MESSAGES } from '@mediport/validation';
import { fail } from '../../../common/test-utils';
import { callsTo, clearCookies, doctorDto, doctorServer, ID, show } from '../features/doctors/test-fixtures';

// userEvent on a loaded two-core machine: some journeys take several seconds.

const textbox = (name: string) => screen.getByRole('textbox', { name });
const combobox = (name: string) => screen.getByRole('combobox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

async function choose(comboboxName: string, option: string) {
  await userEvent.click(combobox(comboboxName));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** The edit page of one doctor (stored with `overrides`). */
async function editDoctor(overrides: Partial<DoctorDto>, roles: Role[] = ['ROLE_ADMIN']) {
  const server = doctorServer({ doctors: [doctorDto(overrides)] });
  show(roles, `/arzt/${ID.berg}`);
  expect(await screen.findByRole('heading', { name: 'Arzt bearbeiten' })).toBeInTheDocument();
  await screen.findByDisplayValue(overrides.city ?? 'Berlin');
  return server;
}

describe('doctor form (/arzt/neu, /arzt/{id}, /arzt/{id}/loeschen)', () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookies();
  });

  it('creates a doctor as administrator: practice, expertise, Kundennummer; asks first, then "Arzt gespeichert" and /aerzte', async () => {
    const { calls } = doctorServer();
    show(['ROLE_ADMIN'], '/arzt/neu');
    expect(await screen.findByRole('heading', { name: 'Neuer Arzt' })).toBeInTheDocument();
    expect(textbox('Land')).toHaveValue('Deutschland');
    await userEvent.type(textbox('Vorname'), 'Nina');
    await userEvent.type(textbox('Nachname'), 'Neumann');
    await userEvent.type(combobox('Fachrichtung'), 'Kardio');
    await userEvent.click(await screen.findByRole('option', { name: 'Kardiologie' }));
    await choose('Arztpraxis', 'Praxis Nord');
    await choose('Bevorzugter Kontakt', 'Fax');
    await userEvent.type(textbox('Fax'), '040 987654');
    await userEvent.type(textbox('Kundennummer'), 'K-200');
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Neuen Arzt anlegen?' });
    expect(dialog).toHaveTextContent('Bitte prüfen Sie, ob der Arzt bereits angelegt ist');
    expect(callsTo(calls, 'POST', '/api/doctors')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Arzt anlegen' }));
    expect(await screen.findByText('Arzt gespeichert')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/doctors')[0]!.body).toEqual({
      salutation: '',
      title: '',
      firstname: 'Nina',
      lastname: 'Neumann',
      expertise: 'Kardiologie',
      street: '',
      postalCode: '',
      city: '',
      country: 'Deutschland',
      preferred: 'Fax',
      email: '',
      fax: '040 987654',
      office: ID.praxisNord,
      debtorId: 'K-200',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/aerzte$/));
    expect(await screen.findByRole('heading', { name: 'Ärzte' })).toBeInTheDocument();
  });

  it('asks before creating until "Nicht mehr fragen" is confirmed (cookie hide-question-create-doctor), cancel saves nothing', async () => {
    const { calls } = doctorServer();
    const fill = async () => {
      expect(await screen.findByRole('heading', { name: 'Neuer Arzt' })).toBeInTheDocument();
      await userEvent.type(textbox('Nachname'), 'Neumann');
      await choose('Bevorzugter Kontakt', 'E-Mail');
      await userEvent.type(textbox('E-Mail'), 'neumann@example.de');
    };
    const first = show(['ROLE_PHARMA'], '/arzt/neu');
    await fill();
    await save();
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Neuen Arzt anlegen?' })).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', '/api/doctors')).toHaveLength(0);
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Neuen Arzt anlegen?' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Nicht mehr fragen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Arzt anlegen' }));
    expect(await screen.findByText('Arzt gespeichert')).toBeInTheDocument();
    expect(document.cookie).toContain('hide-question-create-doctor=1');
    first.unmount();

    show(['ROLE_PHARMA'], '/arzt/neu');
    await fill();
    await save();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/doctors')).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: 'Neuen Arzt anlegen?' })).not.toBeInTheDocument();
  });

  it('asks before saving a doctor without e-mail and fax until "Nicht mehr fragen" is confirmed (cookie hide-question-empty-doctor)', async () => {
    const { calls } = await editDoctor({ withLogin: true, preferred: 'NONE', email: '', fax: '' });
    await save();
    let dialog = await screen.findByRole('dialog', { name: 'Arzt ohne E-Mail und Fax speichern?' });
    expect(dialog).toHaveTextContent('weder eine E-Mail-Adresse noch eine Faxnummer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'PUT', `/api/doctors/${ID.berg}`)).toHaveLength(0);
    await save();
    dialog = await screen.findByRole('dialog', { name: 'Arzt ohne E-Mail und Fax speichern?' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Nicht mehr fragen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trotzdem speichern' }));
    expect(await screen.findByText('Arzt geändert')).toBeInTheDocument();
    expect(document.cookie).toContain('hide-question-empty-doctor=1');
    expect(document.cookie).not.toContain('hide-question-create-doctor');
    expect(callsTo(calls, 'PUT', `/api/doctors/${ID.berg}`)).toHaveLength(1);
    await screen.findByRole('heading', { name: 'Ärzte' });

    await userEvent.click(await screen.findByRole('link', { name: 'Dr. Anna Berg bearbeiten' }));
    await screen.findByRole('heading', { name: 'Arzt bearbeiten' });
    await save();
    await waitFor(() => expect(callsTo(calls, 'PUT', `/api/doctors/${ID.berg}`)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  const INVALID: { title: string; doctor: Partial<DoctorDto>; field: string; message: string }[] = [
    { title: 'last name missing', doctor: { lastname: '' }, field: 'Nachname', message: 'Nachname ist erforderlich' },
    { title: 'e-mail without the pattern', doctor: { email: 'berg-at-praxis' }, field: 'E-Mail', message: 'Ist keine korrekte E-Mail Adresse' },
    { title: 'no contact type', doctor: { preferred: '' as DoctorPreferred }, field: 'Bevorzugter Kontakt', message: 'Bevorzugter Kontakt muss ausgefüllt werden' },
    { title: 'Fax without fax number', doctor: { preferred: 'Fax', fax: '' }, field: 'Fax', message: 'Eine Faxnummer wird benötigt!' },
    { title: 'fax without area code', doctor: { fax: '1234567' }, field: 'Fax', message: 'Bitte geben Sie die Faxnummer mit Vorwahl an.' },
    { title: 'E-Mail without e-mail', doctor: { preferred: 'E-Mail', email: '' }, field: 'E-Mail', message: 'E-Mail muss ausgefüllt werden' },
    { title: 'postal code with a letter', doctor: { postalCode: '1011a' }, field: 'PLZ', message: FIELD_MESSAGES.postalCode },
    { title: 'NONE without login', doctor: { preferred: 'NONE', withLogin: false }, field: 'Bevorzugter Kontakt', message: 'Diese Kontaktart ist nur für Ärzte mit Zugang möglich.' },
  ];

  it.each(INVALID)('blocks saving and shows the message at the field: $title', async ({ doctor, field, message }) => {
    const { calls } = await editDoctor(doctor);
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    const input = field === 'Bevorzugter Kontakt' ? combobox(field) : textbox(field);
    expect(input).toHaveAccessibleDescription(message);
    expect(callsTo(calls, 'PUT', `/api/doctors/${ID.berg}`)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a rule message once a field is left', async () => {
    doctorServer();
    show(['ROLE_HOME'], '/arzt/neu');
    await userEvent.click(await screen.findByRole('textbox', { name: 'Nachname' }));
    await userEvent.tab();
    expect(await screen.findByText('Nachname ist erforderlich')).toBeInTheDocument();
  });

  it.each([
    { login: false, offered: ['E-Mail', 'Fax'] },
    { login: true, offered: ['E-Mail', 'E-Mail-Benachrichtigung', 'Fax', 'Fax-Benachrichtigung', 'Keine'] },
  ])('offers the notification types and "Keine" only for a doctor with login (login: $login)', async ({ login, offered }) => {
    await editDoctor({ withLogin: login });
    await userEvent.click(combobox('Bevorzugter Kontakt'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(offered);
  });

  it.each([
    { roles: ['ROLE_ADMIN'] as Role[], picker: true, debtor: 'editable', sends: ['office', 'debtorId'] },
    { roles: ['ROLE_PHARMA'] as Role[], picker: true, debtor: 'read-only', sends: ['office'] },
    { roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'] as Role[], picker: false, debtor: 'read-only', sends: [] },
  ])('practice picker and Kundennummer by role: $roles', async ({ roles, picker, debtor, sends }) => {
    const { calls } = await editDoctor({}, roles);
    if (picker) {
      expect(combobox('Arztpraxis')).toHaveValue('Praxis Mitte');
      expect(callsTo(calls, 'GET', '/api/doctors/offices')).toHaveLength(1);
    } else {
      expect(screen.queryByRole('combobox', { name: 'Arztpraxis' })).not.toBeInTheDocument();
      expect(textbox('Arztpraxis')).toHaveValue('Praxis Mitte');
      expect(textbox('Arztpraxis')).toHaveAttribute('readonly');
      expect(callsTo(calls, 'GET', '/api/doctors/offices')).toHaveLength(0);
    }
    expect(textbox('Kundennummer')).toHaveValue('K-100');
    if (debtor === 'editable') expect(textbox('Kundennummer')).not.toHaveAttribute('readonly');
    else expect(textbox('Kundennummer')).toHaveAttribute('readonly');
    await save();
    expect(await screen.findByText('Arzt geändert')).toBeInTheDocument();
    const body = callsTo(calls, 'PUT', `/api/doctors/${ID.berg}`)[0]!.body as Record<string, unknown>;
    expect(['office', 'debtorId'].filter((k) => k in body)).toEqual(sends);
  });

  it('shows neither practice nor Kundennummer to a care home creating a doctor', async () => {
    const { calls } = doctorServer();
    show(['ROLE_HOME'], '/arzt/neu');
    await screen.findByRole('heading', { name: 'Neuer Arzt' });
    expect(screen.queryByRole('combobox', { name: 'Arztpraxis' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Arztpraxis' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Kundennummer' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/doctors/offices')).toHaveLength(0);
  });

  it('edits a doctor: PUT with the fields, "Arzt geändert", back to /aerzte; shows who created and changed it', async () => {
    const { calls } = await editDoctor({});
    expect(screen.getByText(/Erstellt von admin am 0[23]\.03\.2026/)).toBeInTheDocument();
    expect(screen.getByText(/Zuletzt geändert von apotheke am 05\.03\.2026/)).toBeInTheDocument();
    await userEvent.clear(textbox('Ort'));
    await userEvent.type(textbox('Ort'), 'Potsdam');
    await save();
    expect(await screen.findByText('Arzt geändert')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/doctors/${ID.berg}`)[0]!.body).toMatchObject({ city: 'Potsdam', lastname: 'Berg', preferred: 'Fax', fax: '030 1234567' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/aerzte$/));
  });

  it('shows a server refusal at its field', async () => {
    doctorServer({ routes: { 'PUT /api/doctors/:id': () => fail(400, 'Bitte wählen Sie eine vorhandene Arztpraxis aus.', 'office') } });
    show(['ROLE_ADMIN'], `/arzt/${ID.berg}`);
    await screen.findByDisplayValue('Berlin');
    await save();
    await waitFor(() => expect(combobox('Arztpraxis')).toHaveAccessibleDescription('Bitte wählen Sie eine vorhandene Arztpraxis aus.'));
    expect(screen.getByTestId('location')).toHaveTextContent(`/arzt/${ID.berg}`);
  });

  it('deactivates on /arzt/{id}/loeschen: read-only form, the warning, DELETE, "Arzt wurde gelöscht", /aerzte', async () => {
    const { calls } = doctorServer();
    show(['ROLE_PHARMA'], `/arzt/${ID.berg}/loeschen`);
    expect(await screen.findByRole('heading', { name: 'Arzt löschen' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Der Arzt wird nicht gelöscht, sondern deaktiviert. Seine Daten bleiben zur Dokumentation erhalten, werden bei der Abrechnung aber nicht mehr berücksichtigt. Ein deaktivierter Arzt kann das System erst wieder nutzen, wenn er reaktiviert wurde.',
    );
    for (const label of ['Titel', 'Vorname', 'Nachname', 'Straße', 'Fax', 'E-Mail']) expect(textbox(label)).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: 'Arztpraxis' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/doctors/expertises')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Arzt wurde gelöscht')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', `/api/doctors/${ID.berg}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/aerzte$/));
  });

  it('reactivates a deactivated doctor from /arzt/{id}/loeschen and opens it for editing', async () => {
    const { calls } = doctorServer();
    show(['ROLE_ADMIN'], `/arzt/${ID.wolf}/loeschen`);
    expect(await screen.findByText(/Dieser Arzt ist deaktiviert/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Reaktivieren' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Arzt reaktivieren' })).getByRole('button', { name: 'Reaktivieren' }));
    expect(await screen.findByText('Arzt wurde reaktiviert.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/doctors/${ID.wolf}`)[0]!.body).toEqual({ deactivated: false });
    expect(await screen.findByRole('heading', { name: 'Arzt bearbeiten' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/arzt/${ID.wolf}`);
    await waitFor(() => expect(textbox('Nachname')).not.toHaveAttribute('readonly'));
  });

  it('sends a care home without the edit right away from /arzt/{id}', async () => {
    doctorServer();
    show(['ROLE_HOME'], `/arzt/${ID.berg}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

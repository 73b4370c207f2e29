import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Role } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { FIELD_MESSAGES, PATIENT_MESSAGES } from '@mediport/validation';
import { FORM_TEXTS } from '../shared';
import { renderRoutes } from '../shared/test-harness';
import { patientsRoutes } from '../routes';
import { authOf, callsTo, GROUP_A1, GROUP_A2, HOME_A, HOMES, lastQuery, makePatient, P1, P3, PATIENTS, patientServer, UNKNOWN } from '../features/patients/testing/patient-server';
import { preloadPages } from '@mediport/ui';

// The pages' chunks, loaded once before the tests (a warmed-up app has them).
beforeAll(() => preloadPages(patientsRoutes));

// MUI renders slowly in jsdom on a busy machine.

const show = (roles: Role[], route: string) => renderRoutes(patientsRoutes, route, authOf(roles));
const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
const nextYear = new Date().getFullYear() + 1;

async function fillNew(values: Partial<Record<'Vorname' | 'Nachname' | 'Geburtsdatum' | 'PLZ', string>>) {
  const all = { Vorname: 'Doris', Nachname: 'Neumann', Geburtsdatum: '05.05.1945', ...values };
  for (const [label, value] of Object.entries(all)) await fill(label, value);
}

/** Replaces a field's text (pasted at once: typing letter by letter is slow in jsdom). */
async function fill(label: string, value: string) {
  await userEvent.clear(field(label));
  if (value) await userEvent.paste(value);
}

describe('PatientFormPage: new patient (/patient/neu)', () => {
  beforeEach(() => localStorage.clear());

  it('is titled "Neuer Patient" with country Deutschland and no home fields until "Heimpatient" is ticked', async () => {
    patientServer();
    show(['ROLE_ADMIN'], '/patient/neu');
    expect(screen.getByRole('heading', { name: 'Neuer Patient' })).toBeInTheDocument();
    expect(field('Land')).toHaveValue('Deutschland');
    expect(field('Geburtsdatum')).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    expect(screen.getByRole('checkbox', { name: 'Heimpatient' })).not.toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Pflegeeinrichtung' })).not.toBeInTheDocument();
    expect(screen.queryByText('Letzte Aufträge')).not.toBeInTheDocument();
  });

  const cases: { title: string; values: Parameters<typeof fillNew>[0]; homepatient?: boolean; path: string; message: string }[] = [
    { title: 'last name missing', values: { Nachname: '' }, path: 'Nachname', message: PATIENT_MESSAGES.lastnameRequired },
    { title: 'birth date missing', values: { Geburtsdatum: '' }, path: 'Geburtsdatum', message: PATIENT_MESSAGES.dateOfBirthRequired },
    { title: 'birth date not DD.MM.YYYY', values: { Geburtsdatum: '1945-05-05' }, path: 'Geburtsdatum', message: PATIENT_MESSAGES.dateOfBirthFormat },
    { title: 'birth date not a calendar date', values: { Geburtsdatum: '31.02.1945' }, path: 'Geburtsdatum', message: PATIENT_MESSAGES.dateOfBirthFormat },
    { title: 'birth date in the future', values: { Geburtsdatum: `01.01.${nextYear}` }, path: 'Geburtsdatum', message: PATIENT_MESSAGES.dateOfBirthFuture },
    { title: 'home patient without a care home', values: {}, homepatient: true, path: 'Pflegeeinrichtung', message: PATIENT_MESSAGES.homeRequired },
    { title: 'postal code with letters', values: { PLZ: '12a45' }, path: 'PLZ', message: FIELD_MESSAGES.postalCode },
  ];

  it.each(cases)('blocks saving and shows the message at the field: $title', async ({ values, homepatient, path, message }) => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN'], '/patient/neu');
    await fillNew(values);
    if (homepatient) await userEvent.click(screen.getByRole('checkbox', { name: 'Heimpatient' }));
    await save();
    const input = path === 'Pflegeeinrichtung' ? screen.getByRole('combobox', { name: path }) : field(path);
    expect(input).toHaveAccessibleDescription(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'POST', '/api/patients')).toHaveLength(0);
    expect(callsTo(calls, 'GET', '/api/patients/duplicates')).toHaveLength(0);
  });

  it('saves: asks for duplicates, posts the fields, toasts "Patient gespeichert." and returns to /patienten', async () => {
    const { calls } = patientServer();
    show(['ROLE_PHARMA'], '/patient/neu');
    await userEvent.click(screen.getByRole('combobox', { name: 'Anrede' }));
    await userEvent.click(screen.getByRole('option', { name: 'Frau' }));
    await fillNew({});
    await fill('Straße', 'Am Markt 1');
    await fill('PLZ', '10117');
    await fill('Ort', 'Berlin');
    await save();
    expect(await screen.findByText('Patient gespeichert.')).toBeInTheDocument();
    expect(lastQuery(calls, 'GET', '/api/patients/duplicates')).toEqual({ firstname: 'Doris', lastname: 'Neumann', dateOfBirth: '05.05.1945' });
    expect(callsTo(calls, 'POST', '/api/patients')[0]!.body).toEqual({
      salutation: 'Frau',
      title: '',
      firstname: 'Doris',
      lastname: 'Neumann',
      dateOfBirth: '05.05.1945',
      street: 'Am Markt 1',
      postalCode: '10117',
      city: 'Berlin',
      country: 'Deutschland',
      homepatient: false,
      home: '',
      homeGroup: '',
      deceased: false,
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/patienten'));
  });

  it('a home patient: the chosen home offers its living areas; unticking clears home and living area', async () => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN'], '/patient/neu');
    await fillNew({});
    await userEvent.click(screen.getByRole('checkbox', { name: 'Heimpatient' }));
    expect(screen.getByRole('combobox', { name: 'Wohnbereich' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('combobox', { name: 'Pflegeeinrichtung' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Haus Sonnenblick' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Wohnbereich' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Kein Wohnbereich', 'Wohnbereich Rosen', 'Wohnbereich Tulpen']);
    await userEvent.click(screen.getByRole('option', { name: 'Wohnbereich Tulpen' }));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Heimpatient' }));
    expect(screen.queryByRole('combobox', { name: 'Pflegeeinrichtung' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Heimpatient' }));
    expect(screen.getByRole('combobox', { name: 'Pflegeeinrichtung' })).toHaveValue('');

    await userEvent.click(screen.getByRole('combobox', { name: 'Pflegeeinrichtung' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Haus Sonnenblick' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Wohnbereich' }));
    await userEvent.click(screen.getByRole('option', { name: 'Wohnbereich Rosen' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Verstorben' }));
    await save();
    expect(await screen.findByText('Patient gespeichert.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/patients')[0]!.body).toMatchObject({ homepatient: true, home: HOME_A, homeGroup: GROUP_A1, deceased: true });
  });

  it('shows a server refusal at its field and stays on the form', async () => {
    // The home was deactivated meanwhile: the server refuses it.
    const { calls } = patientServer(PATIENTS, { activeHomes: [HOMES[1]!] });
    show(['ROLE_ADMIN'], '/patient/neu');
    await fillNew({});
    await userEvent.click(screen.getByRole('checkbox', { name: 'Heimpatient' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Pflegeeinrichtung' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Haus Sonnenblick' }));
    await save();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Pflegeeinrichtung' })).toHaveAccessibleDescription(MASTERDATA_API_MESSAGES.homeUnknown));
    expect(callsTo(calls, 'POST', '/api/patients')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/patient/neu');
  });

  it('warns about a duplicate: "Abbrechen" keeps the form, "Trotzdem speichern" saves', async () => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN'], '/patient/neu');
    await fillNew({ Vorname: 'anna', Nachname: 'MÜLLER', Geburtsdatum: '12.03.1941' });
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Patient bereits vorhanden?' });
    expect(dialog).toHaveTextContent(PATIENT_MESSAGES.duplicate);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', '/api/patients')).toHaveLength(0);

    await save();
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Trotzdem speichern' }));
    expect(await screen.findByText('Patient gespeichert.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/patients')).toHaveLength(1);
    expect(callsTo(calls, 'GET', '/api/patients/duplicates')).toHaveLength(2);
  });

  it('a home user: no "Heimpatient" checkbox, its own home fixed, its living areas to choose', async () => {
    const { calls } = patientServer(PATIENTS, { homes: [HOMES[0]!] });
    show(['ROLE_HOME'], '/patient/neu');
    expect(screen.queryByRole('checkbox', { name: 'Heimpatient' })).not.toBeInTheDocument();
    const home = field('Pflegeeinrichtung');
    expect(home).toHaveValue('Haus Sonnenblick');
    expect(home).toHaveAttribute('readonly');
    await fillNew({});
    await userEvent.click(screen.getByRole('combobox', { name: 'Wohnbereich' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Wohnbereich Tulpen' }));
    await save();
    expect(await screen.findByText('Patient gespeichert.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/patients')[0]!.body).toMatchObject({ homepatient: true, home: HOME_A, homeGroup: GROUP_A2 });
  });

  it('sends a user without the create right away (Arzt)', async () => {
    patientServer();
    show(['ROLE_DOCTOR'], '/patient/neu');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

describe('PatientFormPage: edit (/patient/{id})', () => {
  beforeEach(() => localStorage.clear());

  it('loads the patient, saves the changed fields with "Patient geändert." and no duplicate question while name and birth date stay', async () => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN'], `/patient/${P1}`);
    expect(screen.getByRole('heading', { name: 'Patient bearbeiten' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Müller')).toBe(field('Nachname'));
    expect(screen.getByRole('link', { name: 'Anna Müller' })).toHaveAttribute('href', `/patienten/details/${P1}`);
    expect(screen.getByRole('combobox', { name: 'Pflegeeinrichtung' })).toHaveValue('Haus Sonnenblick');
    expect(screen.getByRole('combobox', { name: 'Wohnbereich' })).toHaveTextContent('Wohnbereich Rosen');
    expect(screen.getByText(/Erstellt von admin am 01\.02\.2026/)).toHaveTextContent(/Zuletzt geändert von pflege am 03\.02\.2026/);
    expect(await within(screen.getByRole('region', { name: 'Letzte Aufträge' })).findByText('Keine Daten')).toBeInTheDocument();

    await fill('Straße', 'Neue Straße 7');
    await save();
    expect(await screen.findByText('Patient geändert.')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/patients/duplicates')).toHaveLength(0);
    expect(callsTo(calls, 'PUT', `/api/patients/${P1}`)[0]!.body).toMatchObject({ street: 'Neue Straße 7', home: HOME_A, homeGroup: GROUP_A1, homepatient: true });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/patienten'));
  });

  it('asks for duplicates without the patient itself when the name changes', async () => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN'], `/patient/${P1}`);
    await screen.findByDisplayValue('Müller');
    await fill('Nachname', 'Müller-Lang');
    await save();
    expect(await screen.findByText('Patient geändert.')).toBeInTheDocument();
    expect(lastQuery(calls, 'GET', '/api/patients/duplicates')).toEqual({ firstname: 'Anna', lastname: 'Müller-Lang', dateOfBirth: '12.03.1941', exclude: P1 });
  });

  it('unticking "Heimpatient" sends home and living area cleared', async () => {
    const { calls } = patientServer();
    show(['ROLE_PHARMA'], `/patient/${P1}`);
    await screen.findByDisplayValue('Müller');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Heimpatient' }));
    await save();
    expect(await screen.findByText('Patient geändert.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/patients/${P1}`)[0]!.body).toMatchObject({ homepatient: false, home: '', homeGroup: '' });
  });

  it('shows a deactivated patient read-only', async () => {
    patientServer();
    show(['ROLE_ADMIN'], `/patient/${P3}`);
    expect(await screen.findByText('Dieser Patient ist deaktiviert. Er kann das System erst wieder nutzen, wenn er reaktiviert wurde.')).toBeInTheDocument();
    expect(field('Nachname')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
  });

  it('reactivates a deactivated patient from its details', async () => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN'], `/patient/details/${P3}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Reaktivieren' }));
    expect(await screen.findByText('Patient reaktiviert.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/patients/${P3}`)[0]!.body).toEqual({ deactivated: false });
    await waitFor(() => expect(screen.queryByText(/Dieser Patient ist deaktiviert/)).not.toBeInTheDocument());
  });

  it.each([
    ['edit', `/patient/${UNKNOWN}`],
    ['details', `/patient/details/${UNKNOWN}`],
    ['delete', `/patient/${UNKNOWN}/loeschen`],
    ['malformed id', '/patient/kein-patient'],
  ])('says the record was not found for an unknown or foreign id (%s)', async (_title, route) => {
    patientServer();
    show(['ROLE_ADMIN'], route);
    expect(await screen.findByText(FORM_TEXTS.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Nachname' })).not.toBeInTheDocument();
  });
});

describe('PatientFormPage: details (/patient/details/{id})', () => {
  beforeEach(() => localStorage.clear());

  it.each([`/patient/details/${P1}`, `/patienten/details/${P1}`])('shows every field read-only with the edit link to /patient/{id} (%s)', async (route) => {
    patientServer();
    show(['ROLE_ADMIN'], route);
    expect(await screen.findByDisplayValue('Müller')).toHaveAttribute('readonly');
    expect(screen.getByRole('heading', { name: 'Patientendetails' })).toBeInTheDocument();
    for (const label of ['Vorname', 'Geburtsdatum', 'Straße', 'PLZ', 'Ort', 'Land', 'Pflegeeinrichtung', 'Wohnbereich']) expect(field(label)).toHaveAttribute('readonly');
    expect(field('Pflegeeinrichtung')).toHaveValue('Haus Sonnenblick');
    expect(field('Wohnbereich')).toHaveValue('Wohnbereich Rosen');
    expect(screen.getByRole('checkbox', { name: 'Heimpatient' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', `/patient/${P1}`);
    expect(await within(screen.getByRole('region', { name: 'Letzte Aufträge' })).findByText('Keine Daten')).toBeInTheDocument();
  });

  it('has no edit link when the patient is not editable for the caller (Arzt)', async () => {
    patientServer([makePatient({ editable: false, deletable: false })]);
    show(['ROLE_DOCTOR'], `/patient/details/${P1}`);
    await screen.findByDisplayValue('Müller');
    expect(screen.queryByRole('link', { name: 'Bearbeiten' })).not.toBeInTheDocument();
  });
});

describe('PatientFormPage: deactivation (/patient/{id}/loeschen)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the form read-only with the warning; "Löschen" deactivates, toasts "Patient gelöscht." and returns to /patienten', async () => {
    const { calls, store } = patientServer();
    show(['ROLE_HOME'], `/patient/${P1}/loeschen`);
    expect(screen.getByRole('heading', { name: 'Patient löschen' })).toBeInTheDocument();
    expect(await screen.findByText('Der Patient wird nicht gelöscht, sondern deaktiviert. Er kann das System erst wieder nutzen, wenn er reaktiviert wurde.')).toBeInTheDocument();
    expect(field('Nachname')).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Patient gelöscht.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', `/api/patients/${P1}`)).toHaveLength(1);
    expect(store.find((p) => p._id === P1)!.deactivated).toBe(true);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/patienten'));
  });

  it('offers "Reaktivieren" for a deactivated patient', async () => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN'], `/patient/${P3}/loeschen`);
    await userEvent.click(await screen.findByRole('button', { name: 'Reaktivieren' }));
    expect(await screen.findByText('Patient reaktiviert.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/patients/${P3}`)[0]!.body).toEqual({ deactivated: false });
  });

  it('"Abbrechen" leads back to /patienten without a call', async () => {
    const { calls } = patientServer();
    show(['ROLE_ADMIN'], `/patient/${P1}/loeschen`);
    await screen.findByDisplayValue('Müller');
    await userEvent.click(screen.getByRole('link', { name: 'Abbrechen' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/patienten$/);
    expect(callsTo(calls, 'DELETE', `/api/patients/${P1}`)).toHaveLength(0);
  });
});

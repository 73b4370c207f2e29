import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_MESSAGES } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { HOME_MESSAGES } from '@mediport/validation';
import { fail } from '../../../common/test-utils';
import { bodyFields, HOME_ID, homeServer, makeHome, show, loadHomePages } from '../features/homes/home-test-server';

// The pages' chunks, loaded once before the tests (a warmed-up app has them).
beforeAll(loadHomePages);

// Typing and re-rendering MUI forms is slow on a busy two-core machine.

const EDIT = `/einrichtung/${HOME_ID}`;
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
const location = () => screen.getByTestId('location');

/** Replaces a field's value (pasted: typing letter by letter is slow on a busy machine). */
async function replace(label: string, value: string) {
  await userEvent.clear(field(label));
  if (value) await userEvent.paste(value);
}
const at = (path: RegExp | string) => waitFor(() => expect(location()).toHaveTextContent(path));

beforeAll(() => {
  // The stored logo is shown through an object URL of the authorised download.
  URL.createObjectURL = () => 'blob:logo';
  URL.revokeObjectURL = () => undefined;
});

describe('Home form', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['Name', '', HOME_MESSAGES.name],
    ['Straße', '', HOME_MESSAGES.street],
    ['PLZ', '', HOME_MESSAGES.postalCode],
    ['PLZ', '12a', HOME_MESSAGES.postalCodeDigits],
    ['Ort', '', HOME_MESSAGES.city],
    ['Land', '', HOME_MESSAGES.country],
    ['E-Mail', '', HOME_MESSAGES.emailRequired],
    ['E-Mail', 'info(at)heim', HOME_MESSAGES.email],
    ['Fax', '', HOME_MESSAGES.faxRequired],
  ])('%s = "%s" is refused with "%s" and nothing is saved', async (label, value, message) => {
    const { calls } = homeServer();
    show(['ROLE_ADMIN'], EDIT);
    await screen.findByDisplayValue('Haus Sonnenblick');
    await replace(label, value);
    await save();
    expect(field(label)).toHaveAccessibleDescription(message);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('creates a home: body, "Pflegeeinrichtung gespeichert", back to /einrichtungen; Wohnbereich waits for the first save', async () => {
    const { calls } = homeServer([]);
    show(['ROLE_ADMIN'], '/einrichtung/neu');
    expect(screen.getByRole('heading', { name: 'Neue Einrichtung' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Wohnbereich' })).toBeDisabled();
    expect(screen.queryByRole('tab', { name: 'Absendereinstellungen' })).not.toBeInTheDocument();
    expect(field('Land')).toHaveValue('Deutschland');
    const values: [string, string][] = [
      ['Name', 'Haus am See'],
      ['Firma', 'See gGmbH'],
      ['Vorname der Leitung', 'Jana'],
      ['Nachname der Leitung', 'Kurz'],
      ['Straße', 'Uferweg 1'],
      ['PLZ', '14467'],
      ['Ort', 'Potsdam'],
      ['E-Mail', 'kontakt@haus-am-see.de'],
      ['Telefon', '0331 123450'],
      ['Fax', '0331 123459'],
      ['Kundennummer', 'K-2002'],
    ];
    for (const [label, value] of values) await replace(label, value);
    await save();
    expect(await screen.findByText('Pflegeeinrichtung gespeichert')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Haus am See',
      company: 'See gGmbH',
      firstname: 'Jana',
      lastname: 'Kurz',
      email: 'kontakt@haus-am-see.de',
      fax: '0331 123459',
      phone: '0331 123450',
      street: 'Uferweg 1',
      postalCode: '14467',
      city: 'Potsdam',
      country: 'Deutschland',
      debtorId: 'K-2002',
    });
    await at(/^\/einrichtungen$/);
  });

  it('opens /pflegeeinrichtung/neu as the same form and cancels back to /einrichtungen', async () => {
    homeServer([]);
    show(['ROLE_PHARMA'], '/pflegeeinrichtung/neu');
    expect(screen.getByRole('heading', { name: 'Neue Einrichtung' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Abbrechen' }));
    await at(/^\/einrichtungen$/);
  });

  it.each([EDIT, `/pflegeeinrichtungen/bearbeiten/${HOME_ID}`])('%s changes a home: PUT body, "Pflegeeinrichtung geändert", back to the list', async (route) => {
    const { calls } = homeServer();
    show(['ROLE_ADMIN'], route);
    expect(await screen.findByRole('heading', { name: 'Einrichtung bearbeiten' })).toBeInTheDocument();
    await screen.findByDisplayValue('Haus Sonnenblick');
    expect(screen.getByText(/Erstellt von admin am/)).toBeInTheDocument();
    await replace('Name', 'Haus Sonnenblick Nord');
    await replace('Kundennummer', 'K-1002');
    await save();
    expect(await screen.findByText('Pflegeeinrichtung geändert')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/homes/${HOME_ID}`);
    expect(put.body).toEqual(expect.objectContaining({ name: 'Haus Sonnenblick Nord', debtorId: 'K-1002', senderName: '', senderPhone: '', senderFax: '' }));
    await at(/^\/einrichtungen$/);
  });

  it('keeps the Kundennummer read-only for everyone but administrators and does not send it', async () => {
    const { calls } = homeServer([makeHome({ senderEditable: false })]);
    show(['ROLE_PHARMA'], EDIT);
    await screen.findByDisplayValue('Haus Sonnenblick');
    expect(field('Kundennummer')).toHaveAttribute('readonly');
    expect(field('Kundennummer')).toHaveAccessibleDescription('Nur ein Administrator kann die Kundennummer ändern.');
    expect(field('Name')).not.toHaveAttribute('readonly');
    await replace('Ort', 'Potsdam');
    await save();
    await screen.findByText('Pflegeeinrichtung geändert');
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body.city).toBe('Potsdam');
    expect(body).not.toHaveProperty('debtorId');
    expect(body).not.toHaveProperty('senderName');
  });

  it('shows a server refusal at its field and stays on the form', async () => {
    const { control } = homeServer();
    show(['ROLE_ADMIN'], EDIT);
    await screen.findByDisplayValue('Haus Sonnenblick');
    control.refuseNextWrite = fail(403, MASTERDATA_API_MESSAGES.debtorIdAdminOnly, 'debtorId');
    await replace('Kundennummer', 'K-9');
    await save();
    await waitFor(() => expect(field('Kundennummer')).toHaveAccessibleDescription(MASTERDATA_API_MESSAGES.debtorIdAdminOnly));
    expect(screen.getAllByText(MASTERDATA_API_MESSAGES.debtorIdAdminOnly).length).toBeGreaterThanOrEqual(2);
    expect(location()).toHaveTextContent(EDIT);
  });

  it('shows Absendereinstellungen only when the home allows it (senderEditable)', async () => {
    homeServer([makeHome({ senderEditable: false })]);
    show(['ROLE_PHARMA'], EDIT);
    await screen.findByDisplayValue('Haus Sonnenblick');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Stammdaten', 'Wohnbereich']);
  });

  it('switches tabs with the keyboard', async () => {
    homeServer();
    show(['ROLE_ADMIN'], EDIT);
    await screen.findByDisplayValue('Haus Sonnenblick');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Stammdaten', 'Wohnbereich', 'Absendereinstellungen']);
    await userEvent.click(screen.getByRole('tab', { name: 'Stammdaten' }));
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole('tab', { name: 'Wohnbereich' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Wohnbereich' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(within(screen.getByRole('tabpanel', { name: 'Absendereinstellungen' })).getByLabelText('Name', { selector: 'input' })).toBeInTheDocument();
  });

  it('saves the sender settings with a dropped-in logo as multipart', async () => {
    const { calls } = homeServer();
    show(['ROLE_ADMIN'], `${EDIT}?tab=absender`);
    await screen.findByRole('tabpanel', { name: 'Absendereinstellungen' });
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('logo-input'), logo);
    expect(await screen.findByText('Das neue Logo wird beim Speichern hochgeladen.')).toBeInTheDocument();
    // A logo makes the sender name and phone required.
    await save();
    expect(field('Name')).toHaveAccessibleDescription(HOME_MESSAGES.senderNameRequired);
    expect(field('Telefon')).toHaveAccessibleDescription(HOME_MESSAGES.senderPhoneRequired);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await replace('Name', 'Haus Sonnenblick Verwaltung');
    await replace('Telefon', '030 1234560');
    await replace('Fax', '030 1234567');
    await save();
    expect(await screen.findByText('Pflegeeinrichtung geändert')).toBeInTheDocument();
    const fields = bodyFields(calls.find((c) => c.method === 'PUT')!.body);
    expect(calls.find((c) => c.method === 'PUT')!.body).toBeInstanceOf(FormData);
    expect(fields).toEqual(expect.objectContaining({ senderName: 'Haus Sonnenblick Verwaltung', senderPhone: '030 1234560', senderFax: '030 1234567', name: 'Haus Sonnenblick' }));
    expect((fields.logo as File).name).toBe('logo.png');
  });

  it('moves to the Absendereinstellungen tab when its rules fail on save from Stammdaten', async () => {
    homeServer([makeHome({ senderName: 'Verwaltung', senderPhone: '030 1' })]);
    show(['ROLE_ADMIN'], EDIT);
    await screen.findByDisplayValue('Haus Sonnenblick');
    await userEvent.click(screen.getByRole('tab', { name: 'Absendereinstellungen' }));
    await replace('Telefon', '');
    await userEvent.click(screen.getByRole('tab', { name: 'Stammdaten' }));
    await save();
    expect(screen.getByRole('tab', { name: 'Absendereinstellungen' })).toHaveAttribute('aria-selected', 'true');
    expect(field('Telefon')).toHaveAccessibleDescription(HOME_MESSAGES.senderPhoneRequired);
  });

  it('deletes the stored logo with logo=_delete', async () => {
    const { calls } = homeServer([makeHome({ senderName: 'Verwaltung', senderPhone: '030 1234560', logo: `/api/homes/${HOME_ID}/logo?v=abcdef12` })]);
    show(['ROLE_ADMIN'], `${EDIT}?tab=absender`);
    expect(await screen.findByRole('img', { name: 'Logo der Einrichtung' })).toHaveAttribute('src', 'blob:logo');
    expect(calls.find((c) => c.url.startsWith(`/api/homes/${HOME_ID}/logo`))!.headers['x-auth-token']).toBe('token-ROLE_ADMIN');
    await userEvent.click(screen.getByRole('button', { name: 'Logo löschen' }));
    expect(screen.getByText('Das Logo wird beim Speichern gelöscht.')).toBeInTheDocument();
    await save();
    await screen.findByText('Pflegeeinrichtung geändert');
    expect(bodyFields(calls.find((c) => c.method === 'PUT')!.body).logo).toBe('_delete');
  });

  it('shows a home read-only to whoever may not change it (doctor), with "Zurück" and no save', async () => {
    homeServer([makeHome({ editable: false, deletable: false, senderEditable: false, groupsEditable: false })]);
    show(['ROLE_DOCTOR'], EDIT);
    expect(await screen.findByRole('heading', { name: 'Einrichtung' })).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('readonly');
    expect(field('Kundennummer')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/einrichtungen');
  });

  it('says the home was not found for an unknown id', async () => {
    homeServer();
    show(['ROLE_ADMIN'], '/einrichtung/99999999-9999-4999-8999-999999999999');
    expect(await screen.findByText('Der Datensatz wurde nicht gefunden oder Sie haben keinen Zugriff darauf.')).toBeInTheDocument();
    expect(await screen.findByText(API_MESSAGES.notFound)).toBeInTheDocument();
  });
});

describe('Home deletion (deactivation)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the home read-only with the warning, deactivates it and returns to the list', async () => {
    const { calls, store } = homeServer();
    show(['ROLE_ADMIN'], `${EDIT}/loeschen`);
    expect(await screen.findByRole('heading', { name: 'Einrichtung löschen' })).toBeInTheDocument();
    await screen.findByDisplayValue('Haus Sonnenblick');
    expect(screen.getByText(/nicht endgültig gelöscht, sondern deaktiviert/)).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('readonly');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Pflegeeinrichtung gelöscht')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/homes/${HOME_ID}`)).toBe(true);
    expect(store[0]!.deactivated).toBe(true);
    await at(/^\/einrichtungen$/);
  });

  it('offers reactivation instead for a deactivated home', async () => {
    const { calls } = homeServer([makeHome({ deactivated: true, editable: false })]);
    show(['ROLE_ADMIN'], `${EDIT}/loeschen`);
    expect(await screen.findByText('Die Einrichtung ist deaktiviert.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Reaktivieren' }));
    expect(await screen.findByText('Pflegeeinrichtung geändert')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ deactivated: false });
  });

  it('is not open to a home user (no delete right)', async () => {
    homeServer();
    show(['ROLE_HOME', 'ROLE_MANAGER'], `${EDIT}/loeschen`);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });
});

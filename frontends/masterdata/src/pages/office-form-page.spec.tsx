import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OfficeContactType, Role } from '@mediport/contracts';
import { fail } from '../../../common/test-utils';
import { answerImages, callsTo, doctorServer, ID, officeDto, show } from '../features/doctors/test-fixtures';

// userEvent on a loaded two-core machine: some journeys take several seconds.

const textbox = (name: string) => screen.getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
const CONTACT_LABEL: Record<OfficeContactType, string> = { phone: 'Telefon', mail: 'E-Mail', fax: 'Fax' };

async function newOffice(fields: Partial<Record<'Name' | 'Straße' | 'PLZ' | 'Ort' | 'Telefon' | 'E-Mail' | 'Fax', string>>) {
  const server = doctorServer();
  show(['ROLE_ADMIN'], '/v3/arztpraxis/neu');
  expect(await screen.findByRole('heading', { name: 'Neue Arztpraxis' })).toBeInTheDocument();
  for (const [label, value] of Object.entries(fields)) await userEvent.type(textbox(label), value);
  return server;
}

const ADDRESS = { Name: 'Praxis Süd', Straße: 'Südring 3', PLZ: '80331', Ort: 'München' };

describe('practice form (/v3/arztpraxis/neu, /v3/arztpraxis/bearbeiten/{id})', () => {
  beforeEach(() => localStorage.clear());

  it('names every empty required field and starts with the contact type Telefon', async () => {
    const { calls } = await newOffice({});
    expect(screen.getByRole('combobox', { name: 'Kontaktart' })).toHaveTextContent('Telefon');
    await save();
    for (const message of ['Bitte vergeben Sie einen Namen.', 'Bitte Straße angeben', 'Bitte Postleitzahl angeben', 'Bitte Ort angeben', 'Telefon muss ausgefüllt werden']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(textbox('Name')).toHaveAccessibleDescription('Bitte vergeben Sie einen Namen.');
    expect(callsTo(calls, 'POST', '/api/doctors/offices')).toHaveLength(0);
  });

  it.each([
    { contact: 'phone' as const, message: 'Telefon muss ausgefüllt werden' },
    { contact: 'mail' as const, message: 'E-Mail muss ausgefüllt werden' },
    { contact: 'fax' as const, message: 'Fax muss ausgefüllt werden' },
  ])('requires the field of the contact type $contact', async ({ contact, message }) => {
    const { calls } = await newOffice(ADDRESS);
    await userEvent.click(screen.getByRole('combobox', { name: 'Kontaktart' }));
    await userEvent.click(await screen.findByRole('option', { name: CONTACT_LABEL[contact] }));
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(textbox(CONTACT_LABEL[contact])).toHaveAccessibleDescription(message);
    // The other two stay optional.
    expect(screen.getAllByText(/muss ausgefüllt werden/)).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/api/doctors/offices')).toHaveLength(0);
  });

  it('asks before saving a practice without doctors (2 recommended); cancel keeps it, confirm creates it', async () => {
    const { calls } = await newOffice({ ...ADDRESS, Telefon: '089 445566' });
    await save();
    let dialog = await screen.findByRole('dialog', { name: 'Keine Ärzte zugeordnet' });
    expect(dialog).toHaveTextContent('Es wird empfohlen, mindestens 2 Ärzte zuzuordnen. Trotzdem speichern?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', '/api/doctors/offices')).toHaveLength(0);
    await save();
    dialog = await screen.findByRole('dialog', { name: 'Keine Ärzte zugeordnet' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Nicht mehr fragen' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trotzdem speichern' }));
    expect(await screen.findByText('Arztpraxis wurde erstellt.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/doctors/offices')[0]!.body).toEqual({
      name: 'Praxis Süd',
      street: 'Südring 3',
      zip: '80331',
      city: 'München',
      preferred: 'phone',
      phone: '089 445566',
      mail: '',
      fax: '',
      doctors: [],
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/v3\/arztpraxis$/));
  });

  it('sends a new image and the chosen doctors as multipart (image, doctors[]), without the question', async () => {
    URL.createObjectURL = () => 'blob:preview';
    const { calls } = await newOffice({ ...ADDRESS, 'E-Mail': 'info@praxis-sued.de' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Kontaktart' }));
    await userEvent.click(await screen.findByRole('option', { name: 'E-Mail' }));
    for (const name of ['Dr. Anna Berg', 'Ben Cohn']) {
      await userEvent.click(screen.getByRole('combobox', { name: 'Ärzte' }));
      await userEvent.click(await screen.findByRole('option', { name }));
    }
    expect(screen.queryByRole('option', { name: 'Clara Wolf' })).not.toBeInTheDocument();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'praxis.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('office-image-input'), png);
    expect(screen.getByText('Das neue Bild wird beim Speichern hochgeladen.')).toBeInTheDocument();
    await save();
    expect(await screen.findByText('Arztpraxis wurde erstellt.')).toBeInTheDocument();
    const body = callsTo(calls, 'POST', '/api/doctors/offices')[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Praxis Süd');
    expect(body.get('preferred')).toBe('mail');
    expect(body.get('mail')).toBe('info@praxis-sued.de');
    expect(body.getAll('doctors[]')).toEqual([ID.berg, ID.cohn]);
    expect((body.get('image') as File).name).toBe('praxis.png');
  });

  it('removes the stored image with image=_delete and toasts "Arztpraxis wurde gespeichert."', async () => {
    const { calls } = doctorServer({ offices: [officeDto({ image: `/api/doctors/offices/${ID.praxisMitte}/image?v=abcdef12` })] });
    const images = answerImages();
    show(['ROLE_PHARMA'], `/v3/arztpraxis/bearbeiten/${ID.praxisMitte}`);
    expect(await screen.findByRole('heading', { name: 'Arztpraxis bearbeiten' })).toBeInTheDocument();
    await screen.findByDisplayValue('Praxis Mitte');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Bild der Arztpraxis' })).toHaveAttribute('src', 'blob:office-image'));
    expect(images).toEqual([`/api/doctors/offices/${ID.praxisMitte}/image?v=abcdef12`]);
    expect(screen.getByRole('button', { name: 'Dr. Anna Berg' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bild entfernen' }));
    expect(screen.getByText('Das Bild wird beim Speichern entfernt.')).toBeInTheDocument();
    await save();
    expect(await screen.findByText('Arztpraxis wurde gespeichert.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/doctors/offices/${ID.praxisMitte}`)[0]!.body).toEqual({
      name: 'Praxis Mitte',
      street: 'Hauptstraße 1',
      zip: '10115',
      city: 'Berlin',
      preferred: 'phone',
      phone: '030 111222',
      mail: 'info@praxis-mitte.de',
      fax: '030 111223',
      doctors: [ID.berg],
      image: '_delete',
    });
  });

  it('takes the last doctor out with a second call when a new image travels as multipart', async () => {
    URL.createObjectURL = () => 'blob:preview';
    const { calls } = doctorServer();
    show(['ROLE_ADMIN'], `/v3/arztpraxis/bearbeiten/${ID.praxisMitte}`);
    await screen.findByDisplayValue('Praxis Mitte');
    const chip = await screen.findByRole('button', { name: 'Dr. Anna Berg' });
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    await userEvent.upload(screen.getByTestId('office-image-input'), new File([new Uint8Array([0xff, 0xd8])], 'neu.jpg', { type: 'image/jpeg' }));
    await save();
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Keine Ärzte zugeordnet' })).getByRole('button', { name: 'Trotzdem speichern' }));
    expect(await screen.findByText('Arztpraxis wurde gespeichert.')).toBeInTheDocument();
    const puts = callsTo(calls, 'PUT', `/api/doctors/offices/${ID.praxisMitte}`);
    expect(puts).toHaveLength(2);
    expect((puts[0]!.body as FormData).getAll('doctors[]')).toEqual([]);
    expect(puts[1]!.body).toEqual({ doctors: [] });
  });

  it('lets a practice manager edit the own practice without assigning doctors (read-only, not sent)', async () => {
    const roles: Role[] = ['ROLE_DOCTOR', 'ROLE_MANAGER'];
    const { calls } = doctorServer();
    show(roles, `/v3/arztpraxis/bearbeiten/${ID.praxisMitte}`);
    await screen.findByDisplayValue('Praxis Mitte');
    expect(screen.getByRole('combobox', { name: 'Ärzte' })).toHaveAttribute('readonly');
    expect(callsTo(calls, 'GET', '/api/doctors')).toHaveLength(0);
    await userEvent.clear(textbox('Telefon'));
    await userEvent.type(textbox('Telefon'), '030 999888');
    await save();
    expect(await screen.findByText('Arztpraxis wurde gespeichert.')).toBeInTheDocument();
    const body = callsTo(calls, 'PUT', `/api/doctors/offices/${ID.praxisMitte}`)[0]!.body as Record<string, unknown>;
    expect(body.phone).toBe('030 999888');
    expect(body).not.toHaveProperty('doctors');
  });

  it('shows a server refusal of the image at the image field', async () => {
    URL.createObjectURL = () => 'blob:preview';
    doctorServer({ routes: { 'PUT /api/doctors/offices/:id': () => fail(415, 'Bitte laden Sie ein Bild (PNG, JPEG, GIF oder WebP) hoch.', 'image') } });
    show(['ROLE_ADMIN'], `/v3/arztpraxis/bearbeiten/${ID.praxisMitte}`);
    await screen.findByDisplayValue('Praxis Mitte');
    await userEvent.upload(screen.getByTestId('office-image-input'), new File([new Uint8Array([0x89, 0x50])], 'bild.png', { type: 'image/png' }));
    await save();
    const imageField = screen.getByTestId('office-image-input').parentElement!;
    expect(await within(imageField).findByRole('alert')).toHaveTextContent('Bitte laden Sie ein Bild (PNG, JPEG, GIF oder WebP) hoch.');
    expect(screen.getByTestId('location')).toHaveTextContent(`/v3/arztpraxis/bearbeiten/${ID.praxisMitte}`);
  });
});

describe('practice view (/v3/arztpraxis/{id})', () => {
  beforeEach(() => localStorage.clear());

  it('shows the practice with its doctors, each linking to /arzt/{id}; edit and delete by the flags', async () => {
    const { calls } = doctorServer();
    show(['ROLE_ADMIN'], `/v3/arztpraxis/${ID.praxisMitte}`);
    expect(await screen.findByRole('heading', { name: 'Praxis Mitte' })).toBeInTheDocument();
    for (const text of ['Hauptstraße 1', '10115 Berlin', '030 111222', 'info@praxis-mitte.de', '030 111223']) expect(screen.getByText(text)).toBeInTheDocument();
    // "Telefon": the contact type's value and the phone number's label.
    expect(screen.getAllByText('Telefon')).toHaveLength(2);
    const doctors = screen.getByRole('list', { name: 'Ärzte' });
    expect(within(doctors).getByRole('link', { name: 'Dr. Anna Berg' })).toHaveAttribute('href', `/arzt/${ID.berg}`);
    expect(within(doctors).getByText('Allgemeinmedizin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', `/v3/arztpraxis/bearbeiten/${ID.praxisMitte}`);
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Arztpraxis löschen' })).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Arztpraxis wurde gelöscht.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', `/api/doctors/offices/${ID.praxisMitte}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/v3\/arztpraxis$/));
    await screen.findByRole('cell', { name: 'Praxis Nord' });
    // The deleted practice is not asked for again (that would answer 404 with an error toast).
    expect(callsTo(calls, 'GET', `/api/doctors/offices/${ID.praxisMitte}`)).toHaveLength(1);
  });

  it('shows the doctors without links to a user who cannot open doctors, and no buttons the flags deny', async () => {
    doctorServer({ offices: [officeDto({ editable: false, deletable: false })] });
    show(['ROLE_DOCTOR'], `/v3/arztpraxis/${ID.praxisMitte}`);
    const doctors = await screen.findByRole('list', { name: 'Ärzte' });
    expect(within(doctors).getByText('Dr. Anna Berg')).toBeInTheDocument();
    expect(within(doctors).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bearbeiten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
  });

  it('says so when no doctor belongs to the practice', async () => {
    doctorServer();
    show(['ROLE_PHARMA'], `/v3/arztpraxis/${ID.praxisNord}`);
    expect(await screen.findByText('Dieser Arztpraxis sind keine Ärzte zugeordnet.')).toBeInTheDocument();
  });
});

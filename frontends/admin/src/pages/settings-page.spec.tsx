import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SettingsAdminDto } from '@mediport/contracts';
import { configureErrorHandler, setAuth } from '@mediport/api-client';
import { FIELD_MESSAGES } from '@mediport/validation';
import { fail, fakeApi, renderApp, type FakeError, type RecordedCall } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { SettingsPage } from './settings-page';

const STORED: SettingsAdminDto = {
  company: 'Apotheke am Markt',
  street: 'Marktplatz 1',
  postalCode: '10117',
  city: 'Berlin',
  phone: '030 1234567',
  fax: '030 1234568',
  email: 'info@apotheke-am-markt.de',
  debtorId: 'D-10001',
  instanceId: '1',
  logo: null,
  partnerInstance: false,
};

let toasts: Array<[string, string]>;

function serve(opts: { stored?: Partial<SettingsAdminDto>; partner?: boolean; refuse?: FakeError } = {}) {
  return fakeApi({
    'GET /api/settings': { ...STORED, ...opts.stored },
    'GET /api/partner/apomondo': opts.partner ?? false,
    'PUT /api/settings': () => opts.refuse ?? { ...STORED, ...opts.stored, city: 'Potsdam' },
  });
}

const sentFields = (calls: RecordedCall[]) => {
  const put = calls.find((c) => c.method === 'PUT')!;
  return Object.fromEntries([...(put.body as FormData).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]));
};

beforeEach(() => {
  localStorage.clear();
  toasts = [];
  configureErrorHandler({ notify: (m, v) => toasts.push([m, v]), navigate: () => undefined });
  setAuth(demoAuth(['ROLE_ADMIN']));
});

describe('SettingsPage', () => {
  it('shows every field with the stored values and saves them as multipart with the success toast', async () => {
    const calls = serve();
    renderApp(<SettingsPage />);
    expect(await screen.findByDisplayValue('Apotheke am Markt')).toBeInTheDocument();
    for (const label of ['Firma', 'Straße', 'Postleitzahl', 'Ort', 'Telefon', 'Fax', 'E-Mail', 'Kundennummer', 'Instanz-Nummer']) {
      expect(screen.getByRole('textbox', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    }
    fireEvent.change(screen.getByRole('textbox', { name: /^Ort/ }), { target: { value: 'Potsdam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Einstellungen geändert.', 'success']));
    expect(sentFields(calls)).toEqual({ ...Object.fromEntries(Object.entries(STORED).filter(([k]) => !['logo', 'partnerInstance'].includes(k))), city: 'Potsdam' });
  });

  it.each([
    { label: 'Firma', value: '', message: FIELD_MESSAGES.required('Firma') },
    { label: 'Straße', value: ' ', message: FIELD_MESSAGES.required('Straße') },
    { label: 'Postleitzahl', value: '', message: FIELD_MESSAGES.required('Postleitzahl') },
    { label: 'Postleitzahl', value: '12a45', message: FIELD_MESSAGES.postalCode },
    { label: 'Ort', value: '', message: FIELD_MESSAGES.required('Ort') },
    { label: 'Telefon', value: '', message: FIELD_MESSAGES.required('Telefon') },
    { label: 'Fax', value: '', message: FIELD_MESSAGES.required('Fax') },
    { label: 'E-Mail', value: '', message: FIELD_MESSAGES.required('E-Mail') },
    { label: 'E-Mail', value: 'info@apotheke', message: FIELD_MESSAGES.email },
  ])('shows "$message" for $label = "$value" and blocks saving', async ({ label, value, message }) => {
    const calls = serve();
    renderApp(<SettingsPage />);
    await screen.findByDisplayValue('Apotheke am Markt');
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('limits the postal code input to 5 characters', async () => {
    serve();
    renderApp(<SettingsPage />);
    await screen.findByDisplayValue('Apotheke am Markt');
    expect(screen.getByRole('textbox', { name: /^Postleitzahl/ })).toHaveAttribute('maxlength', '5');
  });

  it('locks Kundennummer and Instanz-Nummer for a manager with pharma and does not send them', async () => {
    setAuth(demoAuth(['ROLE_PHARMA', 'ROLE_MANAGER']));
    const calls = serve();
    renderApp(<SettingsPage />);
    await screen.findByDisplayValue('Apotheke am Markt');
    expect(screen.getByRole('textbox', { name: /^Kundennummer/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Instanz-Nummer/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Einstellungen geändert.', 'success']));
    const sent = sentFields(calls);
    expect(sent).not.toHaveProperty('debtorId');
    expect(sent).not.toHaveProperty('instanceId');
  });

  it.each([
    { title: 'the partner endpoint says so', partner: true, stored: {} },
    { title: 'the stored flag says so', partner: false, stored: { partnerInstance: true } },
  ])('locks the company name when $title', async ({ partner, stored }) => {
    const calls = serve({ partner, stored });
    renderApp(<SettingsPage />);
    await screen.findByDisplayValue('Apotheke am Markt');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Firma/ })).toBeDisabled());
    expect(screen.getByText('Der Firmenname wird über Apomondo verwaltet und kann hier nicht geändert werden.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Einstellungen geändert.', 'success']));
    expect(sentFields(calls).company).toBe('Apotheke am Markt');
  });

  it('uploads a dropped logo', async () => {
    const calls = serve();
    renderApp(<SettingsPage />);
    await screen.findByDisplayValue('Apotheke am Markt');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.drop(screen.getByTestId('logo-dropzone'), { dataTransfer: { files: [file] } });
    expect(await screen.findByRole('img', { name: 'Logo' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Einstellungen geändert.', 'success']));
    expect(sentFields(calls).logo).toBe('file:logo.png');
  });

  it('marks a stored logo for deletion', async () => {
    const calls = serve({ stored: { logo: '/api/settings/logo?v=1' } });
    renderApp(<SettingsPage />);
    expect(await screen.findByRole('img', { name: 'Logo' })).toHaveAttribute('src', '/api/settings/logo?v=1');
    fireEvent.click(screen.getByRole('button', { name: 'Logo löschen' }));
    expect(screen.getByText('Das Logo wird beim Speichern gelöscht.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Einstellungen geändert.', 'success']));
    expect(sentFields(calls).logo).toBe('_delete');
  });

  it.each([
    { title: 'a text file', file: new File(['hello'], 'a.txt', { type: 'text/plain' }), message: 'Bitte laden Sie ein Bild (PNG, JPEG, GIF oder WebP) hoch.' },
    { title: 'a file over 2 MB', file: new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }), message: 'Die Datei ist zu groß.' },
  ])('refuses $title before uploading', async ({ file, message }) => {
    serve();
    renderApp(<SettingsPage />);
    await screen.findByDisplayValue('Apotheke am Markt');
    fireEvent.drop(screen.getByTestId('logo-dropzone'), { dataTransfer: { files: [file] } });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows the server refusal on its field and as a toast', async () => {
    serve({ refuse: fail(403, [{ path: 'company', code: 'forbidden', message: 'Der Firmenname wird über Apomondo verwaltet und kann hier nicht geändert werden.' }]) });
    renderApp(<SettingsPage />);
    await screen.findByDisplayValue('Apotheke am Markt');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts[0]?.[1]).toBe('error'));
    expect(screen.getByText('Der Firmenname wird über Apomondo verwaltet und kann hier nicht geändert werden.')).toBeInTheDocument();
  });
});

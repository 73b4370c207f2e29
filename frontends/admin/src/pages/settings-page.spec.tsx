import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SettingsAdminDto } from '@mediport/contracts';
import { SEPA_MESSAGES } from '@mediport/contracts/payment';
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
  creditorId: 'DE98ZZZ09999999999',
  creditorIban: 'DE02 1203 0000 0000 2020 51',
  creditorBic: 'BYLADEM1001',
  logo: null,
  partnerInstance: false,
};

/** What the page sends for STORED unchanged: the operator and admin fields, the creditor compact. */
const STORED_SENT = {
  ...Object.fromEntries(Object.entries(STORED).filter(([k]) => !['logo', 'partnerInstance'].includes(k))),
  creditorIban: 'DE02120300000000202051',
};

let toasts: Array<[string, string]>;

/** `answer`: the saved settings the PUT answers with (default: the stored ones, city Potsdam). */
function serve(opts: { stored?: Partial<SettingsAdminDto>; partner?: boolean; refuse?: FakeError; answer?: Partial<SettingsAdminDto> } = {}) {
  return fakeApi({
    'GET /api/settings': { ...STORED, ...opts.stored },
    'GET /api/partner/apomondo': opts.partner ?? false,
    'PUT /api/settings': () => opts.refuse ?? { ...STORED, ...opts.stored, city: 'Potsdam', ...opts.answer },
  });
}

const textbox = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

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
    for (const label of ['Firma', 'Straße', 'Postleitzahl', 'Ort', 'Telefon', 'Fax', 'E-Mail', 'Kundennummer', 'Instanz-Nummer', 'Gläubiger-Identifikationsnummer', 'IBAN', 'BIC']) {
      expect(screen.getByRole('textbox', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    }
    fireEvent.change(screen.getByRole('textbox', { name: /^Ort/ }), { target: { value: 'Potsdam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Einstellungen geändert.', 'success']));
    expect(sentFields(calls)).toEqual({ ...STORED_SENT, city: 'Potsdam' });
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

  describe('direct-debit creditor', () => {
    it('shows the section with the stored creditor, the IBAN in groups of four', async () => {
      serve({ stored: { creditorIban: 'DE02120300000000202051' } });
      renderApp(<SettingsPage />);
      await screen.findByDisplayValue('Apotheke am Markt');
      expect(screen.getByRole('heading', { name: 'Lastschrift (SEPA-Gläubiger)' })).toBeInTheDocument();
      expect(screen.getByText(/als Gläubiger im Lastschrift-Export der Rechnungen verwendet/)).toBeInTheDocument();
      expect(textbox('Gläubiger-Identifikationsnummer')).toHaveValue('DE98ZZZ09999999999');
      expect(textbox('IBAN')).toHaveValue('DE02 1203 0000 0000 2020 51');
      expect(textbox('BIC')).toHaveValue('BYLADEM1001');
    });

    it.each([
      { label: 'Gläubiger-Identifikationsnummer', value: 'DE97ZZZ09999999999', message: SEPA_MESSAGES.creditorIdInvalid },
      { label: 'Gläubiger-Identifikationsnummer', value: 'de98 zzz 0999', message: SEPA_MESSAGES.creditorIdInvalid },
      { label: 'IBAN', value: 'DE89 3704 0044 0532 0130 01', message: SEPA_MESSAGES.creditorIbanInvalid },
      { label: 'IBAN', value: 'XX89370400440532013000', message: SEPA_MESSAGES.creditorIbanInvalid },
      { label: 'BIC', value: 'COBADE', message: SEPA_MESSAGES.creditorBicInvalid },
      { label: 'BIC', value: 'COBADE20', message: SEPA_MESSAGES.creditorBicInvalid },
    ])('shows "$message" for $label = "$value" on the field and blocks saving', async ({ label, value, message }) => {
      const calls = serve();
      renderApp(<SettingsPage />);
      await screen.findByDisplayValue('Apotheke am Markt');
      fireEvent.change(textbox(label), { target: { value } });
      await waitFor(() => expect(textbox(label)).toHaveAccessibleDescription(message));
      expect(textbox(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
      fireEvent.submit(screen.getByRole('form', { name: 'Firmeneinstellungen' }));
      await screen.findByText(message);
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    });

    it('accepts values typed with spaces and in lower case, shows them normalized and sends them compact', async () => {
      const calls = serve({ answer: { creditorId: 'DE32ZZZ00000123456', creditorIban: 'DE89370400440532013000', creditorBic: 'COBADEFF' } });
      renderApp(<SettingsPage />);
      await screen.findByDisplayValue('Apotheke am Markt');
      fireEvent.change(textbox('Gläubiger-Identifikationsnummer'), { target: { value: ' de32 zzz 0000 0123 456 ' } });
      fireEvent.change(textbox('IBAN'), { target: { value: 'de89370400440532013000' } });
      fireEvent.blur(textbox('IBAN'));
      await waitFor(() => expect(textbox('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00'));
      fireEvent.change(textbox('BIC'), { target: { value: 'coba de ff' } });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toBeEnabled());
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(toasts).toContainEqual(['Einstellungen geändert.', 'success']));
      expect(sentFields(calls)).toEqual({ ...STORED_SENT, creditorId: 'DE32ZZZ00000123456', creditorIban: 'DE89370400440532013000', creditorBic: 'COBADEFF' });
      // The saved answer is the new baseline, the IBAN again in groups of four.
      await waitFor(() => expect(textbox('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00'));
      expect(textbox('Gläubiger-Identifikationsnummer')).toHaveValue('DE32ZZZ00000123456');
      expect(textbox('BIC')).toHaveValue('COBADEFF');
    });

    it('lets every creditor field be emptied and sends it empty', async () => {
      const calls = serve({ answer: { creditorId: '', creditorIban: '', creditorBic: '' } });
      renderApp(<SettingsPage />);
      await screen.findByDisplayValue('Apotheke am Markt');
      for (const label of ['Gläubiger-Identifikationsnummer', 'IBAN', 'BIC']) fireEvent.change(textbox(label), { target: { value: ' ' } });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toBeEnabled());
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(toasts).toContainEqual(['Einstellungen geändert.', 'success']));
      expect(sentFields(calls)).toMatchObject({ creditorId: '', creditorIban: '', creditorBic: '' });
    });

    it.each([
      { label: 'Gläubiger-Identifikationsnummer', path: 'creditorId', message: SEPA_MESSAGES.creditorIdInvalid },
      { label: 'IBAN', path: 'creditorIban', message: SEPA_MESSAGES.creditorIbanInvalid },
      { label: 'BIC', path: 'creditorBic', message: SEPA_MESSAGES.creditorBicInvalid },
    ])('shows the server refusal of $path on its field', async ({ label, path, message }) => {
      serve({ refuse: fail(400, [{ path, code: 'invalid', message }]) });
      renderApp(<SettingsPage />);
      await screen.findByDisplayValue('Apotheke am Markt');
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(textbox(label)).toHaveAccessibleDescription(message));
      expect(textbox(label)).toHaveAttribute('aria-invalid', 'true');
    });

    it('is neither shown nor sent when the settings come without the fields of settings_list holders', async () => {
      const { debtorId: _d, instanceId: _i, partnerInstance: _p, creditorId: _c, creditorIban: _n, creditorBic: _b, ...imprint } = STORED;
      const calls = fakeApi({ 'GET /api/settings': imprint, 'GET /api/partner/apomondo': false, 'PUT /api/settings': { ...STORED } });
      setAuth(demoAuth(['ROLE_PHARMA', 'ROLE_MANAGER']));
      renderApp(<SettingsPage />);
      await screen.findByDisplayValue('Apotheke am Markt');
      expect(screen.queryByRole('heading', { name: 'Lastschrift (SEPA-Gläubiger)' })).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: /^IBAN/ })).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(toasts).toContainEqual(['Einstellungen geändert.', 'success']));
      expect(Object.keys(sentFields(calls)).filter((k) => k.startsWith('creditor'))).toEqual([]);
    });
  });
});

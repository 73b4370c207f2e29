import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAuth } from '@mediport/api-client';
import type { PaymentData, SepaMonth } from '@mediport/contracts/payment';
import { fail, fakeApi, renderApp, when } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { loadProfileTabs, ProfilePage } from '../../../pages/profile-page';

beforeAll(loadProfileTabs);

const NONE: PaymentData = { company: 'Apotheke am Markt', email: 'info@apotheke-am-markt.de', iban: '', bic: '', mandate: false, reference: '', signedOn: '', ibanVisible: true };
const GRANTED: PaymentData = { ...NONE, iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', mandate: true, reference: 'MP-20261127-ABCDEFGH', signedOn: '27.11.2026' };
const SETTINGS = { company: 'Apotheke am Markt', street: '', postalCode: '', city: '', phone: '', fax: '', email: '', logo: null };
/** What every Mandat tab reads besides the mandate: the operator's name, and for accounting the months to export (none here). */
const COMMON = { 'GET /api/settings': SETTINGS, 'GET /api/invoices/sepa/months': [] as SepaMonth[] };
const ME = { id: 'u1' };

const open = () => renderApp(<ProfilePage />, { route: '/profil?tab=5', path: '/profil' });

describe('Mandat', () => {
  beforeEach(() => {
    localStorage.clear();
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
  });

  it('is a tab for accounting and home managers, not for home staff or drivers', () => {
    // Without the tab the page falls back to Stammdaten, which reads the profile.
    fakeApi({ 'GET /api/users/:id/paymentData': NONE, ...COMMON, 'GET /api/users/:id/profile': demoAuth(['ROLE_HOME']).user });
    const { unmount } = open();
    expect(screen.getByRole('tab', { name: 'Mandat', selected: true })).toBeInTheDocument();
    unmount();
    for (const roles of [['ROLE_HOME'], ['ROLE_DRIVER']] as const) {
      setAuth(demoAuth([...roles]));
      const view = open();
      expect(screen.queryByRole('tab', { name: 'Mandat' })).not.toBeInTheDocument();
      view.unmount();
    }
    setAuth(demoAuth(['ROLE_HOME', 'ROLE_MANAGER']));
    open();
    expect(screen.getByRole('tab', { name: 'Mandat' })).toBeInTheDocument();
  });

  it('grants a mandate with an IBAN typed with spaces, shown in groups of four, after a confirmation', async () => {
    let data = NONE;
    let months: SepaMonth[] = [];
    const calls = fakeApi({
      'GET /api/users/:id/paymentData': when(ME, data),
      ...COMMON,
      'GET /api/invoices/sepa/months': () => months,
      'PUT /api/users/:id/paymentData': ({ body }) => {
        data = { ...GRANTED, bic: body.bic ?? '' };
        months = [{ month: '2026-10', invoices: 1, amountCents: 7021 }];
        return { success: true, action: 'granted', paymentData: data };
      },
    });
    open();
    expect(await screen.findByText('Kein Mandat erteilt')).toBeInTheDocument();
    expect(await screen.findByText('Zurzeit gibt es keine offenen Rechnungen mit SEPA-Lastschriftmandat.')).toBeInTheDocument();
    expect(screen.getByText('Apotheke am Markt', { selector: 'dd' })).toBeInTheDocument();
    expect(await screen.findByText(/Ich ermächtige Apotheke am Markt, Zahlungen von meinem Konto/)).toBeInTheDocument();

    const iban = screen.getByRole('textbox', { name: 'IBAN' });
    await userEvent.type(iban, 'de89 3704 0044 053201 3000');
    await userEvent.type(screen.getByRole('textbox', { name: 'BIC' }), 'coba deff xxx');
    await userEvent.tab();
    expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00');
    expect(screen.getByRole('textbox', { name: 'BIC' })).toHaveValue('COBADEFFXXX');

    await userEvent.click(screen.getByRole('button', { name: 'Mandat erteilen' }));
    const dialog = await screen.findByRole('dialog', { name: 'SEPA-Lastschriftmandat erteilen?' });
    expect(within(dialog).getByText('Rechnungen werden künftig per Lastschrift vom Konto DE89 3704 0044 0532 0130 00 eingezogen.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mandat erteilen' }));

    expect(await screen.findByText('SEPA-Lastschriftmandat wurden erfolgreich erteilt.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      mandate: true,
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      company: 'Apotheke am Markt',
      email: 'info@apotheke-am-markt.de',
    });
    expect(await screen.findByText('Mandat erteilt')).toBeInTheDocument();
    expect(screen.getByTestId('mandate-iban')).toHaveTextContent('DE89 3704 0044 0532 0130 00');
    expect(screen.getByText('MP-20261127-ABCDEFGH')).toBeInTheDocument();
    expect(screen.getByText('27.11.2026')).toBeInTheDocument();
    // With the mandate the debtor's open invoices can be collected: the export offers their month.
    expect(await screen.findByRole('combobox', { name: 'Abrechnungsmonat' })).toHaveTextContent('Oktober 2026 · 1 Rechnung');
  });

  it('checks the IBAN and the BIC before asking, with the spec message', async () => {
    const calls = fakeApi({ 'GET /api/users/:id/paymentData': NONE, ...COMMON });
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'IBAN' }), 'DE89 3704 0044 0532 0130 01');
    await userEvent.type(screen.getByRole('textbox', { name: 'BIC' }), 'COBA');
    await userEvent.click(screen.getByRole('button', { name: 'Mandat erteilen' }));
    expect(await screen.findAllByText('SEPA-Lastschriftmandat konnten nicht erteilt werden. Bitte überprüfen Sie ihre IBAN und BIC')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'IBAN' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's refusal on the field and as a toast", async () => {
    fakeApi({
      'GET /api/users/:id/paymentData': NONE,
      ...COMMON,
      'PUT /api/users/:id/paymentData': fail(400, [{ path: 'bic', code: 'invalid', message: 'SEPA-Lastschriftmandat konnten nicht erteilt werden. Bitte überprüfen Sie ihre IBAN und BIC' }]),
    });
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'IBAN' }), 'DE89370400440532013000');
    await userEvent.type(screen.getByRole('textbox', { name: 'BIC' }), 'COBADEFF');
    await userEvent.click(screen.getByRole('button', { name: 'Mandat erteilen' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mandat erteilen' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'BIC' })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('SEPA-Lastschriftmandat konnten nicht erteilt werden. Bitte überprüfen Sie ihre IBAN und BIC').length).toBeGreaterThanOrEqual(2);
  });

  it('says the mandate could not be granted when the call fails', async () => {
    fakeApi({ 'GET /api/users/:id/paymentData': NONE, ...COMMON, 'PUT /api/users/:id/paymentData': fail(500, 'Interner Fehler') });
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'IBAN' }), 'DE89370400440532013000');
    await userEvent.click(screen.getByRole('button', { name: 'Mandat erteilen' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mandat erteilen' }));
    expect(await screen.findByText('SEPA-Lastschriftmandat konnten nicht erteilt werden.')).toBeInTheDocument();
  });

  it('revokes after a confirmation', async () => {
    let data = GRANTED;
    const calls = fakeApi({
      'GET /api/users/:id/paymentData': () => data,
      ...COMMON,
      'PUT /api/users/:id/paymentData': () => {
        data = NONE;
        return { success: true, action: 'revoked', paymentData: NONE };
      },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Mandat entziehen' }));
    const dialog = await screen.findByRole('dialog', { name: 'SEPA-Lastschriftmandat entziehen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mandat entziehen' }));
    expect(await screen.findByText('SEPA-Lastschriftmandat wurden erfolgreich entzogen.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ mandate: false });
    expect(await screen.findByText('Kein Mandat erteilt')).toBeInTheDocument();
  });

  it('asks for company and e-mail in the settings before a mandate can be granted', async () => {
    fakeApi({ 'GET /api/users/:id/paymentData': { ...NONE, email: '' }, ...COMMON });
    open();
    expect(await screen.findByText('Sie müssen ihre Email-Addresse und Unternehmensnamen in den Einstellungen angeben bevor sie ein Mandat erteilen können.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mandat erteilen' })).not.toBeInTheDocument();
  });

  it('shows a masked IBAN with a note to whoever may not see it in full', async () => {
    setAuth(demoAuth(['ROLE_HOME', 'ROLE_MANAGER']));
    fakeApi({ 'GET /api/users/:id/paymentData': { ...GRANTED, iban: 'DE89 **** **** **** **** 00', ibanVisible: false }, ...COMMON });
    open();
    expect(await screen.findByText('DE89 **** **** **** **** 00')).toBeInTheDocument();
    expect(screen.getByText('Die IBAN wird vollständig nur dem Inhaber des Profils und der Buchhaltung angezeigt.')).toBeInTheDocument();
    // The export is accounting's.
    expect(screen.queryByRole('button', { name: 'SEPA-Datei herunterladen' })).not.toBeInTheDocument();
  });

  it("downloads a month's pain.008 file for accounting, choosing among the months with invoices to collect", async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob as Blob);
      return 'blob:sepa';
    };
    URL.revokeObjectURL = () => undefined;
    const xml = new Blob(['<?xml version="1.0"?><Document/>'], { type: 'application/xml' });
    let months = [
      { month: '2026-10', invoices: 2, amountCents: 12_345 },
      { month: '2026-09', invoices: 1, amountCents: 1000 },
    ];
    const calls = fakeApi({
      'GET /api/users/:id/paymentData': GRANTED,
      ...COMMON,
      'GET /api/invoices/sepa/months': () => months,
      'GET /api/invoices/sepa': () => {
        months = months.filter((m) => m.month !== '2026-09');
        return xml;
      },
    });
    open();
    const month = await screen.findByRole('combobox', { name: 'Abrechnungsmonat' });
    // The newest month is chosen first.
    expect(month).toHaveTextContent('Oktober 2026 · 2 Rechnungen, 123,45 €');
    fireEvent.mouseDown(month);
    fireEvent.click(await screen.findByRole('option', { name: /^September 2026 · 1 Rechnung, 10,00\s€$/ }));
    await userEvent.click(screen.getByRole('button', { name: 'SEPA-Datei herunterladen' }));
    expect(await screen.findByText('Die SEPA-Datei wurde erstellt.')).toBeInTheDocument();
    expect(new URL(calls.find((c) => c.url.includes('/sepa?'))!.url, 'http://localhost').searchParams.get('month')).toBe('2026-09');
    expect(saved).toHaveLength(1);
    // The exported month is no longer offered; the newest is chosen again.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Abrechnungsmonat' })).toHaveTextContent('Oktober 2026'));
  });

  it('says so when no month has invoices to collect, without a download button', async () => {
    fakeApi({ 'GET /api/users/:id/paymentData': GRANTED, ...COMMON });
    open();
    expect(await screen.findByText('Zurzeit gibt es keine offenen Rechnungen mit SEPA-Lastschriftmandat.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SEPA-Datei herunterladen' })).not.toBeInTheDocument();
  });
});

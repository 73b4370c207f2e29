import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAuth } from '@mediport/api-client';
import { INVOICE_MESSAGES, type InvoiceDto, type InvoiceListResponse, monthLabel } from '@mediport/contracts/invoices';
import { fakeApi, mockWindowWidth, renderApp } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { loadProfileTabs, ProfilePage } from '../../../pages/profile-page';
import { endedMonths } from './invoice-run-card';

beforeAll(loadProfileTabs);

function invoice(overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return {
    _id: 'inv-1',
    number: 'RE-2026-000007',
    path: 'RE-2026-000007.pdf',
    name: 'Seniorenresidenz Am Stadtpark',
    debtor: 'K-20001',
    role: 'homes',
    withLogin: true,
    price: 7021,
    net: 5900,
    vat: 1121,
    status: 'unread',
    statusText: 'zu bezahlen',
    month: '2026-10',
    invoiceDate: '01.11.2026',
    dueDate: '15.11.2026',
    createdAt: '2026-11-01T02:00:00.000Z',
    modifiedAt: '2026-11-01T02:00:00.000Z',
    creditNote: false,
    cancels: null,
    canceledBy: null,
    downloadedAt: null,
    directDebit: false,
    proofs: [{ invoice: 'inv-1', debtor: 'K-20001', role: 'homes', withLogin: true, name: 'Seniorenresidenz Am Stadtpark', price: 5900, modifiedAt: '2026-10-15T09:00:00.000Z' }],
    ...overrides,
  };
}

const PAID = invoice({ _id: 'inv-2', number: 'RE-2026-000004', path: 'RE-2026-000004.pdf', status: 'paid', statusText: 'bezahlt', month: '2026-09', price: 21063, directDebit: true });
const NOTE = invoice({
  _id: 'inv-3',
  number: 'RE-2026-000009',
  path: 'RE-2026-000009.pdf',
  status: 'canceled',
  statusText: 'storniert',
  creditNote: true,
  price: -7021,
  cancels: { _id: 'inv-0', number: 'RE-2026-000001' },
});

function answer(data: InvoiceDto[]): InvoiceListResponse {
  return { data, count: data.length };
}

const open = () => renderApp(<ProfilePage />, { route: '/profil?tab=2', path: '/profil' });

describe('Rechnungen', () => {
  beforeEach(() => {
    localStorage.clear();
    mockWindowWidth(1280);
  });

  it('lists accounting’s invoices with the spec’s status texts, euro amounts and the credit note’s text, asking for the proof lists', async () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    const calls = fakeApi({ 'GET /api/invoices': answer([NOTE, invoice(), PAID]) });
    open();
    expect(screen.getByRole('tab', { name: 'Rechnungen', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Rechnungen' });
    expect(within(table).getByText('RE-2026-000007')).toBeInTheDocument();
    expect(within(table).getByText('70,21 €')).toBeInTheDocument();
    expect(within(table).getByText('210,63 €')).toBeInTheDocument();
    expect(within(table).getByText('-70,21 €')).toBeInTheDocument();
    expect(within(table).getByText('zu bezahlen')).toBeInTheDocument();
    expect(within(table).getByText('bezahlt')).toBeInTheDocument();
    expect(within(table).getByText('storniert')).toBeInTheDocument();
    expect(within(table).getByText(`${INVOICE_MESSAGES.creditNote} (RE-2026-000001)`)).toBeInTheDocument();
    expect(within(table).getAllByText(/^Oktober 2026 · /)).toHaveLength(2);
    expect(within(table).getByText('per Lastschrift')).toBeInTheDocument();
    // The unread one is marked new.
    expect(within(table).getByText('neu')).toBeInTheDocument();
    const url = new URL(calls[0]!.url, 'http://localhost');
    expect(url.searchParams.get('type')).toBe('1');
    expect(url.searchParams.get('sort')).toBe('-number');
  });

  it('opens and closes the proof list under an invoice', async () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    fakeApi({ 'GET /api/invoices': answer([invoice()]) });
    open();
    const show = await screen.findByRole('button', { name: 'Nachweis anzeigen: RE-2026-000007' });
    expect(screen.queryByRole('table', { name: 'Nachweis zu RE-2026-000007' })).not.toBeInTheDocument();
    await userEvent.click(show);
    const proofs = await screen.findByRole('table', { name: 'Nachweis zu RE-2026-000007' });
    expect(within(proofs).getByText('Pflegeeinrichtung')).toBeInTheDocument();
    expect(within(proofs).getByText('59,00 €')).toBeInTheDocument();
    expect(within(proofs).getByText('ja')).toBeInTheDocument();
    expect(within(proofs).getByText('15.10.2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nachweis ausblenden: RE-2026-000007' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Nachweis zu RE-2026-000007' })).not.toBeInTheDocument());
  });

  it('toggles paid with switch_payment_state_invoice_view: unread becomes paid, paid becomes open; never on a credit note', async () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    const calls = fakeApi({
      'GET /api/invoices': answer([invoice(), PAID, NOTE]),
      'PUT /api/invoices': ({ body }) => ({ success: true, _id: body.id, status: body.data!, message: body.data === 'paid' ? INVOICE_MESSAGES.markedPaid : INVOICE_MESSAGES.markedOpen }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Als bezahlt markieren: RE-2026-000007' }));
    expect(await screen.findByText(INVOICE_MESSAGES.markedPaid)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Als offen markieren: RE-2026-000004' }));
    expect(await screen.findByText(INVOICE_MESSAGES.markedOpen)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { id: 'inv-1', path: 'RE-2026-000007.pdf', action: 'change_status', data: 'paid' },
      { id: 'inv-2', path: 'RE-2026-000004.pdf', action: 'change_status', data: 'open' },
    ]);
    expect(screen.queryByRole('button', { name: /markieren: RE-2026-000009/ })).not.toBeInTheDocument();
  });

  it('the administrator cancels an invoice by a credit note after a confirmation; never a canceled one or a credit note', async () => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    const calls = fakeApi({
      'GET /api/invoices': answer([invoice(), NOTE]),
      'PUT /api/invoices': ({ body }) => ({ success: true, _id: body.id, status: 'canceled', message: INVOICE_MESSAGES.canceled('RE-2026-000010'), creditNote: { _id: 'inv-4', number: 'RE-2026-000010' } }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Stornieren: RE-2026-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechnung RE-2026-000007 stornieren?' });
    expect(within(dialog).getByText(/Eine Gutschrift über 70,21\s€ mit eigener Nummer hebt die Rechnung auf/)).toBeInTheDocument();
    // Nothing is sent before the confirmation; cancelling the dialog sends nothing either.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Stornieren: RE-2026-000007' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stornieren' }));
    expect(await screen.findByText('Die Rechnung wurde storniert. Gutschrift RE-2026-000010 erstellt.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ id: 'inv-1', path: 'RE-2026-000007.pdf', action: 'cancel' }]);
    expect(screen.queryByRole('button', { name: 'Stornieren: RE-2026-000009' })).not.toBeInTheDocument();
  });

  it('accounting (no invoice_cancel_view, no invoice_run_view by default) can neither cancel nor start the run', async () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    fakeApi({ 'GET /api/invoices': answer([invoice()]) });
    open();
    expect(await screen.findByRole('button', { name: 'Als bezahlt markieren: RE-2026-000007' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Stornieren/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Monatsabrechnung' })).not.toBeInTheDocument();
  });

  it('the administrator starts the billing run of an ended month after a confirmation', async () => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    const previous = endedMonths(new Date(), 2);
    const calls = fakeApi({
      'GET /api/invoices': answer([]),
      'POST /api/invoices/run': ({ body }) => ({ success: true, month: body.month, created: 2, numbers: ['RE-2026-000011', 'RE-2026-000012'], printing: 2, message: INVOICE_MESSAGES.runCreated(2, body.month) }),
    });
    open();
    const section = await screen.findByRole('region', { name: 'Monatsabrechnung' });
    const month = within(section).getByRole('combobox', { name: 'Abrechnungsmonat' });
    // The month that ended last is chosen first.
    expect(month).toHaveTextContent(monthLabel(previous[0]!));
    fireEvent.mouseDown(month);
    fireEvent.click(await screen.findByRole('option', { name: monthLabel(previous[1]!) }));
    await userEvent.click(within(section).getByRole('button', { name: 'Abrechnung starten' }));
    const dialog = await screen.findByRole('dialog', { name: `Rechnungen für ${monthLabel(previous[1]!)} erstellen?` });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abrechnung starten' }));
    expect(await screen.findByText(INVOICE_MESSAGES.runCreated(2, previous[1]!))).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ month: previous[1] }]);
    // The list loads again with the new invoices.
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/invoices?')).length).toBeGreaterThan(1));
  });

  it('offers the months that have ended, across the turn of the year', () => {
    expect(endedMonths(new Date(2027, 0, 15), 3)).toEqual(['2026-12', '2026-11', '2026-10']);
    expect(endedMonths(new Date(2026, 10, 1), 1)).toEqual(['2026-10']);
  });

  it('a home manager downloads the own invoices but has no paid toggle', async () => {
    setAuth(demoAuth(['ROLE_HOME', 'ROLE_MANAGER']));
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const calls = fakeApi({ 'GET /api/invoices': answer([invoice()]), 'GET /api/invoices/download/:id': () => pdf });
    const created = jest.fn(() => 'blob:rechnung');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Herunterladen: RE-2026-000007' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
    const download = calls.find((c) => c.url.includes('/download/'))!;
    expect(new URL(download.url, 'http://localhost').searchParams.get('path')).toBe('RE-2026-000007.pdf');
    // The list loads again: the invoice is open now.
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/invoices?')).length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: /Als bezahlt markieren/ })).not.toBeInTheDocument();
  });

  it('says so when there are no invoices', async () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    fakeApi({ 'GET /api/invoices': answer([]) });
    open();
    expect(await screen.findByText(INVOICE_MESSAGES.empty)).toBeInTheDocument();
  });

  it('is no tab of a plain home user (no profile_invoice_view)', async () => {
    setAuth(demoAuth(['ROLE_HOME']));
    fakeApi({ 'GET /api/users/:id/profile': demoAuth(['ROLE_HOME']).user });
    open();
    expect(screen.queryByRole('tab', { name: 'Rechnungen' })).not.toBeInTheDocument();
  });

  it('on a phone: one card per invoice, the proof list as lines', async () => {
    mockWindowWidth(390);
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    fakeApi({ 'GET /api/invoices': answer([invoice()]) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Nachweis anzeigen' }));
    const proofs = await screen.findByRole('list', { name: 'Nachweis zu RE-2026-000007' });
    expect(within(proofs).getByText('Seniorenresidenz Am Stadtpark')).toBeInTheDocument();
    expect(within(proofs).getByText('Pflegeeinrichtung · Debitor K-20001 · Mit Login: ja')).toBeInTheDocument();
  });
});

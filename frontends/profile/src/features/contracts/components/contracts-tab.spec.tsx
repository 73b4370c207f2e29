import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureErrorHandler, setAuth } from '@mediport/api-client';
import { CONTRACT_MESSAGES, type ContractActions, type ContractDto, type ContractListResponse, type ShopProductDto } from '@mediport/contracts/shop';
import { fail, fakeApi, renderApp } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { loadProfileTabs, ProfilePage } from '../../../pages/profile-page';

beforeAll(loadProfileTabs);

const NONE: ContractActions = { shop: false, runtimeChange: false, revert: false, cancel: false, requestAdoption: false, accept: false, reject: false, withdraw: false };

function contract(overrides: Partial<ContractDto> = {}): ContractDto {
  return {
    _id: '1002_D-10001',
    contractId: '1002',
    debtorId: 'D-10001',
    company: 'Apotheke am Markt',
    version: 3,
    state: 'booked',
    type: 'ROLE_PHARMA',
    product: { runtime: 'year', type: 'basic' },
    runtime: 'year',
    validFrom: '01.01.2031',
    validTo: '31.12.2031',
    cancellationDeadline: '30.11.2031',
    canceledAt: null,
    withLogin: true,
    assumptionOfCosts: false,
    ownContract: false,
    home: null,
    doctor: 'doc-1',
    partnerName: 'Dr. Anna Berger',
    catalogue: 'doctor',
    units: 1,
    basePrice: 1000,
    optionPrice: 0,
    invoice: { sub: { base: 1000 } },
    items: [],
    nextContract: null,
    prevContract: null,
    contractRef: null,
    managers: ['Paula Praxis'],
    actions: NONE,
    ...overrides,
  };
}

const PRODUCTS: ShopProductDto[] = [
  { name: 'portal-zugang', catalogue: 'office', title: 'Zugang zum Medikationsportal', shopTitle: 'Portalzugang', description: '', price: 0, priceFormula: '', interval: '1 month', required: true },
  { name: 'webinar-einfuehrung', catalogue: 'office', title: 'Einführung', shopTitle: 'Webinar: Einführung', description: 'Grundlagen', price: 9900, priceFormula: '', interval: 'once', required: false },
  { name: 'fax-versand', catalogue: 'office', title: 'Fax-Versand über das Portal', shopTitle: 'Fax-Versand', description: 'Faxe aus dem Portal', price: 1900, priceFormula: 'pro Monat', interval: '1 month', required: false },
  { name: 'backup-archiv', catalogue: 'office', title: 'Backup-Archiv', shopTitle: 'Backup-Archiv', description: '', price: 11900, priceFormula: '', interval: '12 months', required: false },
];

/** A care home's own contract, shop open. */
const HOME_OWN = contract({
  _id: '2001_E-2001',
  contractId: '2001',
  type: 'ROLE_HOME',
  doctor: null,
  home: 'home-1',
  partnerName: 'Haus Eigenständig',
  catalogue: 'office',
  ownContract: true,
  basePrice: 5900,
  product: { runtime: 'month', type: 'basic' },
  runtime: 'month',
  validFrom: '01.03.2031',
  validTo: '31.03.2031',
  cancellationDeadline: '28.02.2031',
  items: [
    { _id: 'portal-zugang', product: 'portal-zugang', title: 'Zugang zum Medikationsportal', shopTitle: 'Portalzugang', bookedAt: '2031-01-01T09:00:00.000Z', interval: '1 month', price: 0, validTo: null, required: true, priceFormula: '', description: '' },
    { _id: 'fax-versand', product: 'fax-versand', title: 'Fax-Versand über das Portal', shopTitle: 'Fax-Versand', bookedAt: '2031-02-10T09:00:00.000Z', interval: '1 month', price: 1900, validTo: null, required: false, priceFormula: '', description: '' },
    { _id: 'webinar-einfuehrung', product: 'webinar-einfuehrung', title: 'Einführung', shopTitle: 'Webinar: Einführung', bookedAt: '2031-02-10T09:00:00.000Z', interval: 'once', price: 9900, validTo: null, required: false, priceFormula: '', description: '' },
  ],
  optionPrice: 11800,
  actions: { ...NONE, shop: true, runtimeChange: true, cancel: true },
});

function list(data: ContractDto[], possibleOptions: ShopProductDto[] = []): ContractListResponse {
  return { data, count: data.length, possibleOptions };
}

const open = () => renderApp(<ProfilePage />, { route: '/profil?tab=3', path: '/profil' });

describe('Verträge', () => {
  beforeEach(() => localStorage.clear());

  it('is a tab of a plain practice user, who sees the contract and who may act, without buttons', async () => {
    setAuth(demoAuth(['ROLE_DOCTOR'], { hasContract: false }));
    fakeApi({ 'GET /api/contracts': list([contract()]) });
    open();
    expect(screen.getByRole('tab', { name: 'Verträge', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Vertrag 1002_D-10001')).toBeInTheDocument();
    expect(screen.getByText('Gebucht')).toBeInTheDocument();
    expect(screen.getAllByText('10,00 €').length).toBeGreaterThan(0);
    expect(screen.getByText('Änderungen und die Übernahme der Kosten beantragt die Leitung: Paula Praxis.')).toBeInTheDocument();
    expect(screen.getByText(/Diesen Vertrag bezahlt zurzeit die Apotheke/)).toBeInTheDocument();
    expect(screen.getByText(CONTRACT_MESSAGES.noOptionsBooked)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vertrag übernehmen' })).not.toBeInTheDocument();
  });

  it('says so when the practice has no manager', async () => {
    setAuth(demoAuth(['ROLE_DOCTOR'], { hasContract: false }));
    fakeApi({ 'GET /api/contracts': list([contract({ managers: [] })]) });
    open();
    expect(await screen.findByText(/hat noch keine Leitung \(Manager\) im Portal/)).toBeInTheDocument();
  });

  it('shows "Keine Daten" without contracts', async () => {
    setAuth(demoAuth(['ROLE_HOME']));
    fakeApi({ 'GET /api/contracts': list([]) });
    open();
    expect(await screen.findByText('Keine Daten')).toBeInTheDocument();
  });

  it('lets the practice manager ask for the takeover after confirming, with an idempotency key', async () => {
    setAuth(demoAuth(['ROLE_DOCTOR', 'ROLE_MANAGER'], { hasContract: false }));
    let current = contract({ actions: { ...NONE, requestAdoption: true } });
    const calls = fakeApi({
      'GET /api/contracts': () => list([current]),
      'POST /api/contracts/:id/adoption': ({ params }) => {
        current = contract({ state: 'adoption_request', actions: { ...NONE, withdraw: true } });
        return { success: true, message: 'Die Kostenübernahme wurde angefragt.', id: `${params.id.split('_')[0]}_P1`, contract: current };
      },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Vertrag übernehmen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vertrag übernehmen?' });
    expect(within(dialog).getByText(/übernimmt die Kosten dieses Vertrags \(10,00 € pro Monat\)/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vertrag übernehmen' }));
    expect(await screen.findByText('Die Kostenübernahme wurde angefragt.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toContain('/api/contracts/1002_D-10001/adoption');
    expect((post.body as { idempotencyKey: string }).idempotencyKey).toMatch(/\S{8,}/);
    expect(await screen.findByText(/wartet auf die Bestätigung der Apotheke/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Anfrage zurückziehen' })).toBeInTheDocument();
  });

  it('lets the pharmacy accept or reject a request', async () => {
    setAuth(demoAuth(['ROLE_PHARMA', 'ROLE_MANAGER']));
    const calls = fakeApi({
      'GET /api/contracts': list([contract({ state: 'adoption_request', actions: { ...NONE, accept: true, reject: true } })]),
      'PUT /api/contracts/:id/adoption/accept': { success: true, message: 'Der Vertrag wurde erfolgreich bestätigt und aktiviert.', contract: contract() },
      'PUT /api/contracts/:id/adoption/reject': fail(409, 'Die Vertragsübernahme konnte nicht abgelehnt werden.'),
    });
    const errors: string[] = [];
    configureErrorHandler({ notify: (message, variant) => void (variant === 'error' && errors.push(message)) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Kostenübernahme ablehnen?' })).getByRole('button', { name: 'Ablehnen' }));
    // A refusal is shown by the common error handler, with the server's message.
    await waitFor(() => expect(errors).toEqual(['Die Vertragsübernahme konnte nicht abgelehnt werden.']));
    await userEvent.click(await screen.findByRole('button', { name: 'Bestätigen' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Kostenübernahme bestätigen?' })).getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Der Vertrag wurde erfolgreich bestätigt und aktiviert.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([expect.stringContaining('/adoption/reject'), expect.stringContaining('/adoption/accept')]);
  });

  it('lists the options with price and interval; a monthly one can be cancelled after confirming', async () => {
    setAuth(demoAuth(['ROLE_HOME', 'ROLE_MANAGER']));
    const calls = fakeApi({
      'GET /api/contracts': list([HOME_OWN], PRODUCTS),
      'PUT /api/contracts/:id': { success: true, message: 'Ihre Option wurden erfolgreich gekündigt.', contract: HOME_OWN },
    });
    open();
    const options = await screen.findByRole('list', { name: 'Gebuchte Optionen' });
    expect(within(options).getByText('Fax-Versand über das Portal · 19,00 € monatlich')).toBeInTheDocument();
    expect(within(options).getByText('Einführung · 99,00 € einmalig')).toBeInTheDocument();
    expect(within(options).getByText('Zugang zum Medikationsportal · im Vertrag enthalten')).toBeInTheDocument();
    // Only the monthly option can be cancelled: not the required one, not the once-only webinar.
    expect(within(options).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(options).getByRole('button', { name: 'Kündigen: Fax-Versand über das Portal' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Option kündigen?' })).getByRole('button', { name: 'Kündigen' }));
    expect(await screen.findByText('Ihre Option wurden erfolgreich gekündigt.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ options: [{ action: 'cancel', _id: 'fax-versand' }] });
  });

  it('shop: checkout disabled while the cart is empty; a once-only product at most once; books the cart in one request', async () => {
    setAuth(demoAuth(['ROLE_HOME', 'ROLE_MANAGER']));
    const calls = fakeApi({
      'GET /api/contracts': list([HOME_OWN], PRODUCTS),
      'PUT /api/contracts/:id': { success: true, message: CONTRACT_MESSAGES.optionsBooked, contract: HOME_OWN },
    });
    open();
    const shop = await screen.findByRole('region', { name: 'Shop' });
    const checkout = within(shop).getByRole('button', { name: 'Jetzt buchen' });
    expect(checkout).toBeDisabled();
    expect(within(shop).getByText('Der Warenkorb ist leer.')).toBeInTheDocument();
    // The webinar is booked already; the required access is not offered at all.
    expect(within(shop).getByRole('button', { name: 'In den Warenkorb: Webinar: Einführung' })).toBeDisabled();
    expect(within(shop).queryByText('Portalzugang')).not.toBeInTheDocument();
    await userEvent.click(within(shop).getByRole('button', { name: 'In den Warenkorb: Fax-Versand' }));
    await userEvent.click(within(shop).getByRole('button', { name: 'In den Warenkorb: Fax-Versand' }));
    await userEvent.click(within(shop).getByRole('button', { name: 'In den Warenkorb: Backup-Archiv' }));
    const cart = within(shop).getByRole('region', { name: 'Warenkorb' });
    expect(within(cart).getByText('157,00 €')).toBeInTheDocument();
    await userEvent.click(within(cart).getAllByRole('button', { name: 'Fax-Versand entfernen' })[0]!);
    expect(within(cart).getByText('138,00 €')).toBeInTheDocument();
    await userEvent.click(checkout);
    const dialog = await screen.findByRole('dialog', { name: 'Optionen verbindlich buchen?' });
    expect(within(dialog).getByText('2 Optionen für zusammen 138,00 € werden zu Ihrem Vertrag gebucht.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buchen' }));
    expect(await screen.findByText(CONTRACT_MESSAGES.optionsBooked)).toBeInTheDocument();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toMatchObject({ options: [{ action: 'book', _id: 'fax-versand' }, { action: 'book', _id: 'backup-archiv' }], idempotencyKey: expect.any(String) });
    await waitFor(() => expect(within(shop).getByText('Der Warenkorb ist leer.')).toBeInTheDocument());
  });

  it("does not offer the archive option on the pharmacy's own contract, which has no archives", async () => {
    setAuth(demoAuth(['ROLE_PHARMA', 'ROLE_MANAGER']));
    const own = { ...HOME_OWN, _id: '1000_D-10001', contractId: '1000', type: 'ROLE_PHARMA' as const, home: null, partnerName: 'Apotheke am Markt' };
    fakeApi({ 'GET /api/contracts': list([own], PRODUCTS) });
    open();
    const shop = await screen.findByRole('region', { name: 'Shop' });
    expect(within(shop).getByRole('button', { name: 'In den Warenkorb: Fax-Versand' })).toBeEnabled();
    expect(within(shop).queryByText('Backup-Archiv')).not.toBeInTheDocument();
  });

  it('a once-only product goes into the cart once', async () => {
    setAuth(demoAuth(['ROLE_HOME', 'ROLE_MANAGER']));
    fakeApi({ 'GET /api/contracts': list([{ ...HOME_OWN, items: [] }], PRODUCTS) });
    open();
    const shop = await screen.findByRole('region', { name: 'Shop' });
    await userEvent.click(within(shop).getByRole('button', { name: 'In den Warenkorb: Webinar: Einführung' }));
    expect(within(shop).getByRole('button', { name: 'In den Warenkorb: Webinar: Einführung' })).toBeDisabled();
    expect(within(shop).getByText('Im Warenkorb')).toBeInTheDocument();
  });

  it('changes package and runtime for the next term; Unlimited is not offered on a care home’s contract', async () => {
    setAuth(demoAuth(['ROLE_HOME', 'ROLE_MANAGER']));
    const calls = fakeApi({
      'GET /api/contracts': list([HOME_OWN], PRODUCTS),
      'PUT /api/contracts/:id': { success: true, message: 'Laufzeit des Vertrages wurde geändert.', contract: HOME_OWN },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Paket und Laufzeit ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paket und Laufzeit ändern' });
    expect(within(dialog).getByText('Die Änderung gilt ab der nächsten Vertragslaufzeit (ab 01.04.2031).')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /^Basis: 59,00\s€/ })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: /Unlimited/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ändern' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Full Service: 89,00\s€/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Jährlich' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ändern' }));
    expect(await screen.findByText('Laufzeit des Vertrages wurde geändert.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ action: 'runtime_change', product: { runtime: 'year', type: 'premium' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers Unlimited on the pharmacy’s own contract and shows a pending change with its revert', async () => {
    setAuth(demoAuth(['ROLE_PHARMA', 'ROLE_MANAGER']));
    const own = contract({
      _id: '1000_D-10001',
      doctor: null,
      partnerName: '',
      catalogue: 'office',
      ownContract: true,
      units: 3,
      basePrice: 17700,
      nextContract: { product: { runtime: 'month', type: 'unlimited' }, validFrom: '01.01.2032', validTo: '31.01.2032', basePrice: 49900 },
      actions: { ...NONE, revert: true },
    });
    const calls = fakeApi({
      'GET /api/contracts': list([own], PRODUCTS),
      'PUT /api/contracts/:id': { success: true, message: 'Vertragsänderung wurde zurückgenommen', contract: { ...own, nextContract: null } },
    });
    open();
    expect(await screen.findByText('Vertrag der Apotheke')).toBeInTheDocument();
    expect(screen.getByText('177,00 € (für 3 Einrichtungen bzw. Dienste)')).toBeInTheDocument();
    expect(screen.getByText(/Ab 01.01.2032: Unlimited, monatlich, 499,00 € pro Monat\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Änderung zurücknehmen' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Vertragsänderung zurücknehmen?' })).getByRole('button', { name: 'Änderung zurücknehmen' }));
    expect(await screen.findByText('Vertragsänderung wurde zurückgenommen')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ action: 'revert_contract' });
  });

  it('cancels the contract to the next possible date after confirming', async () => {
    setAuth(demoAuth(['ROLE_HOME', 'ROLE_MANAGER']));
    const calls = fakeApi({
      'GET /api/contracts': list([HOME_OWN], PRODUCTS),
      'PUT /api/contracts/:id': { success: true, message: 'Vertrag wurde zum nächstmöglichen Termin gekündigt. Der Vertrag endet am 30.04.2031.', contract: { ...HOME_OWN, state: 'canceled' } },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Vertrag kündigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vertrag kündigen?' });
    expect(within(dialog).getByText(/bis 28.02.2031 zum 31.03.2031/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kündigen' }));
    expect(await screen.findByText('Vertrag wurde zum nächstmöglichen Termin gekündigt. Der Vertrag endet am 30.04.2031.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ action: 'cancel_contract' });
  });
});

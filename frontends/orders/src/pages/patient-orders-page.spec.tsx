import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@mediport/contracts';
import { renderRoutes } from '../../../masterdata/src/shared/test-harness';
import { preloadPages } from '@mediport/ui';
import { ordersRoutes } from '../routes';
import { authOf, callsTo, makeTask, P_ANNA, P_BERND, wizardServer } from '../features/wizard/testing/wizard-server';

const show = (route: string, roles: Role[] = ['ROLE_HOME'], opts: { hasContract?: boolean } = {}) => renderRoutes(ordersRoutes, route, authOf(roles, opts));

// The page's chunk, loaded before the first test as the App module does for an opened page.
beforeAll(() => preloadPages(ordersRoutes, '/patient/p1/auftraege'));

describe('the patient\'s orders (/anforderung/patient/{id}, /patient/{id}/auftraege)', () => {
  beforeEach(() => localStorage.clear());

  it.each([`/anforderung/patient/${P_ANNA}`, `/patient/${P_ANNA}/auftraege`])('%s lists the latest orders (newest first: sort -createdAt)', async (route) => {
    const { calls } = wizardServer({ tasks: [makeTask(), makeTask({ _id: 't2', medicine: 'Insulin', dose: '10 IE', status: 'new', createdAt: '2026-03-02T10:00:00.000Z' })] });
    show(route);
    expect(await screen.findByRole('heading', { name: 'Letzte Aufträge: Müller, Anna (12.03.1941)' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Letzte Aufträge' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(expect.arrayContaining(['20.01.2026Ibuprofen 4001-0-12Erledigt', '02.03.2026Insulin10 IE2Neu']));
    const query = new URL(callsTo(calls, 'GET', '/api/tasks')[0]!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ 'filter[patient]': P_ANNA, sort: '-createdAt', limit: '10', offset: '0' });
  });

  it('says "Keine Daten" while the patient has no orders', async () => {
    wizardServer();
    show(`/anforderung/patient/${P_BERND}`);
    expect(await screen.findByText('Keine Daten')).toBeInTheDocument();
  });

  it('"Bestellung hinzufügen" opens the wizard with this patient at step 2', async () => {
    wizardServer();
    show(`/anforderung/patient/${P_ANNA}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Bestellung hinzufügen' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/anforderung/neu/${P_ANNA}`));
    expect(await screen.findByRole('heading', { name: 'Bisherige Medikamente' })).toBeInTheDocument();
    expect(document.querySelector('.MuiStepLabel-label.Mui-active')).toHaveTextContent('Medikament');
  });

  it('without a contract the button opens "Vertrag benötigt!"', async () => {
    wizardServer();
    show(`/anforderung/patient/${P_ANNA}`, ['ROLE_DOCTOR'], { hasContract: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Bestellung hinzufügen' }));
    expect(await screen.findByRole('dialog', { name: 'Vertrag benötigt!' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/anforderung/patient/${P_ANNA}`);
  });

  it('an unknown patient shows the not-found message', async () => {
    wizardServer();
    show('/anforderung/patient/0000000a-0000-4000-8000-00000000dead');
    expect(await screen.findByText('Der Datensatz wurde nicht gefunden oder Sie haben keinen Zugriff darauf.')).toBeInTheDocument();
  });

  it('pins the order just saved (?created=) on top with "Neu angelegt"; the chip removes pin and parameter', async () => {
    const fresh = makeTask({ _id: 't-neu', medicine: 'Insulin', dose: '10 IE', status: 'new', createdAt: '2026-01-01T10:00:00.000Z' });
    wizardServer({ tasks: [makeTask(), fresh] });
    show(`/anforderung/patient/${P_ANNA}?created=t-neu`);
    const pinned = await screen.findByRole('rowgroup', { name: 'Neu angelegt' });
    expect(within(pinned).getByRole('row')).toHaveTextContent('Insulin');
    const table = screen.getByRole('table', { name: 'Letzte Aufträge' });
    // On top, and only there.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Insulin');
    expect(within(table).getAllByText('Insulin')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Neu angelegt entfernen' }));
    await waitFor(() => expect(screen.queryByRole('rowgroup', { name: 'Neu angelegt' })).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/anforderung/patient/${P_ANNA}$`));
    expect(screen.queryByRole('button', { name: 'Neu angelegt entfernen' })).not.toBeInTheDocument();
  });

  it('asks for the order just saved by its id when it is not on the page', async () => {
    const fresh = makeTask({ _id: 't-neu', medicine: 'Insulin', dose: '10 IE', status: 'new' });
    const { calls } = wizardServer({ tasks: [makeTask(), fresh], routes: { 'GET /api/tasks': { data: [makeTask()], count: 11 } } });
    show(`/anforderung/patient/${P_ANNA}?created=t-neu`);
    const pinned = await screen.findByRole('rowgroup', { name: 'Neu angelegt' });
    expect(within(pinned).getByRole('row')).toHaveTextContent('Insulin');
    expect(callsTo(calls, 'GET', '/api/tasks/t-neu')).toHaveLength(1);
  });
});

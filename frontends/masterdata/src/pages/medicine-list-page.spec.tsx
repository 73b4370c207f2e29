import { useLayoutEffect } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSnackbar } from 'notistack';
import type { MedicineDto, Role } from '@mediport/contracts';
import { configureErrorHandler, setAuth } from '@mediport/api-client';
import { fakeApi, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { MedicineListPage } from './medicine-list-page';

/** Shows toasts through notistack, as the shell wires it. */
function ToastBridge() {
  const { enqueueSnackbar } = useSnackbar();
  useLayoutEffect(() => configureErrorHandler({ notify: (message, variant) => enqueueSnackbar(message, { variant }) }), [enqueueSnackbar]);
  return null;
}

const MEDICINES: MedicineDto[] = [
  { _id: '11111111-1111-4111-8111-111111111111', name: 'Ibuprofen 400 mg', group: 'medicine', disabled: false },
  { _id: '22222222-2222-4222-8222-222222222222', name: 'Metformin 500 mg', group: 'medicine', disabled: false },
  { _id: '33333333-3333-4333-8333-333333333333', name: 'Lorazepam 1 mg', group: 'medicine', disabled: true },
];

/** A small in-memory medicine API at the network boundary. */
function medicineServer(initial = MEDICINES) {
  const store = initial.map((m) => ({ ...m }));
  const calls = fakeApi({
    'GET /api/medicine': ({ url }) => {
      const q = url.searchParams;
      const flag = q.get('filter[disabled]');
      const text = (q.get('filter[text]') ?? '').toLowerCase();
      const hits = store.filter((m) => (flag === null || m.disabled === (flag === '1')) && m.name.toLowerCase().includes(text));
      const offset = Number(q.get('offset') ?? 0);
      return { data: hits.slice(offset, offset + Number(q.get('limit') ?? 25)), count: hits.length };
    },
    'PUT /api/medicine': ({ body }) => {
      const m = store.find((x) => x._id === body._id)!;
      m.disabled = body.disabled;
      return m;
    },
  });
  return { calls, store };
}

function show(roles: Role[], route = '/v3/medikamente') {
  setAuth(demoAuth(roles));
  renderApp(
    <>
      <ToastBridge />
      <MedicineListPage />
    </>,
    { route },
  );
}

const lastGet = (calls: ReturnType<typeof medicineServer>['calls']) => new URL(calls.filter((c) => c.method === 'GET').at(-1)!.url, 'http://localhost').searchParams;

describe('MedicineListPage', () => {
  beforeEach(() => localStorage.clear());

  it('asks for enabled medicines first (Deaktiviert = Nein), 25 per page, sorted by name', async () => {
    const { calls } = medicineServer();
    show(['ROLE_PHARMA', 'ROLE_MANAGER']);
    expect(await screen.findByRole('cell', { name: 'Ibuprofen 400 mg' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Lorazepam 1 mg' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Deaktiviert' })).toHaveTextContent('Nein');
    const q = lastGet(calls);
    expect(Object.fromEntries(q)).toEqual({ offset: '0', limit: '25', sort: 'name', 'filter[disabled]': '0' });
    expect(screen.getByText('1 - 2 von 2 Datensätzen')).toBeInTheDocument();
  });

  it('disables a medicine with the pharmacy rights and shows "Medizin wurde deaktiviert."', async () => {
    const { calls } = medicineServer();
    show(['ROLE_PHARMA', 'ROLE_MANAGER']);
    await userEvent.click(await screen.findByRole('button', { name: 'Metformin 500 mg deaktivieren' }));
    expect(await screen.findByText('Medizin wurde deaktiviert.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ _id: MEDICINES[1]!._id, disabled: true });
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Metformin 500 mg' })).not.toBeInTheDocument());
  });

  it('lists disabled medicines with "Ja" and enables one with "Medizin wurde aktiviert."', async () => {
    const { calls } = medicineServer();
    show(['ROLE_ADMIN']);
    await screen.findByRole('cell', { name: 'Ibuprofen 400 mg' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Deaktiviert' }));
    await userEvent.click(screen.getByRole('option', { name: 'Ja' }));
    const row = (await screen.findByRole('cell', { name: 'Lorazepam 1 mg' })).closest('tr')!;
    expect(lastGet(calls).get('filter[disabled]')).toBe('1');
    expect(within(row).getByText('deaktiviert')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Lorazepam 1 mg aktivieren' }));
    expect(await screen.findByText('Medizin wurde aktiviert.')).toBeInTheDocument();
    expect(await screen.findByText('Keine Suchergebnisse')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/v3/medikamente?disabled=1');
  });

  it('shows no enable or disable buttons without the rights (Heim)', async () => {
    medicineServer();
    show(['ROLE_HOME']);
    await screen.findByRole('cell', { name: 'Ibuprofen 400 mg' });
    expect(screen.queryByRole('button', { name: /deaktivieren|aktivieren/ })).not.toBeInTheDocument();
  });

  it('searches after typing (debounced) and says "Keine Suchergebnisse" when nothing matches', async () => {
    const { calls } = medicineServer();
    show(['ROLE_DOCTOR']);
    await screen.findByRole('cell', { name: 'Ibuprofen 400 mg' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suche' }), 'metf');
    await waitFor(() => expect(lastGet(calls).get('filter[text]')).toBe('metf'));
    expect(calls.filter((c) => c.url.includes('filter%5Btext%5D=m') || c.url.includes('filter[text]=m')).length).toBeLessThanOrEqual(2);
    expect(await screen.findByRole('cell', { name: 'Metformin 500 mg' })).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Suche' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suche' }), 'Aspirin');
    expect(await screen.findByText('Keine Suchergebnisse')).toBeInTheDocument();
  });

  it('says "Kein Daten vorhanden." when there are no medicines at all', async () => {
    medicineServer([]);
    show(['ROLE_ADMIN']);
    expect(await screen.findByText('Kein Daten vorhanden.')).toBeInTheDocument();
  });

  it('keeps search, filter, page and page size in the URL, so a bookmarked view opens as it was', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ _id: `id-${i}`, name: `Medikament ${String(i).padStart(2, '0')}`, group: 'medicine' as const, disabled: i % 2 === 1 }));
    const { calls } = medicineServer(many);
    show(['ROLE_ADMIN'], '/v3/medikamente?text=Medikament&disabled=all&limit=10&page=2&sort=-name');
    expect(await screen.findByText('11 - 20 von 30 Datensätzen')).toBeInTheDocument();
    expect(Object.fromEntries(lastGet(calls))).toEqual({ offset: '10', limit: '10', sort: '-name', 'filter[text]': 'Medikament' });
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveValue('Medikament');
    expect(screen.getByRole('combobox', { name: 'Deaktiviert' })).toHaveTextContent('Alle');
    // A new search starts again on the first page and keeps the other settings.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suche' }), ' 1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/v3/medikamente?text=Medikament+1&disabled=all&limit=10&sort=-name'));
    expect(await screen.findByText('1 - 10 von 10 Datensätzen')).toBeInTheDocument();
  });

  it('ignores page sizes and sort keys the table does not offer', async () => {
    const { calls } = medicineServer();
    show(['ROLE_ADMIN'], '/v3/medikamente?limit=7&sort=group&page=x');
    await screen.findByRole('cell', { name: 'Ibuprofen 400 mg' });
    expect(Object.fromEntries(lastGet(calls))).toEqual({ offset: '0', limit: '25', sort: 'name', 'filter[disabled]': '0' });
  });

  it('pages with the generic table sizes', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ _id: `id-${i}`, name: `Medikament ${String(i).padStart(2, '0')}`, group: 'medicine' as const, disabled: false }));
    const { calls } = medicineServer(many);
    show(['ROLE_ADMIN']);
    expect(await screen.findByText('1 - 25 von 30 Datensätzen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('26 - 30 von 30 Datensätzen')).toBeInTheDocument();
    expect(lastGet(calls).get('offset')).toBe('25');
    await userEvent.click(screen.getByRole('combobox', { name: /Zeilen/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50', '75', '100', '250', '500']);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { homeServer, makeHome, OTHER_ID, show, type HomeCalls, loadHomePages } from '../features/homes/home-test-server';

// The pages' chunks, loaded once before the tests (a warmed-up app has them).
beforeAll(loadHomePages);

// Typing and re-rendering MUI forms is slow on a busy two-core machine.

const THIRD_ID = '33333333-3333-4333-8333-333333333333';

const HOMES = [
  makeHome(),
  makeHome({ _id: OTHER_ID, name: 'Seniorenheim Am Park', withLogin: false, selfPay: true, seen: [], homeGroups: [] }),
  makeHome({ _id: THIRD_ID, name: 'Haus Abendrot', deactivated: true, editable: false, homeGroups: [] }),
];

const lastList = (calls: HomeCalls) => Object.fromEntries(new URL(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/homes?')).at(-1)!.url, 'http://localhost').searchParams);
const SLOW = { timeout: 4000 };
const rowOf = async (name: string) => (await screen.findByRole('cell', { name: new RegExp(`^${name}( ?neu)?( ?deaktiviert)?$`) })).closest('tr')!;

describe('HomeListPage', () => {
  beforeEach(() => localStorage.clear());

  it.each(['/einrichtungen', '/pflegeeinrichtungen'])('%s lists name, with login, pays itself and living areas, active homes by name', async (route) => {
    const { calls } = homeServer(HOMES);
    show(['ROLE_ADMIN'], route);
    expect(await screen.findByRole('heading', { name: 'Pflegeeinrichtungen' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pflegeeinrichtungen' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Mit Zugang', 'Selbstzahler', 'Wohnbereiche', 'Aktionen']);
    const first = await rowOf('Haus Sonnenblick');
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Haus Sonnenblick', 'Ja', 'Nein', 'Wohnbereich A, Wohnbereich B', expect.any(String)]);
    const second = await rowOf('Seniorenheim Am Park');
    expect(within(second).getAllByRole('cell').slice(0, 3).map((c) => c.textContent)).toEqual(['Seniorenheim Am Parkneu', 'Nein', 'Ja']);
    expect(screen.queryByRole('cell', { name: /Haus Abendrot/ })).not.toBeInTheDocument();
    expect(lastList(calls)).toEqual({ offset: '0', limit: '25', sort: 'name', 'filter[deactivated]': '0' });
    expect(screen.getByRole('link', { name: 'Neue Einrichtung' })).toHaveAttribute('href', '/einrichtung/neu');
  });

  it('searches by name and filters "Nur neue" through the query', async () => {
    const { calls } = homeServer(HOMES);
    show(['ROLE_PHARMA'], '/einrichtungen');
    await rowOf('Haus Sonnenblick');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suche' }), 'park');
    // The search is debounced (250 ms); a busy machine needs more than waitFor's default second.
    await waitFor(() => expect(lastList(calls)['filter[text]']).toBe('park'), SLOW);
    await waitFor(() => expect(screen.queryByRole('cell', { name: /^Haus Sonnenblick/ })).not.toBeInTheDocument(), SLOW);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Suche' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Nur neue' }));
    await waitFor(() => expect(lastList(calls)).toEqual({ offset: '0', limit: '25', sort: 'name', 'filter[notSeen]': '1', 'filter[deactivated]': '0' }), SLOW);
    expect(screen.getByTestId('location')).toHaveTextContent('/einrichtungen?notSeen=1');
  });

  it('shows "neu" on unseen homes and marks all read with the spec toast', async () => {
    const { calls } = homeServer(HOMES);
    show(['ROLE_PHARMA'], '/einrichtungen');
    const unseen = await rowOf('Seniorenheim Am Park');
    expect(within(unseen).getByText('neu')).toBeInTheDocument();
    expect(within(await rowOf('Haus Sonnenblick')).queryByText('neu')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    expect(await screen.findByText('Alle Pflegeeinrichtungen wurden als gelesen markiert')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/statistics/home_read_all')).toBe(true);
    await waitFor(() => expect(screen.queryByText('neu')).not.toBeInTheDocument());
  });

  it('offers the "Deaktiviert" filter with the delete right and reactivates a deactivated home', async () => {
    const { calls, store } = homeServer(HOMES);
    show(['ROLE_ADMIN'], '/einrichtungen');
    await rowOf('Haus Sonnenblick');
    await userEvent.click(screen.getByRole('combobox', { name: 'Deaktiviert' }));
    await userEvent.click(screen.getByRole('option', { name: 'Ja' }));
    const row = await rowOf('Haus Abendrot');
    expect(lastList(calls)['filter[deactivated]']).toBe('1');
    expect(within(row).getByText('deaktiviert')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Haus Abendrot löschen' })).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Haus Abendrot anzeigen' })).toHaveAttribute('href', `/einrichtung/${THIRD_ID}`);
    await userEvent.click(within(row).getByRole('button', { name: 'Haus Abendrot reaktivieren' }));
    expect(await screen.findByText('Pflegeeinrichtung geändert')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.url === `/api/homes/${THIRD_ID}`)!.body).toEqual({ deactivated: false });
    expect(store[2]!.deactivated).toBe(false);
    expect(await screen.findByText('Keine Suchergebnisse')).toBeInTheDocument();
  });

  it('links edit and delete (deactivate) by the row flags', async () => {
    homeServer([makeHome(), makeHome({ _id: OTHER_ID, name: 'Seniorenheim Am Park', editable: false, deletable: false })]);
    show(['ROLE_ADMIN'], '/einrichtungen');
    const row = await rowOf('Haus Sonnenblick');
    expect(within(row).getByRole('link', { name: 'Haus Sonnenblick bearbeiten' })).toHaveAttribute('href', '/einrichtung/11111111-1111-4111-8111-111111111111');
    expect(within(row).getByRole('link', { name: 'Haus Sonnenblick löschen' })).toHaveAttribute('href', '/einrichtung/11111111-1111-4111-8111-111111111111/loeschen');
    const other = await rowOf('Seniorenheim Am Park');
    expect(within(other).getByRole('link', { name: 'Seniorenheim Am Park anzeigen' })).toHaveTextContent('Details');
    expect(within(other).queryByRole('link', { name: /löschen/ })).not.toBeInTheDocument();
  });

  it('shows a home user its own home without create, delete or the "Deaktiviert" filter', async () => {
    const own = makeHome({ editable: false, deletable: false, senderEditable: false, groupsEditable: false });
    const { calls } = homeServer([own]);
    show(['ROLE_HOME'], '/einrichtungen?deactivated=1');
    const row = await rowOf('Haus Sonnenblick');
    expect(within(row).getByRole('link', { name: 'Haus Sonnenblick anzeigen' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Deaktiviert' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Neue Einrichtung' })).not.toBeInTheDocument();
    expect(lastList(calls)['filter[deactivated]']).toBe('0');
    expect(screen.getByRole('cell', { name: 'Wohnbereich A, Wohnbereich B' })).toBeInTheDocument();
  });

  it('sends users without home_list_view away', async () => {
    homeServer([]);
    show(['ROLE_DRIVER'], '/einrichtungen');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { mockWindowWidth } from '../testing/window-width.js';
import { DataTable, type DataColumn } from './data-table';
import { FilterBar, FilterSwitch } from './filter-bar';
import { useListState, type ListState } from './use-list-state';
import { useCompactView } from './use-compact-view';

interface Row {
  id: string;
  name: string;
  city: string;
}
const ROWS: Row[] = Array.from({ length: 60 }, (_, i) => ({ id: `r${i}`, name: `Name ${i}`, city: i % 2 ? 'Köln' : 'Bonn' }));
const COLUMNS: DataColumn<Row>[] = [
  { id: 'name', label: 'Name', sortKey: 'name', cell: (r) => r.name },
  { id: 'city', label: 'Ort', hideBelow: 'tablet', cell: (r) => r.city },
];

let state: ListState<'city' | 'area'>;
function Probe({ rows = ROWS, capped }: { rows?: Row[]; capped?: number }) {
  state = useListState({ filters: { city: '', area: '' }, sort: 'name', sortKeys: ['name'] });
  const location = useLocation();
  const page = rows.slice(state.page * state.pageSize, (state.page + 1) * state.pageSize);
  return (
    <>
      <div data-testid="url">{location.search}</div>
      <DataTable
        label="Liste"
        columns={COLUMNS}
        rows={page}
        count={capped ?? rows.length}
        countCapped={capped !== undefined}
        rowKey={(r) => r.id}
        list={state}
        toolbar={<FilterBar search={state.search} onSearch={state.setSearch} />}
      />
    </>
  );
}

const show = (url = '/liste', rows?: Row[], capped?: number) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe rows={rows} capped={capped} />
    </MemoryRouter>,
  );

describe('useListState + DataTable', () => {
  it("shows the spec's range and row-count texts and the generic page sizes", async () => {
    show();
    expect(screen.getByText('1 - 25 von 60 Datensätzen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Zeilen' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50', '75', '100', '250', '500']);
  });

  it("a capped count (more match than were counted) reads 'von mehr als N' and pages up to N", async () => {
    show('/liste', undefined, 10_000);
    expect(screen.getByText('1 - 25 von mehr als 10.000 Datensätzen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(screen.getByText('26 - 50 von mehr als 10.000 Datensätzen')).toBeInTheDocument();
  });

  it('a capped count: the last counted page ends at N', () => {
    show('/liste?page=400', undefined, 10_000);
    expect(screen.getByText('9976 - 10000 von mehr als 10.000 Datensätzen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  });

  it('changing the page size starts again at page 1 and keeps the size (both land in the URL)', async () => {
    show('/liste?page=2');
    expect(screen.getByText('26 - 50 von 60 Datensätzen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Zeilen' }));
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    expect(screen.getByTestId('url')).toHaveTextContent(/^\?limit=50$/);
    expect(screen.getByText('1 - 50 von 60 Datensätzen')).toBeInTheDocument();
  });

  it('sets several filters in one go and leaves defaults out of the URL', () => {
    show('/liste?page=3&sort=-name');
    act(() => state.setFilters({ city: 'Köln', area: 'Nord' }));
    expect(screen.getByTestId('url')).toHaveTextContent('?sort=-name&city=K%C3%B6ln&area=Nord');
    act(() => {
      state.setFilter('area', '');
      state.toggleSort('name');
    });
    expect(screen.getByTestId('url')).toHaveTextContent(/^\?city=K%C3%B6ln$/);
    expect(state.query).toEqual({ offset: 0, limit: 25, sort: 'name', 'filter[city]': 'Köln' });
    expect(state.filtered).toBe(true);
  });

  it('sorts by a header click: ascending, then descending', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByTestId('url')).toHaveTextContent('?sort=-name');
    expect(within(screen.getByRole('table')).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('debounces the search (250 ms) before it reaches the URL and the query', async () => {
    jest.useFakeTimers();
    try {
      show();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'Nam');
      expect(state.query['filter[text]']).toBeUndefined();
      act(() => jest.advanceTimersByTime(260));
      expect(state.query['filter[text]']).toBe('Nam');
      expect(screen.getByTestId('url')).toHaveTextContent('?text=Nam');
    } finally {
      jest.useRealTimers();
    }
  });

  it('says "Kein Daten vorhanden." without filters and "Keine Suchergebnisse" with one', () => {
    const { unmount } = show('/liste', []);
    expect(screen.getByText('Kein Daten vorhanden.')).toBeInTheDocument();
    unmount();
    show('/liste?city=Bonn', []);
    expect(screen.getByText('Keine Suchergebnisse')).toBeInTheDocument();
  });
});

describe('useListState: a limit from the URL and other parameters', () => {
  let ranged: ListState<'city'>;
  function Ranged() {
    ranged = useListState({ filters: { city: '' }, pageSize: 50, pageSizes: [20, 50], urlLimit: { min: 1, max: 100 } });
    const location = useLocation();
    return (
      <>
        <div data-testid="url">{location.search}</div>
        <DataTable label="Liste" columns={COLUMNS} rows={ROWS.slice(0, ranged.pageSize)} count={60} rowKey={(r) => r.id} list={ranged} />
      </>
    );
  }
  const showRanged = (url: string) =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <Ranged />
      </MemoryRouter>,
    );

  it('takes a limit within the range that is no page size, and offers it beside them', async () => {
    showRanged('/liste?limit=5');
    expect(ranged.query).toMatchObject({ limit: 5, offset: 0 });
    expect(screen.getByText('1 - 5 von 60 Datensätzen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Zeilen' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '20', '50']);
    await userEvent.click(screen.getByRole('option', { name: '20' }));
    expect(screen.getByTestId('url')).toHaveTextContent(/^\?limit=20$/);
  });

  it('falls back to the default size outside the range', () => {
    showRanged('/liste?limit=101');
    expect(ranged.pageSize).toBe(50);
    expect(ranged.pageSizes).toEqual([20, 50]);
  });

  it('sets a parameter that is no filter without leaving the page, and removes it', () => {
    showRanged('/liste?page=2&city=Bonn');
    act(() => ranged.setParams({ created: 't9' }));
    expect(screen.getByTestId('url')).toHaveTextContent('?page=2&city=Bonn&created=t9');
    expect(ranged.query).toEqual({ offset: 50, limit: 50, 'filter[city]': 'Bonn' });
    act(() => ranged.setParams({ created: null }));
    expect(screen.getByTestId('url')).toHaveTextContent(/^\?page=2&city=Bonn$/);
  });
});

describe('DataTable: compact rows, pinned rows, own phone cards', () => {
  const list = { page: 0, pageSize: 25, pageSizes: [25], sort: '', toggleSort: () => undefined, setPage: () => undefined, setPageSize: () => undefined, filtered: false };
  const SHRINKING: DataColumn<Row>[] = [
    { id: 'name', label: 'Name', shrink: 40, cell: (r) => r.name },
    { id: 'city', label: 'Ort', cell: (r) => r.city },
  ];

  it('draws compact rows: 2 px above and below, one line, shrinking columns cut with an ellipsis', () => {
    const restore = mockWindowWidth(1280);
    try {
      render(<DataTable label="Liste" columns={SHRINKING} rows={ROWS.slice(0, 2)} count={2} rowKey={(r) => r.id} list={list} dense compact />);
      const [name, city] = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
      expect(name).toHaveStyle({ paddingTop: '2px', paddingBottom: '2px', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', lineHeight: '20px' });
      expect(getComputedStyle(name!).maxWidth).toBe('0');
      expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveStyle({ width: '40%' });
      expect(city).toHaveStyle({ whiteSpace: 'nowrap' });
      expect(getComputedStyle(city!).maxWidth).not.toBe('0');
    } finally {
      restore();
    }
  });

  it('shows pinned rows first in their own named row group, highlighted, and leaves them out of the rows', () => {
    const restore = mockWindowWidth(1280);
    try {
      render(<DataTable label="Liste" columns={COLUMNS} rows={ROWS.slice(0, 3)} count={3} rowKey={(r) => r.id} list={list} pinned={{ rows: [ROWS[1]!], label: 'Neu angelegt' }} />);
      const pinned = screen.getByRole('rowgroup', { name: 'Neu angelegt' });
      expect(within(pinned).getAllByRole('row')).toHaveLength(1);
      expect(within(pinned).getByRole('row')).toHaveClass('DataTable-pinned');
      expect(within(pinned).getByRole('row')).toHaveStyle({ boxShadow: 'inset 4px 0 0 #ed6c02' });
      const rows = screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);
      expect(rows).toEqual(['Name 1', 'Name 0', 'Name 2']);
    } finally {
      restore();
    }
  });

  it('shows a pinned row even when the page has none, and its own card on a phone', () => {
    const restore = mockWindowWidth(390);
    try {
      render(
        <DataTable
          label="Liste"
          columns={COLUMNS}
          rows={[]}
          count={0}
          rowKey={(r) => r.id}
          list={list}
          pinned={{ rows: [ROWS[4]!], label: 'Neu angelegt' }}
          card={(r) => <p>{`${r.name} in ${r.city}`}</p>}
        />,
      );
      const [card] = within(screen.getByRole('list', { name: 'Liste' })).getAllByRole('listitem');
      expect(card).toHaveTextContent(/^Neu angelegtName 4 in Bonn$/);
      expect(screen.queryByText('Kein Daten vorhanden.')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe('useCompactView', () => {
  function Probe() {
    const [compact, setCompact] = useCompactView('liste');
    return (
      <button type="button" aria-pressed={compact} onClick={() => setCompact(!compact)}>
        Kompakt
      </button>
    );
  }
  beforeEach(() => localStorage.clear());

  it('is compact on a desktop, roomy below 1024 px, until the user chose; the choice is remembered', async () => {
    let restore = mockWindowWidth(1280);
    const first = render(<Probe />);
    expect(screen.getByRole('button', { name: 'Kompakt' })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();
    restore();
    restore = mockWindowWidth(800);
    try {
      const second = render(<Probe />);
      expect(screen.getByRole('button', { name: 'Kompakt' })).toHaveAttribute('aria-pressed', 'false');
      await userEvent.click(screen.getByRole('button', { name: 'Kompakt' }));
      expect(localStorage.getItem('mediport.compactView.liste')).toBe('1');
      second.unmount();
      render(<Probe />);
      expect(screen.getByRole('button', { name: 'Kompakt' })).toHaveAttribute('aria-pressed', 'true');
    } finally {
      restore();
    }
  });
});

describe('DataTable detail rows and FilterSwitch', () => {
  function Expandable() {
    const list = useListState<'notSeen'>({ filters: { notSeen: '' } });
    const [open, setOpen] = useState<string | null>(null);
    const columns: DataColumn<Row>[] = [{ id: 'name', label: 'Name', cell: (r) => <button onClick={() => setOpen(open === r.id ? null : r.id)}>{r.name}</button> }, ...COLUMNS.slice(1)];
    return (
      <DataTable
        label="Liste"
        columns={columns}
        rows={ROWS.slice(0, 3)}
        count={3}
        rowKey={(r) => r.id}
        list={list}
        actions={() => <button>Aktion</button>}
        detail={(r) => open === r.id && <p>Details zu {r.name}</p>}
        toolbar={
          <FilterBar search={list.search} onSearch={list.setSearch}>
            <FilterSwitch label="Nur neue" value={list.filters.notSeen} onChange={(v) => list.setFilter('notSeen', v)} />
          </FilterBar>
        }
      />
    );
  }

  it('shows an expanded row across the full width under it', async () => {
    render(
      <MemoryRouter>
        <Expandable />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('row')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Name 1' }));
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(5);
    const cell = within(rows[3]!).getByRole('cell');
    expect(cell).toHaveTextContent('Details zu Name 1');
    expect(cell).toHaveAttribute('colspan', '3');
    await userEvent.click(screen.getByRole('button', { name: 'Name 1' }));
    expect(screen.queryByText('Details zu Name 1')).not.toBeInTheDocument();
  });

  it("keeps a switch filter as '1' or nothing", async () => {
    render(
      <MemoryRouter>
        <Expandable />
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('switch', { name: 'Nur neue' });
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
  });
});

/** The columns with a narrow selection column first. */
const WITH_PICK: DataColumn<Row>[] = [{ id: 'pick', label: 'Auswahl', narrow: true, cell: () => <input type="checkbox" aria-label="wählen" /> }, ...COLUMNS];

describe('DataTable on a phone and with narrow columns', () => {
  const list = { page: 0, pageSize: 25, pageSizes: [25], sort: 'name', toggleSort: () => undefined, setPage: () => undefined, setPageSize: () => undefined, filtered: false };
  it('leaves a value-less field out of a phone card (no lone label)', () => {
    const restore = mockWindowWidth(390);
    try {
      const rows = [
        { id: 'a', name: 'Anna', city: 'Bonn' },
        { id: 'b', name: 'Bert', city: '' },
      ];
      render(<DataTable label="Liste" columns={COLUMNS} rows={rows} count={2} rowKey={(r) => r.id} list={list} />);
      const [anna, bert] = within(screen.getByRole('list', { name: 'Liste' })).getAllByRole('listitem');
      expect(within(anna!).getByText('Ort')).toBeInTheDocument();
      expect(within(bert!).queryByText('Ort')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('names a narrow column for screen readers only', () => {
    const restore = mockWindowWidth(1280);
    try {
      const columns = WITH_PICK;
      render(<DataTable label="Liste" columns={columns} rows={ROWS.slice(0, 1)} count={1} rowKey={(r) => r.id} list={list} dense />);
      expect(screen.getByRole('columnheader', { name: 'Auswahl' })).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'Auswahl' }).querySelector('span')).toHaveStyle({ position: 'absolute', width: '1px', height: '1px' });
    } finally {
      restore();
    }
  });

  it("draws body cells as MUI's small TableCell: narrow, dense, hidden below a breakpoint, a highlighted and an expanded row", () => {
    const restore = mockWindowWidth(1280);
    try {
      const columns = WITH_PICK;
      render(
        <DataTable
          label="Liste"
          columns={columns}
          rows={ROWS.slice(0, 2)}
          count={2}
          rowKey={(r) => r.id}
          list={list}
          dense
          highlight={(r) => r.id === 'r1'}
          detail={(r) => r.id === 'r0' && <p>Details zu {r.name}</p>}
        />,
      );
      const [, first, detail, second] = screen.getAllByRole('row');
      const [pick, name, city] = within(first!).getAllByRole('cell', { hidden: true });
      expect(pick).toHaveStyle({ padding: '0 12px 0 16px' });
      expect(name).toHaveStyle({ padding: '6px 8px', fontSize: '0.875rem', textAlign: 'left' });
      expect(city).toHaveStyle({ display: 'none' });
      expect(screen.getAllByRole('columnheader', { hidden: true })[2]).toHaveStyle({ display: 'none' });
      expect(name).toHaveStyle({ borderBottom: 'unset' });
      expect(within(detail!).getByRole('cell')).toHaveStyle({ paddingTop: '8px', paddingBottom: '8px' });
      expect(within(second!).getAllByRole('cell')[1]).toHaveStyle({ borderBottom: '1px solid rgb(224, 224, 224)' });
      expect(second).toHaveClass('Mui-selected');
      expect(first).not.toHaveClass('Mui-selected');
    } finally {
      restore();
    }
  });
});

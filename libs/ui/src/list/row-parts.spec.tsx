import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { mockWindowWidth } from '../testing/window-width.js';
import { ErrorOutlineIcon, MailIcon, PrintIcon } from '../icons.js';
import { DataTable, type DataColumn } from './data-table';
import { RowBadge, RowCaption, RowCheckbox, RowChip, RowGroup, RowIcon, RowIconButton, RowLink, RowNewBadge } from './row-parts';

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Anna' },
  { id: 'b', name: 'Bert' },
];
const list = { page: 0, pageSize: 25, pageSizes: [25], sort: '', toggleSort: () => undefined, setPage: () => undefined, setPageSize: () => undefined, filtered: false };

function table({ onPrint = () => undefined, busy = false, selected = new Set<string>(), onSelect = () => undefined }: { onPrint?: (r: Row) => void; busy?: boolean; selected?: Set<string>; onSelect?: (r: Row, on: boolean) => void } = {}) {
  const columns: DataColumn<Row>[] = [
    { id: 'pick', label: 'Auswahl', narrow: true, cell: (r) => <RowCheckbox label={`${r.name} auswählen`} checked={selected.has(r.id)} onChange={(on) => onSelect(r, on)} /> },
    {
      id: 'name',
      label: 'Name',
      cell: (r) => (
        <>
          {r.name}
          <RowCaption block>geb. 01.01.1950</RowCaption>
        </>
      ),
    },
    {
      id: 'status',
      label: 'Status',
      cell: () => (
        <RowGroup gap={4}>
          <RowChip variant="outlined" label="Neu" />
          <RowNewBadge />
          <RowChip color="error" label="dringend" />
          <RowCaption color="error">bis 25.11.2026</RowCaption>
          <RowIcon icon={ErrorOutlineIcon} color="error" title="Fehler beim Senden" />
        </RowGroup>
      ),
    },
    { id: 'home', label: 'Einrichtung', cell: () => <RowLink to="/heime/h1">Haus Sonnenschein</RowLink> },
  ];
  return (
    <MemoryRouter>
      <DataTable
        label="Liste"
        columns={columns}
        rows={ROWS}
        count={ROWS.length}
        rowKey={(r) => r.id}
        list={list}
        dense
        actions={(r) => (
          <RowGroup>
            <RowIconButton label="Drucken" icon={PrintIcon} onClick={() => onPrint(r)} disabled={busy} />
            <RowIconButton label="Per E-Mail senden" icon={MailIcon} to={`/senden/${r.id}`} />
          </RowGroup>
        )}
      />
    </MemoryRouter>
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('row parts', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = mockWindowWidth(1280);
  });
  afterEach(() => restore());

  it('draws an icon button as a plain <button> with its German name, and a link one as <a href>', async () => {
    const onPrint = jest.fn();
    render(table({ onPrint }));
    const row = within(rowOf('Anna'));
    const print = row.getByRole('button', { name: 'Drucken' });
    expect(print.tagName).toBe('BUTTON');
    expect(print).toHaveAttribute('type', 'button');
    expect(print).toHaveStyle({ padding: '5px', borderRadius: '50%' });
    await userEvent.click(print);
    expect(onPrint).toHaveBeenCalledWith(ROWS[0]);
    const mail = row.getByRole('link', { name: 'Per E-Mail senden' });
    expect(mail.tagName).toBe('A');
    expect(mail).toHaveAttribute('href', '/senden/a');
    // The icon is a raw, hidden svg with the icon's path.
    const svg = print.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
    expect(svg.querySelector('path')).toHaveAttribute('d', PrintIcon.path);
    expect(svg).toHaveStyle({ fontSize: '1.25rem', width: '1em', fill: 'currentColor' });
  });

  it('a disabled icon button takes no clicks and is greyed out', async () => {
    const onPrint = jest.fn();
    render(table({ onPrint, busy: true }));
    const print = within(rowOf('Anna')).getByRole('button', { name: 'Drucken' });
    expect(print).toBeDisabled();
    expect(print).toHaveStyle({ color: 'rgba(0, 0, 0, 0.26)' });
    await userEvent.click(print);
    expect(onPrint).not.toHaveBeenCalled();
  });

  it('an action not possible for the row keeps its place, greyed out, inert but focusable, with the reason', async () => {
    const onPrint = jest.fn();
    render(
      <MemoryRouter>
        <RowIconButton label="Drucken" icon={PrintIcon} onClick={onPrint} disabledReason="Nichts zu drucken" />
        <RowIconButton label="Per E-Mail senden" icon={MailIcon} to="/senden/a" disabledReason="Keine E-Mail-Adresse" />
      </MemoryRouter>,
    );
    const print = screen.getByRole('button', { name: 'Drucken' });
    expect(print).toHaveAttribute('aria-disabled', 'true');
    expect(print).not.toBeDisabled();
    expect(print).toHaveAttribute('aria-description', 'Nichts zu drucken');
    expect(print).toHaveAttribute('data-tooltip', 'Drucken: Nichts zu drucken');
    await userEvent.click(print);
    expect(onPrint).not.toHaveBeenCalled();
    // A link that may not be followed is a button without a target.
    expect(screen.queryByRole('link', { name: 'Per E-Mail senden' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Per E-Mail senden' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('a checkbox is a native input named by its label', async () => {
    const onSelect = jest.fn();
    const { rerender } = render(table({ onSelect }));
    const box = screen.getByRole('checkbox', { name: 'Bert auswählen' });
    expect(box).toHaveAttribute('type', 'checkbox');
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(onSelect).toHaveBeenCalledWith(ROWS[1], true);
    rerender(table({ onSelect, selected: new Set(['b']) }));
    expect(screen.getByRole('checkbox', { name: 'Bert auswählen' })).toBeChecked();
  });

  it('chips, captions, a link and a named icon look like their MUI counterparts', () => {
    render(table());
    const row = within(rowOf('Anna'));
    expect(row.getByText('Neu')).toHaveStyle({ height: '24px', borderRadius: '16px', fontSize: '0.8125rem', backgroundColor: 'rgba(0, 0, 0, 0)' });
    expect(row.getByText('dringend')).toHaveStyle({ backgroundColor: '#d32f2f', color: '#fff' });
    expect(row.getByText('neu')).toHaveStyle({ height: '20px' });
    expect(row.getByText('geb. 01.01.1950')).toHaveStyle({ display: 'block', fontSize: '0.75rem', color: 'rgba(0, 0, 0, 0.6)' });
    expect(row.getByText('bis 25.11.2026')).toHaveStyle({ color: '#c62828' });
    expect(row.getByRole('link', { name: 'Haus Sonnenschein' })).toHaveAttribute('href', '/heime/h1');
    expect(row.getByRole('link', { name: 'Haus Sonnenschein' })).toHaveStyle({ color: '#1976d2', textDecoration: 'underline' });
    expect(row.getByRole('img', { name: 'Fehler beim Senden' })).toHaveStyle({ color: '#d32f2f' });
  });

  it('a badge shows an unread count on its child and nothing at 0', () => {
    render(
      <RowGroup inline gap={8} aria-label="3 Nachrichten, 1 ungelesen">
        <RowBadge count={1}>
          <RowIcon icon={MailIcon} color="action" />
        </RowBadge>
        3
      </RowGroup>,
    );
    expect(screen.getByLabelText('3 Nachrichten, 1 ungelesen')).toHaveTextContent(/^13$/);
    render(
      <RowBadge count={0}>
        <RowIcon icon={MailIcon} />
      </RowBadge>,
    );
    expect(screen.queryByText('0')).toBeNull();
  });
});

describe("the table's shared tooltip", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = mockWindowWidth(1280);
  });
  afterEach(() => restore());

  it('shows the label on hover and hides it when the pointer leaves', async () => {
    render(table());
    expect(screen.queryByRole('tooltip')).toBeNull();
    const print = within(rowOf('Anna')).getByRole('button', { name: 'Drucken' });
    await userEvent.hover(print);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Drucken');
    // One tooltip for the table, moved to the next element.
    await userEvent.hover(within(rowOf('Bert')).getByRole('link', { name: 'Per E-Mail senden' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Per E-Mail senden'));
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    await userEvent.unhover(within(rowOf('Bert')).getByRole('link', { name: 'Per E-Mail senden' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('showing and hiding it does not render the rows again', async () => {
    let cellRenders = 0;
    const columns: DataColumn<Row>[] = [
      {
        id: 'name',
        label: 'Name',
        cell: (r) => {
          cellRenders++;
          return r.name;
        },
      },
    ];
    render(
      <MemoryRouter>
        <DataTable label="Liste" columns={columns} rows={ROWS} count={ROWS.length} rowKey={(r) => r.id} list={list} actions={() => <RowIconButton label="Drucken" icon={PrintIcon} />} />
      </MemoryRouter>,
    );
    const rendered = cellRenders;
    const print = within(rowOf('Anna')).getByRole('button', { name: 'Drucken' });
    await userEvent.hover(print);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Drucken');
    await userEvent.unhover(print);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(cellRenders).toBe(rendered);
  });

  it('waits ~100 ms before it shows on hover', async () => {
    render(table());
    await userEvent.hover(within(rowOf('Anna')).getByRole('button', { name: 'Drucken' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Drucken');
  });

  it('looks like MUI’s tooltip', async () => {
    render(table());
    await userEvent.hover(within(rowOf('Anna')).getByRole('button', { name: 'Drucken' }));
    const tip = await screen.findByRole('tooltip');
    expect(tip.firstElementChild).toHaveStyle({ color: '#fff', padding: '4px 8px', fontSize: '0.6875rem', marginTop: '14px', backgroundColor: 'rgba(97, 97, 97, 0.92)' });
  });

  it('shows at once on keyboard focus and hides on Escape and on blur', async () => {
    render(table());
    await userEvent.tab(); // the first row's checkbox: no tooltip
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.tab(); // the home link
    await userEvent.tab(); // 'Drucken'
    expect(within(rowOf('Anna')).getByRole('button', { name: 'Drucken' })).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Drucken');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Per E-Mail senden');
    await userEvent.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('hides when the page scrolls', async () => {
    render(table());
    await userEvent.hover(within(rowOf('Anna')).getByRole('button', { name: 'Drucken' }));
    await screen.findByRole('tooltip');
    act(() => {
      fireEvent.scroll(window);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the title of a named icon, and for a disabled button', async () => {
    render(table({ busy: true }));
    await userEvent.hover(within(rowOf('Anna')).getByRole('img', { name: 'Fehler beim Senden' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Fehler beim Senden');
    await userEvent.hover(within(rowOf('Anna')).getByRole('button', { name: 'Drucken' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Drucken'));
  });

  it('works on the phone cards too', async () => {
    restore();
    restore = mockWindowWidth(390);
    render(table());
    const cards = screen.getByRole('list', { name: 'Liste' });
    const [anna] = within(cards).getAllByRole('listitem');
    expect(within(anna!).getByText('Neu')).toHaveStyle({ height: '24px', borderRadius: '16px' });
    await userEvent.hover(within(anna!).getByRole('button', { name: 'Drucken' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Drucken');
    await userEvent.unhover(within(anna!).getByRole('button', { name: 'Drucken' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockWindowWidth as windowWidth } from '../testing/window-width.js';
import { FilterBar } from './filter-bar.js';

function Bar({ active = 0 }: { active?: number }) {
  return (
    <FilterBar search="" onSearch={() => undefined} activeFilters={active} actions={<button type="button">Alle als gelesen markieren</button>}>
      <label>
        Status
        <input />
      </label>
    </FilterBar>
  );
}

describe('FilterBar', () => {
  it('shows every filter beside the search field on a wide screen', () => {
    const restore = windowWidth(1280);
    try {
      render(<Bar />);
      expect(screen.getByRole('textbox', { name: 'Status' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Filter' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('below 768 px folds the further filters behind "Filter" (with the number set); search and actions stay', async () => {
    const restore = windowWidth(390);
    try {
      render(<Bar active={2} />);
      expect(screen.getByRole('searchbox', { name: 'Suche' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeVisible();
      const toggle = screen.getByRole('button', { name: 'Filter' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByText('2')).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Status' })).not.toBeInTheDocument();
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(await screen.findByRole('textbox', { name: 'Status' })).toBeVisible();
    } finally {
      restore();
    }
  });

  it('from 768 px keeps the less used filters behind "Weitere Filter" (with the number set) and shows what is set as chips', async () => {
    const restore = windowWidth(1280);
    try {
      const removed: string[] = [];
      render(
        <FilterBar
          search=""
          onSearch={() => undefined}
          more={
            <label>
              Arzt
              <input />
            </label>
          }
          moreActive={1}
          chips={[
            { key: 'status', label: 'Status: Neu', onDelete: () => removed.push('status') },
            { key: 'created', label: 'Neu angelegt', color: 'warning', onDelete: () => removed.push('created') },
          ]}
        >
          <label>
            Status
            <input />
          </label>
        </FilterBar>,
      );
      expect(screen.getByRole('textbox', { name: 'Status' })).toBeVisible();
      const more = screen.getByRole('button', { name: 'Weitere Filter' });
      expect(more).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('textbox', { name: 'Arzt' })).not.toBeInTheDocument();
      expect(more.parentElement).toHaveTextContent('1');
      await userEvent.click(more);
      expect(await screen.findByRole('textbox', { name: 'Arzt' })).toBeVisible();
      const chips = screen.getByRole('list', { name: 'Aktive Filter' });
      expect(within(chips).getAllByRole('listitem').map((c) => c.textContent)).toEqual(['Status: Neu', 'Neu angelegt']);
      await userEvent.click(within(chips).getByRole('button', { name: 'Status: Neu entfernen' }));
      act(() => within(chips).getByRole('button', { name: 'Neu angelegt entfernen' }).focus());
      await userEvent.keyboard('{Delete}');
      expect(removed).toEqual(['status', 'created']);
    } finally {
      restore();
    }
  });

  it('shows no chip row while nothing is set', () => {
    render(<FilterBar search="" onSearch={() => undefined} chips={[]} />);
    expect(screen.queryByRole('list', { name: 'Aktive Filter' })).not.toBeInTheDocument();
  });
});

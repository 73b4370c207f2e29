import { render, screen } from '@testing-library/react';
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
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@mediport/contracts';
import { setAuth } from '@mediport/api-client';
import { DEFAULT_MATRIX, effectivePermissions } from '@mediport/permissions';
import { renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { Sidebar } from './sidebar';
import { visibleSidebar } from './sidebar-items';

const SECTIONS = ['Aufträge und Abholung', 'Stammdaten', 'Administration'];

function labels(roles: Role[], hasContract = true) {
  return visibleSidebar(effectivePermissions(DEFAULT_MATRIX, { roles, hasContract }));
}

describe('Sidebar', () => {
  beforeEach(() => localStorage.clear());

  it('shows the admin every section and item, Dashboard on top and Profil last', () => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    renderApp(<Sidebar />);
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    for (const s of SECTIONS) expect(within(nav).getByText(s)).toBeInTheDocument();
    for (const item of ['Anforderungen', 'Neue Anforderung', 'Abholaufträge', 'Patienten', 'Medikamente', 'Nutzer', 'Rechte', 'Termine', 'Einstellungen']) {
      expect(within(nav).getByRole('link', { name: item })).toBeInTheDocument();
    }
    const links = within(nav).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Dashboard');
    expect(links[links.length - 1]).toHaveTextContent('Profil');
    expect(within(nav).getByRole('link', { name: 'Neue Anforderung' })).toHaveAttribute('href', '/v3/anforderung/neu');
  });

  it('shows accounting only Profil (no sections, no Dashboard)', () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    renderApp(<Sidebar />);
    const nav = screen.getByRole('navigation');
    for (const s of SECTIONS) expect(within(nav).queryByText(s)).not.toBeInTheDocument();
    expect(within(nav).queryByText('Dashboard')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Profil' })).toBeInTheDocument();
  });

  it('shows a contract-locked item with a lock; a click opens "Vertrag benötigt!"', async () => {
    setAuth(demoAuth(['ROLE_DOCTOR'], { hasContract: false }));
    renderApp(<Sidebar />);
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryByRole('link', { name: 'Neue Anforderung' })).not.toBeInTheDocument();
    const locked = within(nav).getByRole('button', { name: /Neue Anforderung/ });
    expect(within(locked).getByTitle('Vertrag benötigt')).toBeInTheDocument();
    await userEvent.click(locked);
    expect(await screen.findByRole('dialog', { name: 'Vertrag benötigt!' })).toBeInTheDocument();
  });

  it('hides sections without a visible item and sections without their permission', () => {
    for (const sections of [labels(['ROLE_ACCOUNTING']), labels([])]) {
      expect(sections.filter((s) => s.title)).toEqual([]);
    }
    const home = labels(['ROLE_HOME']).map((s) => s.title).filter(Boolean);
    expect(home).toContain('Aufträge und Abholung');
    expect(home).not.toContain('Administration');
  });

  it('treats a home with a contract as unlocked', () => {
    const items = labels(['ROLE_HOME'], true).flatMap((s) => s.items);
    const create = items.find((i) => i.label === 'Neue Anforderung');
    expect(create?.locked).toBe(false);
  });
});

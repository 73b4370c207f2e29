import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteManifest, Role } from '@mediport/contracts';
import { setAuth } from '@mediport/api-client';
import { DEFAULT_MATRIX, effectivePermissions } from '@mediport/permissions';
import { renderApp } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { manifest as orders } from '../../../../../orders/src/nav';
import { manifest as masterdata } from '../../../../../masterdata/src/nav';
import { manifest as admin } from '../../../../../admin/src/nav';
import { manifest as profile } from '../../../../../profile/src/nav';
import { configureRemoteNav, RemoteNavStore, type RemoteNavStatus } from '../../federation/remote-nav';
import { Sidebar } from './sidebar';
import { visibleSidebar } from '../sidebar-items';

// What the four remotes publish as `./nav` (their real modules).
const PUBLISHED: RemoteManifest[] = [orders, masterdata, admin, profile];
const SECTIONS = ['Aufträge und Abholung', 'Stammdaten', 'Administration'];
const loaded: RemoteNavStatus[] = PUBLISHED.map((manifest) => ({ name: manifest.name, status: 'ok', manifest }));

/** The shell's store with remotes answering from `published`; names absent there are down. */
function remotesPublishing(published: Record<string, RemoteManifest | undefined>) {
  configureRemoteNav(
    new RemoteNavStore(
      () => Object.keys(published),
      async (name) => {
        const manifest = published[name];
        if (!manifest) throw new Error(`${name} is down`);
        return { default: manifest };
      },
    ),
  );
}

const allUp = () => Object.fromEntries(PUBLISHED.map((m) => [m.name, m]));

function sidebarOf(roles: Role[], hasContract = true, remotes = loaded) {
  return visibleSidebar(effectivePermissions(DEFAULT_MATRIX, { roles, hasContract }), remotes);
}

describe('Sidebar', () => {
  beforeEach(() => {
    localStorage.clear();
    remotesPublishing(allUp());
  });

  it('shows the admin every section and item, Dashboard on top and Profil last', async () => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    renderApp(<Sidebar />);
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(await within(nav).findByRole('link', { name: 'Profil' })).toBeInTheDocument();
    for (const s of SECTIONS) expect(within(nav).getByText(s)).toBeInTheDocument();
    for (const item of ['Anforderungen', 'Neue Anforderung', 'Abholaufträge', 'Patienten', 'Medikamente', 'Nutzer', 'Rechte', 'Termine', 'Einstellungen']) {
      expect(within(nav).getByRole('link', { name: item })).toBeInTheDocument();
    }
    const links = within(nav).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Dashboard');
    expect(links[links.length - 1]).toHaveTextContent('Profil');
    expect(within(nav).getByRole('link', { name: 'Neue Anforderung' })).toHaveAttribute('href', '/v3/anforderung/neu');
  });

  it('keeps the sections in their published order whatever order the remotes answer in', () => {
    const reversed = [...loaded].reverse();
    expect(sidebarOf(['ROLE_ADMIN'], true, reversed).map((s) => s.title ?? s.items[0]?.label)).toEqual([
      'Dashboard',
      ...SECTIONS,
      'Profil',
    ]);
  });

  it('shows accounting only Profil (no sections, no Dashboard)', async () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    renderApp(<Sidebar />);
    const nav = screen.getByRole('navigation');
    expect(await within(nav).findByRole('link', { name: 'Profil' })).toBeInTheDocument();
    for (const s of SECTIONS) expect(within(nav).queryByText(s)).not.toBeInTheDocument();
    expect(within(nav).queryByText('Dashboard')).not.toBeInTheDocument();
  });

  it('shows only Profil and Abmelden, with the reason, while the one-time password must be changed', () => {
    setAuth(demoAuth(['ROLE_ADMIN'], { once_password: true }));
    renderApp(<Sidebar />);
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Profil', '/profil#scrollable-force-tab-1'],
      ['Abmelden', '/logout'],
    ]);
    expect(within(nav).getByText(/Bitte ändern Sie zuerst Ihr Einmal-Passwort/)).toBeInTheDocument();
    for (const s of [...SECTIONS, 'Dashboard']) expect(within(nav).queryByText(s)).not.toBeInTheDocument();
  });

  it('shows a contract-locked item with a lock; a click opens "Vertrag benötigt!"', async () => {
    setAuth(demoAuth(['ROLE_DOCTOR'], { hasContract: false }));
    renderApp(<Sidebar />);
    const nav = screen.getByRole('navigation');
    const locked = await within(nav).findByRole('button', { name: /Neue Anforderung/ });
    expect(within(nav).queryByRole('link', { name: 'Neue Anforderung' })).not.toBeInTheDocument();
    expect(within(locked).getByTitle('Vertrag benötigt')).toBeInTheDocument();
    await userEvent.click(locked);
    expect(await screen.findByRole('dialog', { name: 'Vertrag benötigt!' })).toBeInTheDocument();
  });

  it('hides sections without a visible item and sections without their permission', () => {
    for (const sections of [sidebarOf(['ROLE_ACCOUNTING']), sidebarOf([])]) {
      expect(sections.filter((s) => s.title)).toEqual([]);
    }
    const home = sidebarOf(['ROLE_HOME']).map((s) => s.title).filter(Boolean);
    expect(home).toContain('Aufträge und Abholung');
    expect(home).not.toContain('Administration');
  });

  it('treats a home with a contract as unlocked; "hidden" contract entries stay out', () => {
    const items = sidebarOf(['ROLE_HOME'], true).flatMap((s) => s.items);
    expect(items.find((i) => i.label === 'Neue Anforderung')?.locked).toBe(false);
    const hidden: RemoteManifest = { ...orders, nav: orders.nav.map((i) => ({ ...i, contractLock: 'hidden' as const })) };
    const doctor = sidebarOf(['ROLE_DOCTOR'], false, [{ name: 'orders', status: 'ok', manifest: hidden }]);
    expect(doctor.flatMap((s) => s.items).map((i) => i.label)).not.toContain('Neue Anforderung');
  });

  it('shows an entry a remote adds to its section, routed by the shell without a rebuild', async () => {
    const extended: RemoteManifest = {
      ...masterdata,
      routePrefixes: [...masterdata.routePrefixes, '/v3/lieferanten'],
      nav: [...masterdata.nav, { section: 'masterdata', label: 'Lieferanten', path: '/v3/lieferanten', permission: 'medicine_list_view' }],
    };
    remotesPublishing({ ...allUp(), masterdata: extended });
    setAuth(demoAuth(['ROLE_ADMIN']));
    renderApp(<Sidebar />);
    const nav = screen.getByRole('navigation');
    expect(await within(nav).findByRole('link', { name: 'Lieferanten' })).toHaveAttribute('href', '/v3/lieferanten');
    const labels = within(nav).getAllByRole('link').map((l) => l.textContent);
    expect(labels.indexOf('Lieferanten')).toBe(labels.indexOf('Medikamente') + 1);
  });

  it('shows "Bereich zurzeit nicht erreichbar" in the section of a remote that is down', async () => {
    remotesPublishing({ ...allUp(), orders: undefined });
    setAuth(demoAuth(['ROLE_ADMIN']));
    renderApp(<Sidebar />);
    const nav = screen.getByRole('navigation');
    expect(await within(nav).findByText('Bereich zurzeit nicht erreichbar')).toBeInTheDocument();
    expect(within(nav).getByText('Aufträge und Abholung')).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Anforderungen' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Patienten' })).toBeInTheDocument();
  });

  it('puts the note of a never-seen remote where its area usually stands (not at the end)', () => {
    const remotes = loaded.map((r): RemoteNavStatus => (r.name === 'masterdata' ? { name: 'masterdata', status: 'down', remembered: null } : r));
    const titles = sidebarOf(['ROLE_ADMIN'], true, remotes).map((s) => s.title ?? s.items[0]?.label);
    expect(titles).toEqual(['Dashboard', ...SECTIONS, 'Profil']);
  });

  it('puts the outage note where the remote was last seen and respects its section permission', () => {
    const down: RemoteNavStatus = { name: 'admin', status: 'down', remembered: { area: admin.area, routePrefixes: admin.routePrefixes, sections: admin.sections } };
    const remotes = loaded.map((r) => (r.name === 'admin' ? down : r));
    const forAdmin = sidebarOf(['ROLE_ADMIN'], true, remotes);
    expect(forAdmin.map((s) => s.title ?? s.items[0]?.label)).toEqual(['Dashboard', ...SECTIONS, 'Profil']);
    expect(forAdmin.find((s) => s.title === 'Administration')).toMatchObject({ items: [], unavailable: { remote: 'admin' } });
    // A driver never had the administration section: no note either.
    expect(sidebarOf(['ROLE_DRIVER'], true, remotes).map((s) => s.title)).not.toContain('Administration');
  });
});

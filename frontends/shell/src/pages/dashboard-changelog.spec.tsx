import { screen, within } from '@testing-library/react';
import { setAuth } from '@mediport/api-client';
import type { ChangelogEntry, Role, StatisticsResponse } from '@mediport/contracts';
import { fakeApi, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { changelogFor } from '../features/dashboard/components/faq-and-changelog';
import { DashboardPage } from './dashboard-page';

const FOR_ALL = 'Dashboard mit Kacheln.';
const RIGHTS = 'Rechteverwaltung: Änderungen an der Rechtematrix gelten sofort.';
const SSO = 'Anmeldung über Apomondo für Partner-Apotheken.';
const USERS = 'Neue Nutzerverwaltung mit Kartenansicht.';
const MEDICINES = 'Medikamentenliste mit Filter.';

const LOG: ChangelogEntry[] = [
  { version: '2.9.1', date: '02.06.2025', changes: [FOR_ALL] },
  { version: '2.9.1', date: '02.06.2025', roles: ['ROLE_ADMIN'], changes: [RIGHTS] },
  { version: '2.9.1', date: '02.06.2025', roles: ['ROLE_PHARMA'], changes: [SSO] },
  { version: '2.9.0', date: '14.04.2025', roles: ['ROLE_MANAGER'], changes: [USERS] },
  { version: '2.8.0', date: '03.02.2025', roles: ['ROLE_PHARMA', 'ROLE_HOME', 'ROLE_DOCTOR'], changes: [MEDICINES] },
];

function statistics(): StatisticsResponse {
  return { log: LOG, faq: [], counts: {}, webinars: [] };
}

async function changelogOf(roles: Role[]) {
  setAuth(demoAuth(roles));
  fakeApi({ 'GET /api/statistics': statistics() });
  renderApp(<DashboardPage />);
  const section = await screen.findByRole('region', { name: 'Änderungen' });
  return {
    headings: within(section).queryAllByRole('heading', { level: 3 }).map((h) => h.textContent),
    lines: within(section).queryAllByRole('listitem').map((li) => li.textContent),
  };
}

describe('Dashboard changelog by role', () => {
  beforeEach(() => localStorage.clear());

  it('shows a driver only the changes for everyone, without rights-matrix or pharmacy news', async () => {
    const { headings, lines } = await changelogOf(['ROLE_DRIVER']);
    expect(lines).toEqual([FOR_ALL]);
    // Versions with nothing for the reader are left out.
    expect(headings).toEqual(['Version 2.9.1 vom 02.06.2025']);
  });

  it('shows care-home staff their entries and no rights-matrix news', async () => {
    const { headings, lines } = await changelogOf(['ROLE_HOME']);
    expect(lines).toEqual([FOR_ALL, MEDICINES]);
    expect(headings).toEqual(['Version 2.9.1 vom 02.06.2025', 'Version 2.8.0 vom 03.02.2025']);
  });

  it('shows a pharmacy manager the entries of both roles under one heading per version', async () => {
    const { headings, lines } = await changelogOf(['ROLE_PHARMA', 'ROLE_MANAGER']);
    expect(lines).toEqual([FOR_ALL, SSO, USERS, MEDICINES]);
    expect(headings).toEqual(['Version 2.9.1 vom 02.06.2025', 'Version 2.9.0 vom 14.04.2025', 'Version 2.8.0 vom 03.02.2025']);
  });

  it('shows an administrator everything', async () => {
    const { lines } = await changelogOf(['ROLE_ADMIN']);
    expect(lines).toEqual([FOR_ALL, RIGHTS, SSO, USERS, MEDICINES]);
  });
});

describe('changelogFor', () => {
  it.each([
    { title: 'a reader without roles gets the entries for everyone', roles: [] as Role[], lines: [FOR_ALL] },
    { title: 'a doctor gets the entries naming the doctor role', roles: ['ROLE_DOCTOR'] as Role[], lines: [FOR_ALL, MEDICINES] },
  ])('$title', ({ roles, lines }) => {
    expect(changelogFor(LOG, roles).flatMap((v) => v.changes)).toEqual(lines);
  });
});

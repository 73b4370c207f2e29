import { screen } from '@testing-library/react';
import { setAuth } from '@mediport/api-client';
import { fakeApi, renderApp, when } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { ProfilePage, requestedTab, loadProfileTabs } from './profile-page';

// The tabs' chunks, loaded once before the tests (a warmed-up page has them).
beforeAll(loadProfileTabs);

describe('ProfilePage', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['?tab=1', '', 1],
    ['', '#scrollable-force-tab-3', 3],
    ['?tab=0', '#scrollable-force-tab-1', 1],
    ['', '', null],
  ])('search %s hash %s selects tab %s', (search, hash, tab) => {
    expect(requestedTab(search, hash)).toBe(tab);
  });

  it('shows the tabs the profile_*_view permissions allow, Stammdaten first', async () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    fakeApi({ 'GET /api/users/:id/profile': when({ id: 'u1' }, demoAuth(['ROLE_ACCOUNTING']).user) });
    renderApp(<ProfilePage />, { route: '/profil', path: '/profil' });
    expect(screen.getByRole('heading', { name: 'Profil bearbeiten' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Stammdaten', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Passwort' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Dora')).toBeInTheDocument();
  });
});

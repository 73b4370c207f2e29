import { screen, waitFor } from '@testing-library/react';
import { API_MESSAGES } from '@mediport/contracts';
import { configureErrorHandler, fetchSession, readAuth, setAuth } from '@mediport/api-client';
import { fail, fakeApi, renderApp } from '../../../../common/test-utils';
import { demoAuth } from '../../../../common/demo-auth';
import { needsForcedRedirect } from './forced-password';
import { RequireAuth } from './components/require-auth';
import { countdown } from '../layout/components/address-change-notice';
import { DashboardPage } from '../../pages/dashboard-page';

describe('forced password change', () => {
  it.each([
    ['/', true],
    ['/anforderungen', true],
    ['/profil#scrollable-force-tab-1', false],
    ['/profil?tab=0', false],
    ['/logout', false],
    ['/login', false],
  ])('%s → redirect %s', (address, expected) => {
    expect(needsForcedRedirect(address, true)).toBe(expected);
    expect(needsForcedRedirect(address, false)).toBe(false);
  });
});

describe('RequireAuth', () => {
  beforeEach(() => localStorage.clear());

  it('sends a signed-out visitor to /login', async () => {
    renderApp(<RequireAuth />, { route: '/anforderungen' });
    expect(await screen.findByText('Anmeldeseite')).toBeInTheDocument();
  });
});

describe('DashboardPage', () => {
  beforeEach(() => localStorage.clear());

  it('greets a user with dashboard_view', () => {
    setAuth(demoAuth(['ROLE_PHARMA']));
    renderApp(<DashboardPage />);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends accounting to /profil', async () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    renderApp(<DashboardPage />, { route: '/', path: '/' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profil'));
  });
});

describe('a 401 during a call', () => {
  it('clears the stored login', async () => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    fakeApi({ 'GET /api/auth/session': fail(401, API_MESSAGES.unauthenticated) });
    const visited: string[] = [];
    configureErrorHandler({ navigate: (p) => visited.push(p) });
    await fetchSession().catch(() => undefined);
    expect(readAuth()).toBeNull();
    expect(visited).toEqual(['/login']);
  });
});

describe('address-change countdown', () => {
  it('counts days and hh:mm:ss, and ends at the deadline', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(countdown(new Date('2026-11-25T12:03:04Z'), now)).toBe('3 Tage 02:03:04');
    expect(countdown(new Date('2026-11-22T09:00:00Z'), now)).toBeNull();
  });
});

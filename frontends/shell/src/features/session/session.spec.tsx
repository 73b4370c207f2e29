import { screen, waitFor } from '@testing-library/react';
import { API_MESSAGES } from '@mediport/contracts';
import { configureErrorHandler, fetchSession, readAuth, setAuth } from '@mediport/api-client';
import { fail, fakeApi, renderApp } from '../../../../common/test-utils';
import { demoAuth } from '../../../../common/demo-auth';
import { needsForcedRedirect } from './forced-password';
import { RequireAuth } from './components/require-auth';
import { refreshSession } from './components/session-refresh';
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

describe('refreshSession (at boot and when the live channel says the rights changed)', () => {
  beforeEach(() => localStorage.clear());

  it('replaces the stored record with fresh permissions: a contract taken over unlocks ordering', async () => {
    const locked = demoAuth(['ROLE_DOCTOR'], { hasContract: false });
    setAuth(locked);
    const fresh = demoAuth(['ROLE_DOCTOR'], { hasContract: true });
    fakeApi({ 'GET /api/auth/session': { ...fresh, token: locked.token } });
    expect(locked.permissions).toContain('task_create_view_own_required_contract');
    refreshSession();
    await waitFor(() => expect(readAuth()!.permissions).toContain('task_create_view_own'));
    expect(readAuth()!.permissions).not.toContain('task_create_view_own_required_contract');
  });

  it('leaves a record alone that changed meanwhile (signed out or switched)', async () => {
    setAuth(demoAuth(['ROLE_DOCTOR'], { hasContract: false }));
    const calls = fakeApi({ 'GET /api/auth/session': demoAuth(['ROLE_ADMIN']) });
    refreshSession();
    // Signed in as someone else while the answer was on its way.
    setAuth({ ...demoAuth(['ROLE_HOME']), token: 'another-token' });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readAuth()).toMatchObject({ token: 'another-token', roles: ['ROLE_HOME'] });
  });
});

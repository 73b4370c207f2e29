import { act, renderHook } from '@testing-library/react';
import { demoAuth } from '../../../frontends/common/demo-auth';
import { clearAuth, setAuth } from './auth-store';
import { useAuth, useIsLocked, useHasPermission, abilityFor } from './hooks';

describe('auth hooks', () => {
  beforeEach(() => localStorage.clear());

  it('useAuth follows the store', () => {
    const { result } = renderHook(() => useAuth());
    expect(result.current).toBeNull();
    act(() => setAuth(demoAuth(['ROLE_HOME'])));
    expect(result.current?.roles).toEqual(['ROLE_HOME']);
    act(() => clearAuth());
    expect(result.current).toBeNull();
  });

  it('useIsLocked is true only for the contract-locked form', () => {
    setAuth(demoAuth(['ROLE_DOCTOR'], { hasContract: false }));
    const locked = renderHook(() => useIsLocked('task_create_view'));
    const held = renderHook(() => useHasPermission('task_create_view'));
    expect(locked.result.current).toBe(true);
    expect(held.result.current).toBe(false);
  });

  it('abilityFor builds the CASL ability from the record', () => {
    const ability = abilityFor(demoAuth(['ROLE_ADMIN']));
    expect(ability.can('user_list_view', 'all')).toBe(true);
    expect(abilityFor(null).can('user_list_view', 'all')).toBe(false);
  });
});

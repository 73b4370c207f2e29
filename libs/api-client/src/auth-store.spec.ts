import { AUTH_STORAGE_KEY } from '@mediport/contracts';
import { demoAuth } from '../../../frontends/common/demo-auth';
import { clearAuth, readAuth, setAuth, subscribeAuth } from './auth-store';

describe('auth store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the whole record under the key "auth"', () => {
    const record = demoAuth(['ROLE_ADMIN']);
    setAuth(record);
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual(record);
    expect(readAuth()).toEqual(record);
  });

  it.each([
    ['not JSON', '{kaputt'],
    ['JSON without token', JSON.stringify({ username: 'x' })],
    ['a plain string', JSON.stringify('abc')],
  ])('removes an unparsable record (%s) and counts as signed out', (_title, raw) => {
    localStorage.setItem(AUTH_STORAGE_KEY, raw);
    expect(readAuth()).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('notifies subscribers on set and clear', () => {
    const seen: Array<string | null> = [];
    const stop = subscribeAuth((a) => seen.push(a?.token ?? null));
    setAuth(demoAuth(['ROLE_HOME']));
    clearAuth();
    stop();
    setAuth(demoAuth(['ROLE_ADMIN']));
    expect(seen).toEqual(['token-ROLE_HOME', null]);
  });
});

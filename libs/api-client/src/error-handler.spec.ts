import { API_MESSAGES } from '@mediport/contracts';
import { demoAuth } from '../../../frontends/common/demo-auth';
import { fail, fakeApi } from '../../../frontends/common/test-utils';
import { ApiError } from './api-error';
import { readAuth, setAuth } from './auth-store';
import { configureErrorHandler, dismissToast, handleApiError, toast, type ToastOptions } from './error-handler';
import { login } from './endpoints';
import { callApi } from './typed';

describe('common error handler', () => {
  const toasts: Array<[string, string]> = [];
  const visited: string[] = [];

  beforeEach(() => {
    toasts.length = 0;
    visited.length = 0;
    localStorage.clear();
    configureErrorHandler({ notify: (m, v) => toasts.push([m, v]), navigate: (p) => visited.push(p) });
  });

  it('on 401 shows "unauthorized", clears the stored login and goes to /login', async () => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    fakeApi({ 'GET /api/users': fail(401, [{ code: 'unauthenticated', message: API_MESSAGES.unauthenticated }]) });
    await expect(callApi('GET /api/users')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([['unauthorized', 'error']]);
    expect(readAuth()).toBeNull();
    expect(visited).toEqual(['/login']);
  });

  it('shows each errors[].message as an error toast', () => {
    handleApiError(new ApiError(400, { statusCode: 400, errors: [{ message: 'Erster Fehler' }, { path: 'x', message: 'Zweiter Fehler' }] }));
    expect(toasts).toEqual([
      ['Erster Fehler', 'error'],
      ['Zweiter Fehler', 'error'],
    ]);
  });

  it('otherwise shows the body or the error message', () => {
    handleApiError(new ApiError(502, 'Bad Gateway vom Proxy'));
    handleApiError(new Error('Netzwerk weg'));
    expect(toasts.map(([m]) => m)).toEqual(['Bad Gateway vom Proxy', 'Netzwerk weg']);
  });

  it('sends the stored token in x-auth-token', async () => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    const calls = fakeApi({ 'GET /api/auth/session': demoAuth(['ROLE_ADMIN']) });
    await callApi('GET /api/auth/session');
    expect(calls[0]!.headers['x-auth-token']).toBe('token-ROLE_ADMIN');
  });

  it('lets the login call handle its own 401 (no "unauthorized" toast, no redirect)', async () => {
    fakeApi({ 'POST /api/auth': fail(401, [{ code: 'bad_credentials', message: API_MESSAGES.badCredentials }]) });
    const error = await login({ username: 'admin', password: 'falsch' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors[0]!.message).toBe(API_MESSAGES.badCredentials);
    expect(toasts).toEqual([]);
    expect(visited).toEqual([]);
  });

  it('passes a toast\'s button, key and duration to the notifier, and closes it by key', () => {
    const shown: [string, string, ToastOptions | undefined][] = [];
    const closed: string[] = [];
    configureErrorHandler({ notify: (m, v, o) => shown.push([m, v, o]), dismiss: (key) => closed.push(key) });
    const onClick = jest.fn();
    toast('Aufrag wurde abgeschlossen', 'success', { key: 'finish-t1', autoHideMs: 5000, action: { label: 'Rückgängig', onClick } });
    expect(shown).toEqual([['Aufrag wurde abgeschlossen', 'success', { key: 'finish-t1', autoHideMs: 5000, action: { label: 'Rückgängig', onClick } }]]);
    dismissToast('finish-t1');
    expect(closed).toEqual(['finish-t1']);
  });
});

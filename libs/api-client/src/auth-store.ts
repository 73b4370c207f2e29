import { AUTH_STORAGE_KEY, type AuthRecord } from '@mediport/contracts';

type Listener = (auth: AuthRecord | null) => void;

const listeners = new Set<Listener>();
let cache: { raw: string | null; value: AuthRecord | null } | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function isAuthRecord(value: unknown): value is AuthRecord {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<AuthRecord>;
  return typeof v.token === 'string' && v.token.length > 0 && Array.isArray(v.permissions);
}

/**
 * Reads the auth record stored under `auth` in localStorage. A value that cannot be parsed
 * is removed and counts as signed out.
 */
export function readAuth(): AuthRecord | null {
  const store = storage();
  const raw = store?.getItem(AUTH_STORAGE_KEY) ?? null;
  if (cache && cache.raw === raw) return cache.value;
  let value: AuthRecord | null = null;
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isAuthRecord(parsed)) value = parsed;
    } catch {
      value = null;
    }
    if (!value) store?.removeItem(AUTH_STORAGE_KEY);
  }
  cache = { raw: value ? raw : null, value };
  return value;
}

function notify(): void {
  const value = readAuth();
  for (const l of [...listeners]) l(value);
}

/** Stores the whole auth record (login, session refresh, password change, masquerade). */
export function setAuth(record: AuthRecord): void {
  storage()?.setItem(AUTH_STORAGE_KEY, JSON.stringify(record));
  notify();
}

/** Removes the stored login. */
export function clearAuth(): void {
  storage()?.removeItem(AUTH_STORAGE_KEY);
  notify();
}

/** Calls the listener with the new record after every change (also from other tabs). */
export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === AUTH_STORAGE_KEY || e.key === null) notify();
  });
}

/** The token of the stored record, if any. */
export function authToken(): string | null {
  return readAuth()?.token ?? null;
}

import { useEffect } from 'react';
import { fetchSession, readAuth, setAuth } from '@mediport/api-client';

/**
 * Replaces the stored record with GET /api/auth/session (fresh permissions, same token): at boot,
 * and whenever the live channel says the user's rights changed.
 */
export function refreshSession(): void {
  const stored = readAuth();
  if (!stored) return;
  fetchSession()
    .then((fresh) => {
      const current = readAuth();
      // Only replace the record this request was made for (a sign-out or switch may have happened).
      if (!current || current.token !== stored.token) return;
      const switchBackToken = fresh.switchBackToken ?? current.switchBackToken;
      setAuth(switchBackToken ? { ...fresh, switchBackToken } : fresh);
    })
    .catch(() => undefined); // the common handler already reacted (401 → /login)
}

/** At boot the stored record is refreshed with GET /api/auth/session (fresh permissions, same token). */
export function SessionRefresh() {
  useEffect(() => refreshSession(), []);
  return null;
}

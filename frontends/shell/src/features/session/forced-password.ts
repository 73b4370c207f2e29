import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { FORCED_PASSWORD_PATH } from '@mediport/contracts';
import { readAuth } from '@mediport/api-client';

const ALLOWED = ['/profil', '/logout', '/login'];

type Loc = Pick<Location, 'pathname' | 'search' | 'hash' | 'replace'>;

/** True when the address must be replaced: stored auth has once_password and the address is elsewhere. */
export function needsForcedRedirect(address: string, oncePassword: boolean): boolean {
  return oncePassword && !ALLOWED.some((p) => address.includes(p));
}

/**
 * While the stored auth has once_password (a one-time password must be changed), any address not
 * containing /profil, /logout or /login gets a full redirect to /profil#scrollable-force-tab-1.
 * Returns true when it redirected.
 */
export function enforceForcedPassword(location: Loc): boolean {
  const address = `${location.pathname}${location.search}${location.hash}`;
  if (!needsForcedRedirect(address, readAuth()?.once_password === true)) return false;
  location.replace(FORCED_PASSWORD_PATH);
  return true;
}

/** Re-checks on every in-app navigation. */
export function ForcedPasswordGuard() {
  const location = useLocation();
  useEffect(() => {
    enforceForcedPassword(window.location);
  }, [location.pathname, location.search, location.hash]);
  return null;
}

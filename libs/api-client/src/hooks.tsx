import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { AbilityProvider, useAbility } from '@casl/react';
import type { AuthRecord } from '@mediport/contracts';
import { buildAbility, grantOf, hasPermission, type AppAbility } from '@mediport/permissions';
import { readAuth, subscribeAuth } from './auth-store.js';

/** The stored auth record; re-renders on every change. */
export function useAuth(): AuthRecord | null {
  return useSyncExternalStore(subscribeAuth, readAuth, () => null);
}

/** The CASL ability of the stored record (own-only grants bound to the user's home and doctor). */
export function abilityFor(auth: AuthRecord | null): AppAbility {
  return buildAbility(auth?.permissions ?? [], { home: auth?.home?._id, doctor: auth?.doctor?._id });
}

/** Provides the ability of the signed-in user to `@casl/react` (`useAbility`, `<Can>`). */
export function AuthAbilityProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const ability = useMemo(() => abilityFor(auth), [auth]);
  return <AbilityProvider value={ability}>{children}</AbilityProvider>;
}

/** The ability from the nearest AuthAbilityProvider. */
export function useAppAbility(): AppAbility {
  return useAbility<AppAbility>();
}

/** True when the permission is held only in its contract-locked form (`_required_contract`). */
export function useIsLocked(name: string): boolean {
  const auth = useAuth();
  return grantOf(auth?.permissions ?? [], name) === 'locked';
}

/** True when the permission is held (fully or own-only, not locked). */
export function useHasPermission(name: string): boolean {
  const auth = useAuth();
  return hasPermission(auth?.permissions ?? [], name);
}

/**
 * The meeting point of the router and the unsaved-changes guards. The shell's router asks before
 * every in-app navigation (link, navigate(), back/forward); a page with unsaved changes holds it
 * and lets it go once the user agrees. The registry lives on `globalThis` under a fixed key, so
 * the shell's first script reaches it without loading this library and every remote finds the
 * same one whichever copy of the library it runs.
 */

/** A navigation the router has put on hold. */
export interface HeldNavigation {
  /** Carries the navigation out (without asking the guards again). */
  proceed(): void;
}

/** Returns true when it holds the navigation (and calls `proceed` later, or never). */
export type NavigationGuard = (navigation: HeldNavigation) => boolean;

export interface NavigationGuardRegistry {
  /** Asks the guards, newest first; true when one of them holds the navigation. */
  hold(navigation: HeldNavigation): boolean;
  /** Adds a guard; returns its removal. */
  add(guard: NavigationGuard): () => void;
}

/** Key of the registry on `globalThis`; routers read it there (`typeof` keeps both sides in step). */
export const NAVIGATION_GUARD_KEY = '__mediportNavigationGuards';
export type NavigationGuardKey = typeof NAVIGATION_GUARD_KEY;

function createRegistry(): NavigationGuardRegistry {
  const guards: NavigationGuard[] = [];
  return {
    hold: (navigation) => [...guards].reverse().some((guard) => guard(navigation)),
    add(guard) {
      guards.push(guard);
      return () => {
        const i = guards.indexOf(guard);
        if (i >= 0) guards.splice(i, 1);
      };
    },
  };
}

/** The registry of this page (created on first use). */
export function navigationGuards(): NavigationGuardRegistry {
  const scope = globalThis as { [K in NavigationGuardKey]?: NavigationGuardRegistry };
  return (scope[NAVIGATION_GUARD_KEY] ??= createRegistry());
}

/** Runs `action` now, or once the guards let it go: for actions that leave the page without a navigation (sign-out, switch user). */
export function runUnlessHeld(action: () => void): void {
  if (!navigationGuards().hold({ proceed: action })) action();
}

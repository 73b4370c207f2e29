import { createPath, NavigationType, type Location, type To } from 'react-router-dom';
import type { HeldNavigation, NavigationGuardKey, NavigationGuardRegistry } from '@mediport/ui';

// The key is typed by libs/ui, so a rename there fails the typecheck here. Only types come from
// libs/ui: the login page's first script does not load the library for it.
const GUARD_KEY: NavigationGuardKey = '__mediportNavigationGuards';

/** What `history.state` holds for each entry (the same shape react-router's browser history writes). */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

export interface HistoryUpdate {
  action: NavigationType;
  location: Location;
}

export interface GuardedHistory {
  readonly action: NavigationType;
  readonly location: Location;
  createHref(to: To): string;
  encodeLocation(to: To): Pick<Location, 'pathname' | 'search' | 'hash'>;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  listen(listener: (update: HistoryUpdate) => void): () => void;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

/** True when a page with unsaved changes holds the navigation; it calls `proceed` once the user agrees. */
function held(proceed: HeldNavigation['proceed']): boolean {
  const guards = (globalThis as { [K in NavigationGuardKey]?: NavigationGuardRegistry })[GUARD_KEY];
  return guards?.hold({ proceed }) ?? false;
}

/**
 * The browser history of the shell's router, asking the unsaved-changes guards (libs/ui
 * `useUnsavedChangesGuard`) before every navigation: push, replace and go wait for the answer;
 * a back or forward the user made in the browser is undone while the question is open and
 * repeated when the user agrees to leave.
 */
export function createGuardedHistory(win: Window = window): GuardedHistory {
  const browser = win.history;
  const entry = () => browser.state as Partial<EntryState> | null;
  let action: NavigationType = NavigationType.Pop;
  let index = entry()?.idx ?? null;
  if (index === null) {
    index = 0;
    browser.replaceState({ ...entry(), usr: entry()?.usr ?? null, key: entry()?.key ?? 'default', idx: index }, '');
  }
  let listener: ((update: HistoryUpdate) => void) | null = null;
  /** The popstate of our own undo of a held back/forward: not a navigation. */
  let undoing = false;
  /** The popstate of a back/forward the guards already let go. */
  let released = false;

  const location = (): Location => ({
    pathname: win.location.pathname,
    search: win.location.search,
    hash: win.location.hash,
    state: entry()?.usr ?? null,
    key: entry()?.key ?? 'default',
  });
  const notify = () => listener?.({ action, location: location() });
  const createHref = (to: To) => (typeof to === 'string' ? to : createPath(to));
  const guarded = (run: () => void) => {
    if (!held(run)) run();
  };

  const onPopState = () => {
    if (undoing) {
      undoing = false;
      return;
    }
    const next = entry()?.idx ?? null;
    const delta = next === null || index === null ? null : next - index;
    if (!released && delta) {
      const proceed = () => {
        released = true;
        browser.go(delta);
      };
      if (held(proceed)) {
        undoing = true;
        browser.go(-delta);
        return;
      }
    }
    released = false;
    index = next ?? index;
    action = NavigationType.Pop;
    notify();
  };

  return {
    get action() {
      return action;
    },
    get location() {
      return location();
    },
    createHref,
    encodeLocation(to) {
      const url = new URL(createHref(to), win.location.href);
      return { pathname: url.pathname, search: url.search, hash: url.hash };
    },
    push: (to, state) =>
      guarded(() => {
        action = NavigationType.Push;
        index = (entry()?.idx ?? index ?? 0) + 1;
        const next: EntryState = { usr: state ?? null, key: createKey(), idx: index };
        try {
          browser.pushState(next, '', createHref(to));
        } catch {
          // Too many entries or an unclonable state (Safari limits pushState): a full load still gets there.
          win.location.assign(createHref(to));
          return;
        }
        notify();
      }),
    replace: (to, state) =>
      guarded(() => {
        action = NavigationType.Replace;
        index = entry()?.idx ?? index ?? 0;
        browser.replaceState({ usr: state ?? null, key: createKey(), idx: index } satisfies EntryState, '', createHref(to));
        notify();
      }),
    go(delta) {
      // Not held: the popstate asks the guards again and finds nothing to hold.
      const proceed = () => {
        released = true;
        browser.go(delta);
      };
      if (!held(proceed)) browser.go(delta);
    },
    listen(next) {
      if (listener) throw new Error('The guarded history takes one listener (the router).');
      listener = next;
      win.addEventListener('popstate', onPopState);
      return () => {
        win.removeEventListener('popstate', onPopState);
        listener = null;
      };
    },
  };
}

import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { preloadOwnerOf } from './features/federation/remote-apps';
import { configureRemoteNav, RemoteNavStore } from './features/federation/remote-nav';
import { fetchRemoteEntries, registeredRemotes, setRegisteredRemotes } from './features/federation/remotes';
import { remoteResiliencePlugin } from './features/federation/runtime-plugin';
import { dashboardChunk, loginChunk, signedInChunk } from './chunks';

// Remote locations are read at run time so a remote is redeployed without rebuilding the shell;
// what each remote renders and adds to the sidebar comes from its `./nav` (federation/remote-nav.ts).
async function start() {
  const entries = await fetchRemoteEntries();
  registerPlugins([
    remoteResiliencePlugin({
      // `./nav` of a remote that is down is no module at all: its section shows the outage note.
      fallback: async (remote, _error, id) =>
        id.endsWith('/nav') ? { __unavailable: true } : (await import('./features/federation/components/remote-unavailable')).unavailableModule(remote),
    }),
  ]);
  registerRemotes(Object.entries(entries).map(([name, { entry }]) => ({ name, entry })));
  setRegisteredRemotes(Object.keys(entries));
  // Only the remotes whose area the signed-in user may open load at start (accounting: the profile);
  // a permission counts in any form (own records only, awaiting a contract).
  const wanted = (name: string) => {
    const permission = entries[name]?.permission;
    return !permission || storedPermissions().some((p) => p.replace(/(_own)?(_required_contract)?$/, '') === permission);
  };
  const nav = new RemoteNavStore(registeredRemotes, (name) => loadRemote(`${name}/nav`), undefined, wanted);
  configureRemoteNav(nav);
  if (signedIn()) {
    // A signed-in visit needs the remotes' navigation, the signed-in frame and the App of the
    // remote that owns the page: fetch them alongside the app instead of after it.
    nav.start();
    signedInChunk.preload();
    if (window.location.pathname === '/') dashboardChunk.preload();
    preloadOwnerOf(window.location, nav, (requests) => {
      // A shared module, loaded here on demand (the shell needs it for every signed-in page anyway).
      void import('@mediport/api-client').then(({ prefetchGet }) => {
        for (const r of requests) prefetchGet(r.path, r.query);
      });
    });
  } else {
    // Signed out, every page but the public ones leads to the login form.
    loginChunk.preload();
  }
  await import('./bootstrap');
}

/** AUTH_STORAGE_KEY of @mediport/contracts: a shared module, not importable before bootstrap. */
const AUTH_STORAGE_KEY = 'auth';

function signedIn(): boolean {
  try {
    return !!globalThis.localStorage?.getItem(AUTH_STORAGE_KEY);
  } catch {
    return false;
  }
}

/** The stored sign-in's permission names (none when signed out or unreadable). */
function storedPermissions(): string[] {
  try {
    return (JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!) as { permissions: string[] }).permissions ?? [];
  } catch {
    return [];
  }
}

void start();

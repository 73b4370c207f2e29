// No runtime imports but the federation runtime: index.ts uses this before the shared modules
// (react, …) are ready, to start loading the remote that owns the opened page.
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { Loader } from '../router/loader';
import type { RemoteNavStore } from './remote-nav';
import { ownerOf } from './route-match';

const apps = new Map<string, Loader<ComponentType>>();

/** The one loader of `<remote>/App` (its default export, the remote's routes). */
export function remoteAppLoader(remote: string): Loader<ComponentType> {
  let loader = apps.get(remote);
  if (!loader) {
    loader = new Loader(async () => {
      const mod = await loadRemote<{ default?: unknown }>(`${remote}/App`);
      if (!mod || typeof mod.default !== 'function') throw new Error(`Remote ${remote} has no App`);
      return mod.default as ComponentType;
    });
    apps.set(remote, loader);
  }
  return loader;
}

/**
 * Loads the App of the remote that owns `pathname` as soon as the remotes' navigation names it, so
 * its code arrives while the shell still starts and checks the session (a cold /anforderungen
 * otherwise fetched the orders remote only after the signed-in frame rendered).
 */
export function preloadOwnerOf(pathname: string, nav: RemoteNavStore): void {
  const tryNow = (): boolean => {
    const state = nav.getState();
    // A more specific pattern of a remote still loading could own the path: wait for all.
    if (!state.settled) return false;
    const owner = ownerOf(
      pathname,
      state.remotes.flatMap((r) => (r.status === 'ok' ? [r.manifest] : [])),
    );
    if (owner) remoteAppLoader(owner).preload();
    return true;
  };
  if (tryNow()) return;
  const stop = nav.subscribe(() => {
    if (tryNow()) stop();
  });
}

// No runtime imports but the federation runtime: index.ts uses this before the shared modules
// (react, …) are ready, to start loading the remote that owns the opened page.
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { PrefetchRequest, RemoteManifest } from '@mediport/contracts';
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

/** Where the page was opened (window.location's path and query). */
export interface OpenedAt {
  pathname: string;
  search: string;
}

/**
 * Starts, for the page opened at `location`, the App of the remote that owns it and the GETs that
 * remote declares its page makes first (RemoteManifest.prefetch, handed to `prefetch`), as soon as
 * a remote's navigation claims the path: a cold /anforderungen otherwise fetched the orders code
 * only after every remote's navigation and the signed-in frame, and its list only after that code
 * ran. A remote still loading may publish a more specific pattern for the path: its App and
 * requests then start too (a head start is never wrong, only unused).
 */
export function preloadOwnerOf(location: OpenedAt, nav: RemoteNavStore, prefetch: (requests: PrefetchRequest[]) => void = () => undefined): void {
  const started = new Set<string>();
  const tryNow = (): boolean => {
    const state = nav.getState();
    const manifests = state.remotes.flatMap((r) => (r.status === 'ok' ? [r.manifest] : []));
    const owner = ownerOf(location.pathname, manifests);
    if (owner && !started.has(owner)) {
      started.add(owner);
      remoteAppLoader(owner).preload();
      const requests = prefetchOf(manifests.find((m) => m.name === owner), location);
      if (requests.length > 0) prefetch(requests);
    }
    return state.settled;
  };
  if (tryNow()) return;
  const stop = nav.subscribe(() => {
    if (tryNow()) stop();
  });
}

/** The manifest's start-up requests for the location; a remote's faulty prefetch costs only the head start. */
function prefetchOf(manifest: RemoteManifest | undefined, location: OpenedAt): PrefetchRequest[] {
  if (typeof manifest?.prefetch !== 'function') return [];
  try {
    const requests = manifest.prefetch({ pathname: location.pathname, search: location.search });
    return Array.isArray(requests) ? requests.filter((r) => typeof r?.path === 'string' && r.path.startsWith('/api/')) : [];
  } catch {
    return [];
  }
}

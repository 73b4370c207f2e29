import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { LoadingState } from './states.js';

/** A component (mostly a page of a remote) whose code is fetched when first shown, or earlier through `preload()`. */
export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  /** Starts fetching the code (once; a failed fetch is tried again on the next call). */
  preload(): Promise<unknown>;
}

/**
 * Wraps `React.lazy` for one page of a remote's route table (or a part of a page that only some
 * visits show): its own chunk, the spinner of
 * `LoadingState` while it loads. When the code is already there (preloaded), the page renders
 * at once instead of suspending for a tick, which would show the spinner and make React hold the
 * page back for its Suspense reveal delay. A failed load is thrown to the nearest error boundary;
 * mounting the page again (the shell's "Erneut versuchen") fetches it again.
 * @param load the page component, e.g. `() => import('./pages/task-list-page').then((m) => m.TaskListPage)`
 * @param fallback shown while the code loads
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = <LoadingState />): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  let suspending: LazyExoticComponent<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        suspending = undefined;
        throw error;
      },
    ));
  const lazyComponent = () => (suspending ??= lazy(() => preload().then((component) => ({ default: component }))));

  function Page(props: P) {
    // Chosen once per mounted page: switching from the lazy wrapper to the loaded component
    // later would remount the page and lose its state.
    const [Loaded] = useState(() => loaded);
    const [Lazy] = useState(() => (loaded ? undefined : lazyComponent()));
    if (Loaded) return <Loaded {...props} />;
    const Suspending = Lazy as ComponentType<P>;
    return (
      <Suspense fallback={fallback}>
        <Suspending {...props} />
      </Suspense>
    );
  }
  return Object.assign(Page, { preload });
}

/**
 * Starts loading the lazy pages of `routes` that `pathname` shows, e.g. from a remote's App module
 * for the page the browser opened, so their code is fetched with the App rather than after it renders.
 * Resolves when they are loaded; a failure is left to the page to show when it renders.
 */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const type = (match.route.element as ReactElement | null | undefined)?.type as Partial<LazyPage<object>> | undefined;
    if (typeof type?.preload === 'function') loads.push(type.preload().catch(() => undefined));
  }
  await Promise.all(loads);
}

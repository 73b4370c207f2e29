import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingState } from './states.js';

/** A component (mostly a page of a remote) whose code is fetched when first shown, or earlier through `preload()`. */
export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  /** Starts fetching the code (once; a failed fetch is tried again on the next call). */
  preload(): Promise<unknown>;
}

/** A module of pages fetched as one chunk (e.g. a form file with its new, edit and delete pages). */
export interface LazyModule<M> {
  /** Starts fetching the module (once; a failed fetch is tried again on the next call). */
  preload(): Promise<M>;
  /** One of the module's components as a lazy page. */
  page<P extends object>(pick: (module: M) => ComponentType<P>, fallback?: ReactNode): LazyPage<P>;
}

/**
 * A chunk of page code for a remote's route table (or a part of a page only some visits show).
 * Its pages use `React.lazy` with the spinner of `LoadingState` while the chunk loads. Once the
 * chunk is there (shown before, or preloaded), a page renders at once instead of suspending for a
 * tick, which would flash the spinner and make React hold the page back for its Suspense reveal
 * delay. A failed load is thrown to the nearest error boundary; mounting the page again (the
 * shell's "Erneut versuchen") fetches it again.
 * @param load the module, e.g. `() => import('./pages/home-form-page')`
 */
export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let loaded: { module: M } | undefined;
  let pending: Promise<M> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = { module };
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));

  function page<P extends object>(pick: (module: M) => ComponentType<P>, fallback: ReactNode = <LoadingState />): LazyPage<P> {
    let suspending: LazyExoticComponent<ComponentType<P>> | undefined;
    const lazyComponent = () =>
      (suspending ??= lazy(() =>
        preload().then(
          (module) => ({ default: pick(module) }),
          (error: unknown) => {
            // The next mount gets a fresh lazy component, which fetches again.
            suspending = undefined;
            throw error;
          },
        ),
      ));

    function Page(props: P) {
      // Chosen once per mounted page: switching from the lazy wrapper to the loaded component
      // later would remount the page and lose its state.
      const [Loaded] = useState(() => (loaded ? pick(loaded.module) : undefined));
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

  return { preload, page };
}

/**
 * One page in a chunk of its own (see `lazyModule`).
 * @param load the page component, e.g. `() => import('./pages/task-list-page').then((m) => m.TaskListPage)`
 * @param fallback shown while the code loads
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: ReactNode): LazyPage<P> {
  return lazyModule(load).page((component) => component, fallback);
}

/** The lazy pages `routes` hold, all of them or those `pathname` shows. */
function lazyPagesOf(routes: RouteObject[], pathname?: string): LazyPage<object>[] {
  const found: LazyPage<object>[] = [];
  const visit = (route: RouteObject) => {
    const type = (route.element as ReactElement | null | undefined)?.type as Partial<LazyPage<object>> | undefined;
    if (typeof type?.preload === 'function') found.push(type as LazyPage<object>);
  };
  if (pathname === undefined) {
    const walk = (list: RouteObject[]) => list.forEach((r) => (visit(r), r.children && walk(r.children)));
    walk(routes);
  } else {
    for (const match of matchRoutes(routes, pathname) ?? []) visit(match.route);
  }
  return found;
}

const settled = new WeakSet<Promise<void>>();

/**
 * Starts loading the lazy pages of `routes` that `pathname` shows (all of them without a
 * pathname), e.g. from a remote's App module for the page the browser opened, so their code is
 * fetched with the App rather than after it renders. Resolves when they are loaded; a failure is
 * left to the page to show when it renders.
 */
export function preloadPages(routes: RouteObject[], pathname?: string): Promise<void> {
  const done: Promise<void> = Promise.all(lazyPagesOf(routes, pathname).map((p) => p.preload().catch(() => undefined))).then(() => {
    settled.add(done);
  });
  return done;
}

/**
 * `useRoutes(routes)` of a remote's App, shown once `opened` (preloadPages of the page the browser
 * opened) has settled; until then `LoadingState`, without Suspense. So the first page renders at
 * once with its code instead of suspending, after which React would hold it back for its Suspense
 * reveal throttle (up to 300 ms on a cold /anforderungen). Pages opened later load through
 * React.lazy and Suspense.
 */
export function useLazyRoutes(routes: RouteObject[], opened: Promise<void>): ReactElement | null {
  const element = useRoutes(routes);
  const [ready, setReady] = useState(() => settled.has(opened));
  useEffect(() => {
    if (ready) return undefined;
    let live = true;
    void opened.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [opened, ready]);
  return ready ? element : <LoadingState />;
}

import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingState } from '@mediport/ui/core';
import { useLoader } from '../../router/hooks/use-loader';
import { NotFoundPage } from '../../../pages/not-found-page';
import { remoteNavStore, type RemoteNavState } from '../remote-nav';
import { useRemoteNav } from '../hooks/use-remote-nav';
import { RemoteUnavailable } from './remote-unavailable';
import { remoteAppLoader } from '../remote-apps';
import { ownerOf } from '../route-match';

/**
 * The remote's App, rendered at once when its code is there (index.ts starts loading the opened
 * page's remote early) and without Suspense (see router/loader.ts); one component type per remote,
 * so React keeps its state between routes.
 */
function RemoteApp({ remote }: { remote: string }) {
  const App = useLoader(remoteAppLoader(remote));
  return App ? <App /> : <LoadingState />;
}

interface BoundaryProps {
  remote: string;
  /** A change (the path) clears a shown error, so navigating away retries. */
  resetKey: string;
  children: ReactNode;
}

/** Catches a remote that fails while loading or rendering; only its route shows the panel. */
export class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // Keep the cause visible for operators; the user sees the German panel.
    console.error(`Remote ${this.props.remote} failed`, error, info.componentStack);
  }

  componentDidUpdate(prev: BoundaryProps) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  retry = () => {
    remoteAppLoader(this.props.remote).reset();
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) return <RemoteUnavailable remote={this.props.remote} onRetry={this.retry} />;
    return this.props.children;
  }
}

export type PathOwner =
  | { kind: 'remote'; remote: string }
  | { kind: 'unavailable'; remotes: string[] }
  | { kind: 'pending' }
  /** None of the loaded remotes renders it, but remotes the user did not need are not loaded yet. */
  | { kind: 'skipped' }
  | { kind: 'none' };

/**
 * Who renders a path, from what the remotes publish: the loaded remote with the most specific
 * route pattern; else a remote that is down and owned the path when last seen (its panel); else,
 * while remotes are still loading, wait; else, while remotes the user did not need are unloaded,
 * load them; else, when remotes are down, their panel (one of them may own the path); else nobody
 * (404).
 */
export function ownerOfPath(pathname: string, nav: RemoteNavState): PathOwner {
  const loaded = nav.remotes.flatMap((r) => (r.status === 'ok' ? [r.manifest] : []));
  const remote = ownerOf(pathname, loaded);
  if (remote) return { kind: 'remote', remote };
  const down = nav.remotes.flatMap((r) => (r.status === 'down' ? [r] : []));
  const remembered = ownerOf(
    pathname,
    down.map((r) => ({ name: r.name, routePrefixes: r.remembered?.routePrefixes ?? [] })),
  );
  if (remembered) return { kind: 'unavailable', remotes: [remembered] };
  if (!nav.settled) return { kind: 'pending' };
  if (nav.remotes.some((r) => r.status === 'skipped')) return { kind: 'skipped' };
  return down.length > 0 ? { kind: 'unavailable', remotes: down.map((r) => r.name) } : { kind: 'none' };
}

/** Renders the remote that owns the current path, isolated by an error boundary per remote route. */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const owner = ownerOfPath(pathname, useRemoteNav());
  // A path of an area the user's rights did not call for (a link, a typed address): its remote loads now.
  useEffect(() => {
    if (owner.kind === 'skipped') remoteNavStore()?.loadSkipped();
  }, [owner.kind]);
  if (owner.kind === 'pending' || owner.kind === 'skipped') return <LoadingState />;
  if (owner.kind === 'none') return <NotFoundPage />;
  if (owner.kind === 'unavailable') return <RemoteUnavailable remote={owner.remotes} onRetry={() => window.location.reload()} />;
  const { remote } = owner;
  return (
    <RemoteErrorBoundary key={remote} remote={remote} resetKey={pathname}>
      <RemoteApp remote={remote} />
    </RemoteErrorBoundary>
  );
}

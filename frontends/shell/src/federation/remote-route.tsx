import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { LoadingState } from '@mediport/ui';
import { NotFoundPage } from '../pages/not-found-page';
import { remoteForPath, type RemoteName } from './remotes';
import { RemoteUnavailable } from './remote-unavailable';

type RemoteModule = { default: ComponentType };

const cache = new Map<RemoteName, ComponentType>();

/** One lazy component per remote, created once so React keeps its state between routes. */
function remoteApp(name: RemoteName): ComponentType {
  let app = cache.get(name);
  if (!app) {
    app = lazy(async () => {
      const mod = await loadRemote<RemoteModule>(`${name}/App`);
      if (!mod || typeof mod.default !== 'function') throw new Error(`Remote ${name} has no App`);
      return mod;
    });
    cache.set(name, app);
  }
  return app;
}

interface BoundaryProps {
  remote: RemoteName;
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
    cache.delete(this.props.remote);
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) return <RemoteUnavailable remote={this.props.remote} onRetry={this.retry} />;
    return this.props.children;
  }
}

/** Renders the remote that owns the current path, isolated by an error boundary per remote route. */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  if (!remote) return <NotFoundPage />;
  const App = remoteApp(remote);
  return (
    <RemoteErrorBoundary key={remote} remote={remote} resetKey={pathname}>
      <Suspense fallback={<LoadingState />}>
        <App />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

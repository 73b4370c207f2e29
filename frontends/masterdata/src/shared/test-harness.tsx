// Component-test helpers of the master-data screens (imported by *.spec.tsx only): the toasts wired
// as the shell wires them, and a feature's routes rendered at a URL for a signed-in user.
import { useLayoutEffect } from 'react';
import { useSnackbar } from 'notistack';
import { useRoutes, type RouteObject } from 'react-router-dom';
import type { AuthRecord } from '@mediport/contracts';
import { configureErrorHandler, setAuth } from '@mediport/api-client';
import { renderApp } from '../../../common/test-utils';

/** Shows toasts through notistack, as the shell wires it. */
export function ToastBridge() {
  const { enqueueSnackbar } = useSnackbar();
  useLayoutEffect(() => configureErrorHandler({ notify: (message, variant) => enqueueSnackbar(message, { variant }) }), [enqueueSnackbar]);
  return null;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Signs in with `auth` and renders `routes` (with toasts) at `route`. */
export function renderRoutes(routes: RouteObject[], route: string, auth: AuthRecord) {
  setAuth(auth);
  return renderApp(
    <>
      <ToastBridge />
      <Routes routes={routes} />
    </>,
    { route },
  );
}

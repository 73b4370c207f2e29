import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import { AuthAbilityProvider, configureErrorHandler } from '@mediport/api-client';
import { LoadingState, UiProvider } from '@mediport/ui/core';
import { RequireAuth } from './features/session/components/require-auth';
import { SessionRefresh } from './features/session/components/session-refresh';
import { ForcedPasswordGuard } from './features/session/forced-password';
import { BrowserSupportCheck } from './features/browser/components/browser-support-check';
import { GuardedBrowserRouter } from './features/router/components/guarded-router';
import { useLoader } from './features/router/hooks/use-loader';
import { dashboardChunk, loginChunk, signedInChunk } from './chunks';

// Every page is a chunk of its own, loaded when first shown: the login page, the signed-in frame
// (layout, sidebar, remote routes), the dashboard and the other public pages. The login page, the
// frame and the dashboard are on the path of a first visit: rendered through their loaders, not
// React.lazy (see features/router/loader.ts), and index.ts starts the ones the opened page needs.
function LoginPage() {
  const chunk = useLoader(loginChunk);
  return chunk ? <chunk.LoginPage /> : <LoadingState />;
}
function SignedInFrame() {
  const chunk = useLoader(signedInChunk);
  return chunk ? <chunk.SignedInFrame /> : <LoadingState />;
}
function DashboardPage() {
  const chunk = useLoader(dashboardChunk);
  return chunk ? <chunk.DashboardPage /> : <LoadingState />;
}
function RemoteOutlet() {
  const chunk = useLoader(signedInChunk);
  return chunk ? <chunk.RemoteOutlet /> : <LoadingState />;
}
const OauthPage = lazy(() => import('./pages/oauth-page').then((m) => ({ default: m.OauthPage })));
const ImpressumPage = lazy(() =>
  Promise.all([import('./pages/impressum-page'), import('./query')]).then(([page, query]) => ({
    default: () => (
      <query.QueryProvider>
        <page.ImpressumPage />
      </query.QueryProvider>
    ),
  })),
);
const DatenschutzPage = lazy(() => import('./pages/datenschutz-page').then((m) => ({ default: m.DatenschutzPage })));
const LogoutPage = lazy(() => import('./pages/logout-page').then((m) => ({ default: m.LogoutPage })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState />}>{children}</Suspense>;
}

/** Wires toasts and router navigation into the common error handler of libs/api-client. */
function ErrorHandlerBridge() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    configureErrorHandler({
      notify: (message, variant, options) => {
        const action = options?.action;
        enqueueSnackbar(message, {
          variant,
          ...(options?.key ? { key: options.key } : {}),
          ...(options?.autoHideMs ? { autoHideDuration: options.autoHideMs } : {}),
          ...(action
            ? {
                action: (key) => (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      closeSnackbar(key);
                      action.onClick();
                    }}
                  >
                    {action.label}
                  </Button>
                ),
              }
            : {}),
        });
      },
      dismiss: (key) => closeSnackbar(key),
      navigate: (path) => navigate(path, { replace: true }),
    });
  }, [enqueueSnackbar, closeSnackbar, navigate]);
  return null;
}

/** The shell's route table; paths the remotes claim go to their ./App. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/v3/login" element={<Navigate to="/login" replace />} />
      <Route path="/oauth" element={<Loading><OauthPage /></Loading>} />
      <Route path="/impressum" element={<Loading><ImpressumPage /></Loading>} />
      <Route path="/datenschutz" element={<Loading><DatenschutzPage /></Loading>} />
      <Route path="/logout" element={<Loading><LogoutPage /></Loading>} />
      <Route element={<RequireAuth />}>
        <Route element={<SignedInFrame />}>
          <Route index element={<DashboardPage />} />
          <Route path="*" element={<RemoteOutlet />} />
        </Route>
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <UiProvider>
      <AuthAbilityProvider>
        <GuardedBrowserRouter>
          <ErrorHandlerBridge />
          <ForcedPasswordGuard />
          <SessionRefresh />
          <BrowserSupportCheck />
          <AppRoutes />
        </GuardedBrowserRouter>
      </AuthAbilityProvider>
    </UiProvider>
  );
}

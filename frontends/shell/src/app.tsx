import { useLayoutEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { AuthAbilityProvider, configureErrorHandler } from '@mediport/api-client';
import { UiProvider } from '@mediport/ui';
import { LoginPage } from './pages/login-page';
import { OauthPage } from './pages/oauth-page';
import { ImpressumPage } from './pages/impressum-page';
import { DatenschutzPage } from './pages/datenschutz-page';
import { DashboardPage } from './pages/dashboard-page';
import { LogoutPage } from './pages/logout-page';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './session/require-auth';
import { SessionRefresh } from './session/session-refresh';
import { ForcedPasswordGuard } from './session/forced-password';
import { BrowserSupportCheck } from './browser/browser-support-check';
import { RemoteOutlet } from './federation/remote-route';

/** Wires toasts and router navigation into the common error handler of libs/api-client. */
function ErrorHandlerBridge() {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    configureErrorHandler({
      notify: (message, variant) => enqueueSnackbar(message, { variant }),
      navigate: (path) => navigate(path, { replace: true }),
    });
  }, [enqueueSnackbar, navigate]);
  return null;
}

/** The shell's route table (spec part 1 §2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/v3/login" element={<Navigate to="/login" replace />} />
      <Route path="/oauth" element={<OauthPage />} />
      <Route path="/impressum" element={<ImpressumPage />} />
      <Route path="/datenschutz" element={<DatenschutzPage />} />
      <Route path="/logout" element={<LogoutPage />} />
      <Route element={<RequireAuth />}>
        <Route element={<AppLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="*" element={<RemoteOutlet />} />
        </Route>
      </Route>
    </Routes>
  );
}

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <AuthAbilityProvider>
          <BrowserRouter>
            <ErrorHandlerBridge />
            <ForcedPasswordGuard />
            <SessionRefresh />
            <BrowserSupportCheck />
            <AppRoutes />
          </BrowserRouter>
        </AuthAbilityProvider>
      </QueryClientProvider>
    </UiProvider>
  );
}

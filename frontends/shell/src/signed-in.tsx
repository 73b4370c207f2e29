// The signed-in part of the shell, loaded as one chunk after sign-in (see app.tsx).
import { useLiveChannel } from '@mediport/api-client';
import { AppLayout } from './layout/app-layout';
import { QueryProvider } from './query';

export { DashboardPage } from './pages/dashboard-page';
export { RemoteOutlet } from './federation/remote-route';

/** The layout with the query client that the dashboard and every remote use. */
export function SignedInFrame() {
  useLiveChannel();
  return (
    <QueryProvider>
      <AppLayout />
    </QueryProvider>
  );
}

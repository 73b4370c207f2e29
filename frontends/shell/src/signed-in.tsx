// The signed-in part of the shell, loaded as one chunk after sign-in (see app.tsx).
import { useEffect } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { onLiveJoined, onLiveReauth, useAuth, useLiveChannel } from '@mediport/api-client';
import { remoteNavStore } from './features/federation/remote-nav';
import { refreshSession } from './features/session/components/session-refresh';
import { AppLayout } from './features/layout/components/app-layout';
import { QueryProvider, queryClient } from './query';

export { RemoteOutlet } from './features/federation/components/remote-route';

/**
 * Toast colours with white text at a contrast of at least 4.5:1 (WCAG AA; notistack's own green,
 * blue and orange reach 3.3, 3.1 and 2.2). Set here, with the signed-in frame, to keep them out of
 * the login page's JavaScript budget.
 */
const toastColours = {
  '.notistack-SnackbarContainer .notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '.notistack-SnackbarContainer .notistack-MuiContent-info': { backgroundColor: '#0277bd' },
  '.notistack-SnackbarContainer .notistack-MuiContent-warning': { backgroundColor: '#b45309' },
  '.notistack-SnackbarContainer .notistack-MuiContent-error': { backgroundColor: '#c62828' },
};

/** The layout with the query client that the dashboard and every remote use. */
export function SignedInFrame() {
  useLiveChannel();
  // Once the live channel has joined its rooms, the queries on screen that were loaded before, or
  // are still loading (their answer may have been read before), load again: an order placed between
  // the page's first request and the join would otherwise be missed until the next announcement.
  // (Unchanged answers leave the screen as it is: structural sharing.)
  useEffect(
    () =>
      onLiveJoined(() => {
        const joinedAt = Date.now();
        void queryClient.invalidateQueries({
          predicate: (query) =>
            query.getObserversCount() > 0 && (query.state.fetchStatus === 'fetching' || (query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < joinedAt)),
        });
      }),
    [],
  );
  // What the user may do changed (a contract taken over or ended, roles, the rights matrix): the
  // record is read again, so locked features unlock or lock on the open page.
  useEffect(() => onLiveReauth(() => refreshSession()), []);
  // Another user signed in, or the rights grew: the remotes of the areas now open load.
  const permissions = useAuth()?.permissions;
  useEffect(() => remoteNavStore()?.refresh(), [permissions]);
  return (
    <QueryProvider>
      <GlobalStyles styles={toastColours} />
      <AppLayout />
    </QueryProvider>
  );
}

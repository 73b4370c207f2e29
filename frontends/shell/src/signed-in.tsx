// The signed-in part of the shell, loaded as one chunk after sign-in (see app.tsx).
import { useEffect } from 'react';
import { onLiveJoined, onLiveReauth, useAuth, useLiveChannel } from '@mediport/api-client';
import { remoteNavStore } from './features/federation/remote-nav';
import { refreshSession } from './features/session/components/session-refresh';
import { AppLayout } from './features/layout/components/app-layout';
import { QueryProvider, queryClient } from './query';

export { RemoteOutlet } from './features/federation/components/remote-route';

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
      <AppLayout />
    </QueryProvider>
  );
}

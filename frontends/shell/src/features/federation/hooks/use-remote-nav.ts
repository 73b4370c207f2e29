import { useSyncExternalStore } from 'react';
import { remoteNavStore, type RemoteNavState } from '../remote-nav';

const EMPTY: RemoteNavState = { settled: true, remotes: [] };
const noopSubscribe = () => () => undefined;
const emptyState = () => EMPTY;

/** The published navigation of the registered remotes; loading starts on first use. */
export function useRemoteNav(): RemoteNavState {
  const store = remoteNavStore();
  return useSyncExternalStore(store ? store.subscribe : noopSubscribe, store ? store.getState : emptyState);
}

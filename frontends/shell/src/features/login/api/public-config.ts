import { useEffect, useState } from 'react';
import type { PublicConfig } from '@mediport/contracts';
import { fetchConfig } from '@mediport/api-client';

export interface PublicConfigState {
  data: PublicConfig | undefined;
  /** The request has finished (answered or failed). */
  isFetched: boolean;
}

/**
 * GET /api/config for the login page (demo table, sign-on button), once per visit of the page.
 * Deliberately without TanStack Query, which the login page would otherwise load for it alone.
 */
export function usePublicConfig(): PublicConfigState {
  const [state, setState] = useState<PublicConfigState>({ data: undefined, isFetched: false });
  useEffect(() => {
    let live = true;
    fetchConfig().then(
      (data) => live && setState({ data, isFetched: true }),
      () => live && setState({ data: undefined, isFetched: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

import { useEffect, useReducer } from 'react';
import type { Loader } from '../loader';

/**
 * The loader's value once loaded (at once when it already is), else undefined while it loads; a
 * failed load is thrown to the nearest error boundary.
 */
export function useLoader<T>(loader: Loader<T>): T | undefined {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const state = loader.current;
  const waiting = state.status === 'idle' || state.status === 'loading';
  useEffect(() => {
    if (!waiting) return undefined;
    let live = true;
    const settle = () => {
      if (live) rerender();
    };
    loader.load().then(settle, settle);
    return () => {
      live = false;
    };
  }, [loader, waiting]);
  if (state.status === 'failed') throw state.error;
  return state.status === 'ok' ? state.value : undefined;
}

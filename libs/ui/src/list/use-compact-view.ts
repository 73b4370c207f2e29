import { useCallback, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SPEC_BREAKPOINTS } from './table-defaults.js';

/** localStorage key of a list's "Kompakte Ansicht" choice. */
export const compactViewKey = (list: string) => `mediport.compactView.${list}`;

function readStored(key: string): boolean | null {
  try {
    const value = window.localStorage.getItem(key);
    return value === '1' ? true : value === '0' ? false : null;
  } catch {
    return null;
  }
}

/**
 * Whether the list `list` shows compact rows ("Kompakte Ansicht"): the user's choice, remembered
 * in localStorage; until the user chose, compact on a desktop (from 1024 px), roomy below.
 * Answers the flag and its setter.
 */
export function useCompactView(list: string): [boolean, (compact: boolean) => void] {
  const key = compactViewKey(list);
  const desktop = useMediaQuery(`(min-width: ${SPEC_BREAKPOINTS.desktop}px)`);
  const [chosen, setChosen] = useState<boolean | null>(() => readStored(key));
  const set = useCallback(
    (compact: boolean) => {
      setChosen(compact);
      try {
        window.localStorage.setItem(key, compact ? '1' : '0');
      } catch {
        // Private mode without storage: the choice holds for this visit.
      }
    },
    [key],
  );
  return [chosen ?? desktop, set];
}

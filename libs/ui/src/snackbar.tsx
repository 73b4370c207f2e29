import type { ReactNode } from 'react';
import { SnackbarProvider, type SnackbarProviderProps } from 'notistack';

/** Toast settings of spec part 1 §9: top centre. */
export const SNACKBAR_SETTINGS: Pick<SnackbarProviderProps, 'anchorOrigin' | 'maxSnack' | 'autoHideDuration'> = {
  anchorOrigin: { vertical: 'top', horizontal: 'center' },
  maxSnack: 4,
  autoHideDuration: 5000,
};

/** notistack provider with the product's settings. */
export function AppSnackbarProvider({ children }: { children: ReactNode }) {
  return <SnackbarProvider {...SNACKBAR_SETTINGS}>{children}</SnackbarProvider>;
}

import type { ReactNode } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider, type SnackbarProviderProps } from 'notistack';

/** Toast settings: top centre. */
export const SNACKBAR_SETTINGS: Pick<SnackbarProviderProps, 'anchorOrigin' | 'maxSnack' | 'autoHideDuration'> = {
  anchorOrigin: { vertical: 'top', horizontal: 'center' },
  maxSnack: 4,
  autoHideDuration: 5000,
};

/** Class of the top-centre toast container (notistack's own class names it too). */
const TOAST_CONTAINER = 'mediport-toasts';

/**
 * Where the toasts sit: a toast of one line is 48 px high; notistack's dense mode wraps each in 2 px
 * (instead of 6 px). From the top at 6 px the first toast fills 8–56 px, inside the app bar (56 px,
 * 64 px from 600 px wide) over the bar's empty middle, and a second one ends by 110 px, where the
 * page header's title begins. notistack's own offset (20 px, 12 px between toasts) let the first hang
 * over the bar's lower edge and the second cover the title.
 */
/**
 * Toast colours with white text at a contrast of at least 4.5:1 (WCAG AA): notistack's own green,
 * blue and orange reach 3.3, 3.1 and 2.2.
 */
export const TOAST_COLOURS = { success: '#2e7d32', info: '#0277bd', warning: '#b45309', error: '#c62828' } as const;

const toastStyles = {
  [`.notistack-SnackbarContainer.${TOAST_CONTAINER}`]: { top: 6 },
  ...Object.fromEntries(Object.entries(TOAST_COLOURS).map(([variant, colour]) => [`.notistack-SnackbarContainer .notistack-MuiContent-${variant}`, { backgroundColor: colour, color: '#fff' }])),
};

/** notistack provider with the product's settings. */
export function AppSnackbarProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <GlobalStyles styles={toastStyles} />
      <SnackbarProvider {...SNACKBAR_SETTINGS} dense classes={{ containerAnchorOriginTopCenter: TOAST_CONTAINER }}>
        {children}
      </SnackbarProvider>
    </>
  );
}

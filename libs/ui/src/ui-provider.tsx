import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from './theme.js';
import { AppSnackbarProvider } from './snackbar.js';

/** Theme, baseline styles and the toast provider: wrap every app (shell, standalone remote pages) in it. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={appTheme}>
      <CssBaseline />
      <AppSnackbarProvider>{children}</AppSnackbarProvider>
    </ThemeProvider>
  );
}

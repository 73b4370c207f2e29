import { createTheme, type Theme } from '@mui/material/styles';

/** The product's theme colours. */
export const PRIMARY_COLOR = '#2a5d78';
export const SECONDARY_COLOR = '#f44336';
/**
 * The spec's red reaches only 3.7:1 against white, below WCAG AA's 4.5:1 for text. Text, buttons
 * and chips in the secondary colour therefore use this darker red of the same hue (5.6:1 on white,
 * 5.0:1 on the tinted rows); #f44336 stays as `secondary.light` for decoration (the logo's dot).
 */
export const SECONDARY_TEXT_COLOR = '#c62828';

/** The product's MUI theme (German UI, primary #2a5d78, secondary red: see SECONDARY_TEXT_COLOR). */
export function createAppTheme(): Theme {
  return createTheme({
    palette: {
      primary: { main: PRIMARY_COLOR },
      secondary: { main: SECONDARY_TEXT_COLOR, light: SECONDARY_COLOR },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: '"Roboto", "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 500 },
      h2: { fontSize: '1.4rem', fontWeight: 500 },
      h3: { fontSize: '1.2rem', fontWeight: 500 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    },
  });
}

export const appTheme = createAppTheme();

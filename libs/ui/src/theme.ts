import { createTheme, type Theme } from '@mui/material/styles';

/** Theme colours of spec part 1 §9. */
export const PRIMARY_COLOR = '#2a5d78';
export const SECONDARY_COLOR = '#f44336';

/** The product's MUI theme (German UI, primary #2a5d78, secondary #f44336). */
export function createAppTheme(): Theme {
  return createTheme({
    palette: {
      primary: { main: PRIMARY_COLOR },
      secondary: { main: SECONDARY_COLOR },
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

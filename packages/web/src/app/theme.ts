import { createTheme } from '@mui/material/styles';

/**
 * A calm harbour palette: deep navy for the chrome, a sea teal for actions, container orange
 * kept for warnings, on a light grey-blue page.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0f3b5f', light: '#3d6488', dark: '#082741', contrastText: '#ffffff' },
    secondary: { main: '#1f7a78', light: '#4fa3a0', dark: '#11524f', contrastText: '#ffffff' },
    warning: { main: '#d9822b', contrastText: '#1b1b1b' },
    error: { main: '#b3261e' },
    success: { main: '#2e7d4f' },
    info: { main: '#2f6fa3' },
    background: { default: '#f3f6f9', paper: '#ffffff' },
    text: { primary: '#17212b', secondary: '#4a5a6a' },
    divider: 'rgba(15, 59, 95, 0.12)',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: [
      'system-ui',
      '-apple-system',
      '"Segoe UI"',
      'Roboto',
      '"Helvetica Neue"',
      'Arial',
      'sans-serif',
    ].join(','),
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: {
      styleOverrides: { root: { backgroundImage: 'linear-gradient(90deg, #0f3b5f, #164a73)' } },
    },
    MuiCard: { styleOverrides: { root: { borderRadius: 12 } } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});

import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** The media query of a user who asked their system for less motion (WCAG 2.3.3). */
export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/**
 * A calm harbour palette: deep navy for the chrome, a sea teal for actions, container orange
 * kept for warnings, on a light grey-blue page.
 */
const options: ThemeOptions = {
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
    MuiCssBaseline: {
      styleOverrides: {
        // Keyframe animations (spinners, skeletons, progress bars) stop after their first frame
        // for a user who asked for less motion; their ending events still fire. Transitions are
        // off altogether: a short duration on every element, whose `transition-property` is
        // `all` unless a component sets its own, made every style change of any element a
        // transition of its own (about 3,400 in four journey files, each with its events and
        // an extra frame), and nothing in the portal waits for a transition's end.
        [`@media ${reducedMotionQuery}`]: {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionProperty: 'none !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
  },
};

export const theme = createTheme(options);

/**
 * The same theme for a user who prefers reduced motion: dialogs, menus, drawers and collapses
 * appear and go at once (their transitions last 0 ms), and buttons have no ripple.
 */
export const reducedMotionTheme = createTheme({
  ...options,
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: {
    ...options.components,
    MuiButtonBase: { defaultProps: { disableRipple: true } },
  },
});

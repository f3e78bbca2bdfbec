import { createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    /** Badges only: spec §001-2 wants EXPIRADA yellow, apart from the orange `warning`. */
    yellow: Palette['primary'];
  }
  interface PaletteOptions {
    yellow?: PaletteOptions['primary'];
  }
}

declare module '@mui/material/Chip' {
  interface ChipPropsColorOverrides {
    yellow: true;
  }
}

/**
 * Material Dashboard 2's look in MUI terms: its palette, its 1200/992 px breakpoints and its
 * gradients for the sidenav. Light and dark are two real MUI themes.
 */

export const SIDENAV_COLORS = ['primary', 'dark', 'info', 'success', 'warning', 'danger'] as const;
export type SidenavColor = (typeof SIDENAV_COLORS)[number];

export const SIDENAV_TYPES = ['dark', 'transparent', 'white'] as const;
export type SidenavType = (typeof SIDENAV_TYPES)[number];

interface Accent {
  main: string;
  gradient: string;
}

/**
 * Material Dashboard's accents, darkened where white text on them fell below 4.5:1 (WCAG 2.2
 * AA): the active sidenav entry and the card headers write white on both gradient stops.
 * theme.test.ts measures every pair.
 */
export const ACCENTS: Record<SidenavColor, Accent> = {
  primary: { main: '#D81B60', gradient: 'linear-gradient(195deg, #D81B60, #AD1457)' },
  dark: { main: '#344767', gradient: 'linear-gradient(195deg, #42424a, #191919)' },
  info: { main: '#1A73E8', gradient: 'linear-gradient(195deg, #1A73E8, #1662C4)' },
  success: { main: '#2E7D32', gradient: 'linear-gradient(195deg, #2E7D32, #1B5E20)' },
  warning: { main: '#A85000', gradient: 'linear-gradient(195deg, #B85C00, #A85000)' },
  danger: { main: '#D32F2F', gradient: 'linear-gradient(195deg, #D32F2F, #B71C1C)' },
};

const DARK_GRADIENT = ACCENTS.dark.gradient;

/** Background and text of the sidenav for a type, in the current mode. */
export function sidenavSurface(
  type: SidenavType,
  darkMode: boolean,
): { background: string; text: string } {
  if (type === 'transparent')
    return { background: 'transparent', text: darkMode ? '#fff' : '#344767' };
  if (type === 'white')
    return darkMode
      ? { background: '#202940', text: '#fff' }
      : { background: '#fff', text: '#344767' };
  return { background: darkMode ? '#1f283e' : DARK_GRADIENT, text: '#fff' };
}

export const SIDENAV_WIDTH = 250;
/** The sidenav floats with this margin around it, as in Material Dashboard. */
export const SIDENAV_GAP = 16;

/** Phones and tablets: a finger needs 44 px (WCAG 2.5.5, Apple's and Material's guidance). */
const COARSE_POINTER = '@media (pointer: coarse)';
const TOUCH_TARGET = 44;
const touchTarget = { [COARSE_POINTER]: { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET } };
/** Rows and text buttons keep their width: only their height grows. */
const touchHeight = { [COARSE_POINTER]: { minHeight: TOUCH_TARGET } };

export function buildTheme(darkMode: boolean): Theme {
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } },
    palette: darkMode
      ? {
          mode: 'dark',
          // MUI writes dark text on a colour where white would fall below AA's 4.5:1.
          contrastThreshold: 4.5,
          primary: { main: '#49a3f1' },
          secondary: { main: '#9ea3b8' },
          success: { main: '#66BB6A' },
          warning: { main: '#FFA726' },
          info: { main: '#4fc3f7' },
          // Dark text on it: 11.6:1.
          yellow: { main: '#FDD835', contrastText: '#1a2035' },
          error: { main: '#EF5350' },
          background: { default: '#1a2035', paper: '#202940' },
        }
      : {
          mode: 'light',
          contrastThreshold: 4.5,
          primary: { main: '#1A73E8' },
          // Material Dashboard's grey (#7b809a) gave 3.5:1 on the page: darkened to 4.8:1.
          secondary: { main: '#646a82' },
          success: { main: '#2E7D32' },
          warning: { main: '#A85000' },
          info: { main: '#0277BD' },
          // Dark text on it: 9.7:1; white would be 1.7:1.
          yellow: { main: '#FBC02D', contrastText: 'rgba(0, 0, 0, 0.87)' },
          error: { main: '#D32F2F' },
          background: { default: '#f0f2f5', paper: '#fff' },
          text: { primary: '#344767', secondary: '#646a82' },
        },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif',
      button: { textTransform: 'none', fontWeight: 700 },
    },
    components: {
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            borderRadius: 12,
            boxShadow: darkMode
              ? '0 2px 12px rgba(0,0,0,0.45)'
              : '0 4px 6px -1px rgba(0,0,0,0.1), 0 2px 4px -1px rgba(0,0,0,0.06)',
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: touchHeight },
      },
      MuiIconButton: { styleOverrides: { root: touchTarget } },
      MuiCheckbox: { styleOverrides: { root: touchTarget } },
      MuiSwitch: { styleOverrides: { switchBase: touchTarget } },
      MuiMenuItem: { styleOverrides: { root: touchHeight } },
      MuiToggleButton: { styleOverrides: { root: touchHeight } },
      MuiListItemButton: {
        styleOverrides: { root: touchHeight },
      },
      MuiCssBaseline: {
        styleOverrides: {
          // Dialogs, menus, toasts and charts appear at once for those who asked for less motion.
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
    },
  });
}

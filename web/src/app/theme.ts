import { createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    /** Badges only: spec 001 §2 wants EXPIRADA yellow, apart from the orange `warning`. */
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

export const ACCENTS: Record<SidenavColor, Accent> = {
  primary: { main: '#e91e63', gradient: 'linear-gradient(195deg, #EC407A, #D81B60)' },
  dark: { main: '#344767', gradient: 'linear-gradient(195deg, #42424a, #191919)' },
  info: { main: '#1A73E8', gradient: 'linear-gradient(195deg, #49a3f1, #1A73E8)' },
  success: { main: '#4CAF50', gradient: 'linear-gradient(195deg, #66BB6A, #43A047)' },
  warning: { main: '#fb8c00', gradient: 'linear-gradient(195deg, #FFA726, #FB8C00)' },
  danger: { main: '#F44335', gradient: 'linear-gradient(195deg, #EF5350, #E53935)' },
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

export function buildTheme(darkMode: boolean): Theme {
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } },
    palette: darkMode
      ? {
          mode: 'dark',
          primary: { main: '#49a3f1' },
          secondary: { main: '#7b809a' },
          success: { main: '#66BB6A' },
          warning: { main: '#FFA726' },
          // Dark text on it: 11.6:1.
          yellow: { main: '#FDD835', contrastText: '#1a2035' },
          error: { main: '#EF5350' },
          background: { default: '#1a2035', paper: '#202940' },
        }
      : {
          mode: 'light',
          primary: { main: '#1A73E8' },
          secondary: { main: '#7b809a' },
          success: { main: '#4CAF50' },
          warning: { main: '#fb8c00' },
          // Dark text on it: 9.7:1; white would be 1.7:1.
          yellow: { main: '#FBC02D', contrastText: 'rgba(0, 0, 0, 0.87)' },
          error: { main: '#F44335' },
          background: { default: '#f0f2f5', paper: '#fff' },
          text: { primary: '#344767', secondary: '#7b809a' },
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
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}

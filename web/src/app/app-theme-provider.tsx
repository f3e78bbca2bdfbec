import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useShellSettings } from './shell-settings';
import { buildTheme } from './theme';

export interface AppThemeProviderProps {
  children: ReactNode;
}

/** The MUI theme of the current mode (light or dark, from the shell settings). */
export function AppThemeProvider({ children }: AppThemeProviderProps) {
  const { darkMode } = useShellSettings();
  const theme = useMemo(() => buildTheme(darkMode), [darkMode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

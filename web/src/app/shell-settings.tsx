import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { SIDENAV_COLORS, SIDENAV_TYPES, type SidenavColor, type SidenavType } from './theme';

/** The user's interface choices ('Ajustes de Interfaz'), kept across reloads. */
export interface ShellSettings {
  sidenavColor: SidenavColor;
  sidenavType: SidenavType;
  darkMode: boolean;
}

export interface ShellSettingsValue extends ShellSettings {
  setSidenavColor: (color: SidenavColor) => void;
  setSidenavType: (type: SidenavType) => void;
  setDarkMode: (dark: boolean) => void;
}

const STORAGE_KEY = 'shell-settings';

/** Spec §000-9: the default accent colour is success. */
export const DEFAULT_SHELL_SETTINGS: ShellSettings = {
  sidenavColor: 'success',
  sidenavType: 'dark',
  darkMode: false,
};

function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

/** Whatever is stored (older shapes, hand edits) is checked field by field. */
function readSettings(): ShellSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<
      Record<keyof ShellSettings, unknown>
    >;
    return {
      sidenavColor: oneOf(SIDENAV_COLORS, stored.sidenavColor, DEFAULT_SHELL_SETTINGS.sidenavColor),
      sidenavType: oneOf(SIDENAV_TYPES, stored.sidenavType, DEFAULT_SHELL_SETTINGS.sidenavType),
      darkMode:
        typeof stored.darkMode === 'boolean' ? stored.darkMode : DEFAULT_SHELL_SETTINGS.darkMode,
    };
  } catch {
    return DEFAULT_SHELL_SETTINGS;
  }
}

const ShellSettingsContext = createContext<ShellSettingsValue | null>(null);

export interface ShellSettingsProviderProps {
  children: ReactNode;
}

export function ShellSettingsProvider({ children }: ShellSettingsProviderProps) {
  const [settings, setSettings] = useState(readSettings);

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
    // Code outside React (SweetAlert2 in lib/alerts) follows the mode through this mark.
    const root = document.documentElement;
    root.dataset.mode = settings.darkMode ? 'dark' : 'light';
    root.style.colorScheme = settings.darkMode ? 'dark' : 'light';
  }, [settings]);

  const update = useCallback(
    (patch: Partial<ShellSettings>) => setSettings((current) => ({ ...current, ...patch })),
    [],
  );

  const value = useMemo<ShellSettingsValue>(
    () => ({
      ...settings,
      setSidenavColor: (sidenavColor) => update({ sidenavColor }),
      setSidenavType: (sidenavType) => update({ sidenavType }),
      setDarkMode: (darkMode) => update({ darkMode }),
    }),
    [settings, update],
  );

  return <ShellSettingsContext value={value}>{children}</ShellSettingsContext>;
}

export function useShellSettings(): ShellSettingsValue {
  const value = useContext(ShellSettingsContext);
  if (!value) throw new Error('useShellSettings needs a ShellSettingsProvider above it');
  return value;
}

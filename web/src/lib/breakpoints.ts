import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * The spec's two breakpoints (spec §000-2, §000-9), in one place for the shell and every later
 * screen: at 1200 px and wider the sidenav is pinned and every sidenav type is offered; below 991
 * px tab pills stack vertically.
 */
export const BREAKPOINTS = {
  sidenavPinned: 1200,
  verticalTabs: 991,
} as const;

export const WIDE_SCREEN_QUERY = `(min-width:${BREAKPOINTS.sidenavPinned}px)`;
export const VERTICAL_TABS_QUERY = `(max-width:${BREAKPOINTS.verticalTabs - 0.02}px)`;

/** True on windows of 1200 px and more. Read synchronously so the first paint is right. */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
}

/** Orientation for MUI `Tabs`: vertical pills below 991 px. */
export function useTabsOrientation(): 'horizontal' | 'vertical' {
  return useMediaQuery(VERTICAL_TABS_QUERY, { noSsr: true }) ? 'vertical' : 'horizontal';
}

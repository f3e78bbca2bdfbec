import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Suspense, useMemo, useState, type ComponentType, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { useWideScreen } from '../../lib/breakpoints';
import { usePermissions } from '../../lib/use-profile';
import { useBrand } from '../brand';
import { Configurator } from '../configurator';
import { Footer } from '../footer';
import { Navbar } from '../navbar';
import { RequirePermission } from '../require-permission';
import { sidenavRows, useRouteName, useRoutePermission, type AppEntry } from '../route-entries';
import { Sidenav } from '../sidenav';
import { SIDENAV_GAP, SIDENAV_WIDTH } from '../theme';

const MAIN_ID = 'contenido';
export const SKIP_LINK_TEXT = 'Saltar al contenido';

/** The first stop of the keyboard: past the sidenav's twenty links to the screen itself. */
function SkipLink({ target }: { target: string }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        // The router would treat the hash as a navigation; focus is what the link is for.
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1.5,
        borderRadius: 2,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 700,
        boxShadow: 4,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {SKIP_LINK_TEXT}
    </Box>
  );
}

export interface DashboardLayoutProps {
  entries: readonly AppEntry[];
  /** The navbar's search box (see `NavbarProps.search`). */
  search?: ComponentType;
}

/** The signed-in shell: sidenav, top bar, the screen (lazy, so a spinner while it loads), footer. */
export function DashboardLayout({ entries, search }: DashboardLayoutProps) {
  // Entries the user's role may not use are hidden; until the profile answers, all of those.
  const { can } = usePermissions();
  const rows = useMemo(() => sidenavRows(entries, can), [entries, can]);
  const wide = useWideScreen();
  // Spec §000-2: pinned at start on wide windows, closed on narrow ones. A toggle holds only for
  // the width it was made at, so crossing 1200 px falls back to that default.
  const [toggled, setToggled] = useState<{ wide: boolean; open: boolean } | null>(null);
  const sidenavOpen = toggled?.wide === wide ? toggled.open : wide;
  const [configuratorOpen, setConfiguratorOpen] = useState(false);
  const name = useRouteName();
  const permission = useRoutePermission();
  const brand = useBrand();
  const docked = wide && sidenavOpen;

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <title>{`${name} | ${brand.name}`}</title>
      <SkipLink target={MAIN_ID} />
      <Sidenav
        rows={rows}
        wide={wide}
        open={sidenavOpen}
        onClose={() => setToggled({ wide, open: false })}
      />
      <Box
        sx={{
          ml: docked ? `${SIDENAV_WIDTH + 2 * SIDENAV_GAP}px` : 0,
          px: { xs: 2, sm: 3 },
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          transition: 'margin-left 200ms',
        }}
      >
        <Navbar
          sidenavOpen={sidenavOpen}
          onToggleSidenav={() => setToggled({ wide, open: !sidenavOpen })}
          onOpenConfigurator={() => setConfiguratorOpen(true)}
          search={search}
        />
        <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
          <Suspense fallback={<LinearProgress sx={{ mt: 3 }} />}>
            {/* A screen the role may not use gives way to 'Sin permiso' (decisions §roles). */}
            <RequirePermission permission={permission}>
              <Outlet />
            </RequirePermission>
          </Suspense>
        </Box>
        <Footer />
      </Box>
      <Configurator open={configuratorOpen} onClose={() => setConfiguratorOpen(false)} />
    </Box>
  );
}

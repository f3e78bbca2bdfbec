import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { GuestOnly, RequireSession } from './guards';
import { AuthLayout } from './layout/auth-layout';
import { NotFoundPage, RouteErrorPage } from './not-found-page';
import {
  routePermission,
  sessionAccess,
  type AppEntry,
  type RouteEntry,
  type RouteHandle,
  type SessionAccess,
} from './route-entries';

// The signed-in shell is a chunk of its own: the login page does not pay for it.
const DashboardLayout = lazy(() =>
  import('./layout/dashboard-layout').then((module) => ({ default: module.DashboardLayout })),
);

function PageLoader() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress />
    </Box>
  );
}

function toRouteObject({ path, name, screen: Screen, access }: RouteEntry): RouteObject {
  // The signed-in shell reads the permission from the handle and guards the screen with it.
  const handle: RouteHandle = { name, permission: routePermission(access) };
  return { path, element: <Screen />, handle };
}

/** Builds the router from the one routes array: each access level gets its guard and layout. */
export interface AppRouterOptions {
  /** The form a user with a generated password must fill before anything else. */
  passwordChange?: ComponentType;
  /** The navbar's search box of the signed-in shell (a feature's, so given from outside). */
  navbarSearch?: ComponentType;
}

export function createAppRouter(entries: readonly AppEntry[], options: AppRouterOptions = {}) {
  const routes = entries.filter((entry): entry is RouteEntry => entry.kind === 'route');
  const withAccess = (access: SessionAccess) =>
    routes.filter((entry) => sessionAccess(entry.access) === access).map(toRouteObject);

  return createBrowserRouter([
    {
      element: (
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      ),
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: <Navigate to="/login" replace /> },
        {
          element: (
            <GuestOnly>
              <AuthLayout />
            </GuestOnly>
          ),
          children: withAccess('guest'),
        },
        { element: <AuthLayout />, children: withAccess('public') },
        {
          element: (
            <RequireSession passwordChange={options.passwordChange}>
              <DashboardLayout entries={entries} search={options.navbarSearch} />
            </RequireSession>
          ),
          children: withAccess('private'),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

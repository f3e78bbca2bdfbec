import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useBrand } from '../brand';
import { useRouteName } from '../route-entries';

/** Full-page frame of the screens used without a session: Login, sign-up, password flows. */
export function AuthLayout() {
  const name = useRouteName();
  const brand = useBrand();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background:
          'radial-gradient(circle at 20% 20%, rgba(73,163,241,0.35), transparent 45%), linear-gradient(195deg, #42424a, #191919)',
      }}
    >
      <title>{`${name} | ${brand.name}`}</title>
      <Suspense fallback={<CircularProgress sx={{ color: '#fff' }} />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

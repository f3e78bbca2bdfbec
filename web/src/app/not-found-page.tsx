import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, useRouteError } from 'react-router';

export const NOT_FOUND_TEXTS = {
  title: 'Página no encontrada',
  back: 'Volver al inicio',
} as const;

export const ROUTE_ERROR_TEXTS = {
  title: '¡Ups, algo salió mal!',
  reload: 'Recargar',
} as const;

function Centered({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}

/** Any address outside the route table. '/' leads to Login, or on to the dashboard. */
export function NotFoundPage() {
  return (
    <Centered>
      <title>{NOT_FOUND_TEXTS.title}</title>
      <Typography variant="h2" component="p" sx={{ fontWeight: 700, color: 'text.secondary' }}>
        404
      </Typography>
      <Typography variant="h4" component="h1">
        {NOT_FOUND_TEXTS.title}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {NOT_FOUND_TEXTS.back}
      </Button>
    </Centered>
  );
}

/** A screen that failed to render or to load (a stale chunk after a deploy, for instance). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <Centered>
      <Typography variant="h4" component="h1">
        {ROUTE_ERROR_TEXTS.title}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {ROUTE_ERROR_TEXTS.reload}
      </Button>
    </Centered>
  );
}

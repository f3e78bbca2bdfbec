import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLoggedIn } from '../lib/session';
import { homePath, useProfile } from '../lib/use-profile';
import { useSession } from '../lib/use-session';

export interface GuardProps {
  children: ReactNode;
}

export interface RequireSessionProps extends GuardProps {
  /** What a user who must still change a generated password sees instead (issue 28 §1). */
  passwordChange?: ComponentType;
}

/**
 * Without a session, screens other than the sign-in and password ones send to /login. A user
 * who must change the password sees only that form (the server refuses everything else).
 */
export function RequireSession({ children, passwordChange: PasswordChange }: RequireSessionProps) {
  const loggedIn = useLoggedIn();
  const session = useSession();
  if (!loggedIn) return <Navigate to="/login" replace />;
  if (PasswordChange && session.isPending) return <PageCentre />;
  if (PasswordChange && session.data?.debe_cambiar_clave) {
    return (
      <PageCentre>
        <Suspense fallback={<CircularProgress />}>
          <PasswordChange />
        </Suspense>
      </PageCentre>
    );
  }
  return children;
}

function PageCentre({ children }: { children?: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      {children ?? <CircularProgress />}
    </Box>
  );
}

/**
 * Login is for visitors: a signed-in user (the one who just signed in, too) goes on to their
 * home page, once their profile says which.
 */
export function GuestOnly({ children }: GuardProps) {
  const loggedIn = useLoggedIn();
  if (loggedIn) return <GoHome />;
  return children;
}

function GoHome() {
  const profile = useProfile();
  if (profile.isPending) return null;
  return <Navigate to={homePath(profile.data)} replace />;
}

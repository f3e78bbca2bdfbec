import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLoggedIn } from '../lib/session';
import { homePath, useProfile } from '../lib/use-profile';

export interface GuardProps {
  children: ReactNode;
}

/** Without a session, screens other than the sign-in and password ones send to /login. */
export function RequireSession({ children }: GuardProps) {
  const loggedIn = useLoggedIn();
  if (!loggedIn) return <Navigate to="/login" replace />;
  return children;
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

import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLoggedIn } from '../lib/session';

export interface GuardProps {
  children: ReactNode;
}

/** Without a session, screens other than the sign-in and password ones send to /login. */
export function RequireSession({ children }: GuardProps) {
  const loggedIn = useLoggedIn();
  if (!loggedIn) return <Navigate to="/login" replace />;
  return children;
}

/** Login is for visitors: a signed-in user goes on to the dashboard. */
export function GuestOnly({ children }: GuardProps) {
  const loggedIn = useLoggedIn();
  if (loggedIn) return <Navigate to="/dashboard" replace />;
  return children;
}

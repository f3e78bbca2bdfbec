import { ACCOUNT_ENDPOINTS, type Permission, type Profile } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { call, queryKey } from './api';
import { useLoggedIn } from './session';

/**
 * The signed-in user's profile (GET /api/profile): name, picture, role and permissions. One
 * cache entry that the profile screen, the shell and every screen asking `usePermissions` share;
 * signing out clears it with the rest of the cache (main.tsx), so the next user fetches their own.
 */
export const PROFILE_QUERY_KEY = queryKey(ACCOUNT_ENDPOINTS.profile);

/**
 * Where signing in takes the user (decisions §home-page): the Agenda when their profile chose it
 * and their role may see it; else a groomer's own day, 'Mi día' (issue 30 §5: their visits, no
 * money, one tap to attend them; the route is web/src/routes.tsx's '/mi-dia'); else the Dashboard.
 */
export function homePath(profile: Profile | undefined): string {
  if (profile?.inicio === 'agenda' && profile.permisos.includes('agenda.leer')) return '/agenda';
  if (profile?.rol === 'groomer' && profile.permisos.includes('agenda.atender')) return '/mi-dia';
  return '/dashboard';
}

/** Fetched only while a credential is stored, like the session (use-session.ts). */
export function useProfile() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => call(ACCOUNT_ENDPOINTS.profile, { signal }),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  });
}

export interface Permissions {
  /** False until the profile answers; meanwhile `can` answers false to everything. */
  ready: boolean;
  /** The profile could not be loaded (not a refusal: every signed-in user has one). */
  failed: boolean;
  /** Whether the user's role allows `permission` (decisions §roles), as the server listed it. */
  can(permission: Permission): boolean;
}

/**
 * The one place the web reads what the signed-in user may do. The server enforces every rule;
 * this only hides what would be refused. While the profile loads nothing needing a permission
 * shows.
 */
export function usePermissions(): Permissions {
  const { data, isError } = useProfile();
  const granted = useMemo(() => new Set<string>(data?.permisos ?? []), [data]);
  const can = useCallback((permission: Permission) => granted.has(permission), [granted]);
  return useMemo(
    () => ({ ready: data !== undefined, failed: isError && data === undefined, can }),
    [data, isError, can],
  );
}

import type { SessionUser } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useLoggedIn } from './session';

export const SESSION_QUERY_KEY = ['me'] as const;

/** The signed-in user (GET /api/me), fetched only while a credential is stored. */
export function useSession() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => api.get<SessionUser>('/me', undefined, { signal }),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  });
}

import { AUTH_ENDPOINTS } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from './api';
import { useLoggedIn } from './session';

export const SESSION_QUERY_KEY = queryKey(AUTH_ENDPOINTS.me);

/** The signed-in user (GET /api/me), fetched only while a credential is stored. */
export function useSession() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => call(AUTH_ENDPOINTS.me, { signal }),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  });
}

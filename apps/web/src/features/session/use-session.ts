import { useQuery } from '@tanstack/react-query';
import type { TUser } from '@cupido/shared/accounts';
import { request } from '../../api/client';

export interface Session {
  loggedIn: boolean;
  /** The logged-in member (spec section 3), null for a visitor or while loading. */
  user: TUser | null;
  /** 'loading' until the first GET /api/user.php has answered. */
  status: 'loading' | 'ready';
}

/** The cache entry of GET /api/user.php: the member, or null for a visitor. */
export const SESSION_QUERY_KEY = ['session'] as const;

/** Spec sections 7 and 9: the logged-in user is refreshed every 60 s, the first time after 5 s. */
export const SESSION_FIRST_REFRESH_MS = 5_000;
export const SESSION_REFRESH_MS = 60_000;

export async function fetchSessionUser(): Promise<TUser | null> {
  return (await request<{ user: TUser | null }>('/api/user.php')).user;
}

/** Only a member's session is polled; a visitor has nothing to refresh. */
function refreshInterval(query: { state: { data: TUser | null | undefined; dataUpdateCount: number } }): number | false {
  if (!query.state.data) return false;
  return query.state.dataUpdateCount <= 1 ? SESSION_FIRST_REFRESH_MS : SESSION_REFRESH_MS;
}

export const sessionQueryOptions = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchSessionUser,
  staleTime: SESSION_FIRST_REFRESH_MS,
  refetchInterval: refreshInterval,
};

/** The session: login, signup and logout write the cache (SESSION_QUERY_KEY) directly. */
export function useSession(): Session {
  const { data, isPending } = useQuery(sessionQueryOptions);
  const user = data ?? null;
  return { loggedIn: !!user, user, status: isPending ? 'loading' : 'ready' };
}

import { useQuery } from '@tanstack/react-query';
import type { TUser } from '@cupido/shared/contracts/accounts';
import { request } from '../../api/client';

export interface Session {
  loggedIn: boolean;
  /** The logged-in member (spec section 3), null for a visitor or while loading. */
  user: TUser | null;
  /** 'loading' until the first GET /api/user.php has answered. */
  status: 'loading' | 'ready';
  /**
   * While loading: the server saw a session cookie when it sent the page (its member-expected
   * meta, decision 045), so the frame is drawn as a member's and does not jump when the answer
   * comes. Only a guess; false once the call has answered.
   */
  memberExpected: boolean;
}

const memberExpectedByPage = () => document.querySelector('meta[name="member-expected"]') !== null;

/** The cache entry of GET /api/user.php: the member, or null for a visitor. */
export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * Spec sections 7 and 9: the logged-in user, chats and likes are refreshed every 60 s (300 s when
 * push is subscribed), the first time after 5 s.
 */
export const SESSION_FIRST_REFRESH_MS = 5_000;
export const SESSION_REFRESH_MS = 60_000;
export const SESSION_REFRESH_WITH_PUSH_MS = 300_000;
/** The refresh in force: features/web-push (a lazy chunk) sets it while this browser gets the member's pushes. */
export const memberRefresh = { ms: SESSION_REFRESH_MS };

export async function fetchSessionUser(): Promise<TUser | null> {
  return (await request<{ user: TUser | null }>('/api/user.php')).user;
}

/** The refetchInterval of the member's session, chats and likes queries: 5 s after the first answer, then memberRefresh.ms. */
export function memberRefreshInterval(query: { state: { dataUpdateCount: number } }): number {
  return query.state.dataUpdateCount <= 1 ? SESSION_FIRST_REFRESH_MS : memberRefresh.ms;
}

/** Only a member's session is polled; a visitor has nothing to refresh. */
function refreshInterval(query: { state: { data: TUser | null | undefined; dataUpdateCount: number } }): number | false {
  return query.state.data ? memberRefreshInterval(query) : false;
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
  return { loggedIn: !!user, user, status: isPending ? 'loading' : 'ready', memberExpected: isPending && memberExpectedByPage() };
}

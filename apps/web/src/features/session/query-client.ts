import { MutationCache, QueryCache, QueryClient, timeoutManager, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { createCoalescedTimers } from './coalesced-timers';
import { SESSION_QUERY_KEY } from './use-session';

/**
 * Spec sections 4 and 8: a 403 authentication_required from any call but user.php means the
 * session ended elsewhere (expired, password changed on another device): log out silently.
 */
export function isAuthenticationRequired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    error.code === 'authentication_required' &&
    !error.path?.startsWith('/api/user.php')
  );
}

let timersBatched = false;

/**
 * The app's QueryClient: every query and mutation error passes the silent-logout check, and the
 * cache's timers are batched (coalesced-timers.ts). The timer provider is set once per page,
 * before the first client: a provider cannot clear another one's timers.
 */
export function createAppQueryClient(defaultOptions: DefaultOptions = {}): QueryClient {
  if (!timersBatched) {
    timeoutManager.setTimeoutProvider(createCoalescedTimers());
    timersBatched = true;
  }
  const logOutSilently = (error: unknown) => {
    if (isAuthenticationRequired(error)) client.setQueryData(SESSION_QUERY_KEY, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: logOutSilently }),
    mutationCache: new MutationCache({ onError: logOutSilently }),
    defaultOptions,
  });
  return client;
}

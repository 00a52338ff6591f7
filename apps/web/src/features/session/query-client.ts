import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
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

/** The app's QueryClient: every query and mutation error passes the silent-logout check. */
export function createAppQueryClient(defaultOptions: DefaultOptions = {}): QueryClient {
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

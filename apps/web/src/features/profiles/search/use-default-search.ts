import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../session/use-session';
import { sessionSeeking } from '../../session-seeking/session-seeking';
import { useOwnProfile } from '../profile-calls';
import type { SearchField } from '../profile-limits';
import { defaultFilters, hasExplicitSearch, withDefaultSearch } from './search-defaults';
import { EMPTY_FILTERS } from './search-params';

/**
 * Applies a member's default search when the URL holds none (decision 013): the own profile
 * gives the preferences, the URL is replaced (no extra history entry) and the search runs from
 * there. True while the defaults are still being applied: nothing is searched meanwhile, so the
 * unfiltered search never goes out first. A profile that cannot be read searches everyone.
 */
export function useDefaultSearch(offered: readonly SearchField[]): boolean {
  const { loggedIn, user } = useSession();
  const userId = user?.id;
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const needed = loggedIn && !hasExplicitSearch(params);
  const own = useOwnProfile(needed);

  useEffect(() => {
    if (!needed || (!own.data && !own.error)) return;
    const filters = own.data ? defaultFilters(own.data, offered, sessionSeeking(userId)) : EMPTY_FILTERS;
    // The page's notices (location.state) stay with the replaced URL.
    setParams(withDefaultSearch(params, filters), { replace: true, state: location.state });
  }, [needed, own.data, own.error, offered, params, setParams, location.state, userId]);

  return needed;
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { isLoggedOutSearchVisible } from '@cupido/shared/rules/site-shell';
import { PageFallback } from '../../ui/page-fallback';
import { searchTrackingQuery } from '../tracking/tracking';
import { useSettings } from '../site/use-settings';
import { useSession } from './use-session';

/** Where a logged-out visitor of a members-area path is sent: /login?redirect=<path>. */
export function loginRedirectPath(pathWithQuery: string): string {
  return `${routePath('login')}?${new URLSearchParams({ redirect: pathWithQuery }).toString()}`;
}

/** Members-area routes: logged-out visitors log in first and come back (spec: redirect default login). */
export function RequireMember() {
  const { status, loggedIn } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageFallback />;
  if (!loggedIn) return <Navigate to={loginRedirectPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/**
 * Search and profile pages: members always; visitors only where spec section 4 allows logged-out
 * search (the site's logged_out_search, or its traffic-source setting and a known traffic
 * source, as search.php and member.php check it). Other visitors log in first.
 */
export function RequireSearchAccess() {
  const { status, loggedIn } = useSession();
  const settings = useSettings();
  const location = useLocation();
  if (status === 'loading') return <PageFallback />;
  const visible = isLoggedOutSearchVisible({
    loggedIn,
    loggedOutSearch: settings.logged_out_search,
    loggedOutSearchTrafficSource: settings.logged_out_search_trafficsource,
    hasTrafficSource: Object.keys(searchTrackingQuery()).length > 0,
  });
  if (!visible) return <Navigate to={loginRedirectPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}

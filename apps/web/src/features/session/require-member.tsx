import { Navigate, Outlet, useLocation } from 'react-router';
import { routePath } from '@cupido/shared/routes';
import { PageFallback } from '../../app/layouts/page-fallback';
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

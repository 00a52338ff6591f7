import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { SiteFooter } from '../../features/navigation/site-footer';
import { useSettings } from '../../features/site/use-settings';
import { PageFallback } from './page-fallback';

/** Landing pages: only a logo bar and the footer around the lander. */
export function LanderLayout() {
  const settings = useSettings();
  return (
    <div className="d-flex flex-column min-vh-100">
      <header className="py-2 border-bottom bg-body">
        <div className="container">
          <Link to="/" className="navbar-brand fw-bold text-primary">
            {settings.logo_text || settings.name}
          </Link>
        </div>
      </header>
      <main id="main-content" className="page-main flex-grow-1" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { lazyWithReload } from '../../platform/chunk-reload';
import { useDisclosure } from '../../ui/use-disclosure';
import { useSettings } from '../site/use-settings';
import { useSession } from '../session/use-session';
import { LocaleDropdown } from '../locale/locale-dropdown';
import { isInstalledApp } from '../installable-app/installed-app';

// Members' links, badges and account dropdown: a chunk that visitors never download.
const MemberNavigation = lazyWithReload(() => import('./member-navigation'));
// The installed app's Back button (issue 30): a chunk that a browser tab never downloads.
const BackButton = lazyWithReload(() => import('../installable-app/back-button'));

/**
 * Top bar (spec section 2, Navigation): logo, then the member links or, for visitors, locale and Login.
 * Plain Bootstrap navbar markup: it is on every first screen, so it carries no react-bootstrap.
 */
export function TopNavigation() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { loggedIn, user, status, memberExpected } = useSession();
  const collapse = useDisclosure<HTMLElement>();
  const { pathname } = useLocation();
  const { close } = collapse;
  const [installedApp] = useState(isInstalledApp);
  // On a phone the opened menu folds away once a link has taken the visitor elsewhere.
  useEffect(() => close(), [pathname, close]);

  return (
    <nav className="navbar navbar-expand-md bg-body border-bottom" aria-label={t('navigation.label')} {...collapse.rootProps}>
      <div className="container">
        {installedApp && (
          <Suspense fallback={null}>
            <BackButton />
          </Suspense>
        )}
        <Link to={routePath(loggedIn ? 'members' : 'index')} className="navbar-brand fw-bold text-primary">
          {settings.logo_text || settings.name}
        </Link>
        {user ? (
          // A member's places are in view at every width (a bottom tab bar on a phone), so there is no menu to fold.
          <div id="main-navigation" className="d-flex flex-grow-1 align-items-center">
            <Suspense fallback={null}>
              <MemberNavigation user={user} />
            </Suspense>
          </div>
        ) : memberExpected ? (
          // The members' place, kept while the session call is out, so the bar keeps its shape (decision 045).
          <div id="main-navigation" className="d-flex flex-grow-1 align-items-center" />
        ) : (
          <>
            <button
              className={`navbar-toggler${collapse.open ? '' : ' collapsed'}`}
              aria-label={t('navigation.toggle')}
              {...collapse.toggleProps}
              aria-controls="main-navigation"
            >
              <span className="navbar-toggler-icon" />
            </button>
            <div id="main-navigation" className={`navbar-collapse collapse${collapse.open ? ' show' : ''}`}>
              <div className="navbar-nav ms-auto align-items-md-center gap-2 py-2 py-md-0">
                <LocaleDropdown />
                {/* Spec: the logged-out Login button leads to members (which asks to log in). */}
                {status === 'ready' && (
                  <Link id="login-link" to={routePath('members')} className="btn btn-primary">
                    {t('navigation.login')}
                  </Link>
                )}
              </div>
            </div>
          </>
        )}
      </div>
    </nav>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { EntryWarningModal } from '../entry-warning/entry-warning-modal';
import { LocaleDropdown } from '../locale/locale-dropdown';
import { FictionalBadge } from '../navigation/fictional-badge';
import { Disclaimers } from '../navigation/disclaimers';
import { SiteFooter } from '../navigation/site-footer';
import { WarningsHeader } from '../navigation/warnings-header';
import { useSettings } from '../site/use-settings';
import { LANDERS_NS } from './landers-texts';

/**
 * The lander layout (spec section 2: logo bar and footer). No navigation to lead the visitor
 * away: the brand, the language and a way to log in; below the page the 18+ and fictional-profile
 * notices, the company and the footer's links (terms, privacy, complaints...).
 */
export function LanderLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className="lander d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable skip-link" href="#main-content">
        {t('navigation.skipToContent')}
      </a>
      <WarningsHeader />
      <header className="lander-logo-bar border-bottom bg-body">
        <div className="container d-flex align-items-center gap-2 py-2">
          <Link to={routePath('index')} className="navbar-brand fw-bold text-primary me-auto">
            {settings.logo_text || settings.name}
          </Link>
          <LocaleDropdown />
          <Link id="lander-login" to={routePath('members')} className="btn btn-outline-primary btn-sm">
            {t('navigation.login')}
          </Link>
        </div>
      </header>
      <main id="main-content" className="flex-grow-1" tabIndex={-1}>
        {children}
      </main>
      <Disclaimers />
      <SiteFooter />
      <EntryWarningModal />
    </div>
  );
}

/**
 * The empty layout (spec section 2: the signup modal alone): nothing but the page, which ends in
 * the signup modal, and one line with the terms and privacy links. The entry warning still comes
 * first for a visitor, as everywhere.
 */
export function EmptyLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(LANDERS_NS);
  const { t: tc } = useTranslation();
  const settings = useSettings();
  return (
    <div className="lander lander--empty d-flex flex-column min-vh-100">
      <main id="main-content" className="flex-grow-1 d-flex flex-column" tabIndex={-1}>
        {children}
      </main>
      <footer className="lander-empty-footer small text-center py-3 px-2">
        {/* The fictional-profile mark explained, as the other layouts' disclaimers do. */}
        <p className="mb-1">
          <FictionalBadge plural />{' '}
          {tc('disclaimers.fictional', { icon: settings.fictional_icon, fictionalPlural: settings.fictional_plural })}
        </p>
        <span>
          © {new Date().getFullYear()} {settings.name}
        </span>
        {' · '}
        <Link to={routePath('pages-terms')}>{t('terms')}</Link>
        {' · '}
        <Link to={routePath('pages-privacy')}>{t('privacy')}</Link>
      </footer>
      <EntryWarningModal />
    </div>
  );
}

import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopNavigation } from '../../features/navigation/top-navigation';
import { WarningsHeader } from '../../features/navigation/warnings-header';
import { SiteFooter } from '../../features/navigation/site-footer';
import { Disclaimers } from '../../features/navigation/disclaimers';
import { EntryWarningModal } from '../../features/entry-warning/entry-warning-modal';
import { SignupLauncher } from '../../features/accounts/signup-launcher';
import { MemberNotices } from '../../features/accounts/member-notices';
import { NotificationsDisabledNotice } from '../../features/notification-settings/notifications-disabled-notice';
import { TimeBonusLauncher } from '../../features/time-bonus/time-bonus-launcher';
import { PageFallback } from '../../ui/page-fallback';

/** Spec section 2: top navigation, warnings header, footer, disclaimers, entry warning, signup modal. */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SignupLauncher>
      <div className="d-flex flex-column min-vh-100">
        <a className="visually-hidden-focusable skip-link" href="#main-content">
          {t('navigation.skipToContent')}
        </a>
        <WarningsHeader />
        <TopNavigation />
        <main id="main-content" className="page-main flex-grow-1" tabIndex={-1}>
          <Suspense fallback={<PageFallback />}>
            <MemberNotices />
            <NotificationsDisabledNotice />
            {/* A page outside the route tree in this layout (an unknown lander's 404 page) comes as children. */}
            {children ?? <Outlet />}
          </Suspense>
        </main>
        <Disclaimers />
        <SiteFooter />
        {/* The welcome time bonus (issue 14): a few hundred bytes here, its own chunk for new members only; its bar is fixed at the bottom, its spacer comes last. */}
        <TimeBonusLauncher />
        <EntryWarningModal />
      </div>
    </SignupLauncher>
  );
}

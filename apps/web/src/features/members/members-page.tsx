import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { useSettings } from '../site/use-settings';
import { usePageTitle } from '../page-title/use-page-title';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts/accounts-texts';
import { PASSWORD_RESET_NOTICE } from '../accounts/notices';
import { SignupLink } from '../accounts/signup-launcher';
import { PROFILES_NS, ProfilesTexts } from '../profiles/profiles-texts';
import { MembersSearch } from '../profiles/search/members-search';
import { useSession } from '../session/use-session';
import { MatchingLinks } from '../matching/matching-links';
import { InstallOfferLauncher } from '../installable-app/install-offer-launcher';
import { PushOfferLauncher } from '../web-push/push-offer';
import '../profiles/profiles.scss';

/**
 * /members: member search, also the post-login landing (home). Visitors see it only where the
 * site allows logged-out search (the route's guard); the activation reminder comes from the layout.
 */
export default function MembersPage() {
  return (
    <AccountsTexts>
      <ProfilesTexts>
        <Members />
      </ProfilesTexts>
    </AccountsTexts>
  );
}

function VisitorInvitation() {
  const { t } = useTranslation(PROFILES_NS);
  const { t: ta } = useTranslation(ACCOUNTS_NS);
  return (
    <div id="members-visitor" className="alert alert-light border d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{t('search.visitorText')}</span>
      <SignupLink id="members-signup" className="btn btn-primary btn-sm">
        {ta('common.signUp')}
      </SignupLink>
      <Link id="members-login" to={routePath('login')} className="btn btn-outline-primary btn-sm">
        {ta('common.logIn')}
      </Link>
    </div>
  );
}

function Members() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('members.title'), t('members.description', { site: useSettings().name }));
  const { user } = useSession();
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { notice?: string } | null };

  return (
    <section className="container py-4">
      <h1 className="h3 mb-4">{t('members.title')}</h1>
      {user && params.get('reactivated') === '1' && (
        <div id="reactivated-alert" className="alert alert-success" role="status">
          {t('members.reactivated')}
        </div>
      )}
      {user && state?.notice === PASSWORD_RESET_NOTICE && (
        <div id="password-reset-alert" className="alert alert-success" role="status">
          {t('resetPasswordDo.done')}
        </div>
      )}
      {!user && <VisitorInvitation />}
      {user && <MatchingLinks />}
      {/* One offer at a time: push first (it brings members back), else installing the app. */}
      {user && <PushOfferLauncher otherwise={<InstallOfferLauncher />} />}
      <MembersSearch />
    </section>
  );
}

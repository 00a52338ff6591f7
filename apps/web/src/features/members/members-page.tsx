import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { routePath } from '@cupido/shared/routes';
import { usePageTitle } from '../../app/document-title';
import { MemberAvatar } from '../../ui/member-avatar';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts/accounts-texts';
import { PASSWORD_RESET_NOTICE } from '../accounts/notices';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';

/**
 * /members, the post-login landing (home). The search itself arrives with the search issue; for
 * now the heading, the notices of the way here and a welcome. The activation reminder comes
 * from the layout.
 */
export default function MembersPage() {
  return (
    <AccountsTexts>
      <Members />
    </AccountsTexts>
  );
}

function Members() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('members.title'));
  const settings = useSettings();
  const { user } = useSession();
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { notice?: string } | null };
  if (!user) return null; // the members-area guard sends visitors to /login

  return (
    <section className="container py-4">
      <h1 className="h3 mb-4">{t('members.title')}</h1>
      {params.get('reactivated') === '1' && (
        <div id="reactivated-alert" className="alert alert-success" role="status">
          {t('members.reactivated')}
        </div>
      )}
      {state?.notice === PASSWORD_RESET_NOTICE && (
        <div id="password-reset-alert" className="alert alert-success" role="status">
          {t('resetPasswordDo.done')}
        </div>
      )}
      <div id="members-welcome" className="card shadow-sm">
        <div className="card-body d-flex gap-3 align-items-center">
          <MemberAvatar profile={user.profile} cdnPrefix={settings.cdn_prefix} size={56} />
          <div>
            <h2 className="h5 mb-1">{t('members.welcome', { name: user.profile.name })}</h2>
            <p className="mb-2 text-body-secondary">{t('members.welcomeText')}</p>
            <Link to={routePath('notifications')} className="btn btn-outline-primary btn-sm">
              {t('members.toSettings')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

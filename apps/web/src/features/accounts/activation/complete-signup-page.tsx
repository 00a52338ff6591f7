import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../../page-title/use-page-title';
import { useSession } from '../../session/use-session';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { ChangeEmailForm } from '../email/change-email-form';
import { ResendActivation } from './resend-activation';

/** /complete-signup: check your inbox, send the link again, or fix a mistyped address. */
export default function CompleteSignupPage() {
  return (
    <AccountsTexts>
      <CompleteSignup />
    </AccountsTexts>
  );
}

function CompleteSignup() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('completeSignup.title'));
  const { user } = useSession();
  if (!user) return null; // the members-area guard sends visitors to /login

  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('completeSignup.title')}</h1>
      {user.status === 'active' ? (
        <div id="complete-signup-confirmed" className="alert alert-success" role="status">
          <p className="mb-2">{t('completeSignup.alreadyConfirmed')}</p>
          <Link to={routePath('members')} className="btn btn-primary btn-sm">
            {t('common.searchMembers')}
          </Link>
        </div>
      ) : (
        <>
          <p className="lead">{t('completeSignup.text', { email: user.email })}</p>
          <p>{t('completeSignup.noMail')}</p>
          <p>
            <ResendActivation id="complete-signup-resend" email={user.email} className="btn btn-primary" />
          </p>
          <h2 className="h5 mt-4">{t('completeSignup.wrongAddress')}</h2>
          {user.pending_email ? (
            <p id="complete-signup-pending" className="alert alert-info">
              {t('settings.email.pending', { email: user.pending_email })}
            </p>
          ) : (
            <p>{t('completeSignup.wrongAddressText')}</p>
          )}
          <ChangeEmailForm id="complete-signup-change-email" submitLabel={t('completeSignup.changeSubmit')} />
        </>
      )}
    </section>
  );
}

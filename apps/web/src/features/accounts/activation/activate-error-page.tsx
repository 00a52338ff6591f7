import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REACTIVATION_WINDOW_DAYS } from '@cupido/shared/rules/constants';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../../page-title/use-page-title';
import { useLocale } from '../../locale/use-locale';
import { useSession } from '../../session/use-session';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { useSendReactivationMail } from '../account-calls';
import { EmailForm } from '../form/email-form';
import { ResendActivation } from './resend-activation';

/**
 * /activate/error: an expired or unknown activation link, ?reason=already_active for a used link
 * of an active account, ?reason=reactivation for a reactivation link, ?reason=other_account
 * (&action=activation|reactivation) for a link that worked while another member is logged in here.
 */
export default function ActivateErrorPage() {
  return (
    <AccountsTexts>
      <ActivateError />
    </AccountsTexts>
  );
}

function ActivateError() {
  const [params] = useSearchParams();
  const reason = params.get('reason');
  if (reason === 'reactivation') return <ReactivationExpired />;
  if (reason === 'already_active') return <AlreadyActive />;
  if (reason === 'other_account') return <OtherAccount reactivated={params.get('action') === 'reactivation'} />;
  return <ActivationExpired />;
}

/** A used link of an account that is active: nothing is wrong, so no 'expired' and no resend. */
function AlreadyActive() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('activateError.alreadyActiveTitle'));
  const { user } = useSession();
  return (
    <section id="activate-already-active" className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('activateError.alreadyActiveTitle')}</h1>
      <p>{t('activateError.alreadyActiveText')}</p>
      {user ? (
        <Link id="activate-error-members" to={routePath('members')} className="btn btn-primary">
          {t('common.searchMembers')}
        </Link>
      ) : (
        <>
          <p>{t('activateError.alreadyActiveLogin')}</p>
          <Link id="activate-error-login" to={routePath('login')} className="btn btn-primary">
            {t('common.logIn')}
          </Link>
        </>
      )}
    </section>
  );
}

/**
 * The link did its own job for its account, but someone else is logged in here, and a link never
 * replaces their session (decision 023): say so, and how to use the other account.
 */
function OtherAccount({ reactivated }: { reactivated: boolean }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('activateError.otherAccountTitle'));
  const { user } = useSession();
  return (
    <section id="activate-other-account" className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('activateError.otherAccountTitle')}</h1>
      <p>{t(reactivated ? 'activateError.otherAccountReactivated' : 'activateError.otherAccountActivated')}</p>
      {user && <p>{t('activateError.otherAccountStay', { email: user.email })}</p>}
      <Link id="activate-error-members" to={routePath('members')} className="btn btn-primary">
        {t('common.searchMembers')}
      </Link>
    </section>
  );
}

function ActivationExpired() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('activateError.title'));
  const { user } = useSession();
  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('activateError.title')}</h1>
      <p>{t('activateError.text')}</p>
      {user?.status === 'not_confirmed' ? (
        <ResendActivation id="activate-error-resend" email={user.email} label={t('activateError.sendNew')} className="btn btn-primary" />
      ) : user ? (
        <Link to={routePath('members')} className="btn btn-primary">
          {t('common.searchMembers')}
        </Link>
      ) : (
        <>
          <p>{t('activateError.loginText')}</p>
          <Link id="activate-error-login" to={routePath('login')} className="btn btn-primary">
            {t('common.logIn')}
          </Link>
        </>
      )}
    </section>
  );
}

function ReactivationExpired() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('activateError.reactivationTitle'));
  const { locale } = useLocale();
  const reactivation = useSendReactivationMail();
  const [sentTo, setSentTo] = useState('');

  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('activateError.reactivationTitle')}</h1>
      <p>{t('activateError.reactivationText', { days: REACTIVATION_WINDOW_DAYS })}</p>
      {reactivation.isSuccess ? (
        <div id="reactivation-sent" className="alert alert-success" role="status">
          {t('activateError.reactivationSent', { email: sentTo })}
        </div>
      ) : (
        <EmailForm
          formId="reactivation-form"
          idPrefix="reactivation"
          label={t('fields.email')}
          submitLabel={t('activateError.sendNew')}
          pending={reactivation.isPending}
          send={(email, callbacks) => {
            setSentTo(email);
            reactivation.mutate({ email, language: locale }, callbacks);
          }}
        />
      )}
    </section>
  );
}

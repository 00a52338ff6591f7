import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { useSettings } from '../../site/use-settings';
import { usePageTitle } from '../../page-title/use-page-title';
import { useLocale } from '../../locale/use-locale';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { useRequestPasswordReset } from '../account-calls';
import { EmailForm } from '../form/email-form';

/** /reset-password: mails a link to set a new password (spec section 8's reset messages). */
export default function ResetPasswordPage() {
  return (
    <AccountsTexts>
      <ResetPassword />
    </AccountsTexts>
  );
}

function ResetPassword() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('resetPassword.title'), t('resetPassword.description', { site: useSettings().name }));
  const { locale } = useLocale();
  const reset = useRequestPasswordReset();

  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('resetPassword.title')}</h1>
      {reset.isSuccess ? (
        <div id="reset-password-sent" className="alert alert-success" role="status">
          {t('resetPassword.sent')}
        </div>
      ) : (
        <EmailForm
          formId="reset-password-form"
          idPrefix="reset-password"
          intro={<p>{t('resetPassword.intro')}</p>}
          label={t('fields.email')}
          submitLabel={t('resetPassword.submit')}
          pending={reset.isPending}
          send={(email, callbacks) => reset.mutate({ email, language: locale }, callbacks)}
        />
      )}
      <p className="mt-4 mb-0">
        <Link to={routePath('login')}>{t('resetPassword.backToLogin')}</Link>
      </p>
    </section>
  );
}

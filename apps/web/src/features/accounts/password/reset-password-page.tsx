import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isValidEmail } from '@cupido/shared/account-rules';
import { routePath } from '@cupido/shared/routes';
import { usePageTitle } from '../../../app/document-title';
import { useLocale } from '../../locale/use-locale';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { useRequestPasswordReset } from '../account-calls';
import { TextField } from '../form/field';
import type { Problems } from '../form/field-problems';
import { useFormErrors } from '../form/use-form-errors';

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
  usePageTitle(t('resetPassword.title'));
  const { locale } = useLocale();
  const reset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const problems: Problems<'email'> = isValidEmail(email) ? {} : { email: 'invalid_email' };
  const form = useFormErrors(problems, { email: 'reset-password-email' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending || !form.validateAll()) return;
    reset.mutate({ email: email.trim(), language: locale }, { onError: form.showServerError });
  };

  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('resetPassword.title')}</h1>
      {reset.isSuccess ? (
        <div id="reset-password-sent" className="alert alert-success" role="status">
          {t('resetPassword.sent')}
        </div>
      ) : (
        <form id="reset-password-form" noValidate onSubmit={submit}>
          <p>{t('resetPassword.intro')}</p>
          <TextField
            id="reset-password-email"
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            error={form.errorOf('email')}
            onChange={(value) => {
              setEmail(value);
              form.changed('email');
            }}
            onBlur={() => form.touch('email')}
          />
          {form.formError && (
            <div id="reset-password-error" className="alert alert-danger" role="alert">
              {form.formError.message}
            </div>
          )}
          <button id="reset-password-submit" type="submit" className="btn btn-primary" disabled={reset.isPending}>
            {reset.isPending ? t('common.sending') : t('resetPassword.submit')}
          </button>
        </form>
      )}
      <p className="mt-4 mb-0">
        <Link to={routePath('login')}>{t('resetPassword.backToLogin')}</Link>
      </p>
    </section>
  );
}

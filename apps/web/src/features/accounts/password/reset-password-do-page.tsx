import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@cupido/shared/account-rules';
import { routePath } from '@cupido/shared/routes';
import { usePageTitle } from '../../../app/document-title';
import { useLocale } from '../../locale/use-locale';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { useResetPassword } from '../account-calls';
import { PASSWORD_RESET_NOTICE } from '../notices';
import type { Problems } from '../form/field-problems';
import { PasswordField } from '../form/password-field';
import { useFormErrors } from '../form/use-form-errors';

type Field = 'password' | 'password_confirmation';
const IDS: Record<Field, string> = { password: 'reset-password-new', password_confirmation: 'reset-password-repeat' };


/** /reset-password/do?token=…: two equal passwords; on success the member is logged in. */
export default function ResetPasswordDoPage() {
  return (
    <AccountsTexts>
      <ResetPasswordDo />
    </AccountsTexts>
  );
}

function ResetPasswordDo() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('resetPasswordDo.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { locale, setLocale } = useLocale();
  const reset = useResetPassword();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', password_confirmation: '' });

  const problems: Problems<Field> = {};
  const tooShort = passwordProblem(values.password);
  if (tooShort) problems.password = tooShort;
  if (values.password_confirmation !== values.password) problems.password_confirmation = 'passwords_not_equal';
  const form = useFormErrors(problems, IDS);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.changed(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending || !form.validateAll()) return;
    reset.mutate(
      { token, ...values },
      {
        onSuccess: ({ user }) => {
          navigate(routePath('members'), { state: { notice: PASSWORD_RESET_NOTICE } });
          // Logged in by the reset: the member's own language wins, as after a login.
          if (user.language !== locale) void setLocale(user.language);
        },
        onError: (error) => {
          if (error.code !== 'token_invalid') form.showServerError(error);
        },
      },
    );
  };

  const tokenInvalid = !token || reset.error?.code === 'token_invalid';
  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('resetPasswordDo.title')}</h1>
      {tokenInvalid ? (
        <div id="reset-password-token-invalid" className="alert alert-danger" role="alert">
          <p className="mb-2">{reset.error?.message ?? t('errors.token_invalid')}</p>
          <Link to={routePath('reset-password')} className="btn btn-primary btn-sm">
            {t('resetPasswordDo.requestNew')}
          </Link>
        </div>
      ) : (
        <form id="reset-password-do-form" noValidate onSubmit={submit}>
          <PasswordField
            id={IDS.password}
            label={t('fields.newPassword')}
            autoComplete="new-password"
            value={values.password}
            error={form.errorOf('password')}
            onChange={(value) => set('password', value)}
            onBlur={() => form.touch('password')}
            help={t('fields.passwordHelp', { min: PASSWORD_MIN_LENGTH })}
          />
          <PasswordField
            id={IDS.password_confirmation}
            label={t('fields.repeatPassword')}
            autoComplete="new-password"
            value={values.password_confirmation}
            error={form.errorOf('password_confirmation')}
            onChange={(value) => set('password_confirmation', value)}
            onBlur={() => form.touch('password_confirmation')}
          />
          {form.formError && (
            <div className="alert alert-danger" role="alert">
              {form.formError.message}
            </div>
          )}
          <button id="reset-password-do-submit" type="submit" className="btn btn-primary" disabled={reset.isPending}>
            {reset.isPending ? t('common.saving') : t('resetPasswordDo.submit')}
          </button>
        </form>
      )}
    </section>
  );
}

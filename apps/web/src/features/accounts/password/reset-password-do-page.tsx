import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@cupido/shared/rules/accounts';
import { ZResetPasswordDoRequest } from '@cupido/shared/contracts/accounts';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../../page-title/use-page-title';
import { useLocale } from '../../locale/use-locale';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { useResetPassword } from '../account-calls';
import { PASSWORD_RESET_NOTICE } from '../notices';
import { formSchema } from '../../../ui/form/form-schema';
import { PasswordField } from '../form/password-field';
import { useAccountForm } from '../form/use-account-form';

const IDS = { password: 'reset-password-new', password_confirmation: 'reset-password-repeat' };

/** Two equal passwords of the allowed length, sent with the link's token. */
function resetPasswordForm(token: string) {
  return formSchema({
    fields: z.object({ password: z.string(), password_confirmation: z.string() }),
    rules: ({ password, password_confirmation }) => ({
      password: passwordProblem(password),
      password_confirmation: password_confirmation === password ? null : 'passwords_not_equal',
    }),
    request: (values) => ({ token, ...values }),
    contract: ZResetPasswordDoRequest,
  });
}

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
  const schema = useMemo(() => resetPasswordForm(token), [token]);
  const form = useAccountForm({
    schema,
    defaultValues: { password: '', password_confirmation: '' },
    ids: IDS,
    dependents: { password: ['password_confirmation'] },
  });

  const submit = form.onSubmit((request) => {
    if (reset.isPending) return;
    reset.mutate(request, {
      onSuccess: ({ user }) => {
        navigate(routePath('members'), { state: { notice: PASSWORD_RESET_NOTICE } });
        // Logged in by the reset: the member's own language wins, as after a login.
        if (user.language !== locale) void setLocale(user.language);
      },
      onError: (error) => {
        if (error.code !== 'token_invalid') form.showServerError(error);
      },
    });
  });

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
            help={t('fields.passwordHelp', { min: PASSWORD_MIN_LENGTH })}
            {...form.bind('password')}
          />
          <PasswordField
            id={IDS.password_confirmation}
            label={t('fields.repeatPassword')}
            autoComplete="new-password"
            {...form.bind('password_confirmation')}
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

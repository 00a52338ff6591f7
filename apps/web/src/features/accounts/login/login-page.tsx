import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isValidEmail } from '@cupido/shared/rules/email';
import { ZLoginRequest } from '@cupido/shared/contracts/accounts';
import { routePath } from '@cupido/shared/rules/routes';
import { useSettings } from '../../site/use-settings';
import { usePageTitle } from '../../page-title/use-page-title';
import { useLocale } from '../../locale/use-locale';
import { useSession } from '../../session/use-session';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { useLogin } from '../account-calls';
import { TextField } from '../../../ui/form/field';
import { formSchema } from '../../../ui/form/form-schema';
import { PasswordField } from '../form/password-field';
import { useAccountForm } from '../form/use-account-form';
import { PendingDeletionHelp } from '../pending-deletion-help';
import { SignupLink } from '../signup-launcher';
import { safeRedirect } from './safe-redirect';

const IDS = { email: 'login-email', password: 'login-password' };

/** Spec section 5's checks before asking the server; the address goes out trimmed. */
const LOGIN_FORM = formSchema({
  fields: z.object({ email: z.string(), password: z.string() }),
  rules: ({ email, password }) => ({
    email: isValidEmail(email) ? null : 'invalid_email',
    password: password ? null : 'password_required',
  }),
  request: ({ email, password }) => ({ email: email.trim(), password }),
  contract: ZLoginRequest,
});

/** /login (spec section 2): after login the `redirect` path, else the members page. */
export default function LoginPage() {
  return (
    <AccountsTexts>
      <LoginScreen />
    </AccountsTexts>
  );
}

function LoginScreen() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('login.title'), t('login.description', { site: useSettings().name }));
  const [params] = useSearchParams();
  const { loggedIn } = useSession();
  const { locale, setLocale } = useLocale();
  const login = useLogin();
  const form = useAccountForm({ schema: LOGIN_FORM, defaultValues: { email: params.get('email') ?? '', password: '' }, ids: IDS });
  const email = form.bind('email');

  // Logged in (already, or just now): on to where the visitor wanted to go.
  if (loggedIn) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const submit = form.onSubmit((request) => {
    if (login.isPending) return;
    login.mutate(request, {
      // The account's language after login. A language picked before (the locale cookie) was
      // stored on the account by the login itself, so the page keeps showing it (decision 012).
      onSuccess: ({ user }) => void (user.language !== locale && setLocale(user.language)),
      onError: (error) => {
        if (error.code !== 'account_pending_deletion') form.showServerError(error);
      },
    });
  });

  const pendingDeletion = login.error?.code === 'account_pending_deletion' ? login.error : null;
  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('login.title')}</h1>
      <form id="login-form" noValidate onSubmit={submit} aria-busy={login.isPending}>
        {form.formError && (
          <div id="login-error" className="alert alert-danger" role="alert">
            {form.formError.message}
          </div>
        )}
        {pendingDeletion && (
          <PendingDeletionHelp id="login-pending-deletion" message={pendingDeletion.message} email={email.value.trim()} />
        )}
        <TextField id={IDS.email} label={t('fields.email')} type="email" inputMode="email" autoComplete="username" {...email} />
        {/* Left empty to click "Forgot password?": no error until the form is sent. */}
        <PasswordField
          id={IDS.password}
          label={t('fields.password')}
          autoComplete="current-password"
          {...form.bind('password', { checkOnBlur: false })}
        />
        <p className="mb-3">
          <Link id="login-forgot-password" to={routePath('reset-password')}>
            {t('login.forgotPassword')}
          </Link>
        </p>
        <button id="login-submit" type="submit" className="btn btn-primary btn-lg w-100" disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className="text-center mt-4 mb-0">
        {t('login.noAccount')}{' '}
        <SignupLink id="login-signup" className="btn btn-outline-primary btn-sm ms-1">
          {t('common.signUp')}
        </SignupLink>
      </p>
    </section>
  );
}

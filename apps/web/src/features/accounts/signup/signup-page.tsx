import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { useSettings } from '../../site/use-settings';
import { usePageTitle } from '../../page-title/use-page-title';
import { useSession } from '../../session/use-session';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { SignupForm } from './signup-form';

/**
 * /signup: the same form as the modal, for smartphones and direct links. `below` comes after the
 * form: the search-profiles strip, which app/signup-with-members.tsx puts there (member landing
 * pages build on this form, so accounts does not import them).
 */
export default function SignupPage({ below }: { below?: ReactNode }) {
  return (
    <AccountsTexts>
      <SignupScreen below={below} />
    </AccountsTexts>
  );
}

function SignupScreen({ below }: { below?: ReactNode }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('signup.title'), t('signup.description', { site: useSettings().name }));
  const { loggedIn } = useSession();
  // Once the form succeeded it navigates to the members page itself (with api_signup_complete).
  const [leaving, setLeaving] = useState(false);
  if (loggedIn && !leaving) return <Navigate to={routePath('members')} replace />;
  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('signup.title')}</h1>
      <SignupForm onLeave={() => setLeaving(true)} />
      {below}
    </section>
  );
}

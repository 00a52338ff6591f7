import { createContext, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSignupAllowed } from '@cupido/shared/rules/site-shell';
import { routePath } from '@cupido/shared/rules/routes';
import { lazyWithReload } from '../../platform/chunk-reload';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts/accounts-texts';
import { useSettings } from '../site/use-settings';
import { hasTrafficSource } from '../tracking/tracking';
import { LANDERS_NS } from './landers-texts';

// The accounts feature's own signup modal and form: the request it sends carries the visit's
// tracking (email prefilled) and this lander as landing_page (tracking/landing-page.ts).
const SignupModal = lazyWithReload(() => import('../accounts/signup/signup-modal'));

interface LanderSignup {
  /** False when the site's signup rule closes signup to this visitor (signups, with_trafficsource). */
  allowed: boolean;
  open: () => void;
}

const LanderSignupContext = createContext<LanderSignup>({ allowed: false, open: () => undefined });

/**
 * The lander's signup: one modal at every width (a phone stays on the lander, so the conversion
 * is counted where it happened). Whether signup is open is decided once, as the form decides it.
 */
export function LanderSignupProvider({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const [allowed] = useState(() => isSignupAllowed(settings.signups, hasTrafficSource()));
  const [shown, setShown] = useState(false);
  const open = useCallback(() => setShown(true), []);
  return (
    <LanderSignupContext.Provider value={{ allowed, open }}>
      {children}
      {shown && allowed && (
        <Suspense fallback={null}>
          <SignupModal onClose={() => setShown(false)} />
        </Suspense>
      )}
    </LanderSignupContext.Provider>
  );
}

export const useLanderSignup = () => useContext(LanderSignupContext);

/**
 * The lander's one signup action, or, where signup is closed to this visitor, the site's
 * "signups closed" notice instead of a form that would fail.
 */
export function LanderSignupAction({
  className = '',
  id = 'lander-signup',
  note = true,
}: {
  className?: string;
  id?: string;
  note?: boolean;
}) {
  const { t } = useTranslation(LANDERS_NS);
  const settings = useSettings();
  const { allowed, open } = useLanderSignup();
  if (!allowed) return <SignupClosedNotice />;
  return (
    <div className={`lander-signup-action ${className}`}>
      {/* A real link (new tab, no script) that opens the modal in place. */}
      <Link
        id={id}
        to={routePath('signup')}
        className="btn btn-primary btn-lg px-5 lander-signup-button"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          open();
        }}
      >
        {t('signup')}
      </Link>
      {note && <p className="small mt-2 mb-0 lander-signup-note">{t('signupNote', { age: settings.minimum_age })}</p>}
    </div>
  );
}

/**
 * Signup closed to this visitor: the accounts feature's invite-only notice (as its form shows
 * it). The hook for the partner-redirect notice (issue 31): that feature renders its notice
 * here in place of this one when the site sends such visitors to a partner.
 */
export function SignupClosedNotice() {
  return (
    <AccountsTexts fallback={null}>
      <InviteOnly />
    </AccountsTexts>
  );
}

function InviteOnly() {
  const { t } = useTranslation(ACCOUNTS_NS);
  return (
    <div id="lander-signup-closed" className="alert alert-info text-start mb-0" role="status">
      <h2 className="h6 alert-heading">{t('signup.inviteOnlyTitle')}</h2>
      <p className="mb-0">{t('signup.inviteOnly')}</p>
    </div>
  );
}

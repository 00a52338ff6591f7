import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@cupido/shared/rules/routes';
import { PREMIUM_NS } from './premium-texts';

/** For visitors: sign up, or log in and come back to this page. */
export function JoinLinks({ from }: { from: string }) {
  const { t } = useTranslation(PREMIUM_NS);
  return (
    <>
      <Link id="premium-signup" to={ROUTES.signup} className="btn btn-primary">
        {t('common.signup')}
      </Link>
      <Link id="premium-login" to={`${ROUTES.login}?redirect=${encodeURIComponent(from)}`} className="btn btn-outline-secondary">
        {t('common.login')}
      </Link>
    </>
  );
}

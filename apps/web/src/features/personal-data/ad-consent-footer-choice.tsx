import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgetAdConsent } from '../tracking/ad-consent';
import { useSession } from '../session/use-session';
import { useAdConsent } from './use-ad-consent';

/**
 * Changing the ad-tracking choice must be as easy as making it: in the footer, a visitor reopens
 * the banner; a member goes to the settings, where the choice is also stored on the server.
 */
export function AdConsentFooterChoice() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const { choice } = useAdConsent();
  if (!choice) return null; // the banner is showing
  return (
    <p className="text-center small mb-2">
      {loggedIn ? (
        <Link id="ad-consent-change" to="/notifications" className="link-body-emphasis link-offset-2">
          {t('adConsent.change')}
        </Link>
      ) : (
        <button
          id="ad-consent-change"
          type="button"
          className="btn btn-link btn-sm p-0 link-body-emphasis link-offset-2"
          onClick={() => forgetAdConsent()}
        >
          {t('adConsent.change')}
        </button>
      )}
    </p>
  );
}

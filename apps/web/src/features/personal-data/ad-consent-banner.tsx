import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdConsent } from './use-ad-consent';

/**
 * The consent banner for ad tracking (trust.md: no non-essential storage before consent, reject
 * beside accept). Not modal: it sits at the bottom, under the entry warning, and the page stays
 * usable. Both choices are the same kind of button. Its texts are in the main catalogue, so it
 * paints with the first render.
 */
export function AdConsentBanner() {
  const { t } = useTranslation();
  const { choice, ready, choose } = useAdConsent();
  if (!ready || choice) return null;
  return (
    <section id="ad-consent-banner" className="ad-consent-banner" aria-labelledby="ad-consent-title">
      <div className="container d-flex flex-column flex-md-row align-items-md-center gap-2 gap-md-3">
        <div className="flex-grow-1 small">
          <p id="ad-consent-title" className="fw-semibold mb-1">
            {t('adConsent.label')}
          </p>
          <p className="mb-0">
            {t('adConsent.text')} <Link to="/pages/cookies">{t('adConsent.policy')}</Link>
          </p>
        </div>
        <div className="ad-consent-banner__choices d-flex gap-2">
          <button id="ad-consent-accept" type="button" className="btn btn-primary" onClick={() => choose('accepted')}>
            {t('adConsent.accept')}
          </button>
          <button id="ad-consent-reject" type="button" className="btn btn-primary" onClick={() => choose('rejected')}>
            {t('adConsent.reject')}
          </button>
        </div>
      </div>
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAuthenticationRequired } from '../session/query-client';
import { PERSONAL_DATA_NS } from './personal-data-texts';
import { useAdConsent } from './use-ad-consent';

/** The ad-tracking consent as a switch in the settings: given or withdrawn at once (decision 024). */
export function AdTrackingSetting() {
  const { t } = useTranslation(PERSONAL_DATA_NS);
  const consent = useAdConsent();
  const [saved, setSaved] = useState(false);
  const change = (accepted: boolean) => {
    setSaved(true);
    consent.choose(accepted ? 'accepted' : 'rejected');
  };
  const failed = consent.error && !isAuthenticationRequired(consent.error) ? consent.error : null;

  return (
    <section className="mb-5" aria-labelledby="settings-ad-tracking-title">
      <h2 id="settings-ad-tracking-title" className="h5">
        {t('adTracking.title')}
      </h2>
      <div className="form-check form-switch mb-2">
        <input
          id="ad-tracking-consent"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={consent.choice === 'accepted'}
          aria-describedby="ad-tracking-consent-help"
          aria-busy={consent.saving || undefined}
          disabled={consent.saving}
          onChange={(event) => change(event.target.checked)}
        />
        <label className="form-check-label" htmlFor="ad-tracking-consent">
          {t('adTracking.label')}
        </label>
      </div>
      <p id="ad-tracking-consent-help" className="form-text">
        {t('adTracking.help')}
      </p>
      {failed && (
        <div id="ad-tracking-consent-error" className="alert alert-danger" role="alert">
          {failed.message}
        </div>
      )}
      <div aria-live="polite">
        {saved && !consent.saving && !failed && (
          <p id="ad-tracking-consent-saved" className="text-success mb-0" role="status">
            {t('adTracking.saved')}
          </p>
        )}
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { useSettings } from '../site/use-settings';
import { useCompanyInfo } from '../site/use-company-info';
import { FictionalBadge } from './fictional-badge';
import { useIsHomePage } from './use-is-home-page';

/**
 * Adults-only notice, what the fictional-profile mark means and who runs the site. The site's own
 * fictional_warning is in the warnings header right above, so it is not repeated here; on the home
 * page its notes section explains the mark instead (decision 015).
 */
export function Disclaimers() {
  const { t } = useTranslation();
  const settings = useSettings();
  const company = useCompanyInfo().data;
  const home = useIsHomePage();
  return (
    <section className="disclaimers border-top py-4 small text-body-secondary" aria-labelledby="disclaimers-heading">
      <div className="container">
        <h2 id="disclaimers-heading" className="h6 text-body">
          {t('disclaimers.heading')}
        </h2>
        <p className="mb-2">{t('disclaimers.adultsOnly', { age: settings.minimum_age, site: settings.name })}</p>
        {!home && (
          <p className="mb-2">
            <FictionalBadge plural />{' '}
            {t('disclaimers.fictional', { icon: settings.fictional_icon, fictionalPlural: settings.fictional_plural })}
          </p>
        )}
        {company && (
          <p className="mb-0" data-testid="company-info">
            {t('disclaimers.operator', { company: company.name, site: settings.name })}{' '}
            {[company.address, company.city, company.country].filter(Boolean).join(', ')}
            {company.kvk && <>. {t('disclaimers.registration', { number: company.kvk })}</>}
          </p>
        )}
      </div>
    </section>
  );
}

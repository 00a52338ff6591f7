import { useTranslation } from 'react-i18next';
import { useSettings } from '../site/use-settings';
import { useCompanyInfo } from '../site/use-company-info';
import { FictionalBadge } from './fictional-badge';

/** Adults-only notice, fictional-profile disclosure and who runs the site. */
export function Disclaimers() {
  const { t } = useTranslation();
  const settings = useSettings();
  const company = useCompanyInfo().data;
  return (
    <section className="disclaimers border-top py-4 small text-body-secondary" aria-labelledby="disclaimers-heading">
      <div className="container">
        <h2 id="disclaimers-heading" className="h6 text-body">
          {t('disclaimers.heading')}
        </h2>
        <p className="mb-2">{t('disclaimers.adultsOnly', { age: settings.minimum_age, site: settings.name })}</p>
        <p className="mb-2">
          <FictionalBadge plural />{' '}
          {t('disclaimers.fictional', { icon: settings.fictional_icon, fictionalPlural: settings.fictional_plural })}
          {settings.fictional_warning && <> {settings.fictional_warning}</>}
        </p>
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

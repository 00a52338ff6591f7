import { useTranslation } from 'react-i18next';
import { useSettings } from '../site/use-settings';

/** Slim bar above the navigation: 18+ notice and the site's fictional-profile warning. */
export function WarningsHeader() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <aside className="warnings-header small py-1" aria-label={t('warnings.label')}>
      <div className="container d-flex flex-wrap gap-2 align-items-center justify-content-center text-center">
        <span className="badge text-bg-dark">{t('common.ageBadge', { age: settings.minimum_age })}</span>
        <span>{t('warnings.adultsOnly', { age: settings.minimum_age })}</span>
        {settings.fictional_warning && (
          <span>
            <span aria-hidden="true">{settings.fictional_icon} </span>
            {settings.fictional_warning}
          </span>
        )}
      </div>
    </aside>
  );
}

import { useTranslation } from 'react-i18next';
import { useSettings } from '../site/use-settings';
import { useIsHomePage } from './use-is-home-page';

/**
 * Slim bar above the navigation: 18+ notice and the site's fictional-profile warning. The home
 * page names fictional profiles in its own notes section, so the bar leaves it out there
 * (decision 015: one notice per page, not five in a row).
 */
export function WarningsHeader() {
  const { t } = useTranslation();
  const settings = useSettings();
  const home = useIsHomePage();
  return (
    <aside className="warnings-header small py-1" aria-label={t('warnings.label')}>
      <div className="container d-flex flex-wrap gap-2 align-items-center justify-content-center text-center">
        <span className="badge text-bg-dark">{t('common.ageBadge', { age: settings.minimum_age })}</span>
        <span>{t('warnings.adultsOnly', { age: settings.minimum_age })}</span>
        {settings.fictional_warning && !home && (
          <span>
            <span aria-hidden="true">{settings.fictional_icon} </span>
            {settings.fictional_warning}
          </span>
        )}
      </div>
    </aside>
  );
}

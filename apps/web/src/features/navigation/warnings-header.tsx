import { useTranslation } from 'react-i18next';
import { FictionalIcon } from '../../ui/fictional-icon';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { useIsHomePage } from './use-is-home-page';

/**
 * Slim bar above the navigation: 18+ notice and the site's fictional-profile warning. The home
 * page names fictional profiles in its own notes section, so the bar leaves it out there
 * (decision 015: one notice per page, not five in a row).
 *
 * A member has passed the entry warning and read these notices: on a phone the two full texts
 * took a third of the screen on every page (issue 29), so members get one compact line that
 * opens to the full texts. It never disappears: the 18+ mark and the fictional-profile mark stay
 * in view. A native <details> opens with Enter or Space and tells screen readers its state.
 */
export function WarningsHeader() {
  const { t } = useTranslation();
  const settings = useSettings();
  const home = useIsHomePage();
  const { user, memberExpected } = useSession();
  const fictionalWarning = settings.fictional_warning && !home && (
    <span>
      <FictionalIcon className="me-1" />
      {settings.fictional_warning}
    </span>
  );
  if (user || memberExpected) {
    return (
      <aside className="warnings-header warnings-header--compact small" aria-label={t('warnings.label')}>
        <details id="warnings-disclosure" className="container">
          <summary className="warnings-header__summary">
            <span className="badge text-bg-dark">{t('common.ageBadge', { age: settings.minimum_age })}</span>
            <FictionalIcon />
            <span>{t('warnings.compact')}</span>
          </summary>
          <div className="d-flex flex-column gap-1 pb-2">
            <span>{t('warnings.adultsOnly', { age: settings.minimum_age })}</span>
            {settings.fictional_warning ? (
              <span>{settings.fictional_warning}</span>
            ) : (
              <span>{t('disclaimers.fictional', { icon: settings.fictional_icon, fictionalPlural: settings.fictional_plural })}</span>
            )}
          </div>
        </details>
      </aside>
    );
  }
  return (
    <aside className="warnings-header small py-1" aria-label={t('warnings.label')}>
      <div className="container d-flex flex-wrap gap-2 align-items-center justify-content-center text-center">
        <span className="badge text-bg-dark">{t('common.ageBadge', { age: settings.minimum_age })}</span>
        <span>{t('warnings.adultsOnly', { age: settings.minimum_age })}</span>
        {fictionalWarning}
      </div>
    </aside>
  );
}

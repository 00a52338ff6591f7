import type { LocaleCode } from '@cupido/shared/rules/locales';
import { showLocaleDropdown, visibleLanguages } from '@cupido/shared/rules/site-shell';
import { useSettings } from '../site/use-settings';
import { useSession } from '../session/use-session';
import LocaleDropdownMenu from './locale-dropdown-menu';
import { useLocale } from './use-locale';

function browserLanguage(): string | null {
  return typeof navigator !== 'undefined' ? navigator.language || null : null;
}

/** The languages this visitor is offered (spec section 4, Visible languages). */
export function useVisibleLanguages(): LocaleCode[] {
  const settings = useSettings();
  const { loggedIn, user } = useSession();
  const { locale } = useLocale();
  return visibleLanguages({
    showAllLanguages: settings.show_all_languages,
    loggedIn,
    detectedCountry: settings.geoip_country,
    selectedCountry: settings.geoip_selected_country,
    profileCountry: user?.profile.country ?? null,
    currentLocale: locale,
    browserLanguage: browserLanguage(),
  });
}

/** The locale dropdown (toggle id locale-dropdown), unless hidden or only one language is visible. */
export function LocaleDropdown() {
  const settings = useSettings();
  const visible = useVisibleLanguages();
  if (!showLocaleDropdown(visible, settings.hide_locale_dropdown)) return null;
  return <LocaleDropdownMenu visible={visible} />;
}

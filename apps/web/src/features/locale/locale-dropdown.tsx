import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { LOCALES, type LocaleCode } from '@cupido/shared/locales';
import { showLocaleDropdown, visibleLanguages } from '@cupido/shared/rules';
import { useSettings } from '../site/use-settings';
import { useSession } from '../session/use-session';
import { useLocale } from './use-locale';

function browserLanguage(): string | null {
  return typeof navigator !== 'undefined' ? navigator.language || null : null;
}

/** The languages this visitor is offered (spec section 4, Visible languages). */
export function useVisibleLanguages(): LocaleCode[] {
  const settings = useSettings();
  const { loggedIn } = useSession();
  const { locale } = useLocale();
  return visibleLanguages({
    showAllLanguages: settings.show_all_languages,
    loggedIn,
    detectedCountry: settings.geoip_country,
    selectedCountry: settings.geoip_selected_country,
    profileCountry: null, // accounts land in the next issue
    currentLocale: locale,
    browserLanguage: browserLanguage(),
  });
}

export function LocaleDropdown() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { locale, setLocale } = useLocale();
  const visible = useVisibleLanguages();
  if (!showLocaleDropdown(visible, settings.hide_locale_dropdown)) return null;

  const current = LOCALES.find((l) => l.code === locale) ?? LOCALES[0]!;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle id="locale-dropdown" variant="outline-secondary" aria-label={t('locale.choose', { language: current.nativeName })}>
        <span aria-hidden="true">{current.code.toUpperCase()} · </span>
        {current.nativeName}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {LOCALES.filter((l) => visible.includes(l.code)).map((l) => (
          <Dropdown.Item
            key={l.code}
            as="button"
            type="button"
            lang={l.code}
            data-locale={l.code}
            active={l.code === locale}
            aria-current={l.code === locale ? 'true' : undefined}
            onClick={() => void setLocale(l.code)}
          >
            {l.nativeName}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

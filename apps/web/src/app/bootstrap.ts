import type { QueryClient } from '@tanstack/react-query';
import type { TSettings } from '@cupido/shared/contracts';
import type { LocaleCode } from '@cupido/shared/locales';
import { initialLocale } from '@cupido/shared/rules';
import { settingsQueryKey } from '../features/site/settings-query';

/**
 * Settings need a locale and the locale needs settings: ask with the cookie's locale when it
 * is valid, otherwise without one (the server answers in the domain's language), then pick
 * the locale by the spec's rule and file the answer under it so nothing is fetched twice.
 */
export async function loadInitialSettings(
  queryClient: QueryClient,
  cookieLocale: LocaleCode | null,
  routeQuery: Record<string, string>,
  fetchSettings: (locale: LocaleCode | null, routeQuery: Record<string, string>) => Promise<TSettings>,
): Promise<{ settings: TSettings; locale: LocaleCode }> {
  const settings = await fetchSettings(cookieLocale, routeQuery);
  const locale = initialLocale(cookieLocale, settings.domain_language);
  if (cookieLocale === null || cookieLocale === locale) {
    queryClient.setQueryData(settingsQueryKey(locale, routeQuery), settings);
  }
  return { settings, locale };
}

import type { QueryClient } from '@tanstack/react-query';
import type { TSettings } from '@cupido/shared/contracts/contracts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { initialLocale } from '@cupido/shared/rules/site-shell';
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

/** The id of the server's data block with the settings (web-shell.ts BOOT_SETTINGS_ID). */
const BOOT_SETTINGS_ID = 'boot-settings';

/**
 * The settings the server put in the page (decision 045), when they answer the first settings
 * call: asked in `locale` (null: the domain's language) they are those of the locale the block
 * says. Read once (the block is removed), so a later call asks the server. Null without a block,
 * or with one that does not parse or is in another locale: the app then asks as before.
 */
export function embeddedSettings(locale: LocaleCode | null, doc: Document = document): TSettings | null {
  const block = doc.getElementById(BOOT_SETTINGS_ID);
  if (!block) return null;
  block.remove();
  try {
    const settings = JSON.parse(block.textContent ?? '') as TSettings;
    return (locale ?? settings.domain_language) === block.dataset.locale ? settings : null;
  } catch {
    return null;
  }
}

/** The settings call of the boot: the page's settings when they answer it (embeddedSettings), else `fetchSettings`. */
export function pageSettingsFirst(
  fetchSettings: (locale: LocaleCode | null, routeQuery: Record<string, string>) => Promise<TSettings>,
  doc: Document = document,
): (locale: LocaleCode | null, routeQuery: Record<string, string>) => Promise<TSettings> {
  return (locale, routeQuery) => {
    const embedded = embeddedSettings(locale, doc);
    return embedded ? Promise.resolve(embedded) : fetchSettings(locale, routeQuery);
  };
}

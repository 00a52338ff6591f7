/** The seven languages of the product. English is the default and the source of every text. */
export const LOCALE_CODES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];
export const DEFAULT_LOCALE: LocaleCode = 'en';

export interface Locale {
  code: LocaleCode;
  /** BCP 47 tag used for dates and numbers. */
  iso: string;
  /** The language's own name, as shown in the locale dropdown. */
  nativeName: string;
}

export const LOCALES: readonly Locale[] = [
  { code: 'en', iso: 'en-GB', nativeName: 'English' },
  { code: 'nl', iso: 'nl-NL', nativeName: 'Nederlands' },
  { code: 'de', iso: 'de-DE', nativeName: 'Deutsch' },
  { code: 'it', iso: 'it-IT', nativeName: 'Italiano' },
  { code: 'fr', iso: 'fr-FR', nativeName: 'Français' },
  { code: 'es', iso: 'es-ES', nativeName: 'Español' },
  { code: 'pl', iso: 'pl-PL', nativeName: 'Polski' },
];

/** Cookie that remembers the chosen locale (spec section 1 and 9). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

/** 'nl-BE' -> 'nl', 'EN' -> 'en', 'xx' -> null. */
export function toLocaleCode(tag: string | null | undefined): LocaleCode | null {
  if (!tag) return null;
  const code = tag.trim().slice(0, 2).toLowerCase();
  return isLocaleCode(code) ? code : null;
}

/** A text that a site's operator writes once per language (index title, fictional warning...). */
export type LocalizedText = Partial<Record<LocaleCode, string>>;

/** Picks the text for a locale, falling back to English, then to any language present. */
export function pickLocalized(text: LocalizedText, locale: LocaleCode): string {
  return text[locale] ?? text[DEFAULT_LOCALE] ?? Object.values(text).find((v) => !!v) ?? '';
}

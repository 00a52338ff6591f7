/**
 * Pure business rules of spec section 4 that both the server and the web app need.
 * Each function is small, total and tested in rules.test.ts.
 */
import { COUNTRY_LOCALES, isCountryCode } from './countries';
import { DEFAULT_LOCALE, LOCALE_CODES, toLocaleCode, isLocaleCode, type LocaleCode } from './locales';

export interface VisibleLanguagesInput {
  showAllLanguages: boolean;
  loggedIn: boolean;
  detectedCountry: string | null;
  selectedCountry: string | null;
  profileCountry: string | null;
  currentLocale: LocaleCode;
  browserLanguage: string | null;
}

/** Languages offered in the locale dropdown, in the product's fixed order. */
export function visibleLanguages(input: VisibleLanguagesInput): LocaleCode[] {
  const countryChanged =
    !input.loggedIn && !!input.detectedCountry && !!input.selectedCountry && input.detectedCountry !== input.selectedCountry;
  if (input.showAllLanguages || countryChanged) return [...LOCALE_CODES];

  const visible = new Set<LocaleCode>([input.currentLocale]);
  for (const country of [input.detectedCountry, input.profileCountry]) {
    if (isCountryCode(country)) COUNTRY_LOCALES[country].forEach((code) => visible.add(code));
  }
  const browser = toLocaleCode(input.browserLanguage);
  if (browser) visible.add(browser);
  return LOCALE_CODES.filter((code) => visible.has(code));
}

/** The locale a visitor starts in: the cookie, else the site's domain language, else English. */
export function initialLocale(cookieValue: string | null | undefined, domainLanguage: string | null | undefined): LocaleCode {
  if (isLocaleCode(cookieValue)) return cookieValue;
  return toLocaleCode(domainLanguage) ?? DEFAULT_LOCALE;
}

export function showLocaleDropdown(visible: readonly LocaleCode[], hiddenByConfiguration: boolean): boolean {
  return !hiddenByConfiguration && visible.length > 1;
}

export interface EntryWarningInput {
  installedApp: boolean;
  dismissed: boolean;
  enableSetting: string;
  loggedIn: boolean;
  restrictedToCountries: readonly string[];
  selectedCountry: string | null;
}

export function showSiteEntryWarning(input: EntryWarningInput): boolean {
  if (input.installedApp || input.dismissed || input.loggedIn) return false;
  if (input.enableSetting === 'no') return false;
  if (input.restrictedToCountries.length === 0) return true;
  return !!input.selectedCountry && input.restrictedToCountries.includes(input.selectedCountry);
}

export function isSignupAllowed(signups: string, hasTrafficSource: boolean): boolean {
  return signups === 'all' || (signups === 'with_trafficsource' && hasTrafficSource);
}

export function isLoggedOutSearchVisible(input: {
  loggedIn: boolean;
  loggedOutSearch: string;
  loggedOutSearchTrafficSource: string;
  hasTrafficSource: boolean;
}): boolean {
  return input.loggedIn || input.loggedOutSearch !== 'none' || (input.loggedOutSearchTrafficSource !== 'none' && input.hasTrafficSource);
}

/** Navigation badges: nothing at 0, the number up to 99, '99+' from 100. */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count >= 100 ? '99+' : String(Math.floor(count));
}

/** The credits badge shows at 10 credits or fewer: warning above 0, danger at 0. */
export function creditsBadgeVariant(credits: number): 'warning' | 'danger' | null {
  if (credits > 10) return null;
  return credits <= 0 ? 'danger' : 'warning';
}

/** '(3) Title' when there are unread messages or new likes, else the plain title. */
export function pageTitleWithCount(title: string, unreadMessages: number, newLikes: number): string {
  const total = Math.max(0, unreadMessages) + Math.max(0, newLikes);
  return total > 0 ? `(${total}) ${title}` : title;
}

/** Terms version date: 2023-12-01 12:00 UTC, or the company's added date when that is later (section 9). */
export const TERMS_BASE_VERSION = new Date('2023-12-01T12:00:00Z');
export function termsVersionDate(companyAdded: string | Date | null | undefined): Date {
  const added = companyAdded ? new Date(companyAdded) : null;
  if (!added || Number.isNaN(added.getTime())) return TERMS_BASE_VERSION;
  return added > TERMS_BASE_VERSION ? added : TERMS_BASE_VERSION;
}

/** Retry delay for the request client: 1 s, 2 s, 4 s... (spec: up to 5 retries, exponential). */
export const MAX_REQUEST_RETRIES = 5;
export function retryDelayMs(attempt: number, baseMs = 500): number {
  return baseMs * 2 ** attempt;
}
export function shouldRetryStatus(status: number | null): boolean {
  // null: the network failed before any answer. 4xx are the caller's fault: retrying cannot help.
  return status === null || status >= 500 || status === 408 || status === 429;
}

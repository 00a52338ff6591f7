import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, isLocaleCode, type LocaleCode } from '@cupido/shared/rules/locales';

export function readLocaleCookie(cookie: string = document.cookie): LocaleCode | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LOCALE_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return isLocaleCode(value) ? value : null;
    }
  }
  return null;
}

export function writeLocaleCookie(code: LocaleCode): void {
  const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  document.cookie = `${LOCALE_COOKIE}=${code}; path=/; max-age=${maxAge}; SameSite=Lax`;
}

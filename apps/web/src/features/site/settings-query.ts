import type { TSettings } from '@cupido/shared/contracts/contracts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { apiGet } from '../../api/client';

/** Query params never forwarded to settings.php: ours to set, or personal data. */
const NOT_FORWARDED = new Set(['domain', 'locale', 'email']);

/** The route's query params as settings.php receives them (e.g. `country` from a lander link). */
export function settingsRouteQuery(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) if (!NOT_FORWARDED.has(key)) query[key] = value;
  return query;
}

/** Settings texts come translated, so the locale is part of the key; null = the domain's language. */
export function settingsQueryKey(locale: LocaleCode | null, routeQuery: Record<string, string>) {
  return ['settings', locale ?? 'domain-default', routeQuery] as const;
}

export function fetchSettings(locale: LocaleCode | null, routeQuery: Record<string, string>): Promise<TSettings> {
  return apiGet<TSettings>('/api/settings.php', locale ? { ...routeQuery, locale } : routeQuery);
}

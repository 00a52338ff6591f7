/**
 * The visitor's country without a GeoIP database: a trusted proxy header when configured
 * (e.g. Cloudflare's CF-IPCountry), else the region of the preferred browser language, else the
 * site's first country.
 */
import type { FastifyRequest } from 'fastify';
import { isCountryCode } from '@cupido/shared/rules/countries';

/** Countries whose main language code alone (Accept-Language: 'de') points to them. */
const COUNTRY_OF_LANGUAGE: Record<string, string> = { nl: 'NL', de: 'DE', it: 'IT', fr: 'FR', es: 'ES', pl: 'PL' };

export function countryFromHeader(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  // XX (unknown) and T1 (Tor) are Cloudflare's non-countries.
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : null;
}

export function countryFromAcceptLanguage(header: unknown): string | null {
  if (typeof header !== 'string' || header.length > 1000) return null;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0 };
    })
    .filter((t) => t.tag && t.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  for (const { tag } of tags) {
    const region = tag.split('-')[1]?.toUpperCase();
    if (region && /^[A-Z]{2}$/.test(region)) return region;
    const byLanguage = COUNTRY_OF_LANGUAGE[tag.toLowerCase()];
    if (byLanguage) return byLanguage;
  }
  return null;
}

export function detectCountry(input: {
  proxyHeaderValue: unknown;
  acceptLanguage: unknown;
  siteCountries: readonly string[];
}): string | null {
  return countryFromHeader(input.proxyHeaderValue) ?? countryFromAcceptLanguage(input.acceptLanguage) ?? input.siteCountries[0] ?? null;
}

/** A country the visitor chose (lander link ?country=DE); only countries the product knows. */
export function selectedCountry(queryValue: unknown, detected: string | null): string | null {
  if (typeof queryValue === 'string') {
    const code = queryValue.trim().toUpperCase();
    if (isCountryCode(code)) return code;
  }
  return detected;
}

/** The visitor's country from a request: the proxy's country header (COUNTRY_HEADER) when set, else Accept-Language, among the site's countries. */
export function detectRequestCountry(
  request: Pick<FastifyRequest, 'headers'> & { site: { countries: readonly string[] } },
  countryHeader: string | undefined,
): string | null {
  return detectCountry({
    proxyHeaderValue: countryHeader ? request.headers[countryHeader] : undefined,
    acceptLanguage: request.headers['accept-language'],
    siteCountries: request.site.countries,
  });
}

/**
 * The answer of settings.php (spec section 7) for a request: the site's settings in a locale, for
 * the visitor's detected country and the one a link selected. settings.php is called on every page
 * load and the web shell puts the same answer in the page (plugins/web-shell.ts), so each
 * combination is validated and serialized once and kept with the cached site object: a refreshed
 * site row starts a fresh cache.
 */
import type { FastifyRequest } from 'fastify';
import { ZSettings } from '@cupido/shared/contracts/contracts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { detectRequestCountry, selectedCountry } from './country-detection';
import { toSettings, type Site } from './service';

export interface SettingsAnswerOptions {
  /** The request header a proxy puts the visitor's country in (COUNTRY_HEADER), if any. */
  countryHeader: string | undefined;
  pushPublicKey: string;
}

export interface SettingsAnswer {
  /** The combination it was made for: locale, detected and selected country. */
  key: string;
  json: string;
}

export type SettingsAnswers = (request: FastifyRequest, locale: LocaleCode) => SettingsAnswer;

export function settingsAnswers({ countryHeader, pushPublicKey }: SettingsAnswerOptions): SettingsAnswers {
  const serialized = new WeakMap<Site, Map<string, string>>();
  return (request, locale) => {
    const site = request.site;
    const geoipCountry = detectRequestCountry(request, countryHeader);
    const selected = selectedCountry((request.query as { country?: unknown } | undefined)?.country, geoipCountry);
    const key = `${locale}|${geoipCountry}|${selected}`;
    let bySite = serialized.get(site);
    if (!bySite) serialized.set(site, (bySite = new Map()));
    let json = bySite.get(key);
    if (json === undefined) {
      json = JSON.stringify(ZSettings.parse(toSettings(site, { locale, geoipCountry, selectedCountry: selected, pushPublicKey })));
      // Countries come from headers anyone can send: bound the number of combinations kept.
      if (bySite.size > 500) bySite.clear();
      bySite.set(key, json);
    }
    return { key, json };
  };
}

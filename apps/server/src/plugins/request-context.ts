/**
 * Resolves, for every request, the site it is for (by the forced `domain` query parameter the
 * web app sends, else the Host header; unknown domains fall back to the default site) and the
 * member's locale (query `locale`, else the i18n_redirected cookie, else the site's language).
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, isLocaleCode, type LocaleCode } from '@cupido/shared/rules/locales';
import { initialLocale } from '@cupido/shared/rules/site-shell';
import type { SiteService, Site } from '../features/sites/service';

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
    locale: LocaleCode;
  }
  interface FastifyContextConfig {
    /** Routes that serve no site (health checks) answer even before any site exists. */
    withoutSite?: boolean;
  }
}

const DOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** 'NL.Localhost:3000' -> 'nl.localhost'; anything that is not a plausible host name -> null. */
export function normalizeDomain(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 253) return null;
  const host = raw.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return DOMAIN_PATTERN.test(host) ? host : null;
}

function queryValue(request: FastifyRequest, name: string): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.[name];
}

export function requestLocale(request: FastifyRequest, site: Site): LocaleCode {
  const fromQuery = queryValue(request, 'locale');
  if (isLocaleCode(fromQuery)) return fromQuery;
  return initialLocale(request.cookies?.[LOCALE_COOKIE], site.domainLanguage);
}

export default fp<{ sites: SiteService }>(
  async (app, { sites }) => {
    app.decorateRequest('site', null as unknown as Site);
    app.decorateRequest('locale', 'en');
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.withoutSite) return;
      const domain = normalizeDomain(queryValue(request, 'domain')) ?? normalizeDomain(request.host);
      request.site = await sites.resolve(domain);
      request.locale = requestLocale(request, request.site);
    });
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
);

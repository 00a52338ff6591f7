import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZCompanyInfo, ZSettings, ZSettingsQuery, type TSettings } from '@cupido/shared/contracts';
import { detectCountry, selectedCountry } from './country-detection';
import { toCompanyInfo, toSettings, type Site, type SiteService } from './service';

export interface SitesRoutesOptions {
  sites: SiteService;
  countryHeader: string | undefined;
  pushPublicKey: string;
}

/** The documented site calls of spec section 7, at their exact paths. */
export const sitesRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async (app, { sites, countryHeader, pushPublicKey }) => {
  // settings.php is called on every page load. Its answer depends only on the site row, the
  // locale and the two countries, so it is validated and serialized once per combination and
  // kept with the cached site object: a refreshed site row starts a fresh cache.
  const serializedSettings = new WeakMap<Site, Map<string, string>>();

  app.get(
    '/api/settings.php',
    {
      schema: {
        tags: ['site'],
        summary: "The site's settings for the requesting domain, with texts in the requested locale",
        querystring: ZSettingsQuery,
        response: { 200: ZSettings, 400: ZApiError },
      },
    },
    async (request, reply) => {
      const site = request.site;
      const geoipCountry = detectCountry({
        proxyHeaderValue: countryHeader ? request.headers[countryHeader] : undefined,
        acceptLanguage: request.headers['accept-language'],
        siteCountries: site.countries,
      });
      const selected = selectedCountry(request.query.country, geoipCountry);
      const key = `${request.locale}|${geoipCountry}|${selected}`;
      let bySite = serializedSettings.get(site);
      if (!bySite) serializedSettings.set(site, (bySite = new Map()));
      let json = bySite.get(key);
      if (json === undefined) {
        const settings = ZSettings.parse(
          toSettings(site, { locale: request.locale, geoipCountry, selectedCountry: selected, pushPublicKey }),
        );
        json = JSON.stringify(settings);
        // Countries come from headers anyone can send: bound the number of combinations kept.
        if (bySite.size > 500) bySite.clear();
        bySite.set(key, json);
      }
      // A string payload is sent as it is: the contract was checked when it was cached.
      return reply.type('application/json; charset=utf-8').send(json as unknown as TSettings);
    },
  );

  app.get(
    '/api/companyinfo.php',
    {
      schema: {
        tags: ['site'],
        summary: 'The company that runs the requesting site',
        querystring: ZSettingsQuery,
        response: { 200: ZCompanyInfo },
      },
    },
    async (request) => toCompanyInfo(await sites.company(request.site)),
  );
};

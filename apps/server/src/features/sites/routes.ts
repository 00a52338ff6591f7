import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZCompanyInfo, ZSettings, ZSettingsQuery } from '@cupido/shared/contracts';
import { detectCountry, selectedCountry } from './country-detection';
import { toCompanyInfo, toSettings, type SiteService } from './service';

export interface SitesRoutesOptions {
  sites: SiteService;
  countryHeader: string | undefined;
  pushPublicKey: string;
}

/** The documented site calls of spec section 7, at their exact paths. */
export const sitesRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async (app, { sites, countryHeader, pushPublicKey }) => {
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
    async (request) => {
      const site = request.site;
      const geoipCountry = detectCountry({
        proxyHeaderValue: countryHeader ? request.headers[countryHeader] : undefined,
        acceptLanguage: request.headers['accept-language'],
        siteCountries: site.countries,
      });
      return toSettings(site, {
        locale: request.locale,
        geoipCountry,
        selectedCountry: selectedCountry(request.query.country, geoipCountry),
        pushPublicKey,
      });
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

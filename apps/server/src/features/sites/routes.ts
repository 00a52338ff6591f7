import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZCompanyInfo, ZSettings, ZSettingsQuery, type TSettings } from '@cupido/shared/contracts/contracts';
import type { SettingsAnswers } from './settings-answer';
import { toCompanyInfo, type SiteService } from './service';

export interface SitesRoutesOptions {
  sites: SiteService;
  settingsAnswer: SettingsAnswers;
}

/** The documented site calls of spec section 7, at their exact paths. */
export const sitesRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async (app, { sites, settingsAnswer }) => {
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
      // A string payload is sent as it is: the contract was checked when it was cached (settings-answer.ts).
      const { json } = settingsAnswer(request, request.locale);
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

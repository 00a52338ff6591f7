/**
 * A site's partner redirects in the back office (issue 31, decision 051), on the site's settings
 * screen, so with its permission 'sites.edit': list, set and delete one country's (in the audit log).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZOkAnswer } from '@cupido/shared/contracts/accounts';
import { INT32_MAX } from '@cupido/shared/contracts/input';
import { ZPartnerRedirect, ZPartnerRedirectsAnswer, ZPartnerRedirectUpdate } from '@cupido/shared/contracts/promotions';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import type { BackOfficeDeps } from '../../back-office-deps';
import { deletePartnerRedirect, partnerRedirectsOf, setPartnerRedirect } from './service';

const tags = ['back office: sites'];
const ZSiteParams = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });
const ZCountryParams = ZSiteParams.extend({
  country: z.string().max(8).meta({ description: "An ISO country code, or '*' for every other country" }),
});
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

export const partnerRedirectAdminRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const config = { staffAccess: 'sites.edit' as const };

  app.get(
    `${ADMIN_API_PREFIX}/sites/:id/partner-redirects`,
    {
      config,
      schema: {
        tags,
        summary: "A site's partner redirects, '*' first",
        params: ZSiteParams,
        response: { 200: ZPartnerRedirectsAnswer, ...errors },
      },
    },
    async (request) => partnerRedirectsOf(deps.db, request.params.id),
  );

  app.put(
    `${ADMIN_API_PREFIX}/sites/:id/partner-redirects/:country`,
    {
      config,
      schema: {
        tags,
        summary: "Set one country's partner redirect (https only; in the audit log)",
        params: ZCountryParams,
        body: ZPartnerRedirectUpdate,
        response: { 200: ZPartnerRedirect, ...errors },
      },
    },
    async (request) => setPartnerRedirect(deps, request.requireStaff().id, request.params.id, request.params.country, request.body),
  );

  app.delete(
    `${ADMIN_API_PREFIX}/sites/:id/partner-redirects/:country`,
    {
      config,
      schema: {
        tags,
        summary: "Delete one country's partner redirect (in the audit log)",
        params: ZCountryParams,
        response: { 200: ZOkAnswer, ...errors },
      },
    },
    async (request) => {
      await deletePartnerRedirect(deps, request.requireStaff().id, request.params.id, request.params.country);
      return { ok: true as const };
    },
  );
};

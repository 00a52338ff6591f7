/**
 * The back office's site settings (issue 13, decision 031): list the sites, read one with its
 * company, and change any of its settings ('sites.edit'). admin-service.ts does the work.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { ZSiteDetailAnswer, ZSiteListAnswer, ZSiteUpdateRequest } from '@cupido/shared/contracts/site-settings';
import { INT32_MAX } from '@cupido/shared/contracts/input';
import type { BackOfficeDeps } from '../../back-office-deps';
import { listSites, siteDetail, updateSite } from './admin-service';

const tags = ['back office: sites'];
const ZSiteParams = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });

export const siteAdminRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const config = { staffAccess: 'sites.edit' as const };

  app.get(
    `${ADMIN_API_PREFIX}/sites`,
    { config, schema: { tags, summary: 'Every site', response: { 200: ZSiteListAnswer } } },
    async () => ({
      sites: await listSites(deps.db),
    }),
  );

  app.get(
    `${ADMIN_API_PREFIX}/sites/:id`,
    { config, schema: { tags, summary: "A site's settings and company", params: ZSiteParams, response: { 200: ZSiteDetailAnswer } } },
    async (request) => siteDetail(deps.db, request.params.id),
  );

  app.patch(
    `${ADMIN_API_PREFIX}/sites/:id`,
    {
      config,
      schema: {
        tags,
        summary: "Change a site's settings (any subset) and its company",
        params: ZSiteParams,
        body: ZSiteUpdateRequest,
        response: { 200: ZSiteDetailAnswer },
      },
    },
    async (request) =>
      updateSite({ db: deps.db, sites: deps.sites, clock: deps.clock }, request.requireStaff().id, request.params.id, request.body),
  );
};

/**
 * A site's promo tiles in the back office (issue 31, decision 051), on the site's settings screen,
 * so with its permission 'sites.edit': read both tiles, save one (in the audit log).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { INT32_MAX } from '@cupido/shared/contracts/input';
import { ZPromoTile, ZPromoTileKind, ZPromoTilesAnswer, ZPromoTileUpdate } from '@cupido/shared/contracts/promotions';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import type { BackOfficeDeps } from '../../back-office-deps';
import { promoTilesOf, updatePromoTile } from './service';

const tags = ['back office: sites'];
const ZSiteParams = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

export const promoTileAdminRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const config = { staffAccess: 'sites.edit' as const };

  app.get(
    `${ADMIN_API_PREFIX}/sites/:id/promo-tiles`,
    {
      config,
      schema: {
        tags,
        summary: "A site's promo tiles (live cam, member resell); a tile never saved is off",
        params: ZSiteParams,
        response: { 200: ZPromoTilesAnswer, ...errors },
      },
    },
    async (request) => promoTilesOf(deps.db, request.params.id),
  );

  app.put(
    `${ADMIN_API_PREFIX}/sites/:id/promo-tiles/:kind`,
    {
      config,
      schema: {
        tags,
        summary: 'Save one promo tile of a site (in the audit log)',
        description:
          "https addresses only; both are required when enabled; countries are some of the site's (empty: every visitor). The member_resell tile can be enabled only while the site's member_resell setting is on.",
        params: ZSiteParams.extend({ kind: ZPromoTileKind }),
        body: ZPromoTileUpdate,
        response: { 200: ZPromoTile, ...errors },
      },
    },
    async (request) => updatePromoTile(deps, request.requireStaff().id, request.params.id, request.params.kind, request.body),
  );
};

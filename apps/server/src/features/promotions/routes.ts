/** GET /api/promo-tiles.php: the promo tiles the member app shows among search results and on /activate/done (issue 31). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPublicPromoTilesAnswer } from '@cupido/shared/contracts/promotions';
import { detectRequestCountry } from '../sites/country-detection';
import { publicPromoTiles, type PromotionDeps } from './service';

export const promoTileRoutes: FastifyPluginAsyncZod<{ deps: PromotionDeps; countryHeader: string | undefined }> = async (
  app,
  { deps, countryHeader },
) => {
  app.get(
    '/api/promo-tiles.php',
    {
      schema: {
        tags: ['promotions'],
        summary: "This site's enabled promo tiles for the visitor's detected country",
        description:
          'Each url carries utm_source (the site domain), utm_medium=promo_tile and utm_campaign (the tile); nothing about the member. Always labelled as an advertisement where shown.',
        response: { 200: ZPublicPromoTilesAnswer },
      },
    },
    async (request) => {
      return { tiles: await publicPromoTiles(deps.db, request.site, detectRequestCountry(request, countryHeader)) };
    },
  );
};

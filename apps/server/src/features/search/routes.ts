/** GET /api/search.php: member search (spec sections 2-4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZSearchAnswer, ZSearchQuery } from '@cupido/shared/contracts/profiles';
import { requireSearchAccess } from '../profiles/search-access';
import { parseSearchQuery, searchProfiles, type SearchDeps } from './service';

export const searchRoutes: FastifyPluginAsyncZod<{ deps: SearchDeps }> = async (app, { deps }) => {
  app.get(
    '/api/search.php',
    {
      schema: {
        tags: ['search'],
        summary: "Search members with the site's search_fields; similar profiles when few match",
        description:
          'Visitors may search only where spec section 4 allows it: the site\'s logged_out_search is not "none", or ' +
          'logged_out_search_trafficsource is not "none" and the request carries a traffic source (network, ref, sub1-3). ' +
          'Otherwise 403 authentication_required.',
        querystring: ZSearchQuery,
        response: { 200: ZSearchAnswer, 400: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      const member = await requireSearchAccess(request);
      const criteria = parseSearchQuery(request.query, request.site);
      return searchProfiles(deps, request.site, member ? { userId: member.id, profileId: member.profileId } : null, criteria);
    },
  );
};

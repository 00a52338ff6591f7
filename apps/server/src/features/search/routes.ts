/** GET /api/search.php: member search (spec sections 2-4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasTrafficSource } from '@cupido/shared/accounts';
import { ZApiError } from '@cupido/shared/contracts';
import { TRACKING_QUERY_PARAMS, ZSearchAnswer, ZSearchQuery } from '@cupido/shared/profiles';
import { isLoggedOutSearchVisible } from '@cupido/shared/rules';
import type { FastifyRequest } from 'fastify';
import { authenticationRequired } from '../../plugins/session';
import { parseSearchQuery, searchProfiles, type SearchDeps } from './service';

/**
 * Spec section 4: members always; visitors when the site's logged_out_search is not 'none', or
 * its logged_out_search_trafficsource is not 'none' and the request names a traffic source.
 * Search and profile pages share this rule. Throws 403 authentication_required otherwise.
 */
export async function requireSearchAccess(request: FastifyRequest) {
  const member = await request.member();
  const query = (request.query ?? {}) as Record<string, unknown>;
  const tracking = Object.fromEntries(TRACKING_QUERY_PARAMS.map((key) => [key, typeof query[key] === 'string' ? query[key] : '']));
  const site = request.site;
  const allowed = isLoggedOutSearchVisible({
    loggedIn: member !== null,
    loggedOutSearch: site.loggedOutSearch,
    loggedOutSearchTrafficSource: site.loggedOutSearchTrafficsource,
    hasTrafficSource: hasTrafficSource(tracking),
  });
  if (!allowed) throw authenticationRequired();
  return member;
}

export const searchRoutes: FastifyPluginAsyncZod<{ deps: SearchDeps }> = async (app, { deps }) => {
  app.get(
    '/api/search.php',
    {
      schema: {
        tags: ['search'],
        summary: 'Search members with the site\'s search_fields; similar profiles when few match',
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

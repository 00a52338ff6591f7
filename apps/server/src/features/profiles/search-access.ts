/**
 * Who may see members (spec section 4), shared by member search and profile pages: members
 * always; visitors when the site's logged_out_search is not 'none', or its
 * logged_out_search_trafficsource is not 'none' and the request names a traffic source.
 */
import { hasTrafficSource } from '@cupido/shared/contracts/accounts';
import { TRACKING_QUERY_PARAMS } from '@cupido/shared/contracts/profiles';
import { isLoggedOutSearchVisible } from '@cupido/shared/rules/site-shell';
import type { FastifyRequest } from 'fastify';
import { authenticationRequired } from '../../plugins/session';

/** The member, or null for an allowed visitor. Throws 403 authentication_required otherwise. */
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

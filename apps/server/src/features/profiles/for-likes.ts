/**
 * What likes (features/likes) reads of profiles, as SQL over its own rows (decision 021): the
 * likes pages list only profiles a member may still see, so likes composes this condition into
 * its queries instead of joining the profiles table itself. Cards come from the search read
 * model (cardsByIdsQuery, toCard).
 */
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { profiles } from '../../db/schema';

/**
 * SQL: the profile (a column of the caller's query) is on the site, active and its account usable.
 * Invisible ones count: a like makes the two partners, who keep seeing each other (spec section 4).
 */
export function shownToPartners(profileId: SQLWrapper, siteId: number) {
  return sql<boolean>`exists (select 1 from ${profiles} where ${and(
    eq(profiles.id, profileId),
    eq(profiles.siteId, siteId),
    eq(profiles.status, 'active'),
    sql`${profiles.accountUsable}`,
  )})`;
}

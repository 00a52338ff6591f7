/**
 * What likes (features/likes) reads of profiles, as SQL over its own rows (decision 021): the
 * likes pages list only profiles a member may still see, and a like checks its target, so likes
 * composes these conditions into its queries instead of joining the profiles table itself. Cards
 * come from the search read model (cardsByIdsQuery, toCard).
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

/**
 * SQL: the profile (a column of the caller's query, a profile of the member's own site, as every
 * liked one is) is shown to partners, i.e. not among the few that are not (shownToPartners
 * without the site). For long lists: PostgreSQL reads those few from profiles_not_shown_idx once
 * and hashes them (an anti-join), instead of probing profiles for each of thousands of rows. The
 * condition is the index's predicate word for word, so the planner can use the index.
 */
export function notHiddenFromPartners(profileId: SQLWrapper) {
  return sql<boolean>`not exists (select 1 from ${profiles} as not_shown
    where not_shown.id = ${profileId} and NOT (not_shown.status = 'active' AND not_shown.account_usable))`;
}

/**
 * SQL: a select of one row (`usable`: active with a usable account; `invisible`) for the profile
 * when it is on the site, none otherwise: what a like needs to know of its target (the facts
 * contact.ts's targetProfile and contactFacts read), for likes to use in the statement that
 * inserts the like. One probe of the profiles key.
 */
export function likeTargetSelect(siteId: SQLWrapper | number, profileId: SQLWrapper | number) {
  return sql`select (${profiles.status} = 'active' and ${profiles.accountUsable}) as usable, ${profiles.isInvisible} as invisible
    from ${profiles} where ${and(eq(profiles.id, profileId), eq(profiles.siteId, siteId))}`;
}

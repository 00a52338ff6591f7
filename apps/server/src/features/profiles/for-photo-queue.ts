/**
 * What the photo moderation queue (features/moderation, issue 13) reads of profiles, from this
 * feature's table (decision 021): the site filter as SQL over the queue's photos, and the facts a
 * reviewer sees beside each photo (name, age, site, fictional or not).
 */
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';

/** SQL: the profile (a column of the caller's query) is on the site. One probe of the profiles key. */
export function profileIsOnSite(profileId: SQLWrapper, siteId: number) {
  // Nested SQL keeps the table names (drizzle drops them for top-level columns of a one-table select).
  return sql<boolean>`exists (select 1 from ${profiles} where ${and(eq(profiles.id, profileId), eq(profiles.siteId, siteId))})`;
}

export interface QueueProfile {
  id: number;
  siteId: number;
  name: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  isFictional: boolean;
}

/** The profiles of a queue page, by id. */
export async function queueProfiles(db: Pick<Database, 'select'>, ids: number[]): Promise<Map<number, QueueProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: profiles.id,
      siteId: profiles.siteId,
      name: profiles.name,
      birthDate: profiles.birthDate,
      isFictional: profiles.isFictional,
    })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Profile scopes for the dashboard's figures (issue 13), as subqueries other features' read
 * files put in their own queries (`profile_id IN (...)`), so they never read profiles.
 */
import { sql, type SQL } from 'drizzle-orm';
import { profiles } from '../../db/schema';

/** Members' profiles (not the fictional ones staff run), of one site or of all. */
export function memberProfiles(siteId: number | null): SQL {
  const ofSite = siteId === null ? sql`` : sql` and ${profiles.siteId} = ${siteId}`;
  return sql`(select ${profiles.id} from ${profiles} where not ${profiles.isFictional}${ofSite})`;
}

/** Every profile of a site, fictional ones too (the moderation queues hold their items as well). */
export function profilesOfSite(siteId: number): SQL {
  return sql`(select ${profiles.id} from ${profiles} where ${profiles.siteId} = ${siteId})`;
}

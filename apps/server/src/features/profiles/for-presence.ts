/**
 * What the activity marks (features/presence, issue 28; decision 036) read of profiles: whether
 * a profile is fictional and whether it or the viewer hides their activity, in the one query
 * that also asks the marks' facts (given as SQL over the profile's id by live and accounts).
 */
import { and, inArray, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';

export interface ActivityFactSources {
  /** SQL condition over a profile id: a live socket of the profile is open now. */
  online(profileId: SQLWrapper): SQL<boolean>;
  /** SQL condition over a profile id: the profile's member was active today. */
  activeToday(profileId: SQLWrapper): SQL<boolean>;
}

export interface ActivityFacts {
  id: number;
  fictional: boolean;
  online: boolean;
  today: boolean;
}

/**
 * The facts of the profiles that may carry a mark for this viewer, in one query: none at all when
 * the viewer hides their own activity (they see nobody's), none of a profile that hides its own.
 * A fictional profile's facts are not asked (no socket or active day of its own counts).
 */
export async function activityFactsOf(
  db: Pick<Database, 'select'>,
  viewerProfileId: number,
  profileIds: readonly number[],
  sources: ActivityFactSources,
): Promise<ActivityFacts[]> {
  if (profileIds.length === 0) return [];
  const member = not(profiles.isFictional);
  const rows = await db
    .select({
      id: profiles.id,
      fictional: profiles.isFictional,
      online: sql<boolean>`(${member} and ${sources.online(profiles.id)})`,
      today: sql<boolean>`(${member} and ${sources.activeToday(profiles.id)})`,
    })
    .from(profiles)
    .where(
      and(
        inArray(profiles.id, [...new Set(profileIds)]),
        not(profiles.hideActivity),
        // The viewer's own setting: one primary-key probe, evaluated once for the whole list.
        sql`not exists (select 1 from ${profiles} as viewer where viewer.id = ${viewerProfileId} and viewer.hide_activity)`,
      ),
    );
  return rows.map((row) => ({ id: row.id, fictional: row.fictional, online: row.online === true, today: row.today === true }));
}

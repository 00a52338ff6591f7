/**
 * What the presence rows (features/live) and the activity marks (features/presence) read of
 * accounts (issue 28; decision 036), as SQL fragments over accounts' own tables (decision 021).
 */
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { memberActiveDays, users } from '../../db/schema';

/**
 * SQL condition: the account `userId` exists and still holds the profile `profileId`. The live
 * channel writes a presence row only then, so a member erased (or whose profile was deleted)
 * while a socket of theirs was still open makes no foreign key fail a batch of other members.
 */
export function accountHoldsProfile(userId: SQLWrapper, profileId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${users} where ${and(eq(users.id, userId), eq(users.profileId, profileId))})`;
}

/** The UTC day of `now` as member_active_days keys it (YYYY-MM-DD). */
export const activeDayOf = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * SQL condition: the account of the profile `profileId` made a logged-in request on `day` (UTC),
 * from the active-days record (active-days.ts). Two primary-key probes: users by its unique
 * profile index, member_active_days by (user_id, day). A profile without an account (a fictional
 * one) is never active.
 */
export function profileActiveOn(profileId: SQLWrapper, day: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${memberActiveDays} join ${users} on ${eq(users.id, memberActiveDays.userId)}
    where ${and(eq(users.profileId, profileId), eq(memberActiveDays.day, day))})`;
}

/**
 * Block state as SQL for features above blocks (decision 021): a like checks it in the same
 * statement that inserts the like (features/likes), so blocks exports the condition instead of
 * likes reading the blocks table. The same facts as blockStateBetween (service.ts), there one query.
 */
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { blocks } from '../../db/schema';
import { profileIdOfUser } from '../accounts/profile-of-user';

/**
 * SQL booleans: whether the viewer (their account and profile, values or columns of the caller's
 * query) blocked the target profile (one probe of the blocks key), and whether the target's
 * member blocked the viewer (the viewer's blockers by blocks_blocked_profile_idx, usually none).
 */
export function blockStateSql(
  viewer: { userId: SQLWrapper | number; profileId: SQLWrapper | number },
  targetProfileId: SQLWrapper | number,
) {
  return {
    blockedByViewer: sql<boolean>`exists (select 1 from ${blocks} where ${and(eq(blocks.blockerUserId, viewer.userId), eq(blocks.blockedProfileId, targetProfileId))})`,
    blockedByTarget: sql<boolean>`exists (select 1 from ${blocks} where ${and(
      eq(blocks.blockedProfileId, viewer.profileId),
      eq(profileIdOfUser(blocks.blockerUserId), targetProfileId),
    )})`,
  };
}

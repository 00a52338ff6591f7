/**
 * What the likes feature does when other features' facts change (decision 021), each in the
 * publisher's transaction. Registered once at app start (its module.ts).
 *
 * - member.blocked: likes and passes between the two go, both ways (spec section 4: blocking
 *   deletes likes). Unblocking brings nothing back.
 * - account.deletion_requested: the member's likes, both ways, are hidden while the account
 *   waits; account.reactivated shows them again, except those with a member who is still
 *   waiting for their own deletion.
 * - account.erased and profile.deleting: the profile's likes, passes and Like grants go.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { likeGrants, likes, passes } from '../../db/schema';
import type { DomainEvents, Tx } from '../../infra/domain-events';
import { profilePendingDeletion } from '../accounts/profile-of-user';

async function forgetProfile(tx: Tx, profileId: number): Promise<void> {
  await tx.delete(likes).where(or(eq(likes.fromProfileId, profileId), eq(likes.toProfileId, profileId)));
  await tx.delete(passes).where(or(eq(passes.fromProfileId, profileId), eq(passes.toProfileId, profileId)));
  await tx.delete(likeGrants).where(eq(likeGrants.fromProfileId, profileId));
}

export function handleLikeEvents(events: DomainEvents): void {
  events.handleInTransaction('member.blocked', 'likes: delete likes and passes between the two', async (event, tx) => {
    const { blockerProfileId: a, blockedProfileId: b } = event;
    const between = <T extends typeof likes | typeof passes>(t: T) =>
      or(and(eq(t.fromProfileId, a), eq(t.toProfileId, b)), and(eq(t.fromProfileId, b), eq(t.toProfileId, a)));
    await tx.delete(likes).where(between(likes));
    await tx.delete(passes).where(between(passes));
  });

  events.handleInTransaction('account.deletion_requested', "likes: hide the member's likes both ways", async (event, tx) => {
    if (event.profileId === null) return;
    await tx
      .update(likes)
      .set({ hidden: true })
      .where(or(eq(likes.fromProfileId, event.profileId), eq(likes.toProfileId, event.profileId)));
  });

  events.handleInTransaction('account.reactivated', "likes: show the member's likes again", async (event, tx) => {
    const profileId = event.profileId;
    if (profileId === null) return;
    await tx
      .update(likes)
      .set({ hidden: false })
      .where(
        or(
          and(eq(likes.fromProfileId, profileId), sql`not ${profilePendingDeletion(likes.toProfileId)}`),
          and(eq(likes.toProfileId, profileId), sql`not ${profilePendingDeletion(likes.fromProfileId)}`),
        ),
      );
  });

  events.handleInTransaction('account.erased', "likes: forget the erased member's likes and passes", async (event, tx) => {
    if (event.profileId !== null) await forgetProfile(tx, event.profileId);
  });

  // The foreign keys would cascade as well; likes removes its own rows, as the owner of them.
  events.handleInTransaction('profile.deleting', "likes: forget the profile's likes and passes", (event, tx) =>
    forgetProfile(tx, event.profileId),
  );
}

/**
 * Blocks (spec sections 4 and 6). A member blocks a profile; from then on, either way round,
 * the two do not find each other in search, cannot contact each other, and the blocked member
 * cannot open the blocker's profile (403 no_access). Blocking and unblocking are idempotent.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
import { blocks } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { DomainEvents, Tx } from '../../infra/domain-events';
import { profileIdOfUser } from '../accounts/profile-of-user';

/**
 * What blocks asks about the profiles it is about. Profiles imports blocks (block state on the
 * profile page, the exclusions of search), so blocks cannot import profiles back: profiles
 * implements this (profiles/for-blocks.ts) and the app's context (build-context.ts) hands it in (decision 021).
 */
export interface ProfilesForBlocks {
  /** Whether the profile exists on the site (blocks are made there). */
  existsOnSite(siteId: number, profileId: number): Promise<boolean>;
  /** Name and approved main photo's thumbnail of those of the profiles that are on the site, in any order. */
  cardsByIds(siteId: number, profileIds: number[]): Promise<BlockedProfileCard[]>;
}

export interface BlockedProfileCard {
  id: number;
  name: string;
  thumbFilename: string | null;
}

export interface BlockDeps {
  db: Database;
  clock: Clock;
  /** member.blocked / member.unblocked go out here; likes and chats remove their rows in the same transaction. */
  events: DomainEvents;
  profiles: ProfilesForBlocks;
}

export interface Blocker {
  userId: number;
  profileId: number;
  siteId: number;
}

export const profileNotFound = () => new AppError(404, 'profile_not_found', 'errors.profile_not_found');

async function requireSiteProfile(profiles: ProfilesForBlocks, siteId: number, profileId: number): Promise<void> {
  if (!(await profiles.existsOnSite(siteId, profileId))) throw profileNotFound();
}

export async function blockProfile(deps: BlockDeps, blocker: Blocker, profileId: number): Promise<void> {
  if (profileId === blocker.profileId) throw new AppError(400, 'cannot_block_self', 'errors.cannot_block_self', {}, 'profile_id');
  await requireSiteProfile(deps.profiles, blocker.siteId, profileId);
  const now = deps.clock();
  await deps.events.transaction(deps.db, async (tx) => {
    const added = await tx
      .insert(blocks)
      .values({ blockerUserId: blocker.userId, blockedProfileId: profileId, createdAt: now })
      .onConflictDoNothing()
      .returning({ blockedProfileId: blocks.blockedProfileId });
    // Spec section 4, "blocking deletes chats and likes": their features handle this event in
    // this transaction, so a block never leaves half of a contact behind. A repeated block is a no-op.
    if (added.length > 0) {
      await deps.events.publish(tx, {
        type: 'member.blocked',
        blockerUserId: blocker.userId,
        blockerProfileId: blocker.profileId,
        blockedProfileId: profileId,
      });
    }
  });
}

export async function unblockProfile(deps: BlockDeps, blocker: Blocker, profileId: number): Promise<void> {
  await requireSiteProfile(deps.profiles, blocker.siteId, profileId);
  await deps.events.transaction(deps.db, async (tx) => {
    const lifted = await tx
      .delete(blocks)
      .where(and(eq(blocks.blockerUserId, blocker.userId), eq(blocks.blockedProfileId, profileId)))
      .returning({ blockedProfileId: blocks.blockedProfileId });
    if (lifted.length > 0) {
      await deps.events.publish(tx, {
        type: 'member.unblocked',
        blockerUserId: blocker.userId,
        blockerProfileId: blocker.profileId,
        blockedProfileId: profileId,
      });
    }
  });
}

/** What the blocks feature erases with an account: whom the member blocked (blocks of their profile go with it). */
export async function forgetBlocksBy(tx: Tx, userId: number): Promise<void> {
  await tx.delete(blocks).where(eq(blocks.blockerUserId, userId));
}

/**
 * Profiles a member must not meet in search or related lists: those they blocked and those whose
 * member blocked them. Usually a handful; one query over two indexes.
 */
export async function blockedEitherWay(db: Database, member: { userId: number; profileId: number }): Promise<number[]> {
  const rows = await db
    .select({ id: sql<number | null>`${blocks.blockedProfileId}` })
    .from(blocks)
    .where(eq(blocks.blockerUserId, member.userId))
    .union(
      db
        .select({ id: profileIdOfUser(blocks.blockerUserId) })
        .from(blocks)
        .where(eq(blocks.blockedProfileId, member.profileId)),
    );
  // A blocker without a profile (an erased account) has nobody to hide.
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}

/** Built once: asked before every send and like (issue 32's chat bench). */
const blockStateStatement = preparedStatement<
  { viewerUserId: number; viewerProfileId: number; targetProfileId: number },
  { blocker_user_id: number; blocked_profile_id: number }
>(
  (p) =>
    sql`select ${blocks.blockerUserId}, ${blocks.blockedProfileId} from ${blocks}
      where (${blocks.blockerUserId} = ${p.viewerUserId} and ${blocks.blockedProfileId} = ${p.targetProfileId})
        or (${blocks.blockedProfileId} = ${p.viewerProfileId} and ${profileIdOfUser(blocks.blockerUserId)} = ${p.targetProfileId})`,
);

/** Whether the viewer blocked the target, and whether the target's member blocked the viewer. */
export async function blockStateBetween(
  db: Database,
  viewer: { userId: number; profileId: number },
  targetProfileId: number,
): Promise<{ blockedByViewer: boolean; blockedByTarget: boolean }> {
  const rows = (await blockStateStatement(db, { viewerUserId: viewer.userId, viewerProfileId: viewer.profileId, targetProfileId })).map(
    (row) => ({
      blockerUserId: row.blocker_user_id,
      blockedProfileId: row.blocked_profile_id,
    }),
  );
  return {
    blockedByViewer: rows.some((r) => r.blockerUserId === viewer.userId && r.blockedProfileId === targetProfileId),
    blockedByTarget: rows.some((r) => r.blockedProfileId === viewer.profileId && r.blockerUserId !== viewer.userId),
  };
}

/**
 * The profiles a member blocked, newest first, for the settings' list with Unblock. Only profiles
 * of the member's site (blocks are made there); the thumbnail is the approved main photo's. Two
 * indexed reads: the member's blocks by key, then their profiles' cards from profiles.
 */
export async function listBlocks(deps: Pick<BlockDeps, 'db' | 'profiles'>, blocker: { userId: number; siteId: number }) {
  const made = await deps.db
    .select({ profileId: blocks.blockedProfileId, blockedAt: blocks.createdAt })
    .from(blocks)
    .where(eq(blocks.blockerUserId, blocker.userId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedProfileId));
  if (made.length === 0) return [];
  const cards = new Map(
    (
      await deps.profiles.cardsByIds(
        blocker.siteId,
        made.map((b) => b.profileId),
      )
    ).map((card) => [card.id, card]),
  );
  return made.flatMap(({ profileId, blockedAt }) => {
    const card = cards.get(profileId);
    return card ? [{ profileId, name: card.name, thumbFilename: card.thumbFilename, blockedAt }] : [];
  });
}

/**
 * HOOK for the chats and likes features: what a block removes between two members.
 *
 * Spec section 4: "Blocking: deletes chats and likes". Neither table exists yet, so today this
 * deletes nothing. When the chats feature lands, it deletes the conversations (and their
 * messages) between the blocker and the blocked profile here; the likes feature deletes the
 * likes in both directions. Both run inside the block's transaction, so a block never leaves a
 * half-removed contact behind. Call their services from here; do not touch their tables directly.
 */
import type { Tx } from '../accounts/account-context';

export interface BlockParties {
  blockerUserId: number;
  /** The blocker's own profile (null only for an erased account, which cannot block). */
  blockerProfileId: number | null;
  blockedProfileId: number;
}

export async function removeContactOnBlock(_tx: Tx, _parties: BlockParties): Promise<void> {
  // Chats: delete conversations between the two (issue: chats). Likes: delete likes both ways (issue: likes).
}

/**
 * What the chats feature does when other features' facts change (decision 021), each in the
 * publisher's transaction; the members' open tabs hear of it after the commit. Registered once at
 * app start (its module.ts).
 *
 * - member.blocked: the conversation between the two goes, for both (spec section 4: blocking
 *   deletes chats). Unblocking brings nothing back.
 * - account.deletion_requested: the member's conversations are hidden, on both sides, while the
 *   account waits; account.reactivated shows them again, except those with a member who is still
 *   waiting for their own deletion (as likes does).
 * - account.erased and profile.deleting: the profile's conversations and messages go.
 * - account.activated: the signup message is sent (signup-message.ts).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { conversationMembers, conversations, messages } from '../../db/schema';
import type { DomainEvents, TransactionEffects, Tx } from '../../infra/domain-events';
import { profilePendingDeletion } from '../accounts/profile-of-user';
import type { ChatDeps } from './context';
import { publishRemoved } from './live-frames';
import { sendSignupMessage } from './signup-message';
import { pairOf } from './store';

export interface ChatEventDeps extends ChatDeps {
  /**
   * Told, after the commit, the image keys of image messages that were deleted, so their stored
   * files go too (image messages: features/chats/image-*.ts).
   */
  onImagesDeleted?: (imageKeys: string[]) => Promise<void>;
}

/** Deletes the conversations (messages first, as their owner) and tells both members' tabs after the commit. */
async function deleteConversations(deps: ChatEventDeps, tx: Tx, effects: TransactionEffects, where: ReturnType<typeof and>): Promise<void> {
  const gone = await tx
    .select({ id: conversations.id, low: conversations.lowProfileId, high: conversations.highProfileId })
    .from(conversations)
    .where(where);
  if (gone.length === 0) return;
  const ids = gone.map((conversation) => conversation.id);
  const deleted = await tx.delete(messages).where(inArray(messages.conversationId, ids)).returning({ imageKey: messages.imageKey });
  await tx.delete(conversations).where(inArray(conversations.id, ids));
  const imageKeys = deleted.flatMap((message) => (message.imageKey ? [message.imageKey] : []));
  effects.afterCommit(async () => {
    if (imageKeys.length > 0 && deps.onImagesDeleted) await deps.onImagesDeleted(imageKeys);
    for (const conversation of gone) await publishRemoved(deps, [conversation.low, conversation.high], conversation.id);
  });
}

function conversationsOf(profileId: number) {
  return or(eq(conversations.lowProfileId, profileId), eq(conversations.highProfileId, profileId));
}

export function handleChatEvents(events: DomainEvents, deps: ChatEventDeps): void {
  events.handleInTransaction('member.blocked', 'chats: delete the conversation between the two', async (event, tx, effects) => {
    const { low, high } = pairOf(event.blockerProfileId, event.blockedProfileId);
    await deleteConversations(deps, tx, effects, and(eq(conversations.lowProfileId, low), eq(conversations.highProfileId, high)));
  });

  events.handleInTransaction('account.deletion_requested', "chats: hide the member's conversations on both sides", async (event, tx) => {
    if (event.profileId === null) return;
    const ids = tx.select({ id: conversations.id }).from(conversations).where(conversationsOf(event.profileId));
    await tx.update(conversationMembers).set({ hidden: true }).where(inArray(conversationMembers.conversationId, ids));
  });

  events.handleInTransaction('account.reactivated', "chats: show the member's conversations again", async (event, tx) => {
    const profileId = event.profileId;
    if (profileId === null) return;
    const ids = tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        or(
          and(eq(conversations.lowProfileId, profileId), sql`not ${profilePendingDeletion(conversations.highProfileId)}`),
          and(eq(conversations.highProfileId, profileId), sql`not ${profilePendingDeletion(conversations.lowProfileId)}`),
        ),
      );
    await tx.update(conversationMembers).set({ hidden: false }).where(inArray(conversationMembers.conversationId, ids));
  });

  events.handleInTransaction(
    'account.erased',
    "chats: delete the erased member's conversations and messages",
    async (event, tx, effects) => {
      if (event.profileId !== null) await deleteConversations(deps, tx, effects, conversationsOf(event.profileId));
    },
  );

  // The foreign keys would cascade as well; chats removes its own rows, as their owner (and learns the image keys).
  events.handleInTransaction('profile.deleting', "chats: delete the profile's conversations and messages", (event, tx, effects) =>
    deleteConversations(deps, tx, effects, conversationsOf(event.profileId)),
  );

  events.handleInTransaction('account.activated', 'chats: send the signup message', (event, tx, effects) =>
    sendSignupMessage(deps, event, tx, effects),
  );
}

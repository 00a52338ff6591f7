/**
 * The live channel's frames from members' apps that chats handles (features/live calls these for
 * the member the socket belongs to), and the hello frame's facts (newest message id, new likes).
 * A frame about a conversation that is not the member's does nothing.
 */
import type { LiveMember } from '../live/live-hub';
import type { ChatDeps } from './context';
import { markDelivered, markRead, relayTyping } from './read-state';
import { helloOf } from './live-frames';

export function handleLiveFrames(deps: ChatDeps): void {
  deps.live.onClientFrame('typing', (member, frame) => relayTyping(deps, member, frame.conversation));
  deps.live.onClientFrame('delivered', (member, frame) => markDelivered(deps, member, frame.conversation, frame.up_to));
  deps.live.onClientFrame('read', async (member: LiveMember, frame) => {
    const site = await deps.sites.byId(member.siteId);
    if (!site) return;
    try {
      await markRead(deps, site, member, frame.conversation, frame.up_to);
    } catch (err) {
      // Not the member's conversation (any more): nothing to mark.
      if ((err as { code?: string }).code !== 'conversation_not_found') throw err;
    }
  });
  deps.live.setHelloSource((member) => helloOf(deps, member.profileId));
}

/**
 * Where the catch-up after a reconnect starts (issue 32's soak test): a partner's message stored
 * while the socket was down must not be skipped because the member's own send, answered over HTTP
 * meanwhile, or a live frame after the reconnect carries a newer id.
 */
import { describe, expect, it } from 'vitest';
import type { TChatAnswer, TChatMessage } from '@cupido/shared/contracts/chats';
import { conversationReducer, EMPTY_CONVERSATION } from './use-conversation';

const message = (id: number, fromMe = false) => ({ id, from_me: fromMe, conversation: { id: 5 } }) as unknown as TChatMessage;
const page = (messages: TChatMessage[]) =>
  ({
    conversation: 5,
    messages,
    has_older: false,
    older_hidden: false,
    partner_delivered_up_to: 0,
    partner_read_up_to: 0,
  }) as unknown as TChatAnswer;

describe('the catch-up start', () => {
  it('moves with the server pages only, not with own send answers or live frames', () => {
    let state = conversationReducer(EMPTY_CONVERSATION, { type: 'answer', answer: page([message(1), message(2)]), page: 'first' });
    expect(state.syncedUpTo).toBe(2);
    // The member's own message, answered by the send call while the partner's 3 went unseen.
    state = conversationReducer(state, { type: 'messages', messages: [message(4, true)] });
    // A frame after the reconnect, newer than the missed 3.
    state = conversationReducer(state, { type: 'messages', messages: [message(5)] });
    expect(state.messages.map((m) => m.id)).toEqual([1, 2, 4, 5]);
    expect(state.syncedUpTo).toBe(2);
    // The catch-up from 2 brings 3 (and the others again, merged by id).
    state = conversationReducer(state, { type: 'answer', answer: page([message(3), message(4, true), message(5)]), page: 'newer' });
    expect(state.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(state.syncedUpTo).toBe(5);
    // An older page says nothing about the newest.
    state = conversationReducer(state, { type: 'answer', answer: page([]), page: 'older' });
    expect(state.syncedUpTo).toBe(5);
  });
});

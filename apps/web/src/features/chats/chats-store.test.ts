import { describe, expect, it } from 'vitest';
import type { TChatMessage, TChatsAnswer } from '@cupido/shared/contracts/chats';
import { chatItem, messageFrame } from './test/chats-test-kit';
import { newestMessageId, withMessage, withoutConversation } from './chat-list-updates';
import { withConversationRead } from './chats-store';

const at = new Date().toISOString();
const list = (): TChatsAnswer => ({
  chats: [
    chatItem(1, { num_unread_messages: 2, updated_at: at }),
    chatItem(2, { updated_at: at }),
    chatItem(3, { num_unread_messages: 1, updated_at: at }),
  ],
  unread_total: 3,
});
const message = (conversation: number, id: number, overrides: Partial<TChatMessage> = {}) => {
  const frame = messageFrame(conversation, id, overrides);
  if (frame.type !== 'message') throw new Error('not a message frame');
  return frame.message;
};
const order = (answer: TChatsAnswer | null) => answer?.chats.map((chat) => [chat.conversation, chat.num_unread_messages]);

describe('chats store', () => {
  it('a partner’s message moves its conversation first, as its last message, one more unread', () => {
    const next = withMessage(list(), message(3, 99, { text: 'Hi!' }), null)!;
    expect(order(next)).toEqual([
      [3, 2],
      [1, 2],
      [2, 0],
    ]);
    expect(next.unread_total).toBe(4);
    expect(next.chats[0]!.last_message).toMatchObject({ id: 99, kind: 'text', text: 'Hi!', from_me: false });
    expect(next.chats[0]!.updated_at).toBe(next.chats[0]!.last_message!.created_at);
  });

  it('the member’s own message (another tab) and one in the open conversation move it first without unread', () => {
    expect(order(withMessage(list(), message(2, 99, { from_me: true, state: 'sent' }), null))).toEqual([
      [2, 0],
      [1, 2],
      [3, 1],
    ]);
    const open = withMessage(list(), message(3, 99), 3)!;
    expect(order(open)![0]).toEqual([3, 1]);
    expect(open.unread_total).toBe(3);
  });

  it('the same message twice, or an older one, changes nothing; an unknown conversation asks for a refetch', () => {
    const once = withMessage(list(), message(2, 99), null)!;
    expect(withMessage(once, message(2, 99), null)).toBe(once);
    expect(withMessage(once, message(2, 98), null)).toBe(once);
    expect(withMessage(list(), message(42, 99), null)).toBeNull();
  });

  it('removing and reading take the conversation’s unread off the total', () => {
    const before = list();
    expect(withoutConversation(before, 1)).toEqual({ chats: [before.chats[1], before.chats[2]], unread_total: 1 });
    expect(withoutConversation(before, 42)).toBe(before);
    const read = withConversationRead(list(), 1);
    expect(order(read)).toEqual([
      [1, 0],
      [2, 0],
      [3, 1],
    ]);
    expect(read.unread_total).toBe(1);
  });

  it('knows the newest message id of the list', () => {
    expect(newestMessageId(list())).toBe(30);
    expect(newestMessageId({ chats: [chatItem(1, { last_message: null })], unread_total: 0 })).toBe(0);
  });
});

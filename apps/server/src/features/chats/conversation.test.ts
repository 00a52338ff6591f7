/**
 * One conversation through the HTTP API (issue 12): opening it by profile before the first
 * message, pages of older messages and the resync after a dropped connection, the history window
 * (older messages hidden, older_hidden, not counted as unread), chat-read (unread to 0, receipts,
 * counts) and DELETE (for one member only; a newer message brings it back). Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHAT_PAGE_SIZE, CHAT_SYNC_LIMIT } from '@cupido/shared/rules/chats';
import { conversations, messages } from '../../db/schema';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { chatKit, recordFrames, statusAndCode, type Member } from './test/chats-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;
let frames: ReturnType<typeof recordFrames>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = chatKit(t);
  frames = recordFrames(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** `count` more messages from `from` in the conversation, written straight to the table (a long history). */
async function history(conversation: number, from: number, count: number): Promise<number[]> {
  const rows = await kit
    .db()
    .insert(messages)
    .values(
      Array.from({ length: count }, (_, i) => ({
        conversationId: conversation,
        senderProfileId: from,
        kind: 'text' as const,
        body: `old ${i}`,
        createdAt: t.clock(),
      })),
    )
    .returning({ id: messages.id });
  const ids = rows.map((row) => row.id);
  await kit
    .db()
    .update(conversations)
    .set({ lastMessageId: Math.max(...ids), lastMessageAt: t.clock() })
    .where(eq(conversations.id, conversation));
  return ids;
}

describe('GET /api/chat.php', () => {
  it('opens by profile before the first message: no conversation, no messages, prices, the partner card', async () => {
    const { domain, members } = await kit.siteWith(2, { messageCredits: 12, photoCredits: 6, giftCredits: 30 });
    const [anna, ben] = members as [Member, Member];
    const chat = await kit.chat(domain, anna.cookie, `profile=${ben.profileId}`);
    expect(chat).toMatchObject({
      conversation: null,
      messages: [],
      has_older: false,
      has_newer: false,
      older_hidden: false,
      send_blocked: null,
      account_unconfirmed: false,
      draft: null,
      prices: { message: 12, image: 6, gift: 30 },
      partner_delivered_up_to: 0,
      partner_read_up_to: 0,
    });
    expect(chat.partner).toMatchObject({ id: ben.profileId, like_state: 'none', fictional: null, is_fictional: false });

    const refusals: [string, number, string][] = [
      [`profile=${anna.profileId}`, 400, 'cannot_message_self'],
      [`profile=999999999`, 404, 'profile_not_found'],
      [`conversation=999999999`, 404, 'conversation_not_found'],
      [``, 400, 'invalid_request'],
      [`profile=${ben.profileId}&conversation=1`, 400, 'invalid_request'],
      [`profile=${ben.profileId}&before=5&after=3`, 400, 'invalid_request'],
      [`profile=abc`, 400, 'invalid_request'],
      [`profile=2147483648`, 400, 'invalid_request'],
      [`conversation=2147483648`, 400, 'invalid_request'],
    ];
    for (const [query, status, code] of refusals)
      expect(statusAndCode(await kit.chatRaw(domain, anna.cookie, query)), query).toEqual([status, code]);
  });

  it('answers the newest page, older pages with before=, and a resync with after= up to the sync limit', async () => {
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    const first = await kit.sent(domain, ben.cookie, anna.profileId, 'first');
    const conversation = first.message.conversation.id;
    const ids = [first.message.id, ...(await history(conversation, ben.profileId, CHAT_PAGE_SIZE + CHAT_SYNC_LIMIT))];

    const newest = await kit.chat(domain, anna.cookie, `conversation=${conversation}`);
    expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(-CHAT_PAGE_SIZE));
    expect(newest).toMatchObject({ conversation, has_older: true, has_newer: false, older_hidden: false });
    const older = await kit.chat(domain, anna.cookie, `conversation=${conversation}&before=${newest.messages[0]!.id}`);
    expect(older.messages.map((m) => m.id)).toEqual(ids.slice(-2 * CHAT_PAGE_SIZE, -CHAT_PAGE_SIZE));

    // A resync from the first message: the next CHAT_SYNC_LIMIT, oldest first, and more follow.
    const sync = await kit.chat(domain, anna.cookie, `profile=${ben.profileId}&after=${ids[0]}`);
    expect(sync.messages.map((m) => m.id)).toEqual(ids.slice(1, 1 + CHAT_SYNC_LIMIT));
    expect(sync.has_newer).toBe(true);
    const rest = await kit.chat(domain, anna.cookie, `conversation=${conversation}&after=${sync.messages.at(-1)!.id}`);
    expect(rest.messages.map((m) => m.id)).toEqual(ids.slice(1 + CHAT_SYNC_LIMIT));
    expect(rest.has_newer).toBe(false);
    // Opening is not reading.
    expect((await kit.chats(domain, anna.cookie)).unread_total).toBe(ids.length);
  });

  it('hides messages older than the site history window, says so, and does not count them as unread', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await kit.siteWith(2, { chatHistoryDays: 7 });
    const [anna, ben] = members as [Member, Member];
    const old = await kit.sent(domain, ben.cookie, anna.profileId, 'long ago');
    t.clock.advance(8 * DAY);
    expect((await kit.chats(domain, anna.cookie)).chats[0]).toMatchObject({ num_unread_messages: 0, last_message: null });
    frames.clear();
    const recent = await kit.sent(domain, ben.cookie, anna.profileId, 'just now');
    // The badge frame the new message sends counts inside the window too (its statement takes the window's start).
    expect(frames.to(anna.profileId).filter((frame) => frame.type === 'counts')).toEqual([
      { type: 'counts', unread_messages: 1, new_likes: 0 },
    ]);

    const chat = await kit.chat(domain, anna.cookie, `profile=${ben.profileId}`);
    expect(chat.messages.map((m) => m.id)).toEqual([recent.message.id]);
    expect(chat).toMatchObject({ has_older: false, older_hidden: true });
    expect((await kit.chat(domain, anna.cookie, `profile=${ben.profileId}&after=0`)).messages.map((m) => m.id)).toEqual([
      recent.message.id,
    ]);
    expect((await kit.chat(domain, anna.cookie, `profile=${ben.profileId}&before=${recent.message.id}`)).messages).toEqual([]);
    const list = await kit.chats(domain, anna.cookie);
    expect(list).toMatchObject({ unread_total: 1, chats: [{ num_unread_messages: 1, last_message: { id: recent.message.id } }] });
    expect(old.message.id).toBeLessThan(recent.message.id);
  });
});

describe('POST /api/chat-read.php', () => {
  it('sets unread to 0, shows the partner his messages read, and tells both', async () => {
    const { domain, members } = await kit.siteWith(3);
    const [anna, ben, carla] = members as [Member, Member, Member];
    const one = await kit.sent(domain, ben.cookie, anna.profileId, 'one');
    const two = await kit.sent(domain, ben.cookie, anna.profileId, 'two');
    const conversation = one.message.conversation.id;
    expect((await kit.chats(domain, anna.cookie)).chats[0]!.num_unread_messages).toBe(2);

    frames.clear();
    expect((await kit.read(domain, anna.cookie, conversation, one.message.id)).json()).toEqual({ ok: true });
    expect((await kit.chats(domain, anna.cookie)).chats[0]!.num_unread_messages).toBe(1);
    expect((await kit.chat(domain, ben.cookie, `conversation=${conversation}`)).messages.map((m) => m.state)).toEqual(['read', 'sent']);
    expect(frames.to(ben.profileId)).toEqual([
      { type: 'receipt', conversation, delivered_up_to: one.message.id, read_up_to: one.message.id },
    ]);
    expect(frames.to(anna.profileId)).toEqual([{ type: 'counts', unread_messages: 1, new_likes: 0 }]);

    // Beyond the last message it stops at the last; going back changes nothing.
    await kit.read(domain, anna.cookie, conversation, Number.MAX_SAFE_INTEGER);
    await kit.read(domain, anna.cookie, conversation, one.message.id);
    expect(await kit.chats(domain, anna.cookie)).toMatchObject({ unread_total: 0, chats: [{ num_unread_messages: 0 }] });
    const bens = await kit.chat(domain, ben.cookie, `conversation=${conversation}`);
    expect(bens).toMatchObject({ partner_read_up_to: two.message.id, partner_delivered_up_to: two.message.id });
    expect(bens.messages.map((m) => m.state)).toEqual(['read', 'read']);

    expect(statusAndCode(await kit.read(domain, carla.cookie, conversation, two.message.id))).toEqual([404, 'conversation_not_found']);
  });
});

describe('DELETE /api/chat.php', () => {
  it('removes the conversation for the member only; a newer message brings it back with only what is new', async () => {
    const { domain, members } = await kit.siteWith(3);
    const [anna, ben, carla] = members as [Member, Member, Member];
    const first = await kit.sent(domain, ben.cookie, anna.profileId, 'Hi Anna');
    await kit.sent(domain, anna.cookie, ben.profileId, 'Hi Ben');
    const conversation = first.message.conversation.id;

    frames.clear();
    expect((await kit.remove(domain, anna.cookie, conversation)).json()).toEqual({ ok: true });
    expect(frames.ofType('conversation_removed')).toEqual([
      { to: [anna.profileId], frame: { type: 'conversation_removed', conversation } },
    ]);
    expect((await kit.chats(domain, anna.cookie)).chats).toEqual([]);
    expect((await kit.chats(domain, ben.cookie)).chats.map((c) => c.conversation)).toEqual([conversation]);
    expect((await kit.chat(domain, ben.cookie, `conversation=${conversation}`)).messages).toHaveLength(2);
    expect((await kit.chat(domain, anna.cookie, `conversation=${conversation}`)).messages).toEqual([]);
    expect(statusAndCode(await kit.remove(domain, carla.cookie, conversation))).toEqual([404, 'conversation_not_found']);

    const newer = await kit.sent(domain, ben.cookie, anna.profileId, 'Still there?');
    expect(await kit.chats(domain, anna.cookie)).toMatchObject({ unread_total: 1, chats: [{ conversation, num_unread_messages: 1 }] });
    expect((await kit.chat(domain, anna.cookie, `conversation=${conversation}`)).messages.map((m) => m.id)).toEqual([newer.message.id]);
  });
});

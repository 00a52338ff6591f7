/**
 * Sending messages through the HTTP API (issue 12): what is stored and charged, what the list and
 * the live channel learn, the content rules, the credits (402 leaves nothing; two parallel sends
 * with credit for one: exactly one succeeds), the same client id (sequential and parallel: one
 * message, one charge) and the burst limit. Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL (where the parallel cases race for real).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGE_BURST_PER_MINUTE } from '@cupido/shared/rules/chats';
import { conversations, creditEntries, messages } from '../../db/schema';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { get, insertProfile, newSite } from '../profiles/test/profiles-test-kit';
import { chatKit, recordFrames, SIGNUP_CREDITS, statusAndCode, type Member } from './test/chats-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;
let frames: ReturnType<typeof recordFrames>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = chatKit(t);
  frames = recordFrames(t);
});
afterAll(() => t.close());

const messagesOf = (profileId: number) => kit.db().select().from(messages).where(eq(messages.senderProfileId, profileId));

describe('sending a text', () => {
  it('stores it, charges the site price, starts the conversation and tells both members', async () => {
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    frames.clear();
    const answer = await kit.sent(domain, anna.cookie, ben.profileId, '  Hello Ben 👋🏽  ');
    expect(answer.credits).toBe(SIGNUP_CREDITS - 10);
    expect(answer.message).toMatchObject({ from_me: true, kind: 'text', text: 'Hello Ben 👋🏽', gift: null, image: null, state: 'sent' });
    expect(await kit.balanceOf(anna)).toBe(SIGNUP_CREDITS - 10);
    expect(await kit.entriesOf(anna, 'message')).toEqual([
      expect.objectContaining({ amount: -10, balanceAfter: SIGNUP_CREDITS - 10, reference: `message:${answer.message.id}` }),
    ]);
    // user.php shows the new balance at once.
    expect((await get(t, `/api/user.php?domain=${domain}`, anna.cookie)).json().user.credits).toBe(SIGNUP_CREDITS - 10);

    const conversation = answer.message.conversation.id;
    const [row] = await kit.db().select().from(conversations).where(eq(conversations.id, conversation));
    expect(row).toMatchObject({ startedByProfileId: anna.profileId, lastMessageId: answer.message.id, awaitingStaffSince: null });

    // Both members' tabs hear of it after the commit: each from their side; Ben's badge count too.
    expect(frames.to(anna.profileId)).toEqual([{ type: 'message', message: answer.message }]);
    expect(frames.to(ben.profileId)).toEqual([
      { type: 'message', message: { ...answer.message, from_me: false, client_id: null, state: null } },
      { type: 'counts', unread_messages: 1, new_likes: 0 },
    ]);

    const bens = await kit.chats(domain, ben.cookie);
    expect(bens.unread_total).toBe(1);
    expect(bens.chats).toEqual([
      expect.objectContaining({
        conversation,
        profile: anna.profileId,
        num_unread_messages: 1,
        partner: expect.objectContaining({ id: anna.profileId, name: 'Sanne', is_fictional: false }),
        last_message: expect.objectContaining({ id: answer.message.id, text: 'Hello Ben 👋🏽', from_me: false, state: null }),
      }),
    ]);
    const annas = await kit.chats(domain, anna.cookie);
    expect(annas).toMatchObject({
      unread_total: 0,
      chats: [{ conversation, num_unread_messages: 0, last_message: { from_me: true, state: 'sent' } }],
    });

    // Ben replies in the same conversation; the list shows the latest first.
    const reply = await kit.sent(domain, ben.cookie, anna.profileId, 'Hi Anna');
    expect(reply.message.conversation.id).toBe(conversation);
    expect(reply.message.id).toBeGreaterThan(answer.message.id);
  });

  it('cuts the list preview at 80 characters as seen', async () => {
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    await kit.sent(domain, anna.cookie, ben.profileId, '👍🏽'.repeat(100));
    const [item] = (await kit.chats(domain, ben.cookie)).chats;
    expect(item!.last_message!.text).toBe(`${'👍🏽'.repeat(80)}…`);
  });

  it('sends a gift of the catalogue for the gift price', async () => {
    const { domain, members } = await kit.siteWith(2, { giftCredits: 7 });
    const [anna, ben] = members as [Member, Member];
    const response = await kit.sendRaw(domain, anna.cookie, { profile_id: ben.profileId, client_id: randomUUID(), gift: 'rose' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ credits: SIGNUP_CREDITS - 7, message: { kind: 'gift', gift: 'rose', text: null } });
    expect(await kit.entriesOf(anna, 'gift')).toEqual([expect.objectContaining({ amount: -7 })]);
    expect((await kit.chats(domain, ben.cookie)).chats[0]!.last_message).toMatchObject({ kind: 'gift', gift: 'rose', text: null });
  });

  it('refuses what is not a message, counting the site length in characters as seen; nothing is stored', async () => {
    const { domain, members } = await kit.siteWith(2, { messageLength: 5 });
    const [anna, ben] = members as [Member, Member];
    const elsewhere = await insertProfile(kit.db(), { siteId: (await newSite(t)).siteId });
    const id = randomUUID();
    const cases: [Record<string, unknown>, number, string, string | undefined][] = [
      [{ profile_id: ben.profileId, client_id: id, text: '👋🏽👋🏽👋🏽👋🏽👋🏽👋🏽' }, 400, 'message_too_long', 'text'],
      [{ profile_id: ben.profileId, client_id: id, text: '   ' }, 400, 'message_empty', 'text'],
      [{ profile_id: ben.profileId, client_id: id }, 400, 'message_empty', 'text'],
      [{ profile_id: ben.profileId, client_id: id, text: 'hi', gift: 'rose' }, 400, 'invalid_request', 'gift'],
      [{ profile_id: anna.profileId, client_id: id, text: 'me' }, 400, 'cannot_message_self', 'profile_id'],
      [{ profile_id: elsewhere, client_id: id, text: 'hi' }, 404, 'profile_not_found', undefined],
      [{ profile_id: ben.profileId, client_id: 'not-a-uuid', text: 'hi' }, 400, 'invalid_request', undefined],
    ];
    for (const [body, status, code, field] of cases) {
      const response = await kit.sendRaw(domain, anna.cookie, body);
      expect([response.statusCode, errorOf(response).code], JSON.stringify(body)).toEqual([status, code]);
      if (field) expect(errorOf(response).field).toBe(field);
    }
    expect(errorOf(await kit.message(domain, anna.cookie, ben.profileId, '👋🏽'.repeat(6))).message).toBe(
      'Your message can be at most 5 characters long.',
    );
    expect(await messagesOf(anna.profileId)).toEqual([]);
    expect(await kit.balanceOf(anna)).toBe(SIGNUP_CREDITS);
    // Exactly the limit, in graphemes (10 UTF-16 units), is fine.
    await kit.sent(domain, anna.cookie, ben.profileId, '👋🏽'.repeat(5));
  });
});

describe('credits', () => {
  it('answers 402 insufficient_credits and writes nothing: no message, no conversation, no entry', async () => {
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    await kit.setBalance(anna, 9);
    const response = await kit.message(domain, anna.cookie, ben.profileId, 'Hello');
    expect(response.statusCode).toBe(402);
    expect(errorOf(response)).toEqual({
      code: 'insufficient_credits',
      message: "You don't have enough credits for this. Buy credits to continue.",
    });
    expect(await messagesOf(anna.profileId)).toEqual([]);
    expect((await kit.chats(domain, ben.cookie)).chats).toEqual([]);
    expect(await kit.db().$count(conversations, eq(conversations.startedByProfileId, anna.profileId))).toBe(0);
    expect(await kit.entriesOf(anna, 'message')).toEqual([]);
    expect(await kit.balanceOf(anna)).toBe(9);
  });

  it('lets exactly one of two parallel sends through when the credits cover one: balance 0, the ledger sums to it', async () => {
    for (let round = 0; round < 3; round++) {
      const { domain, members } = await kit.siteWith(2);
      const [anna, ben] = members as [Member, Member];
      await kit.setBalance(anna, 10);
      const answers = await Promise.all([
        kit.message(domain, anna.cookie, ben.profileId, 'one'),
        kit.message(domain, anna.cookie, ben.profileId, 'two'),
      ]);
      expect(answers.map(statusAndCode).sort()).toEqual([
        [200, undefined],
        [402, 'insufficient_credits'],
      ]);
      expect(await kit.balanceOf(anna)).toBe(0);
      expect(await messagesOf(anna.profileId)).toHaveLength(1);
      const entries = await kit.db().select().from(creditEntries).where(eq(creditEntries.userId, anna.userId));
      expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    }
  });
});

describe('the same client id', () => {
  it('answers the stored message again without paying twice, when sent again after the first answer', async () => {
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    const clientId = randomUUID();
    const first = await kit.sent(domain, anna.cookie, ben.profileId, 'Once', clientId);
    frames.clear();
    const again = await kit.sent(domain, anna.cookie, ben.profileId, 'Once', clientId);
    expect(again).toEqual(first);
    expect(again.message.client_id).toBe(clientId);
    expect(await messagesOf(anna.profileId)).toHaveLength(1);
    expect(await kit.entriesOf(anna, 'message')).toHaveLength(1);
    expect(await kit.balanceOf(anna)).toBe(SIGNUP_CREDITS - 10);
    // Nothing new happened, so nobody is told again.
    expect(frames.sent).toEqual([]);
  });

  it('stores one message and charges once when the same send arrives three times at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { domain, members } = await kit.siteWith(2);
      const [anna, ben] = members as [Member, Member];
      const clientId = randomUUID();
      const answers = await Promise.all([1, 2, 3].map(() => kit.message(domain, anna.cookie, ben.profileId, 'Retry me', clientId)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.json().message.id)).size).toBe(1);
      expect(await messagesOf(anna.profileId)).toHaveLength(1);
      expect(await kit.entriesOf(anna, 'message')).toHaveLength(1);
      expect(await kit.balanceOf(anna)).toBe(SIGNUP_CREDITS - 10);
    }
  });
});

describe('the burst limit', () => {
  it(`allows ${MESSAGE_BURST_PER_MINUTE} messages a minute, then 429 too_many_messages until the next minute`, async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await kit.siteWith(2, { messageCredits: 0 });
    const [anna, ben] = members as [Member, Member];
    for (let i = 0; i < MESSAGE_BURST_PER_MINUTE; i++) await kit.sent(domain, anna.cookie, ben.profileId, `message ${i}`);
    const over = await kit.message(domain, anna.cookie, ben.profileId, 'one too many');
    expect(statusAndCode(over)).toEqual([429, 'too_many_messages']);
    t.clock.advance(60_000);
    await kit.sent(domain, anna.cookie, ben.profileId, 'a minute later');
    expect(await messagesOf(anna.profileId)).toHaveLength(MESSAGE_BURST_PER_MINUTE + 1);
  });
});

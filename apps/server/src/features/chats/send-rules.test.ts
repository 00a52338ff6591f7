/**
 * Whom a member may write to (spec sections 4, 6 and 9; issue 12): the free members' two started
 * conversations (replies never limited; also under parallel requests), partners who have not
 * confirmed their e-mail, blocked pairs either way (blocking removes the conversation for both),
 * invisible members, profiles no longer usable, and fictional profiles (stored, awaiting staff,
 * shown as delivered, no frames). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FREE_CONVERSATIONS_STARTED } from '@cupido/shared/rules/chats';
import { conversations, messages } from '../../db/schema';
import { createAccountsTestApp, errorOf, linkPath, signup, type AccountsTestApp } from '../../test/accounts-kit';
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

const conversationRows = (a: number, b: number) =>
  kit
    .db()
    .select()
    .from(conversations)
    .where(eq(conversations.lowProfileId, Math.min(a, b)))
    .then((rows) => rows.filter((row) => row.highProfileId === Math.max(a, b)));

describe("the free members' limit of started conversations", () => {
  it('refuses the third started conversation with premium_only, while replies in conversations others started still work', async () => {
    const { domain, members } = await kit.siteWith(6, { messageCredits: 1 });
    const [anna, b1, b2, b3, carla, dora] = members as [Member, Member, Member, Member, Member, Member];
    await kit.sent(domain, anna.cookie, b1.profileId, 'first');
    await kit.sent(domain, anna.cookie, b2.profileId, 'second');
    await kit.sent(domain, anna.cookie, b1.profileId, 'more in a started one is fine');
    const third = await kit.message(domain, anna.cookie, b3.profileId, 'third');
    expect(statusAndCode(third)).toEqual([403, 'premium_only']);
    expect(errorOf(third).message).toBe(
      `As a free member you can start ${FREE_CONVERSATIONS_STARTED} conversations. Get Premium to start more; you can always reply.`,
    );
    expect((await kit.chat(domain, anna.cookie, `profile=${b3.profileId}`)).send_blocked).toBe('conversation_limit');

    // Carla and Dora start conversations with Anna: her replies are not limited.
    await kit.sent(domain, carla.cookie, anna.profileId, 'hi Anna');
    await kit.sent(domain, dora.cookie, anna.profileId, 'hello Anna');
    await kit.sent(domain, anna.cookie, carla.profileId, 'hi Carla');
    await kit.sent(domain, anna.cookie, dora.profileId, 'hi Dora');
    expect((await kit.chat(domain, anna.cookie, `profile=${carla.profileId}`)).send_blocked).toBeNull();

    // Premium (for life after any purchase) starts as many as they like.
    await kit.makePremium(anna);
    await kit.sent(domain, anna.cookie, b3.profileId, 'third, as Premium');
    expect(await conversationRows(anna.profileId, b3.profileId)).toHaveLength(1);
  });

  it('holds under parallel requests: after one started, two new ones at once give exactly one', async () => {
    for (let round = 0; round < 3; round++) {
      const { domain, members } = await kit.siteWith(4, { messageCredits: 1 });
      const [anna, b1, b2, b3] = members as [Member, Member, Member, Member];
      await kit.sent(domain, anna.cookie, b1.profileId, 'first');
      const answers = await Promise.all([
        kit.message(domain, anna.cookie, b2.profileId, 'a'),
        kit.message(domain, anna.cookie, b3.profileId, 'b'),
      ]);
      expect(answers.map(statusAndCode).sort()).toEqual([
        [200, undefined],
        [403, 'premium_only'],
      ]);
      expect(await kit.db().$count(conversations, eq(conversations.startedByProfileId, anna.profileId))).toBe(FREE_CONVERSATIONS_STARTED);
    }
  });
});

describe('a partner who has not confirmed their e-mail', () => {
  it('can write first but cannot be replied to until they confirm; both see why', async () => {
    const { domain, members } = await kit.siteWith(2);
    const [ben, carla] = members as [Member, Member];
    const unconfirmed = await signup(t, {}, domain);
    const un = { ...unconfirmed, userId: unconfirmed.user.id as number, profileId: unconfirmed.user.profile.id as number };
    await kit.grant(un as unknown as Member, 10);
    await kit.sent(domain, un.cookie, ben.profileId, 'Hi Ben, I am new here');

    expect((await kit.chats(domain, ben.cookie)).chats.map((c) => c.profile)).toEqual([un.profileId]);
    const reply = await kit.message(domain, ben.cookie, un.profileId, 'Welcome!');
    expect(statusAndCode(reply)).toEqual([403, 'partner_unconfirmed']);
    expect(errorOf(reply).message).toBe('This member has not confirmed their e-mail address yet. You can reply as soon as they have.');
    expect((await kit.chat(domain, ben.cookie, `profile=${un.profileId}`)).send_blocked).toBe('partner_unconfirmed');
    expect((await kit.chat(domain, un.cookie, `profile=${ben.profileId}`)).account_unconfirmed).toBe(true);
    // Nobody else learns of the unconfirmed member.
    expect(statusAndCode(await kit.message(domain, carla.cookie, un.profileId, 'Hello?'))).toEqual([404, 'profile_not_found']);

    const activation = await t.app.inject({
      method: 'GET',
      url: `${linkPath(un.mail, '/api/activate.php')}&domain=${domain}`,
      headers: { cookie: un.cookie },
    });
    expect(activation.headers.location).toBe('/activate/done');
    await kit.sent(domain, ben.cookie, un.profileId, 'Welcome!');
    expect((await kit.chat(domain, un.cookie, `profile=${ben.profileId}`)).account_unconfirmed).toBe(false);
  });
});

describe('blocking', () => {
  it('removes the conversation for both (messages too, both tabs told), and neither may write again', async () => {
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    const first = await kit.sent(domain, anna.cookie, ben.profileId, 'Hi');
    await kit.sent(domain, ben.cookie, anna.profileId, 'Hi yourself');
    const conversation = first.message.conversation.id;
    frames.clear();
    await kit.block(domain, anna.cookie, ben.profileId);

    expect(frames.ofType('conversation_removed').map((s) => s.frame.conversation)).toEqual([conversation]);
    expect(frames.ofType('conversation_removed')[0]!.to.sort()).toEqual([anna.profileId, ben.profileId].sort());
    expect((await kit.chats(domain, anna.cookie)).chats).toEqual([]);
    expect((await kit.chats(domain, ben.cookie)).chats).toEqual([]);
    expect(await kit.db().$count(messages, eq(messages.conversationId, conversation))).toBe(0);
    expect(await conversationRows(anna.profileId, ben.profileId)).toEqual([]);

    expect(statusAndCode(await kit.message(domain, anna.cookie, ben.profileId, 'again'))).toEqual([403, 'chat_blocked']);
    expect(statusAndCode(await kit.message(domain, ben.cookie, anna.profileId, 'again'))).toEqual([403, 'no_access']);
    expect((await kit.chat(domain, anna.cookie, `profile=${ben.profileId}`)).send_blocked).toBe('blocked');
    expect(statusAndCode(await kit.chatRaw(domain, ben.cookie, `profile=${anna.profileId}`))).toEqual([403, 'no_access']);
    expect(statusAndCode(await kit.chatRaw(domain, anna.cookie, `conversation=${conversation}`))).toEqual([404, 'conversation_not_found']);
  });
});

describe('invisible members and profiles no longer usable', () => {
  it('an invisible member cannot be written to first, but can be replied to', async () => {
    const { domain, members } = await kit.siteWith(3);
    const [anna, ivy, carla] = members as [Member, Member, Member];
    await kit.setProfile(ivy.profileId, { isInvisible: true });
    expect(statusAndCode(await kit.message(domain, anna.cookie, ivy.profileId, 'Hello?'))).toEqual([404, 'profile_not_found']);
    expect(statusAndCode(await kit.chatRaw(domain, anna.cookie, `profile=${ivy.profileId}`))).toEqual([404, 'profile_not_found']);

    await kit.sent(domain, ivy.cookie, anna.profileId, 'I write first');
    await kit.sent(domain, anna.cookie, ivy.profileId, 'And I reply');
    expect((await kit.chat(domain, anna.cookie, `profile=${ivy.profileId}`)).send_blocked).toBeNull();
    // The conversation makes them partners, also for her profile page (profiles' existing-contact rule).
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/member.php?domain=${domain}&id=${ivy.profileId}`, headers: { cookie: anna.cookie } }))
        .statusCode,
    ).toBe(200);
    expect(statusAndCode(await kit.message(domain, carla.cookie, ivy.profileId, 'Me too?'))).toEqual([404, 'profile_not_found']);
  });

  it('a profile moderation disabled is gone: 404 to a send, partner_gone in the chat', async () => {
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    await kit.sent(domain, anna.cookie, ben.profileId, 'Hi');
    await kit.setProfile(ben.profileId, { status: 'disabled' });
    expect(statusAndCode(await kit.message(domain, anna.cookie, ben.profileId, 'Still there?'))).toEqual([404, 'profile_not_found']);
    expect((await kit.chat(domain, anna.cookie, `profile=${ben.profileId}`)).send_blocked).toBe('partner_gone');
  });
});

describe('fictional profiles', () => {
  it('store the message as any other, mark the conversation as waiting for staff, show it delivered and send no frames to them', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, siteId, members } = await kit.siteWith(1);
    const [anna] = members as [Member];
    const lola = await kit.fictionalProfile(siteId);
    frames.clear();
    const first = await kit.sent(domain, anna.cookie, lola, 'Hi Lola');
    expect(first.message.state).toBe('delivered');
    expect(frames.sent.flatMap((s) => s.to)).toEqual([anna.profileId]);
    t.clock.advance(60_000);
    await kit.sent(domain, anna.cookie, lola, 'Are you there?');
    const [row] = await kit.db().select().from(conversations).where(eq(conversations.id, first.message.conversation.id));
    // The oldest unanswered message counts: the queue is served oldest first.
    expect(row!.awaitingStaffSince).toEqual(new Date('2026-03-10T10:00:00Z'));

    const chat = await kit.chat(domain, anna.cookie, `profile=${lola}`);
    expect(chat.partner).toMatchObject({
      id: lola,
      is_fictional: true,
      fictional: { icon: expect.any(String), singular: expect.any(String), warning: expect.any(String) },
    });
    expect(chat.messages.map((m) => m.state)).toEqual(['delivered', 'delivered']);
    expect((await kit.chats(domain, anna.cookie)).chats[0]!.partner).toMatchObject({
      is_fictional: true,
      fictional_icon: expect.any(String),
    });
  });
});

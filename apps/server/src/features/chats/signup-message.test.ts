/**
 * The signup message (issue 12): a visitor who signs up from a profile page with a message finds
 * it sent in that conversation once the account is activated, paid from the signup credits in the
 * activation's transaction; when the credits do not cover it the activation still succeeds and
 * the text waits as the draft of that conversation. Runs on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { createAccountsTestApp, linkPath, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { chatKit, recordFrames, SIGNUP_CREDITS, type Member } from './test/chats-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;
let frames: ReturnType<typeof recordFrames>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = chatKit(t);
  frames = recordFrames(t);
});
afterAll(() => t.close());

/** Signs up on the site from the profile's page with a message, then follows the activation link. */
async function signUpWithMessage(domain: string, profileId: number, text: string) {
  const visitor = await signup(t, { signup_profile_id: profileId, signup_message: text }, domain);
  const member = { ...visitor, userId: visitor.user.id as number, profileId: visitor.user.profile.id as number } as unknown as Member;
  // Nothing is sent before the address is confirmed.
  expect(await kit.db().$count(messages, eq(messages.senderProfileId, member.profileId))).toBe(0);
  const activation = await t.app.inject({
    method: 'GET',
    url: `${linkPath(visitor.mail, '/api/activate.php')}&domain=${domain}`,
    headers: { cookie: visitor.cookie },
  });
  expect(activation.headers.location).toBe('/activate/done');
  return member;
}

describe('the signup message', () => {
  it('is sent on activation, paid from the signup credits', async () => {
    const { domain, members } = await kit.siteWith(1);
    const [ben] = members as [Member];
    frames.clear();
    const anna = await signUpWithMessage(domain, ben.profileId, '  Hi Ben, I saw your profile!  ');

    expect(await kit.balanceOf(anna)).toBe(SIGNUP_CREDITS - 10);
    expect(await kit.entriesOf(anna, 'message')).toEqual([expect.objectContaining({ amount: -10, balanceAfter: SIGNUP_CREDITS - 10 })]);
    const chat = await kit.chat(domain, anna.cookie, `profile=${ben.profileId}`);
    expect(chat.messages).toEqual([
      expect.objectContaining({ from_me: true, text: 'Hi Ben, I saw your profile!', client_id: null, state: 'sent' }),
    ]);
    expect(chat.draft).toBeNull();
    expect(await kit.chats(domain, ben.cookie)).toMatchObject({
      unread_total: 1,
      chats: [{ profile: anna.profileId, last_message: { text: 'Hi Ben, I saw your profile!' } }],
    });
    // Ben's open tabs heard of it once the activation committed.
    expect(frames.to(ben.profileId).map((frame) => frame.type)).toEqual(['message', 'counts']);
  });

  it('waits as the draft of that conversation when the signup credits do not cover it; the activation succeeds', async () => {
    const { domain, siteId } = await kit.siteWith(0, { messageCredits: SIGNUP_CREDITS + 5 });
    const lola = await kit.fictionalProfile(siteId);
    const anna = await signUpWithMessage(domain, lola, 'Hello Lola');

    expect(await kit.balanceOf(anna)).toBe(SIGNUP_CREDITS);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user.php?domain=${domain}`, headers: { cookie: anna.cookie } })).json().user.status,
    ).toBe('active');
    const chat = await kit.chat(domain, anna.cookie, `profile=${lola}`);
    expect(chat).toMatchObject({ draft: 'Hello Lola', messages: [], send_blocked: null });
    expect(chat.conversation).not.toBeNull();
    // Not in the list until a message is sent; sending it clears the draft.
    expect((await kit.chats(domain, anna.cookie)).chats).toEqual([]);
    await kit.grant(anna, 5);
    await kit.sent(domain, anna.cookie, lola, 'Hello Lola');
    expect((await kit.chat(domain, anna.cookie, `profile=${lola}`)).draft).toBeNull();
    expect((await kit.chats(domain, anna.cookie)).chats.map((c) => c.profile)).toEqual([lola]);
  });
});

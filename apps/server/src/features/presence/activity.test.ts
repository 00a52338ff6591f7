/**
 * The activity marks (issue 28; decision 036) as members get them: "active today" from the
 * active-days record (UTC day), "online now" from a fresh presence row, hidden both ways by
 * hide_activity, never for visitors, and for a fictional profile "online" only while an operator
 * is answering it (a claim the answer screen renews), never from a socket and never "today".
 * Through the chat list and header and the likes grid, and the port itself. The presence rows
 * across processes are tested in live/presence.test.ts. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChatAnswer, ZChatsAnswer } from '@cupido/shared/contracts/chats';
import { ZLikesPageAnswer, ZSwipeStackAnswer } from '@cupido/shared/contracts/likes';
import { ZMemberAnswer, ZSearchAnswer } from '@cupido/shared/contracts/profiles';
import { memberPresence } from '../../db/schema';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import type { Member } from '../chats/test/chats-test-kit';
import { ANSWERING_NOW_MS } from '../operator-console/for-presence';
import { operatorKit } from '../operator-console/test/operator-test-kit';
import { get, send } from '../profiles/test/profiles-test-kit';
import { activityMarks } from './activity';

let t: AccountsTestApp;
let kit: ReturnType<typeof operatorKit>;
let marks: ReturnType<typeof activityMarks>;
const DAY = 24 * 3_600_000;
const poll = { timeout: 3_000, interval: 20 };

beforeAll(async () => {
  t = await createAccountsTestApp(new Date('2026-03-10T10:00:00Z'));
  kit = operatorKit(t);
  marks = activityMarks({ db: t.database.db, clock: t.clock });
});
afterAll(() => t?.close());

/** The mark of `of` as `viewer` gets it from the port. */
const markOf = async (viewer: Member, of: number) => (await marks({ profileId: viewer.profileId }, [of])).get(of);
/** The partner's mark in the viewer's conversation list and in the conversation's header. */
async function inChats(domain: string, viewer: Member, partnerId: number) {
  const list = await get(t, `/api/chats.php?domain=${domain}`, viewer.cookie);
  expect(list.statusCode, list.body).toBe(200);
  const header = await get(t, `/api/chat.php?domain=${domain}&profile=${partnerId}`, viewer.cookie);
  expect(header.statusCode, header.body).toBe(200);
  return {
    list: ZChatsAnswer.parse(list.json()).chats.find((chat) => chat.profile === partnerId)?.partner.activity,
    header: ZChatAnswer.parse(header.json()).partner.activity,
  };
}
const socketOf = (member: Member) =>
  t.database.db
    .insert(memberPresence)
    .values({ userId: member.userId, profileId: member.profileId, processId: 'test-process', seenAt: t.clock() });
const hide = (member: Member, hidden: boolean) => kit.chats.setProfile(member.profileId, { hideActivity: hidden });

describe('active today', () => {
  it('marks a member active on this UTC day, and no longer the next day until they come back', async () => {
    const {
      domain,
      members: [anna, ben],
    } = await kit.chats.siteWith(2);
    await kit.chats.sent(domain, ben!.cookie, anna!.profileId, 'Hallo Anna');
    // Her signup and activation were logged-in requests today (written beside the request).
    await expect.poll(() => markOf(ben!, anna!.profileId), poll).toBe('today');
    expect(await inChats(domain, ben!, anna!.profileId)).toEqual({ list: 'today', header: 'today' });

    t.clock.advance(DAY);
    expect(await inChats(domain, ben!, anna!.profileId)).toEqual({ list: undefined, header: undefined });
    expect((await get(t, `/api/chats.php?domain=${domain}`, anna!.cookie)).statusCode).toBe(200);
    await expect.poll(() => markOf(ben!, anna!.profileId), poll).toBe('today');
  });

  it('gives visitors no marks, and answers an empty list without asking', async () => {
    const {
      members: [anna],
    } = await kit.chats.siteWith(1);
    await expect.poll(() => markOf(anna!, anna!.profileId), poll).toBe('today');
    expect(await marks(null, [anna!.profileId])).toEqual(new Map());
    expect(await marks({ profileId: anna!.profileId }, [])).toEqual(new Map());
  });
});

describe('online now and hidden activity', () => {
  it('says online over today while a fresh presence row exists, in the chats and the likes grid', async () => {
    const {
      domain,
      members: [anna, ben],
    } = await kit.chats.siteWith(2);
    await kit.chats.sent(domain, ben!.cookie, anna!.profileId, 'Hallo Anna');
    await socketOf(anna!);
    expect(await inChats(domain, ben!, anna!.profileId)).toEqual({ list: 'online', header: 'online' });
    const liked = await send(t, 'POST', `/api/like.php?domain=${domain}`, { profile_id: anna!.profileId }, ben!.cookie);
    expect(liked.statusCode, liked.body).toBe(200);
    const grid = await get(t, `/api/likes-page.php?domain=${domain}&type=liked`, ben!.cookie);
    expect(grid.statusCode, grid.body).toBe(200);
    expect(ZLikesPageAnswer.parse(grid.json()).profiles.map((card) => [card.id, card.activity])).toEqual([[anna!.profileId, 'online']]);
  });

  it('reaches every list app.ts hands it to: the profile page, search and the swipe stack', async () => {
    const {
      domain,
      members: [anna, ben],
    } = await kit.chats.siteWith(2);
    await socketOf(anna!);
    const page = await get(t, `/api/member.php?domain=${domain}&id=${anna!.profileId}`, ben!.cookie);
    expect(page.statusCode, page.body).toBe(200);
    expect(ZMemberAnswer.parse(page.json()).profile.activity).toBe('online');
    const search = await get(t, `/api/search.php?domain=${domain}`, ben!.cookie);
    expect(search.statusCode, search.body).toBe(200);
    const found = ZSearchAnswer.parse(search.json());
    expect([...found.profiles, ...found.similar].find((card) => card.id === anna!.profileId)?.activity).toBe('online');
    const stack = await get(t, `/api/swipe-stack.php?domain=${domain}`, ben!.cookie);
    expect(stack.statusCode, stack.body).toBe(200);
    expect(ZSwipeStackAnswer.parse(stack.json()).profiles.find((card) => card.id === anna!.profileId)?.activity).toBe('online');
  });

  it("hides a member's marks from everyone when they hide their activity, and everyone's from them", async () => {
    const {
      domain,
      members: [anna, ben, cleo],
    } = await kit.chats.siteWith(3);
    await kit.chats.sent(domain, ben!.cookie, anna!.profileId, 'Hallo Anna');
    await socketOf(anna!);
    await socketOf(ben!);
    await expect.poll(() => markOf(ben!, cleo!.profileId), poll).toBe('today');
    expect(await markOf(anna!, ben!.profileId)).toBe('online');

    // Anna hides hers: nobody sees her online, and she sees nobody's.
    await hide(anna!, true);
    expect(await inChats(domain, ben!, anna!.profileId)).toEqual({ list: undefined, header: undefined });
    expect(await marks({ profileId: cleo!.profileId }, [anna!.profileId, ben!.profileId])).toEqual(new Map([[ben!.profileId, 'online']]));
    expect(await inChats(domain, anna!, ben!.profileId)).toEqual({ list: undefined, header: undefined });
    expect(await marks({ profileId: anna!.profileId }, [ben!.profileId, cleo!.profileId])).toEqual(new Map());

    // Ben hides his instead: the same the other way round.
    await hide(anna!, false);
    await hide(ben!, true);
    expect(await inChats(domain, anna!, ben!.profileId)).toEqual({ list: undefined, header: undefined });
    expect(await inChats(domain, ben!, anna!.profileId)).toEqual({ list: undefined, header: undefined });
    expect(await marks({ profileId: cleo!.profileId }, [anna!.profileId, ben!.profileId])).toEqual(new Map([[anna!.profileId, 'online']]));
  });
});

describe('fictional profiles', () => {
  it('are online only while an operator is answering them: claimed and renewed, not after release, a lapse or the answer', async () => {
    const {
      domain,
      members: [member],
      fictionalId,
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const other = (await kit.chats.siteWith(1)).members[0]!;
    const operator = await kit.operator();
    // A socket never makes a fictional profile online (a presence row under its id, however it came).
    await t.database.db
      .insert(memberPresence)
      .values({ userId: member!.userId, profileId: fictionalId, processId: 'stray', seenAt: t.clock() });
    expect(await inChats(domain, member!, fictionalId)).toEqual({ list: undefined, header: undefined });

    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    expect(await inChats(domain, member!, fictionalId)).toEqual({ list: 'online', header: 'online' });
    // Everyone who sees the profile sees it online while it is being answered.
    expect(await markOf(other, fictionalId)).toBe('online');

    // The answer screen renews its claim every minute; a claim not renewed for long no longer counts.
    t.clock.advance(ANSWERING_NOW_MS - 10_000);
    await kit.view(operator, conversation!);
    t.clock.advance(ANSWERING_NOW_MS - 10_000);
    expect(await markOf(member!, fictionalId)).toBe('online');
    t.clock.advance(20_000);
    expect(await markOf(member!, fictionalId)).toBeUndefined();

    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    expect(await markOf(member!, fictionalId)).toBe('online');
    expect((await kit.release(operator, conversation!)).statusCode).toBe(200);
    expect(await markOf(member!, fictionalId)).toBeUndefined();

    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    const answered = await kit.answer(operator, conversation!, 'Hello, nice to hear from you');
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await inChats(domain, member!, fictionalId)).toEqual({ list: undefined, header: undefined });
  });

  it('are never active today, and follow the viewer who hides their activity', async () => {
    const {
      members: [member],
      fictionalId,
      conversations: [conversation],
    } = await kit.waitingSite(1);
    const operator = await kit.operator();
    await expect.poll(() => markOf(member!, member!.profileId), poll).toBe('today');
    expect(await markOf(member!, fictionalId)).toBeUndefined();

    expect((await kit.claim(operator, conversation!)).statusCode).toBe(200);
    expect(await markOf(member!, fictionalId)).toBe('online');
    await hide(member!, true);
    expect(await markOf(member!, fictionalId)).toBeUndefined();
  });
});

/**
 * Likes through the HTTP API (issue 11): every state transition, the free members' daily limit
 * (exactly 4, also under parallel requests, counted in the member's local day, never refunded),
 * premium, the burst limit, new-like flags, the likes pages, passes, the invisible and blocked
 * rules and what blocking and account deletion do to likes. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import { FREE_DAILY_LIKES, LIKES_PER_PAGE } from '@cupido/shared/rules/likes';
import { ZLikeAnswer, ZLikesAnswer, ZLikesPageAnswer, type TLikeAnswer } from '@cupido/shared/contracts/likes';
import { likeGrants, likes, passes, profiles, users } from '../../db/schema';
import { createAccountsTestApp, errorOf, linkPath, nextIp, type AccountsTestApp } from '../../test/accounts-kit';
import { NO_RATE_LIMIT } from '../../infra/rate-limiter';
import { ExistingContactSources } from '../profiles/contact';
import { siteById } from '../sites/service';
import { activeMemberOn, addPhoto, get, insertProfile, newSite, send } from '../profiles/test/profiles-test-kit';
import { newLikesCount } from './likes-lists';
import { LIKE_BURST_PER_MINUTE, likeProfile, likedEitherWay } from './service';
import { LIKE_GRANTS_KEPT_MS, likeGrantsPruneJob } from './grants-prune-job';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
type Member = Awaited<ReturnType<typeof activeMemberOn>>;

const like = (domain: string, profileId: unknown, cookie?: string, source?: string) =>
  send(t, 'POST', `/api/like.php?domain=${domain}`, source ? { profile_id: profileId, source } : { profile_id: profileId }, cookie);
const unlike = (domain: string, profileId: unknown, cookie?: string) =>
  send(t, 'DELETE', `/api/like.php?domain=${domain}`, { profile_id: profileId }, cookie);
const likeAnswer = async (domain: string, profileId: number, cookie: string): Promise<TLikeAnswer> => {
  const response = await like(domain, profileId, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZLikeAnswer.parse(response.json());
};
const likesOf = async (domain: string, cookie: string) =>
  ZLikesAnswer.parse((await get(t, `/api/likes.php?domain=${domain}`, cookie)).json());
const likesPage = async (domain: string, cookie: string, type: string, page = 1) => {
  const response = await get(t, `/api/likes-page.php?domain=${domain}&type=${type}&page=${page}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZLikesPageAnswer.parse(response.json());
};
const setZone = (domain: string, cookie: string, timeZone: unknown) =>
  send(t, 'PUT', `/api/user.php?domain=${domain}`, { time_zone: timeZone }, cookie);
async function makePremium(member: Member) {
  await db().update(users).set({ paidUser: true }).where(eq(users.id, member.userId));
  // As a payment will: the session's cached member row learns it at once.
  t.app.forgetMemberSessions(member.userId);
}

/** A new site (its own zone) with `count` members. */
async function siteWith(count: number, siteSettings: Parameters<typeof newSite>[1] = {}) {
  const site = await newSite(t, { timeZone: 'Europe/Amsterdam', ...siteSettings });
  const members: Member[] = [];
  for (let i = 0; i < count; i++) members.push(await activeMemberOn(t, site.domain));
  return { ...site, members };
}

/** Profiles without an account (as seeded or staff-run ones): plenty of targets for the limit. */
async function targets(siteId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await insertProfile(db(), { siteId }));
  return ids;
}

async function likeRowsBetween(a: number, b: number) {
  return db()
    .select()
    .from(likes)
    .where(or(and(eq(likes.fromProfileId, a), eq(likes.toProfileId, b)), and(eq(likes.fromProfileId, b), eq(likes.toProfileId, a))));
}

describe('like states', () => {
  it('goes none -> liked -> match for one, none -> liked_you -> match for the other, and back by unliking', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await siteWith(2);
    const [anna, ben] = members as [Member, Member];
    await addPhoto(db(), anna.profileId, { isMain: true, status: 'approved' });

    const first = await likeAnswer(domain, ben.profileId, anna.cookie);
    expect(first).toMatchObject({ profile_id: ben.profileId, like_state: 'liked', likes_left: FREE_DAILY_LIKES - 1, match: null });
    expect(await likesOf(domain, anna.cookie)).toEqual({ profiles: [{ id: ben.profileId, like_new: true }], liked_by: [] });
    expect(await likesOf(domain, ben.cookie)).toEqual({ profiles: [], liked_by: [{ id: anna.profileId, like_new: true }] });
    expect((await likesPage(domain, ben.cookie, 'liked-by')).profiles).toMatchObject([
      { id: anna.profileId, like_state: 'liked_you', like_new: true },
    ]);

    // Ben likes back: a match, and the answer carries Anna's card for the match modal.
    const back = await likeAnswer(domain, anna.profileId, ben.cookie);
    expect(back.like_state).toBe('match');
    expect(back.match).toMatchObject({ id: anna.profileId, name: 'Sanne', like_state: 'match', like_new: true });
    expect(back.match!.main_image).toMatch(/\.jpg$/);
    expect((await likesPage(domain, anna.cookie, 'matches')).profiles).toMatchObject([{ id: ben.profileId, like_state: 'match' }]);
    expect((await likesPage(domain, ben.cookie, 'matches')).profiles).toMatchObject([{ id: anna.profileId, like_state: 'match' }]);

    // Liking again changes nothing and no longer reports a new match.
    expect(await likeAnswer(domain, anna.profileId, ben.cookie)).toMatchObject({ like_state: 'match', match: null });

    // Anna takes hers back: she sees liked_you, Ben sees his own like again.
    const taken = await unlike(domain, ben.profileId, anna.cookie);
    expect(ZLikeAnswer.parse(taken.json())).toMatchObject({ profile_id: ben.profileId, like_state: 'liked_you', match: null });
    expect((await likesPage(domain, ben.cookie, 'liked')).profiles).toMatchObject([{ id: anna.profileId, like_state: 'liked' }]);
    expect((await likesPage(domain, ben.cookie, 'matches')).total).toBe(0);
    // Ben takes his back too: nothing between them; unliking twice is harmless.
    for (let i = 0; i < 2; i++) expect((await unlike(domain, anna.profileId, ben.cookie)).json()).toMatchObject({ like_state: 'none' });
    expect(await likeRowsBetween(anna.profileId, ben.profileId)).toEqual([]);
  });

  it('clears the new-like flag when the member opens the profile that liked them', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await siteWith(3);
    const [anna, ben, carla] = members as [Member, Member, Member];
    await likeAnswer(domain, ben.profileId, anna.cookie);
    t.clock.advance(1000);
    await likeAnswer(domain, ben.profileId, carla.cookie);
    expect((await likesOf(domain, ben.cookie)).liked_by).toEqual([
      { id: carla.profileId, like_new: true },
      { id: anna.profileId, like_new: true },
    ]);
    const seen = await send(t, 'POST', `/api/likes-seen.php?domain=${domain}`, { profile_id: anna.profileId }, ben.cookie);
    expect(seen.json()).toEqual({ ok: true });
    expect((await likesOf(domain, ben.cookie)).liked_by).toEqual([
      { id: carla.profileId, like_new: true },
      { id: anna.profileId, like_new: false },
    ]);
    // The live badge's count (a received message's counts frame) agrees: one new like left.
    expect(await newLikesCount(db(), ben.profileId)).toBe(1);
    // Anna sees that Ben opened hers.
    expect((await likesOf(domain, anna.cookie)).profiles).toEqual([{ id: ben.profileId, like_new: false }]);
    expect((await send(t, 'POST', `/api/likes-seen.php?domain=${domain}`, { profile_id: anna.profileId })).statusCode).toBe(403);
  });
});

describe('GET /api/likes.php', () => {
  it('leaves out likes of profiles not shown to partners (disabled, account not usable), and shows them again when they are', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await siteWith(3);
    const [anna, ben, carla] = members as [Member, Member, Member];
    await likeAnswer(domain, anna.profileId, ben.cookie);
    t.clock.advance(1000);
    await likeAnswer(domain, anna.profileId, carla.cookie);
    await likeAnswer(domain, ben.profileId, anna.cookie);
    const everything = {
      profiles: [{ id: ben.profileId, like_new: true }],
      liked_by: [
        { id: carla.profileId, like_new: true },
        { id: ben.profileId, like_new: true },
      ],
    };
    expect(await likesOf(domain, anna.cookie)).toEqual(everything);
    expect(await newLikesCount(db(), anna.profileId)).toBe(2);

    // Moderation disables Ben's profile: his like and hers of him leave both lists (and the new-like count).
    await db().update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, ben.profileId));
    expect(await likesOf(domain, anna.cookie)).toEqual({ profiles: [], liked_by: [{ id: carla.profileId, like_new: true }] });
    expect(await newLikesCount(db(), anna.profileId)).toBe(1);
    // Carla's account is no longer usable (its profile's account_usable follows, by trigger): hers goes too.
    await db().update(users).set({ status: 'not_confirmed' }).where(eq(users.id, carla.userId));
    expect(await likesOf(domain, anna.cookie)).toEqual({ profiles: [], liked_by: [] });
    // The grids agree.
    expect((await likesPage(domain, anna.cookie, 'liked-by')).total).toBe(0);

    // Shown again, they come back where they were.
    await db().update(profiles).set({ status: 'active' }).where(eq(profiles.id, ben.profileId));
    await db().update(users).set({ status: 'active' }).where(eq(users.id, carla.userId));
    expect(await likesOf(domain, anna.cookie)).toEqual(everything);
  });
});

describe('the daily limit of free members', () => {
  it('allows exactly 4 a day, says so in the refusal, and never gives a Like back for unliking', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, siteId, members } = await siteWith(1);
    const [anna] = members as [Member];
    const ids = await targets(siteId, FREE_DAILY_LIKES + 1);
    for (let i = 0; i < FREE_DAILY_LIKES; i++) {
      expect((await likeAnswer(domain, ids[i]!, anna.cookie)).likes_left).toBe(FREE_DAILY_LIKES - 1 - i);
    }
    const fifth = await like(domain, ids[FREE_DAILY_LIKES], anna.cookie);
    expect(fifth.statusCode).toBe(429);
    expect(errorOf(fifth)).toEqual({
      code: 'like_limit_reached',
      message: 'You can give out 4 Likes per day. Tomorrow you may give another 4!',
    });
    const swiped = await like(domain, ids[FREE_DAILY_LIKES], anna.cookie, 'swipe');
    expect(errorOf(swiped)).toEqual({
      code: 'like_limit_reached',
      message: 'You have no Swipes and Likes left for today. Tomorrow you can have another go!',
    });
    const dutch = await t.app.inject({
      method: 'POST',
      url: `/api/like.php?domain=${domain}&locale=nl`,
      payload: { profile_id: ids[FREE_DAILY_LIKES] },
      headers: { cookie: anna.cookie },
    });
    expect(errorOf(dutch).message).toBe('Je kunt 4 likes per dag geven. Morgen mag je er weer 4 geven!');

    // Liking an already liked profile costs nothing, even now.
    expect(await likeAnswer(domain, ids[0]!, anna.cookie)).toMatchObject({ like_state: 'liked', likes_left: 0 });
    // Unliking gives no Like back: the same profile cannot be liked again today.
    expect((await unlike(domain, ids[0], anna.cookie)).json()).toMatchObject({ like_state: 'none', likes_left: 0 });
    expect(errorOf(await like(domain, ids[0], anna.cookie)).code).toBe('like_limit_reached');
    expect(await db().$count(likeGrants, eq(likeGrants.fromProfileId, anna.profileId))).toBe(FREE_DAILY_LIKES);
  });

  it('holds under parallel requests: after 3 likes, 4 at once give exactly one more', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    // Several rounds, each with a fresh member: without the member's lock, PostgreSQL lets more
    // than one through in most of them. (PGlite has one connection, so there it always holds.)
    for (let round = 0; round < 3; round++) {
      const { domain, siteId, members } = await siteWith(1);
      const [anna] = members as [Member];
      const ids = await targets(siteId, FREE_DAILY_LIKES - 1 + 4);
      for (const id of ids.slice(0, FREE_DAILY_LIKES - 1)) await likeAnswer(domain, id, anna.cookie);
      const answers = await Promise.all(ids.slice(FREE_DAILY_LIKES - 1).map((id) => like(domain, id, anna.cookie)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429]);
      expect(answers.filter((a) => a.statusCode === 429).map((a) => errorOf(a).code)).toEqual([
        'like_limit_reached',
        'like_limit_reached',
        'like_limit_reached',
      ]);
      expect(await db().$count(likes, eq(likes.fromProfileId, anna.profileId))).toBe(FREE_DAILY_LIKES);
      expect(await db().$count(likeGrants, eq(likeGrants.fromProfileId, anna.profileId))).toBe(FREE_DAILY_LIKES);
    }
  });

  it('does not hold for premium members, whose answers say unlimited (null)', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, siteId, members } = await siteWith(1);
    const [anna] = members as [Member];
    await makePremium(anna);
    for (const id of await targets(siteId, FREE_DAILY_LIKES * 2)) {
      expect(await likeAnswer(domain, id, anna.cookie)).toMatchObject({ like_state: 'liked', likes_left: null });
    }
  });

  it('answers a premium like in the same shapes: match card, idempotent repeat, the grant logged', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await siteWith(2);
    const [anna, ben] = members as [Member, Member];
    await makePremium(anna);
    await setZone(domain, anna.cookie, 'Asia/Tokyo');
    await likeAnswer(domain, anna.profileId, ben.cookie);
    const liked = await likeAnswer(domain, ben.profileId, anna.cookie);
    expect(liked).toMatchObject({ like_state: 'match', likes_left: null, likes_reset_at: '2026-03-10T15:00:00.000Z' });
    expect(liked.match).toMatchObject({ id: ben.profileId, like_state: 'match', like_new: true });
    expect(await likeAnswer(domain, ben.profileId, anna.cookie)).toMatchObject({ like_state: 'match', match: null });
    expect(await db().$count(likeGrants, eq(likeGrants.fromProfileId, anna.profileId))).toBe(1);
  });

  it("starts again at the member's local midnight: the site's zone until the browser tells theirs", async () => {
    // The site counts in New York (UTC-4 in March 2026): 23:30 there is 03:30 UTC the next day.
    t.clock.set(new Date('2026-03-11T03:30:00Z'));
    const { domain, siteId, members } = await siteWith(2, { timeZone: 'America/New_York' });
    const [anna, ben] = members as [Member, Member];
    const ids = await targets(siteId, 12);
    const useUp = async (member: Member, from: number) => {
      let last: TLikeAnswer | undefined;
      for (let i = 0; i < FREE_DAILY_LIKES; i++) last = await likeAnswer(domain, ids[from + i]!, member.cookie);
      return last!;
    };

    // Anna has no zone of her own: the site's day, which ends at 04:00 UTC.
    const annaLast = await useUp(anna, 0);
    expect(annaLast).toMatchObject({ likes_left: 0, likes_reset_at: '2026-03-11T04:00:00.000Z' });
    t.clock.set(new Date('2026-03-11T03:59:59Z'));
    expect(errorOf(await like(domain, ids[4], anna.cookie)).code).toBe('like_limit_reached');
    t.clock.set(new Date('2026-03-11T04:00:00Z'));
    expect(await likeAnswer(domain, ids[4]!, anna.cookie)).toMatchObject({
      likes_left: FREE_DAILY_LIKES - 1,
      likes_reset_at: '2026-03-12T04:00:00.000Z',
    });

    // Ben's browser says Tokyo (UTC+9): his day ends at 15:00 UTC, while New York's goes on.
    const stored = await setZone(domain, ben.cookie, 'Asia/Tokyo');
    expect(stored.json().user.time_zone).toBe('Asia/Tokyo');
    t.clock.set(new Date('2026-03-11T14:30:00Z'));
    expect((await useUp(ben, 5)).likes_reset_at).toBe('2026-03-11T15:00:00.000Z');
    expect(errorOf(await like(domain, ids[9], ben.cookie)).code).toBe('like_limit_reached');
    t.clock.set(new Date('2026-03-11T15:00:01Z'));
    expect((await likeAnswer(domain, ids[9]!, ben.cookie)).likes_left).toBe(FREE_DAILY_LIKES - 1);
    // Anna, on the site's zone, is still in the day she started at 04:00 UTC.
    expect((await likeAnswer(domain, ids[10]!, anna.cookie)).likes_left).toBe(FREE_DAILY_LIKES - 2);
  });
});

describe('PUT /api/user.php time_zone', () => {
  it("stores a zone the runtime knows and refuses others, in the member's language", async () => {
    const { domain, members } = await siteWith(1);
    const [anna] = members as [Member];
    expect((await get(t, `/api/user.php?domain=${domain}`, anna.cookie)).json().user.time_zone).toBeNull();
    for (const bad of ['Mars/Olympus_Mons', 'not a zone', '']) {
      const refused = await setZone(domain, anna.cookie, bad);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toMatchObject({ code: 'invalid_time_zone', field: 'time_zone' });
    }
    expect((await setZone(domain, anna.cookie, 'x'.repeat(65))).statusCode).toBe(400);
    expect((await setZone(domain, anna.cookie, 'Europe/Warsaw')).json().user).toMatchObject({ time_zone: 'Europe/Warsaw', language: 'en' });
    // The language alone, as before, keeps the zone.
    const language = await send(t, 'PUT', `/api/user.php?domain=${domain}`, { language: 'pl' }, anna.cookie);
    expect(language.json().user).toMatchObject({ time_zone: 'Europe/Warsaw', language: 'pl' });
  });
});

describe('the burst limit', () => {
  it(`stops any member, premium too, after ${LIKE_BURST_PER_MINUTE} like calls a minute`, async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await siteWith(2);
    const [anna, ben] = members as [Member, Member];
    await makePremium(anna);
    for (let i = 0; i < LIKE_BURST_PER_MINUTE; i++) expect((await like(domain, ben.profileId, anna.cookie)).statusCode).toBe(200);
    const refused = await like(domain, ben.profileId, anna.cookie);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'too_many_likes',
      message: 'You are giving Likes very quickly. Please wait a minute and try again.',
    });
    t.clock.advance(60_000);
    expect((await like(domain, ben.profileId, anna.cookie)).statusCode).toBe(200);
  });
});

describe('who may be liked', () => {
  it("refuses visitors, one's own profile, unknown and other sites' profiles and bad ids", async () => {
    const { domain, members } = await siteWith(1);
    const [anna] = members as [Member];
    const other = await newSite(t);
    const elsewhere = await insertProfile(db(), { siteId: other.siteId });
    expect(errorOf(await like(domain, elsewhere)).code).toBe('authentication_required');
    expect((await like(domain, elsewhere)).statusCode).toBe(403);
    const self = await like(domain, anna.profileId, anna.cookie);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toEqual({ code: 'cannot_like_self', message: 'You cannot like your own profile', field: 'profile_id' });
    for (const id of [999_999_999, elsewhere]) {
      for (const call of [like, unlike]) {
        const response = await call(domain, id, anna.cookie);
        expect(response.statusCode).toBe(404);
        expect(errorOf(response).code).toBe('profile_not_found');
      }
    }
    for (const bad of ['seven', -1, 0, 2 ** 40, '1\u0000']) expect((await like(domain, bad, anna.cookie)).statusCode).toBe(400);
    expect((await like(domain, elsewhere, anna.cookie, 'catapult')).statusCode).toBe(400);
  });

  it('never lets an invisible member be liked first; once they liked, they can be liked back', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await siteWith(2);
    const [anna, ivy] = members as [Member, Member];
    await db().update(profiles).set({ isInvisible: true }).where(eq(profiles.id, ivy.profileId));
    const first = await like(domain, ivy.profileId, anna.cookie);
    expect(first.statusCode).toBe(404);
    expect(errorOf(first).code).toBe('profile_not_found');
    // An invisible member may like first, and then be liked back.
    expect((await likeAnswer(domain, anna.profileId, ivy.cookie)).like_state).toBe('liked');
    expect((await likeAnswer(domain, ivy.profileId, anna.cookie)).like_state).toBe('match');
  });

  it('lets an invisible member be liked by a partner of another existing-contact source (as a conversation is), free or premium', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, siteId, members } = await siteWith(4);
    const [anna, ben, ivy, stranger] = members as [Member, Member, Member, Member];
    await db().update(profiles).set({ isInvisible: true }).where(eq(profiles.id, ivy.profileId));
    await makePremium(ben);
    // A source beyond likes (as chats' conversations are) says Anna and Ben are Ivy's partners. The
    // app's context is out of reach, so the likes go through likeProfile with a registry of this
    // test's own: the app, and every other test, never see the source.
    const partners = new Set([anna.profileId, ben.profileId]);
    const contactSources = new ExistingContactSources();
    contactSources.add(likedEitherWay);
    contactSources.add(async (_db, viewer, targetProfileId) => targetProfileId === ivy.profileId && partners.has(viewer.profileId));
    const site = await siteById(db(), siteId);
    if (!site) throw new Error('the test site is missing');
    const likeIvy = (member: Member, paidUser: boolean) =>
      likeProfile(
        { db: db(), clock: t.clock, limiter: NO_RATE_LIMIT, contactSources },
        site,
        { userId: member.userId, profileId: member.profileId, siteId, paidUser, timeZone: null },
        ivy.profileId,
      );
    // The app's own registry knows no such source.
    expect(errorOf(await like(domain, ivy.profileId, anna.cookie)).code).toBe('profile_not_found');
    expect(await likeIvy(anna, false)).toMatchObject({ like_state: 'liked', likes_left: FREE_DAILY_LIKES - 1 });
    expect(await likeIvy(ben, true)).toMatchObject({ like_state: 'liked', likes_left: null });
    expect(await db().$count(likeGrants, eq(likeGrants.fromProfileId, anna.profileId))).toBe(1);
    // Anyone else still cannot know she exists.
    await expect(likeIvy(stranger, false)).rejects.toMatchObject({ status: 404, code: 'profile_not_found' });
    expect(await db().$count(likes, eq(likes.toProfileId, ivy.profileId))).toBe(2);
    // A block still wins over the contact.
    await db().delete(likes).where(eq(likes.toProfileId, ivy.profileId));
    expect((await send(t, 'POST', `/api/block.php?domain=${domain}`, { profile_id: anna.profileId }, ivy.cookie)).statusCode).toBe(200);
    await expect(likeIvy(anna, false)).rejects.toMatchObject({ status: 403, code: 'no_access' });
  });

  it('refuses blocked pairs both ways, and a block removes their likes and passes both ways', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await siteWith(3);
    const [anna, ben, carla] = members as [Member, Member, Member];
    await likeAnswer(domain, ben.profileId, anna.cookie);
    await likeAnswer(domain, anna.profileId, ben.cookie);
    await send(t, 'POST', `/api/pass.php?domain=${domain}`, { profile_id: anna.profileId }, ben.cookie);
    await likeAnswer(domain, carla.profileId, anna.cookie);

    expect((await send(t, 'POST', `/api/block.php?domain=${domain}`, { profile_id: ben.profileId }, anna.cookie)).statusCode).toBe(200);
    expect(await likeRowsBetween(anna.profileId, ben.profileId)).toEqual([]);
    expect(await db().$count(passes, eq(passes.fromProfileId, ben.profileId))).toBe(0);
    expect(await likesOf(domain, anna.cookie)).toEqual({ profiles: [{ id: carla.profileId, like_new: true }], liked_by: [] });

    const byBlocker = await like(domain, ben.profileId, anna.cookie);
    expect(byBlocker.statusCode).toBe(403);
    expect(errorOf(byBlocker)).toMatchObject({ code: 'like_blocked', message: 'You have blocked this profile. Unblock it to like it.' });
    const byBlocked = await like(domain, anna.profileId, ben.cookie);
    expect(byBlocked.statusCode).toBe(403);
    expect(errorOf(byBlocked).code).toBe('no_access');
    // Unblocking brings nothing back.
    await send(t, 'DELETE', `/api/block.php?domain=${domain}`, { profile_id: ben.profileId }, anna.cookie);
    expect(await likeRowsBetween(anna.profileId, ben.profileId)).toEqual([]);
  });
});

describe('who may be liked by a premium member (one statement, no transaction)', () => {
  it('refuses the same way and writes no like and no grant when refused', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, siteId, members } = await siteWith(5);
    const [anna, blocker, blocked, ivy, disabled] = members as [Member, Member, Member, Member, Member];
    await makePremium(anna);
    const other = await newSite(t);
    const elsewhere = await insertProfile(db(), { siteId: other.siteId });
    await db().update(profiles).set({ isInvisible: true }).where(eq(profiles.id, ivy.profileId));
    await db().update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, disabled.profileId));
    const unconfirmed = await insertProfile(db(), { siteId });
    expect((await send(t, 'POST', `/api/block.php?domain=${domain}`, { profile_id: anna.profileId }, blocker.cookie)).statusCode).toBe(200);
    expect((await send(t, 'POST', `/api/block.php?domain=${domain}`, { profile_id: blocked.profileId }, anna.cookie)).statusCode).toBe(200);
    await db().update(profiles).set({ accountUsable: false }).where(eq(profiles.id, unconfirmed));

    const refusals: [number, number, string][] = [
      [blocker.profileId, 403, 'no_access'],
      [blocked.profileId, 403, 'like_blocked'],
      [ivy.profileId, 404, 'profile_not_found'],
      [disabled.profileId, 404, 'profile_not_found'],
      [unconfirmed, 404, 'profile_not_found'],
      [elsewhere, 404, 'profile_not_found'],
    ];
    for (const [id, status, code] of refusals) {
      const response = await like(domain, id, anna.cookie);
      expect([response.statusCode, errorOf(response).code], String(id)).toEqual([status, code]);
    }
    expect(await db().$count(likes, eq(likes.fromProfileId, anna.profileId))).toBe(0);
    expect(await db().$count(likeGrants, eq(likeGrants.fromProfileId, anna.profileId))).toBe(0);
  });
});

describe('account deletion', () => {
  it("hides the member's likes both ways while the account waits, and shows them again on reactivation", async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await siteWith(3);
    const [anna, ben, carla] = members as [Member, Member, Member];
    await likeAnswer(domain, ben.profileId, anna.cookie);
    await likeAnswer(domain, anna.profileId, ben.cookie);
    t.clock.advance(1000);
    await likeAnswer(domain, anna.profileId, carla.cookie);
    t.smtp.clear();
    const deletion = await t.app.inject({
      method: 'POST',
      url: `/api/delete-account.php?domain=${domain}`,
      payload: { reason: 'other', confirm: true, current_password: ben.body.password },
      headers: { cookie: ben.cookie },
      remoteAddress: nextIp(),
    });
    expect(deletion.json()).toEqual({ ok: true });
    expect(await likesOf(domain, anna.cookie)).toEqual({ profiles: [], liked_by: [{ id: carla.profileId, like_new: true }] });
    expect((await likesPage(domain, anna.cookie, 'matches')).total).toBe(0);

    const mail = await t.smtp.waitForMail(ben.body.email);
    const reactivation = await t.app.inject({ method: 'GET', url: `${linkPath(mail, '/api/reactivate.php')}&domain=${domain}` });
    expect(reactivation.statusCode).toBe(302);
    expect(await likesOf(domain, anna.cookie)).toEqual({
      profiles: [{ id: ben.profileId, like_new: true }],
      liked_by: [
        { id: carla.profileId, like_new: true },
        { id: ben.profileId, like_new: true },
      ],
    });
    expect((await likesPage(domain, anna.cookie, 'matches')).profiles.map((p) => p.id)).toEqual([ben.profileId]);
  });
});

describe('GET /api/likes-page.php', () => {
  it('pages the grids newest first and refuses unknown types and pages', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, siteId, members } = await siteWith(1);
    const [anna] = members as [Member];
    await makePremium(anna);
    const ids = await targets(siteId, LIKES_PER_PAGE + 1);
    for (const id of ids) {
      t.clock.advance(1000);
      await likeAnswer(domain, id, anna.cookie);
    }
    const first = await likesPage(domain, anna.cookie, 'liked');
    expect(first).toMatchObject({ total: LIKES_PER_PAGE + 1, page: 1, per_page: LIKES_PER_PAGE });
    expect(first.profiles.map((p) => p.id)).toEqual([...ids].reverse().slice(0, LIKES_PER_PAGE));
    expect((await likesPage(domain, anna.cookie, 'liked', 2)).profiles.map((p) => p.id)).toEqual([ids[0]]);
    expect((await likesPage(domain, anna.cookie, 'liked-by')).total).toBe(0);
    // A profile moderation disabled leaves the grid.
    await db().update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, ids[0]!));
    expect((await likesPage(domain, anna.cookie, 'liked')).total).toBe(LIKES_PER_PAGE);

    for (const query of ['type=friends', 'type=liked&page=0', 'type=liked&page=x', 'type=liked&page=99999']) {
      expect((await get(t, `/api/likes-page.php?domain=${domain}&${query}`, anna.cookie)).statusCode, query).toBe(400);
    }
    expect((await get(t, `/api/likes-page.php?domain=${domain}&type=liked`)).statusCode).toBe(403);
  });
});

describe('POST /api/pass.php', () => {
  it("remembers a pass once, whatever the repeats, and refuses one's own profile", async () => {
    const { domain, members } = await siteWith(2);
    const [anna, ben] = members as [Member, Member];
    for (let i = 0; i < 2; i++)
      expect((await send(t, 'POST', `/api/pass.php?domain=${domain}`, { profile_id: ben.profileId }, anna.cookie)).json()).toEqual({
        ok: true,
      });
    expect(await db().$count(passes, eq(passes.fromProfileId, anna.profileId))).toBe(1);
    expect((await send(t, 'POST', `/api/pass.php?domain=${domain}`, { profile_id: anna.profileId }, anna.cookie)).statusCode).toBe(400);
    expect((await send(t, 'POST', `/api/pass.php?domain=${domain}`, { profile_id: 999_999_999 }, anna.cookie)).statusCode).toBe(404);
  });
});

describe('personal data', () => {
  it('carries the likes given and received and the passes', async () => {
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const { domain, members } = await siteWith(3);
    const [anna, ben, carla] = members as [Member, Member, Member];
    await likeAnswer(domain, ben.profileId, anna.cookie);
    await likeAnswer(domain, anna.profileId, carla.cookie);
    await send(t, 'POST', `/api/pass.php?domain=${domain}`, { profile_id: carla.profileId }, anna.cookie);
    const file = (await get(t, `/api/personal-data.php?domain=${domain}`, anna.cookie)).json();
    expect(file.likes).toEqual({
      given: [{ profile_id: ben.profileId, liked_at: '2026-03-10T10:00:00.000Z' }],
      received: [{ profile_id: carla.profileId, liked_at: '2026-03-10T10:00:00.000Z', seen_at: null }],
      passes: [{ profile_id: carla.profileId, passed_at: '2026-03-10T10:00:00.000Z' }],
    });
  });
});

describe('the nightly pruning of Like grants', () => {
  it('deletes grants older than two days and keeps those a daily count may still read', async () => {
    const now = new Date('2026-03-12T03:30:00Z');
    const { siteId } = await newSite(t);
    const [profileId] = await targets(siteId, 1);
    const ages = [LIKE_GRANTS_KEPT_MS + 1000, LIKE_GRANTS_KEPT_MS - 1000, 25 * 3_600_000, 0];
    await db()
      .insert(likeGrants)
      .values(
        ages.map((age) => ({
          fromProfileId: profileId!,
          givenAt: new Date(now.getTime() - age),
          dayEnd: new Date(now.getTime() - age + 3_600_000),
        })),
      );
    await likeGrantsPruneJob({ db: db(), clock: () => now }).run({}, { jobId: 'test', attempt: 1 });
    const kept = await db().select({ givenAt: likeGrants.givenAt }).from(likeGrants).where(eq(likeGrants.fromProfileId, profileId!));
    expect(kept.map((row) => now.getTime() - row.givenAt.getTime()).sort((a, b) => b - a)).toEqual(ages.slice(1));
  });
});

/**
 * GET /api/auto-like.php (issue 11) under a site's rules: switched off, at most max_per_day in the
 * member's local day, min_minutes_between, the events (activation, first photo), fictional
 * profiles only, preferences when possible, and parallel calls that never exceed the rules.
 * Each test has a site of its own; the member is a hetero man of 35.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ZAutoLikeAnswer, ZLikesAnswer } from '@cupido/shared/contracts/likes';
import { type AutoLikeRules } from '@cupido/shared/rules/likes';
import { autoLikes, likes, photos, profiles, users } from '../../db/schema';
import { createAccountsTestApp, linkPath, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { activeMemberOn, addPhoto, get, insertProfile, newSite, send } from '../profiles/test/profiles-test-kit';

const START = new Date('2026-03-10T10:00:00Z');
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp(START);
});
afterAll(() => t.close());

const db = () => t.database.db;
const RULES: AutoLikeRules = { enabled: true, max_per_day: 10, min_minutes_between: 0, after_events: [] };

/** A site with these auto-like rules, a hetero man of 35 on it, and a way to add profiles there. */
async function scene(rules: Partial<AutoLikeRules> = {}, options: { activate?: boolean } = {}) {
  t.clock.set(START);
  const site = await newSite(t, { autoLike: { ...RULES, ...rules } });
  const member = options.activate === false ? await signedUpOnly(site.domain) : await activeMemberOn(t, site.domain);
  await db()
    .update(profiles)
    .set({ gender: 'male', sexuality: 'hetero', lookingForGender: null, birthDate: '1990-05-17' })
    .where(eq(profiles.id, member.profileId));
  const fictional = async (values: Partial<typeof profiles.$inferInsert> = {}) => {
    const id = await insertProfile(db(), { siteId: site.siteId, gender: 'female', birthDate: '1994-01-01', isFictional: true, ...values });
    await addPhoto(db(), id);
    return id;
  };
  const autoLike = async () => {
    const response = await get(t, `/api/auto-like.php?domain=${site.domain}`, member.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return ZAutoLikeAnswer.strict().parse(response.json()).profile;
  };
  return { ...site, member, fictional, autoLike };
}

async function signedUpOnly(domain: string) {
  const member = await signup(t, {}, domain);
  return { ...member, profileId: member.user.profile.id as number, userId: member.user.id as number };
}

const autoLikesOf = async (userId: number) => (await db().select({ n: count() }).from(autoLikes).where(eq(autoLikes.userId, userId)))[0]!.n;

describe('GET /api/auto-like.php', () => {
  it('answers a fictional profile that now likes the member, with the fictional badge and notice, shown in liked_by', async () => {
    const { domain, siteId, member, fictional, autoLike } = await scene();
    await insertProfile(db(), { siteId, gender: 'female', birthDate: '1994-01-01' });
    const fictionalId = await fictional();

    const profile = await autoLike();
    expect(profile).toMatchObject({
      id: fictionalId,
      is_fictional: true,
      like_state: 'liked_you',
      like_new: true,
      main_image: expect.any(String),
    });
    expect(profile!.fictional).toEqual({ icon: expect.any(String), singular: expect.any(String), warning: expect.any(String) });
    expect(profile!.fictional!.warning.length).toBeGreaterThan(0);

    const likesAnswer = ZLikesAnswer.parse((await get(t, `/api/likes.php?domain=${domain}`, member.cookie)).json());
    expect(likesAnswer.liked_by).toContainEqual({ id: fictionalId, like_new: true });
    expect(await autoLikesOf(member.userId)).toBe(1);
    // The only other profile is not fictional: nobody is left to like the member.
    expect(await autoLike()).toBeNull();
  });

  it('completes a match when the member had liked that fictional profile', async () => {
    const { member, fictional, autoLike } = await scene();
    const fictionalId = await fictional();
    await db().insert(likes).values({ fromProfileId: member.profileId, toProfileId: fictionalId, createdAt: START });
    expect(await autoLike()).toMatchObject({ id: fictionalId, like_state: 'match' });
  });

  it('answers null when the site switched auto-likes off', async () => {
    const { member, fictional, autoLike } = await scene({ enabled: false });
    await fictional();
    expect(await autoLike()).toBeNull();
    expect(await autoLikesOf(member.userId)).toBe(0);
  });

  it("gives at most max_per_day in the member's local day, counted in their own time zone", async () => {
    const { member, fictional, autoLike } = await scene({ max_per_day: 2 });
    for (let i = 0; i < 4; i += 1) await fictional();
    await db().update(users).set({ timeZone: 'America/New_York' }).where(eq(users.id, member.userId));

    expect(await autoLike()).not.toBeNull();
    expect(await autoLike()).not.toBeNull();
    expect(await autoLike()).toBeNull();
    // Past midnight in Amsterdam (the site's zone) but still the 10th in New York.
    t.clock.set(new Date('2026-03-11T03:59:00Z'));
    expect(await autoLike()).toBeNull();
    t.clock.set(new Date('2026-03-11T04:00:01Z'));
    expect(await autoLike()).not.toBeNull();
    expect(await autoLikesOf(member.userId)).toBe(3);
  });

  it('waits min_minutes_between after the last one', async () => {
    const { fictional, autoLike } = await scene({ min_minutes_between: 30 });
    for (let i = 0; i < 3; i += 1) await fictional();
    expect(await autoLike()).not.toBeNull();
    t.clock.advance(29 * 60_000);
    expect(await autoLike()).toBeNull();
    t.clock.advance(60_000);
    expect(await autoLike()).not.toBeNull();
  });

  it('waits for activation', async () => {
    const { domain, member, fictional, autoLike } = await scene({ after_events: ['activation'] }, { activate: false });
    await fictional();
    expect(await autoLike()).toBeNull();
    const activation = await t.app.inject({
      method: 'GET',
      url: `${linkPath(member.mail, '/api/activate.php')}&domain=${domain}`,
      headers: { cookie: member.cookie },
    });
    expect(activation.headers.location).toBe('/activate/done');
    expect(await autoLike()).not.toBeNull();
  });

  it('waits for an approved main photo', async () => {
    const { member, fictional, autoLike } = await scene({ after_events: ['activation', 'first_photo'] });
    await fictional();
    expect(await autoLike()).toBeNull();
    const mainPhoto = await addPhoto(db(), member.profileId, { status: 'pending', isMain: true });
    await addPhoto(db(), member.profileId, { status: 'approved', isMain: false });
    expect(await autoLike()).toBeNull();
    await db().update(photos).set({ status: 'approved' }).where(eq(photos.id, mainPhoto));
    expect(await autoLike()).not.toBeNull();
  });

  it('prefers fictional profiles of the ages the member looks for, then any age, and never one the member would not be shown (decision 036)', async () => {
    const { fictional, autoLike } = await scene();
    const older = await fictional({ gender: 'female', birthDate: '1950-01-01' });
    const woman = await fictional({ gender: 'female' });
    await fictional({ gender: 'male' }); // a man: not whom he looks for
    await fictional({ gender: 'male', sexuality: 'gay' }); // looks for men, but he does not
    await fictional({ gender: 'female', sexuality: 'lesbian' }); // whom he looks for, but she looks for women
    await fictional({ gender: 'female', lookingForGender: 'female' });
    expect((await autoLike())?.id).toBe(woman);
    expect((await autoLike())?.id).toBe(older);
    expect(await autoLike()).toBeNull();
  });

  it("follows the browser's looking_for when the member stored no choice, and the stored one otherwise", async () => {
    const { domain, member, fictional } = await scene();
    // No orientation stored: on his own he counts as looking for both.
    await db().update(profiles).set({ sexuality: null, lookingForGender: null }).where(eq(profiles.id, member.profileId));
    const gayMan = await fictional({ gender: 'male', sexuality: 'gay' });
    const woman = await fictional({ gender: 'female' });
    const autoLikeWith = async (query: string) => {
      const response = await get(t, `/api/auto-like.php?domain=${domain}&${query}`, member.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return ZAutoLikeAnswer.strict().parse(response.json()).profile?.id ?? null;
    };
    expect(await autoLikeWith('looking_for=female')).toBe(woman);
    expect(await autoLikeWith('looking_for=female')).toBeNull();
    expect(await autoLikeWith('looking_for=both')).toBe(gayMan);

    const stored = await scene();
    await db().update(profiles).set({ lookingForGender: 'female' }).where(eq(profiles.id, stored.member.profileId));
    await stored.fictional({ gender: 'male', sexuality: 'gay' });
    const response = await get(t, `/api/auto-like.php?domain=${stored.domain}&looking_for=male`, stored.member.cookie);
    expect(ZAutoLikeAnswer.parse(response.json()).profile).toBeNull();
  });

  it('refuses an unknown looking_for with invalid_choice', async () => {
    const { domain, member } = await scene();
    const response = await get(t, `/api/auto-like.php?domain=${domain}&looking_for=men`, member.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'invalid_choice', field: 'looking_for', message: 'Choose one of the options' });
  });

  it('skips fictional profiles that already like the member, are blocked, or belong to another site', async () => {
    const { domain, member, fictional, autoLike } = await scene();
    const alreadyLiking = await fictional();
    await db().insert(likes).values({ fromProfileId: alreadyLiking, toProfileId: member.profileId, createdAt: START });
    const blocked = await fictional();
    expect((await send(t, 'POST', `/api/block.php?domain=${domain}`, { profile_id: blocked }, member.cookie)).statusCode).toBe(200);
    await insertProfile(db(), { siteId: (await newSite(t)).siteId, gender: 'female', birthDate: '1994-01-01', isFictional: true });
    expect(await autoLike()).toBeNull();
  });

  it('never exceeds the rules for parallel calls', async () => {
    const { member, fictional, autoLike } = await scene({ max_per_day: 2 });
    for (let i = 0; i < 6; i += 1) await fictional();
    const answers = await Promise.all(Array.from({ length: 6 }, () => autoLike()));
    expect(answers.filter((a) => a !== null)).toHaveLength(2);
    expect(await autoLikesOf(member.userId)).toBe(2);

    const spaced = await scene({ min_minutes_between: 30 });
    for (let i = 0; i < 4; i += 1) await spaced.fictional();
    const spacedAnswers = await Promise.all(Array.from({ length: 4 }, () => spaced.autoLike()));
    expect(spacedAnswers.filter((a) => a !== null)).toHaveLength(1);
  });

  it("forgets the auto-likes sent to a member when the account is erased, and nobody else's", async () => {
    const erased = await scene();
    await erased.fictional();
    const kept = await scene();
    await kept.fictional();
    expect(await erased.autoLike()).not.toBeNull();
    expect(await kept.autoLike()).not.toBeNull();
    await t.app.events.transaction(db(), (tx) =>
      t.app.events.publish(tx, { type: 'account.erased', userId: erased.member.userId, profileId: erased.member.profileId }),
    );
    expect(await autoLikesOf(erased.member.userId)).toBe(0);
    expect(await autoLikesOf(kept.member.userId)).toBe(1);
  });
});

/**
 * The swipe stack, the match finder and signup matches (issue 11) through the real routes, each
 * test on a site of its own so the demo profiles stay out. The clock stands at 2026-03-10; the
 * member (born 1990-05-17) is 35, a hetero man looking for women of 25-45 unless a test says otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZSuggestionsAnswer, ZSwipeStackAnswer } from '@cupido/shared/contracts/likes';
import { FREE_DAILY_LIKES } from '@cupido/shared/rules/likes';
import { likes, passes, profiles } from '../../db/schema';
import { createAccountsTestApp, errorOf, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { activeMemberOn, addPhoto, get, insertProfile, newSite, send } from '../profiles/test/profiles-test-kit';
import { PLACES, at, shownKm } from '../profiles/test/distance-test-kit';
import { SWIPE_STACK_SIZE } from './suggestions';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp(new Date('2026-03-10T10:00:00Z'));
});
afterAll(() => t.close());

const db = () => t.database.db;
const ids = (answer: { profiles: { id: number }[] }) => answer.profiles.map((p) => p.id);

type ProfileValues = Partial<typeof profiles.$inferInsert>;

/** A site of its own and an active member on it with the given profile (a hetero man of 35 in London by default). */
async function memberOnNewSite(profile: ProfileValues = {}) {
  const site = await newSite(t);
  const member = await activeMemberOn(t, site.domain);
  await db()
    .update(profiles)
    .set({ gender: 'male', sexuality: 'hetero', lookingForGender: null, country: 'GB', region: 'LND', city: 'London', ...profile })
    .where(eq(profiles.id, member.profileId));
  const profile_ = async (values: ProfileValues = {}, photo = true) => {
    const id = await insertProfile(db(), { siteId: site.siteId, gender: 'female', birthDate: '1996-01-01', ...values });
    if (photo) await addPhoto(db(), id);
    return id;
  };
  return { ...site, member, profile: profile_ };
}

async function stackOf(domain: string, cookie: string, query = '') {
  const response = await get(t, `/api/swipe-stack.php?domain=${domain}${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZSwipeStackAnswer.strict().parse(response.json());
}

async function suggestionsOf(domain: string, cookie: string, path: string) {
  const response = await get(t, `${path}${path.includes('?') ? '&' : '?'}domain=${domain}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZSuggestionsAnswer.strict().parse(response.json());
}

const like = (fromProfileId: number, toProfileId: number) =>
  db()
    .insert(likes)
    .values({ fromProfileId, toProfileId, createdAt: new Date('2026-03-09T10:00:00Z') });

describe('GET /api/swipe-stack.php', () => {
  it('holds whom the member looks for, and leaves out own, liked, passed, blocked and invisible profiles', async () => {
    const { domain, member, profile } = await memberOnNewSite();
    const withPhoto = await profile();
    const withoutPhoto = await profile({}, false);
    const liked = await profile();
    const passed = await profile();
    const blockedByMember = await profile();
    const invisible = await profile({ isInvisible: true });
    const invisibleWhoLikedMember = await profile({ isInvisible: true });
    const disabled = await profile({ status: 'disabled' });
    const man = await profile({ gender: 'male' });
    const tooOld = await profile({ birthDate: '1970-01-01' });
    const tooYoung = await profile({ birthDate: '2005-01-01' });
    const otherSite = await insertProfile(db(), { siteId: (await newSite(t)).siteId, gender: 'female', birthDate: '1996-01-01' });
    const blocker = await activeMemberOn(t, domain);
    await db().update(profiles).set({ gender: 'female', birthDate: '1996-01-01' }).where(eq(profiles.id, blocker.profileId));
    await like(member.profileId, liked);
    await db().insert(passes).values({ fromProfileId: member.profileId, toProfileId: passed, createdAt: new Date() });
    await like(invisibleWhoLikedMember, member.profileId);
    expect((await send(t, 'POST', `/api/block.php?domain=${domain}`, { profile_id: blockedByMember }, member.cookie)).statusCode).toBe(200);
    // The blocker is a candidate until they block the member.
    expect(ids(await stackOf(domain, member.cookie))).toContain(blocker.profileId);
    expect((await send(t, 'POST', `/api/block.php?domain=${domain}`, { profile_id: member.profileId }, blocker.cookie)).statusCode).toBe(
      200,
    );

    const stack = await stackOf(domain, member.cookie);
    expect(new Set(ids(stack))).toEqual(new Set([withPhoto, withoutPhoto, invisibleWhoLikedMember]));
    // With a photo first.
    expect(ids(stack).at(-1)).toBe(withoutPhoto);
    expect(stack.profiles.find((p) => p.id === invisibleWhoLikedMember)).toMatchObject({ like_state: 'liked_you', like_new: true });
    expect(stack.profiles.find((p) => p.id === withPhoto)).toMatchObject({
      like_state: 'none',
      like_new: false,
      main_image: expect.any(String),
    });
    expect(stack).toMatchObject({ likes_left: FREE_DAILY_LIKES, likes_reset_at: expect.any(String) });
    for (const left of [
      member.profileId,
      liked,
      passed,
      blockedByMember,
      invisible,
      disabled,
      man,
      tooOld,
      tooYoung,
      otherSite,
      blocker.profileId,
    ]) {
      expect(ids(stack)).not.toContain(left);
    }
  });

  it("follows the member's stored preferences (gender and ages, decision 013)", async () => {
    const { domain, member, profile } = await memberOnNewSite({ lookingForGender: 'both', lookingForMinAge: 50, lookingForMaxAge: 60 });
    const woman55 = await profile({ birthDate: '1971-01-01' });
    // Bi: a man who looks for men too, so the two-way rule lets him in (decision 036).
    const man55 = await profile({ gender: 'male', sexuality: 'bi', birthDate: '1971-01-01' });
    await profile({ birthDate: '1996-01-01' });
    expect(new Set(ids(await stackOf(domain, member.cookie)))).toEqual(new Set([woman55, man55]));
  });

  it('stops at one stack and drops a profile once it is liked or passed through the API', async () => {
    const { domain, member, profile } = await memberOnNewSite();
    const all: number[] = [];
    for (let i = 0; i < SWIPE_STACK_SIZE + 2; i += 1) all.push(await profile());
    const first = await stackOf(domain, member.cookie);
    expect(first.profiles).toHaveLength(SWIPE_STACK_SIZE);
    const [right, left] = ids(first) as [number, number];
    expect(
      (await send(t, 'POST', `/api/like.php?domain=${domain}`, { profile_id: right, source: 'swipe' }, member.cookie)).statusCode,
    ).toBe(200);
    expect((await send(t, 'POST', `/api/pass.php?domain=${domain}`, { profile_id: left }, member.cookie)).statusCode).toBeLessThan(300);
    const next = await stackOf(domain, member.cookie);
    expect(ids(next)).not.toContain(right);
    expect(ids(next)).not.toContain(left);
    // A right swipe is a like: it counts toward the day's Likes.
    expect(next.likes_left).toBe(FREE_DAILY_LIKES - 1);
  });

  it('needs a logged-in member', async () => {
    const response = await get(t, '/api/swipe-stack.php');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('authentication_required');
  });
});

describe('GET /api/match-finder.php', () => {
  it('applies the age group and the gender preference, with a photo and not liked yet', async () => {
    const { domain, member, profile } = await memberOnNewSite();
    const woman20 = await profile({ birthDate: '2005-06-01' });
    const woman35 = await profile({ birthDate: '1990-06-01' }); // 35 until June
    const woman50 = await profile({ birthDate: '1975-06-01' });
    const woman80 = await profile({ birthDate: '1945-06-01' });
    await profile({ birthDate: '2000-06-01' }, false);
    await profile({ gender: 'male', birthDate: '2000-06-01' });
    const liked = await profile({ birthDate: '2000-06-01' });
    await like(member.profileId, liked);
    const likedMember = await profile({ birthDate: '2000-07-01' });
    await like(likedMember, member.profileId);

    const young = await suggestionsOf(domain, member.cookie, '/api/match-finder.php?age_group=18-35');
    expect(new Set(ids(young))).toEqual(new Set([woman20, woman35, likedMember]));
    expect(young.profiles.find((p) => p.id === likedMember)?.like_state).toBe('liked_you');
    const older = await suggestionsOf(domain, member.cookie, `/api/match-finder.php?age_group=${encodeURIComponent('35+')}`);
    expect(new Set(ids(older))).toEqual(new Set([woman35, woman50, woman80]));
  });

  it('puts the same city first, then the same region, then the same country', async () => {
    const { domain, member, profile } = await memberOnNewSite();
    // Inserted far to near, so "newest first" alone would give the opposite order.
    const ireland = await profile({ country: 'IE', region: 'D', city: 'Dublin' });
    const manchester = await profile({ region: 'MAN', city: 'Manchester' });
    const croydon = await profile({ region: 'LND', city: 'Croydon' });
    const london = await profile({ region: 'LND', city: 'london' });
    const answer = await suggestionsOf(domain, member.cookie, '/api/match-finder.php?age_group=18-35');
    expect(ids(answer)).toEqual([london, croydon, manchester, ireland]);
  });

  it.each([[''], ['age_group='], ['age_group=35'], ['age_group=18-99'], ['age_group=35%2B%2B']])(
    'refuses %s with invalid_age_group',
    async (query) => {
      const { domain, member } = await memberOnNewSite();
      const response = await get(t, `/api/match-finder.php?domain=${domain}&${query}`, member.cookie);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'invalid_age_group',
        field: 'age_group',
        message: 'Choose one of the age groups: 18-35 or 35+',
      });
      const dutch = await get(t, `/api/match-finder.php?domain=${domain}&locale=nl&${query}`, member.cookie);
      expect(errorOf(dutch).message).toBe('Kies een van de leeftijdsgroepen: 18-35 of 35+');
    },
  );
});

describe('GET /api/signup-matches.php', () => {
  it('suggests from what the signup gave: ages around the member, both genders, a photo, near first', async () => {
    const site = await newSite(t);
    // Right after signup: not activated; a woman looking for men and women, no orientation given.
    const { cookie, user } = await signup(t, { date_of_birth: '1990-05-17', gender: 'female', looking_for: 'both' }, site.domain);
    const ownId = user.profile.id as number;
    const [own] = await db().select({ country: profiles.country }).from(profiles).where(eq(profiles.id, ownId));
    const p = async (values: ProfileValues, photo = true) => {
      const id = await insertProfile(db(), { siteId: site.siteId, country: own!.country, birthDate: '1996-01-01', ...values });
      if (photo) await addPhoto(db(), id);
      return id;
    };
    // Whom she looks for, who look for a woman (decision 036).
    const woman = await p({ gender: 'female', sexuality: 'lesbian' });
    const man = await p({ gender: 'male' });
    const elsewhere = await p({ gender: 'female', sexuality: 'bi', country: own!.country === 'GB' ? 'IE' : 'GB' });
    await p({ gender: 'female' }, false);
    await p({ gender: 'female', birthDate: '1960-01-01' });

    const answer = await suggestionsOf(site.domain, cookie, '/api/signup-matches.php');
    expect(new Set(ids(answer).slice(0, 2))).toEqual(new Set([woman, man]));
    expect(ids(answer)).toEqual([...ids(answer).slice(0, 2), elsewhere]);
  });
});

describe('the two-way rule (decision 036)', () => {
  it('offers only those the member looks for who look for the member, in every list', async () => {
    const { domain, member, profile } = await memberOnNewSite();
    const straightWoman = await profile();
    const biWoman = await profile({ sexuality: 'bi' });
    await profile({ sexuality: 'lesbian' });
    await profile({ lookingForGender: 'female' });
    await profile({ gender: 'male', sexuality: 'gay' });
    await profile({ gender: null, sexuality: null });
    const expected = new Set([straightWoman, biWoman]);
    expect(new Set(ids(await stackOf(domain, member.cookie)))).toEqual(expected);
    expect(new Set(ids(await suggestionsOf(domain, member.cookie, '/api/match-finder.php?age_group=18-35')))).toEqual(expected);
    expect(new Set(ids(await suggestionsOf(domain, member.cookie, '/api/signup-matches.php')))).toEqual(expected);
  });

  it("takes the browser's looking_for when nothing is stored, never over a stored choice", async () => {
    // No orientation stored (no consent): on his own he counts as looking for both.
    const { domain, member, profile } = await memberOnNewSite({ sexuality: null });
    const woman = await profile({ sexuality: 'bi' });
    const gayMan = await profile({ gender: 'male', sexuality: 'gay' });
    expect(new Set(ids(await stackOf(domain, member.cookie)))).toEqual(new Set([woman, gayMan]));
    expect(ids(await stackOf(domain, member.cookie, '&looking_for=female'))).toEqual([woman]);
    expect(ids(await suggestionsOf(domain, member.cookie, '/api/match-finder.php?age_group=18-35&looking_for=male'))).toEqual([gayMan]);
    expect(ids(await suggestionsOf(domain, member.cookie, '/api/signup-matches.php?looking_for=MALE'))).toEqual([gayMan]);
    expect(new Set(ids(await suggestionsOf(domain, member.cookie, '/api/signup-matches.php?looking_for=')))).toEqual(
      new Set([woman, gayMan]),
    );

    await db().update(profiles).set({ lookingForGender: 'female' }).where(eq(profiles.id, member.profileId));
    expect(ids(await stackOf(domain, member.cookie, '&looking_for=male'))).toEqual([woman]);
  });

  it.each(['/api/swipe-stack.php', '/api/match-finder.php?age_group=18-35', '/api/signup-matches.php'])(
    'refuses an unknown looking_for on %s with invalid_choice',
    async (path) => {
      const { domain, member } = await memberOnNewSite();
      const response = await get(t, `${path}${path.includes('?') ? '&' : '?'}domain=${domain}&looking_for=women&locale=it`, member.cookie);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'invalid_choice', field: 'looking_for', message: 'Scegli una delle opzioni' });
    },
  );
});

describe('distance (decision 036)', () => {
  it('puts the nearest first where the member has a location, a fictional profile at least 30 km away, those without one last by place', async () => {
    const { domain, member, profile } = await memberOnNewSite(at(PLACES.london));
    const edinburgh = await profile({ region: 'EDH', city: 'Edinburgh', ...at(PLACES.edinburgh) });
    const reading = await profile({ region: 'RDG', city: 'Reading', ...at(PLACES.reading) });
    const fictionalNextDoor = await profile({ isFictional: true, ...at(PLACES.londonNextDoor) });
    const croydon = await profile({ city: 'Croydon', ...at(PLACES.croydon) });
    const placelessIreland = await profile({ country: 'IE', region: 'D', city: 'Dublin' });
    const placelessLondon = await profile({ city: 'London' });

    const answer = await suggestionsOf(domain, member.cookie, '/api/match-finder.php?age_group=18-35');
    expect(ids(answer)).toEqual([croydon, fictionalNextDoor, reading, edinburgh, placelessLondon, placelessIreland]);
    expect(answer.profiles.map((card) => card.distance_km)).toEqual([
      shownKm(PLACES.london, PLACES.croydon),
      30,
      shownKm(PLACES.london, PLACES.reading),
      shownKm(PLACES.london, PLACES.edinburgh),
      undefined,
      undefined,
    ]);
    // The swipe stack keeps its order (with a photo first) and carries the distances too.
    const stack = await stackOf(domain, member.cookie);
    expect(stack.profiles.find((card) => card.id === reading)?.distance_km).toBe(shownKm(PLACES.london, PLACES.reading));
    expect(JSON.stringify(stack)).not.toMatch(/latitude|longitude/);
  });
});

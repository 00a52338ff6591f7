/**
 * Who a search shows and in which order (issue 28, decision 036): the two-way rule for members
 * (default and filtered; visitors by their filters alone), nearest first with whole km on the
 * cards, the radius filter with the fictional profiles' floor, members without a location last,
 * the similar block widening the radius, and the radius errors. Each test on a site of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZSearchAnswer, type TSearchAnswer } from '@cupido/shared/contracts/profiles';
import { profiles } from '../../db/schema';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { activeMemberOn, addPhoto, get, insertProfile, newSite } from '../profiles/test/profiles-test-kit';
import { PLACES, at, shownKm } from '../profiles/test/distance-test-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
type ProfileValues = Partial<typeof profiles.$inferInsert>;

async function search(domain: string, query: string, cookie?: string): Promise<TSearchAnswer> {
  const response = await get(t, `/api/search.php?domain=${domain}&${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZSearchAnswer.strict().parse(response.json());
}
const ids = (cards: { id: number }[]) => cards.map((card) => card.id);
const idSet = (answer: TSearchAnswer) => new Set(ids(answer.profiles));

/** A site, a member on it with this profile (a man looking for women by default), and a way to add profiles (women of 30). */
async function scene(member: ProfileValues = {}) {
  const site = await newSite(t);
  const searcher = await activeMemberOn(t, site.domain);
  await db()
    .update(profiles)
    .set({ gender: 'male', sexuality: 'hetero', lookingForGender: null, birthDate: '1990-01-01', ...member })
    .where(eq(profiles.id, searcher.profileId));
  const profile = (values: ProfileValues = {}) =>
    insertProfile(db(), { siteId: site.siteId, gender: 'female', sexuality: 'hetero', birthDate: '1996-01-01', ...values });
  return { ...site, searcher, profile };
}

describe('the two-way rule', () => {
  it('shows a member only those they look for who look for them, default and filtered', async () => {
    const { domain, searcher, profile } = await scene();
    const straightWoman = await profile();
    const biWoman = await profile({ sexuality: 'bi' });
    const lesbian = await profile({ sexuality: 'lesbian' });
    const womanLookingForBoth = await profile({ sexuality: 'lesbian', lookingForGender: 'both' });
    const straightMan = await profile({ gender: 'male' });
    const gayMan = await profile({ gender: 'male', sexuality: 'gay' });
    const biMan = await profile({ gender: 'male', sexuality: 'bi' });
    const unknown = await profile({ gender: null, sexuality: null });

    // The member's own side: women; the women's side: men or both.
    expect(idSet(await search(domain, '', searcher.cookie))).toEqual(new Set([straightWoman, biWoman, womanLookingForBoth]));
    expect(idSet(await search(domain, 'gender=female', searcher.cookie))).toEqual(new Set([straightWoman, biWoman, womanLookingForBoth]));
    // A search for men replaces only his own side: men who look for men, never a straight one.
    expect(idSet(await search(domain, 'gender=male', searcher.cookie))).toEqual(new Set([gayMan, biMan]));
    // A visitor has no side: the filter alone.
    expect(idSet(await search(domain, 'gender=male'))).toEqual(new Set([straightMan, gayMan, biMan, searcher.profileId]));
    expect(idSet(await search(domain, ''))).toEqual(
      new Set([straightWoman, biWoman, lesbian, womanLookingForBoth, straightMan, gayMan, biMan, unknown, searcher.profileId]),
    );
    expect((await search(domain, '', searcher.cookie)).numResults).toBe(3);
  });

  it('follows a stored choice, and shows someone of unknown gender only to those looking for both', async () => {
    const { domain, searcher, profile } = await scene({ gender: 'female', sexuality: 'lesbian', lookingForGender: 'both' });
    const lesbian = await profile({ sexuality: 'lesbian' });
    const straightWoman = await profile();
    const straightMan = await profile({ gender: 'male' });
    const gayMan = await profile({ gender: 'male', sexuality: 'gay' });
    const unknown = await profile({ gender: null, sexuality: null });
    expect(idSet(await search(domain, '', searcher.cookie))).toEqual(new Set([lesbian, straightMan, unknown]));
    expect(idSet(await search(domain, 'gender=female', searcher.cookie))).toEqual(new Set([lesbian]));
    expect(ids((await search(domain, '', searcher.cookie)).profiles)).not.toContain(straightWoman);
    expect(ids((await search(domain, '', searcher.cookie)).profiles)).not.toContain(gayMan);
  });

  it('offers a member of unknown gender only those who look for both', async () => {
    const { domain, searcher, profile } = await scene({ gender: null, sexuality: null });
    const bi = await profile({ sexuality: 'bi' });
    await profile();
    await profile({ gender: 'male' });
    expect(idSet(await search(domain, '', searcher.cookie))).toEqual(new Set([bi]));
  });
});

describe('distance', () => {
  it('sorts nearest first with whole km, a fictional profile at least 30 km away, those without a location last', async () => {
    const { domain, searcher, profile } = await scene(at(PLACES.london));
    // Inserted far to near, so "newest first" alone would give the opposite order.
    const edinburgh = await profile(at(PLACES.edinburgh));
    const reading = await profile(at(PLACES.reading));
    const fictionalNextDoor = await profile({ isFictional: true, ...at(PLACES.londonNextDoor) });
    const watford = await profile(at(PLACES.watford));
    const croydon = await profile(at(PLACES.croydon));
    const nowhereWithPhoto = await profile();
    await addPhoto(db(), nowhereWithPhoto);
    const nowhere = await profile();

    const answer = await search(domain, '', searcher.cookie);
    expect(ids(answer.profiles)).toEqual([croydon, watford, fictionalNextDoor, reading, edinburgh, nowhereWithPhoto, nowhere]);
    expect(answer.profiles.map((card) => card.distance_km)).toEqual([
      shownKm(PLACES.london, PLACES.croydon),
      shownKm(PLACES.london, PLACES.watford),
      30,
      shownKm(PLACES.london, PLACES.reading),
      shownKm(PLACES.london, PLACES.edinburgh),
      undefined,
      undefined,
    ]);
    expect(answer.profiles.find((card) => card.id === croydon)).toMatchObject({ distance_km: 15 });
    // Never a coordinate.
    expect(JSON.stringify(answer)).not.toMatch(/latitude|longitude/);

    // Without a location of his own: the order of old, no distances.
    await db().update(profiles).set({ latitude: null, longitude: null }).where(eq(profiles.id, searcher.profileId));
    const placeless = await search(domain, '', searcher.cookie);
    expect(ids(placeless.profiles)[0]).toBe(nowhereWithPhoto);
    expect(placeless.profiles.every((card) => card.distance_km === undefined)).toBe(true);
    // Visitors: no distance.
    expect((await search(domain, '')).profiles.every((card) => card.distance_km === undefined)).toBe(true);
  });

  it('pages nearest first, each profile once', async () => {
    const { domain, searcher, profile } = await scene(at(PLACES.london));
    const created: number[] = [];
    const places = [PLACES.croydon, PLACES.watford, PLACES.reading, PLACES.brighton, PLACES.manchester, PLACES.edinburgh];
    for (let i = 0; i < 42; i++) created.push(await profile(i % 7 === 6 ? {} : at(places[i % 7]!)));
    const pages = [
      await search(domain, 'page=1', searcher.cookie),
      await search(domain, 'page=2', searcher.cookie),
      await search(domain, 'page=3', searcher.cookie),
    ];
    const order = pages.flatMap((page) => page.profiles);
    expect(order).toHaveLength(42);
    expect(new Set(ids(order)).size).toBe(42);
    const km = order.map((card) => card.distance_km ?? Infinity);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    // Among equals, the newest first.
    const croydons = order.filter((card) => card.distance_km === 15).map((card) => card.id);
    expect(croydons).toEqual([...croydons].sort((a, b) => b - a));
  });

  it('orders a crowded cell (members placed at their city by name) with a photo first, then the newest, across pages', async () => {
    const { domain, searcher, profile } = await scene(at(PLACES.london));
    const inCroydon: number[] = [];
    const withPhoto: number[] = [];
    for (let i = 0; i < 30; i++) {
      const id = await profile(at(PLACES.croydon));
      inCroydon.push(id);
      if (i % 4 === 1) {
        await addPhoto(db(), id);
        withPhoto.push(id);
      }
    }
    const nearer = await profile(at(PLACES.londonNextDoor));
    const farther = await profile(at(PLACES.reading));
    const newestFirst = (list: number[]) => [...list].sort((a, b) => b - a);
    const expected = [nearer, ...newestFirst(withPhoto), ...newestFirst(inCroydon.filter((id) => !withPhoto.includes(id))), farther];
    const pages = [await search(domain, 'page=1', searcher.cookie), await search(domain, 'page=2', searcher.cookie)];
    expect(pages.flatMap((page) => ids(page.profiles))).toEqual(expected);
    expect(ids((await search(domain, 'radius=25&page=2', searcher.cookie)).profiles)).toEqual(expected.slice(20, 31));
  });

  it('filters by radius with the distance shown, a fictional profile counting at least 30 km', async () => {
    const { domain, searcher, profile } = await scene(at(PLACES.london));
    const croydon = await profile(at(PLACES.croydon));
    const watford = await profile(at(PLACES.watford));
    const fictionalNextDoor = await profile({ isFictional: true, ...at(PLACES.londonNextDoor) });
    const reading = await profile(at(PLACES.reading));
    const brighton = await profile(at(PLACES.brighton));
    const manchester = await profile(at(PLACES.manchester));
    await profile(at(PLACES.edinburgh));
    await profile();
    await profile({ gender: 'male', ...at(PLACES.croydon) }); // never: the two-way rule holds within a radius too

    expect(ids((await search(domain, 'radius=10', searcher.cookie)).profiles)).toEqual([]);
    expect(ids((await search(domain, 'radius=25', searcher.cookie)).profiles)).toEqual([croydon]);
    expect(ids((await search(domain, 'radius=50', searcher.cookie)).profiles)).toEqual([croydon, watford, fictionalNextDoor]);
    const hundred = await search(domain, 'radius=100', searcher.cookie);
    expect(ids(hundred.profiles)).toEqual([croydon, watford, fictionalNextDoor, reading, brighton]);
    expect(hundred.numResults).toBe(5);
    expect(ids((await search(domain, 'radius=250', searcher.cookie)).profiles)).toHaveLength(5);
    expect(ids((await search(domain, 'radius=', searcher.cookie)).profiles)).toHaveLength(8);
    expect(ids((await search(domain, 'radius=250', searcher.cookie)).profiles)).not.toContain(manchester);
  });

  it('widens the radius to the next choice for the similar profiles, and drops it after the widest', async () => {
    const { domain, searcher, profile } = await scene(at(PLACES.london));
    const croydon = await profile(at(PLACES.croydon));
    const watford = await profile(at(PLACES.watford));
    const reading = await profile(at(PLACES.reading));
    const manchester = await profile(at(PLACES.manchester));
    const nowhere = await profile();

    const ten = await search(domain, 'radius=10', searcher.cookie);
    expect(ten).toMatchObject({ numResults: 0, similar_count: 1 });
    expect(ids(ten.similar)).toEqual([croydon]);
    const twentyFive = await search(domain, 'radius=25', searcher.cookie);
    expect(ids(twentyFive.profiles)).toEqual([croydon]);
    expect(ids(twentyFive.similar)).toEqual([watford]);
    expect(ids((await search(domain, 'radius=100', searcher.cookie)).similar)).toEqual([]);
    const widest = await search(domain, 'radius=250', searcher.cookie);
    expect(ids(widest.profiles)).toEqual([croydon, watford, reading]);
    expect(ids(widest.similar)).toEqual([manchester, nowhere]);
    expect(widest.similar[0]).toMatchObject({ distance_km: shownKm(PLACES.london, PLACES.manchester) });
    expect(widest.similar[1]).not.toHaveProperty('distance_km');
  });
});

describe('radius errors', () => {
  it.each([['radius=30'], ['radius=abc'], ['radius=-10'], ['radius=1000'], ['radius=25.5']])(
    'refuses %s with invalid_radius',
    async (query) => {
      const { domain, searcher } = await scene(at(PLACES.london));
      const response = await get(t, `/api/search.php?domain=${domain}&${query}`, searcher.cookie);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'invalid_radius',
        field: 'radius',
        message: 'Choose one of the distances (10, 25, 50, 100 or 250 km) or “Anywhere”',
      });
    },
  );

  it("needs a location for a radius: the member's, and a visitor has none", async () => {
    const { domain, searcher } = await scene();
    const response = await get(t, `/api/search.php?domain=${domain}&radius=50`, searcher.cookie);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'location_required',
      field: 'radius',
      message: 'To search by distance, first set your location in your profile',
    });
    expect(errorOf(await get(t, `/api/search.php?domain=${domain}&radius=50`)).code).toBe('location_required');
    expect((await get(t, `/api/search.php?domain=${domain}&radius=`)).statusCode).toBe(200);
  });

  it("says so in the member's language", async () => {
    const { domain, searcher } = await scene();
    const french = await get(t, `/api/search.php?domain=${domain}&radius=7&locale=fr`, searcher.cookie);
    expect(errorOf(french).message).toBe("Choisissez l'une des distances (10, 25, 50, 100 ou 250 km) ou «\u202fPartout\u202f»");
    const german = await get(t, `/api/search.php?domain=${domain}&radius=50&locale=de`, searcher.cookie);
    expect(errorOf(german).message).toBe('Um nach Entfernung zu suchen, gib zuerst deinen Standort in deinem Profil an');
  });
});

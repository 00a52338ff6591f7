import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZSearchAnswer, type TSearchAnswer } from '@cupido/shared/contracts/profiles';
import { photos, profiles } from '../../db/schema';
import { createAccountsTestApp, errorOf, nextIp, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { activeMemberOn, addPhoto, get, insertProfile, newSite, send } from '../profiles/test/profiles-test-kit';
import { birthDateBounds, yearsBefore } from '../profiles/search-read-model';

let t: AccountsTestApp;
beforeAll(async () => {
  // The clock stands at 2026-03-10.
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function search(domain: string, query: string, cookie?: string): Promise<TSearchAnswer> {
  const response = await get(t, `/api/search.php?domain=${domain}&${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZSearchAnswer.strict().parse(response.json());
}
const ids = (answer: { profiles: { id: number }[] } | { id: number }[]) =>
  ('profiles' in answer ? answer.profiles : answer).map((p) => p.id);

describe('who may search', () => {
  it('lets visitors search where logged_out_search allows it, and members always', async () => {
    const open = await newSite(t, { loggedOutSearch: 'all' });
    expect((await get(t, `/api/search.php?domain=${open.domain}`)).statusCode).toBe(200);

    const closed = await newSite(t, { loggedOutSearch: 'none', loggedOutSearchTrafficsource: 'none' });
    const refused = await get(t, `/api/search.php?domain=${closed.domain}&ref=ad1`);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'authentication_required', message: 'Please log in to continue' });
    const member = await activeMemberOn(t, closed.domain);
    expect((await get(t, `/api/search.php?domain=${closed.domain}`, member.cookie)).statusCode).toBe(200);
  });

  it('lets visitors with a traffic source search where logged_out_search_trafficsource allows it', async () => {
    const site = await newSite(t, { loggedOutSearch: 'none', loggedOutSearchTrafficsource: 'all' });
    expect((await get(t, `/api/search.php?domain=${site.domain}`)).statusCode).toBe(403);
    expect((await get(t, `/api/search.php?domain=${site.domain}&network=ads`)).statusCode).toBe(200);
    expect((await get(t, `/api/search.php?domain=${site.domain}&sub2=x`)).statusCode).toBe(200);
  });
});

describe('filters', () => {
  it('filters by gender, country, region and age, counting birthdays exactly', async () => {
    const { domain, siteId } = await newSite(t);
    const p = async (values: Partial<typeof profiles.$inferInsert>) => insertProfile(db(), { siteId, ...values });
    const turned25Today = await p({ birthDate: '2001-03-10' });
    const turns25Tomorrow = await p({ birthDate: '2001-03-11' });
    const turns31Tomorrow = await p({ birthDate: '1995-03-11' });
    const turned31Today = await p({ birthDate: '1995-03-10' });
    const man = await p({ gender: 'male', birthDate: '1998-01-01' });
    const manchester = await p({ region: 'MAN', city: 'Manchester', birthDate: '1998-01-01' });
    const dublin = await p({ country: 'IE', region: 'D', city: 'Dublin', birthDate: '1998-01-01' });

    expect(new Set(ids(await search(domain, 'gender=female&country=GB&min_age=25&max_age=30')))).toEqual(
      new Set([turned25Today, turns31Tomorrow, manchester]),
    );
    expect(ids(await search(domain, 'gender=male'))).toEqual([man]);
    expect(ids(await search(domain, 'country=ie'))).toEqual([dublin]);
    expect(ids(await search(domain, 'country=GB&countryregion=MAN'))).toEqual([manchester]);
    expect(new Set(ids(await search(domain, 'max_age=24')))).toEqual(new Set([turns25Tomorrow]));
    expect(new Set(ids(await search(domain, 'min_age=31')))).toEqual(new Set([turned31Today]));
    expect((await search(domain, '')).numResults).toBe(7);
    expect((await search(domain, 'gender=&country=&countryregion=&min_age=&max_age=')).numResults).toBe(7);
  });

  it("offers only the filters of the site's search_fields and ignores the others", async () => {
    const { domain, siteId } = await newSite(t, { searchFields: ['gender', 'min_age', 'max_age'] });
    await insertProfile(db(), { siteId, country: 'GB' });
    await insertProfile(db(), { siteId, country: 'IE', region: 'D' });
    expect((await search(domain, 'country=IE')).numResults).toBe(2);
    expect((await search(domain, 'country=XX&countryregion=nowhere')).numResults).toBe(2);
  });

  it.each([
    ['gender=other', 'gender', 'invalid_choice', 'Choose one of the options'],
    ['country=NL', 'country', 'country_not_served', 'Choose one of the countries we serve'],
    ['countryregion=LND', 'countryregion', 'unknown_region', 'Choose a region of the selected country'],
    ['country=GB&countryregion=TX', 'countryregion', 'unknown_region', 'Choose a region of the selected country'],
    ['min_age=17', 'min_age', 'invalid_age', 'Enter an age from 18 to 99'],
    ['max_age=100', 'max_age', 'invalid_age', 'Enter an age from 18 to 99'],
    ['max_age=3O', 'max_age', 'invalid_age', 'Enter an age from 18 to 99'],
    ['min_age=40&max_age=30', 'max_age', 'age_range_reversed', 'The maximum age cannot be lower than the minimum age'],
    ['page=0', 'page', 'invalid_page', 'This page of results does not exist'],
    ['page=501', 'page', 'invalid_page', 'This page of results does not exist'],
    ['page=two', 'page', 'invalid_page', 'This page of results does not exist'],
  ])('refuses %s with a message for the field', async (query, field, code, message) => {
    const response = await get(t, `/api/search.php?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code, message, field });
  });

  it('translates validation messages', async () => {
    expect(errorOf(await get(t, '/api/search.php?min_age=10&locale=fr')).message).toBe('Indiquez un âge de 18 à 99 ans');
    expect(errorOf(await get(t, '/api/search.php?country=DE&locale=pl')).message).toBe('Wybierz jeden z krajów, w których działamy');
  });
});

describe('who is found', () => {
  it("leaves out invisible, disabled, unconfirmed, pending-deletion, own and other sites' profiles", async () => {
    const { domain, siteId } = await newSite(t);
    const other = await newSite(t);
    const visible = await insertProfile(db(), { siteId });
    await insertProfile(db(), { siteId, isInvisible: true });
    await insertProfile(db(), { siteId, status: 'disabled' });
    await insertProfile(db(), { siteId: other.siteId });
    const unconfirmed = await signup(t, {}, domain);
    const leaving = await activeMemberOn(t, domain);
    const searcher = await activeMemberOn(t, domain);
    const staying = await activeMemberOn(t, domain);
    // A man looking for women (decision 036): the others are women who look for men or for both.
    await db().update(profiles).set({ gender: 'male', lookingForGender: 'female' }).where(eq(profiles.id, searcher.profileId));

    const before = await search(domain, 'country=GB', searcher.cookie);
    expect(new Set(ids(before))).toEqual(new Set([visible, leaving.profileId, staying.profileId]));
    expect(ids(before)).not.toContain(unconfirmed.user.profile.id);

    const deletion = await t.app.inject({
      method: 'POST',
      url: `/api/delete-account.php?domain=${domain}`,
      payload: { reason: 'other', confirm: true, current_password: leaving.body.password },
      headers: { cookie: leaving.cookie },
      remoteAddress: nextIp(),
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect(new Set(ids(await search(domain, 'country=GB', searcher.cookie)))).toEqual(new Set([visible, staying.profileId]));
    // A visitor sees the searcher too.
    expect(ids(await search(domain, 'country=GB'))).toContain(searcher.profileId);
  });

  it('hides a member in invisible mode and shows them again when it is switched off', async () => {
    const { domain } = await newSite(t);
    const hiding = await activeMemberOn(t, domain);
    expect(ids(await search(domain, ''))).toContain(hiding.profileId);
    await send(t, 'PUT', `/api/profile.php?domain=${domain}`, { invisible: true }, hiding.cookie);
    expect(ids(await search(domain, ''))).not.toContain(hiding.profileId);
    await send(t, 'PUT', `/api/profile.php?domain=${domain}`, { invisible: false }, hiding.cookie);
    expect(ids(await search(domain, ''))).toContain(hiding.profileId);
  });
});

describe('results', () => {
  it('answers cards with age, city, thumbnail URL and the fictional badge', async () => {
    const { domain, siteId } = await newSite(t, { cdnPrefix: 'https://cdn.example/p/', fictionalIcon: '🎭' });
    const real = await insertProfile(db(), { siteId, name: 'Amy', birthDate: '1996-03-11', city: 'Bath' });
    const photoless = await insertProfile(db(), { siteId, name: 'Bo', isFictional: true, city: 'York' });
    await addPhoto(db(), real, { thumbFilename: 'a/amy-thumb.jpg' });
    await addPhoto(db(), photoless, { status: 'pending' });
    const answer = await search(domain, '');
    expect(answer.profiles).toEqual([
      {
        id: real,
        name: 'Amy',
        age: 29,
        city: 'Bath',
        country: 'GB',
        main_image: 'https://cdn.example/p/a/amy-thumb.jpg',
        is_fictional: false,
      },
      { id: photoless, name: 'Bo', age: 35, city: 'York', country: 'GB', main_image: null, is_fictional: true, fictional_icon: '🎭' },
    ]);
  });

  it('pages through profiles with a photo first, then the newest, each profile once', async () => {
    const { domain, siteId } = await newSite(t);
    const created: number[] = [];
    for (let i = 0; i < 45; i++) created.push(await insertProfile(db(), { siteId }));
    const withPhoto = [created[3]!, created[30]!, created[44]!];
    for (const id of withPhoto) await addPhoto(db(), id);

    const pages = [await search(domain, 'page=1'), await search(domain, 'page=2'), await search(domain, 'page=3')];
    expect(pages.map((p) => p.profiles.length)).toEqual([20, 20, 5]);
    expect(pages.every((p) => p.numResults === 45 && p.per_page === 20)).toBe(true);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    const order = pages.flatMap(ids);
    const expected = [...withPhoto.sort((a, b) => b - a), ...created.filter((id) => !withPhoto.includes(id)).sort((a, b) => b - a)];
    expect(order).toEqual(expected);
    expect(pages[0]!.similar).toEqual([]);
    expect(pages[0]!.similar_count).toBe(0);

    const beyond = await search(domain, 'page=4');
    expect(beyond).toMatchObject({ profiles: [], numResults: 45, page: 4 });
  });

  it('moves a profile forward once its main photo is approved', async () => {
    const { domain, siteId } = await newSite(t);
    const older = await insertProfile(db(), { siteId });
    const newer = await insertProfile(db(), { siteId });
    const photo = await addPhoto(db(), older, { status: 'pending' });
    expect(ids(await search(domain, ''))).toEqual([newer, older]);
    await db().update(photos).set({ status: 'approved' }).where(eq(photos.id, photo));
    expect(ids(await search(domain, ''))).toEqual([older, newer]);
    await db().delete(photos).where(eq(photos.id, photo));
    expect(ids(await search(domain, ''))).toEqual([newer, older]);
  });

  it('adds similar profiles without the region and with ages widened by 5 years when few match', async () => {
    const { domain, siteId } = await newSite(t);
    const p = (values: Partial<typeof profiles.$inferInsert>) => insertProfile(db(), { siteId, ...values });
    const exact = await p({ region: 'MAN', birthDate: '1996-01-01' }); // 30
    const otherRegion = await p({ region: 'LND', birthDate: '1996-01-01' });
    await addPhoto(db(), otherRegion, { thumbFilename: 'similar-thumb.jpg' });
    const threeOlder = await p({ region: 'MAN', birthDate: '1990-01-01' }); // 36
    const sixOlder = await p({ region: 'MAN', birthDate: '1987-01-01' }); // 39: beyond the widening
    await p({ region: 'LND', birthDate: '1996-01-01', gender: 'male' }); // never: gender stays
    await p({ country: 'IE', region: 'D', birthDate: '1996-01-01' }); // never: country stays

    const answer = await search(domain, 'gender=female&country=GB&countryregion=MAN&min_age=28&max_age=33');
    expect(ids(answer)).toEqual([exact]);
    expect(answer.numResults).toBe(1);
    expect(new Set(ids(answer.similar))).toEqual(new Set([otherRegion, threeOlder]));
    expect(answer.similar_count).toBe(2);
    // Similar cards are read by id (another query than the page's): each with its own thumbnail.
    const similarCard = (id: number) => answer.similar.find((card) => card.id === id);
    expect(similarCard(otherRegion)?.main_image).toMatch(/\/similar-thumb\.jpg$/);
    expect(similarCard(threeOlder)?.main_image).toBeNull();
    expect(ids(answer.similar)).not.toContain(sixOlder);

    const nothingToRelax = await search(domain, 'gender=female&country=GB');
    expect(nothingToRelax.similar).toEqual([]);
    expect(nothingToRelax.similar_count).toBe(0);
  });
});

describe('age bounds', () => {
  it('turns ages into birth date bounds, the 29th of February included', () => {
    expect(yearsBefore(new Date('2026-03-10T12:00:00Z'), 25)).toBe('2001-03-10');
    expect(yearsBefore(new Date('2028-02-29T12:00:00Z'), 1)).toBe('2027-02-28');
    expect(birthDateBounds(new Date('2026-03-10T00:00:00Z'), 25, 30)).toEqual({ bornOnOrBefore: '2001-03-10', bornAfter: '1995-03-10' });
    expect(birthDateBounds(new Date('2026-03-10T00:00:00Z'))).toEqual({ bornOnOrBefore: undefined, bornAfter: undefined });
  });
});

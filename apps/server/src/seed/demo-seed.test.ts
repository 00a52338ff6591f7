import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, or } from 'drizzle-orm';
import * as countryCoder from '@rapideditor/country-coder';
import { allCountries } from 'country-region-data';
import {
  FICTIONAL_MIN_DISTANCE_KM,
  distanceKm,
  isMutualMatch,
  seekingOf,
  type LatLon,
  type MatchSide,
  type Seeking,
} from '@cupido/shared/rules/matching';
import { replyViolationsAsRead } from '@cupido/shared/rules/operator-guardrails-evasions';
import { deniesBeingFictional } from '@cupido/shared/rules/operator-guardrails-honesty';
import { INTEREST_IDS } from '@cupido/shared/rules/profile-options';
import type { DatabaseHandle } from '../db/open';
import {
  consents,
  conversations,
  creditEntries,
  likes,
  messages,
  operatorAnswers,
  photos,
  profileInterests,
  profiles,
  sites,
  staffAccounts,
  users,
} from '../db/schema';
import { readBalance } from '../features/credits/service';
import { DEMO_EXTRA_CREDITS, DEMO_TEXTS, seedDemoMemberActivity } from './demo-member-activity';
import { DEMO_ADMIN } from './demo-staff';
import { MAJOR_CITIES } from '../features/geocode/major-cities';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { createBroker } from '../infra/broker';
import { SiteService, SITES_CHANGED_CHANNEL } from '../features/sites/service';
import { seedDemoData } from './demo-seed';
import { DEMO_MEMBER, DEMO_MEMBER_SEED_KEY, seedDemoMember } from './demo-member';
import { DEMO_EXTRA_PHOTOS, DEMO_PROFILE_COUNT, SEED_REFERENCE_DATE, seedDemoProfiles } from './demo-profiles';
import { DEMO_COUNTRIES, DEMO_MEMBER_HOMES, demoPlace, locationOf, placesOf } from './demo-places';
import { DEMO_SITES, seedDemoSites } from './demo-sites';

let database: DatabaseHandle;
let dataDir: string;
let firstRun: Awaited<ReturnType<typeof seedDemoData>>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-seed-'));
  firstRun = await seedDemoData(database.db, { dataDir });
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The generated demo profiles (the demo member has its own tests below). */
const allProfiles = async () =>
  (await database.db.select().from(profiles).orderBy(asc(profiles.id))).filter((p) => p.seedKey !== DEMO_MEMBER_SEED_KEY);
const memberProfileId = async () => (await database.db.select().from(profiles).where(eq(profiles.seedKey, DEMO_MEMBER_SEED_KEY)))[0]!.id;

/** Whole years between an ISO birth date and a day. */
function ageOn(birthDate: string, day: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = day.getUTCFullYear() - y;
  if (day.getUTCMonth() + 1 < m || (day.getUTCMonth() + 1 === m && day.getUTCDate() < d)) age -= 1;
  return age;
}

const regionCodes = new Map(allCountries.map(([, code, regions]) => [code as string, new Set(regions.map(([, short]) => short))]));

describe('seedDemoData: demo profiles', () => {
  it('creates the demo profiles on the demo sites, each with a country of its site', async () => {
    expect(firstRun).toMatchObject({ sites: 2, profiles: DEMO_PROFILE_COUNT, inserted: DEMO_PROFILE_COUNT });
    const rows = await allProfiles();
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const siteRows = await database.db.select().from(sites);
    const byId = new Map(siteRows.map((s) => [s.id, s]));
    for (const row of rows) expect(byId.get(row.siteId)!.countries, row.seedKey!).toContain(row.country);
    const onLocalhost = rows.filter((r) => byId.get(r.siteId)!.domain === 'localhost').length / rows.length;
    expect(onLocalhost).toBeGreaterThan(0.5);
    expect(onLocalhost).toBeLessThan(0.7);
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set(['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'NL', 'BE']));
  });

  it('covers both genders and all four sexualities, lesbian only for women and gay only for men', async () => {
    const rows = await allProfiles();
    const count = (predicate: (r: (typeof rows)[number]) => boolean) => rows.filter(predicate).length;
    expect(count((r) => r.gender === 'female')).toBeGreaterThan(100);
    expect(count((r) => r.gender === 'male')).toBeGreaterThan(100);
    for (const sexuality of ['gay', 'lesbian', 'bi'] as const)
      expect(
        count((r) => r.sexuality === sexuality),
        sexuality,
      ).toBeGreaterThanOrEqual(20);
    expect(count((r) => r.sexuality === 'hetero')).toBeGreaterThan(rows.length / 2);
    expect(count((r) => r.sexuality === 'lesbian' && r.gender !== 'female')).toBe(0);
    expect(count((r) => r.sexuality === 'gay' && r.gender !== 'male')).toBe(0);
  });

  it('gives ages from 18 to 70, never under 18 today', async () => {
    const rows = await allProfiles();
    const reference = new Date(`${SEED_REFERENCE_DATE}T00:00:00Z`);
    const today = new Date();
    const yearsSinceReference = Math.max(0, ageOn(SEED_REFERENCE_DATE, today));
    const agesAtReference = rows.map((r) => ageOn(r.birthDate, reference));
    expect(Math.min(...agesAtReference)).toBe(18);
    expect(Math.max(...agesAtReference)).toBeLessThanOrEqual(70);
    expect(Math.max(...agesAtReference)).toBeGreaterThanOrEqual(60);
    for (const row of rows) {
      const age = ageOn(row.birthDate, today);
      expect(age, row.seedKey!).toBeGreaterThanOrEqual(18);
      expect(age, row.seedKey!).toBeLessThanOrEqual(70 + yearsSinceReference);
    }
  });

  it('flags about 40% as fictional', async () => {
    const rows = await allProfiles();
    const share = rows.filter((r) => r.isFictional).length / rows.length;
    expect(share).toBeGreaterThanOrEqual(0.3);
    expect(share).toBeLessThanOrEqual(0.5);
  });

  it('fills every attribute: a real region of the country, a city, the option lists, an about text in the site language', async () => {
    const rows = await allProfiles();
    const siteRows = await database.db.select().from(sites);
    const language = new Map(siteRows.map((s) => [s.id, s.domainLanguage]));
    for (const row of rows) {
      expect(row.region, row.seedKey!).not.toBe('');
      expect(regionCodes.get(row.country)?.has(row.region), `${row.seedKey} ${row.country}-${row.region}`).toBe(true);
      expect(row.city).not.toBe('');
      expect([row.hairColor, row.eyeColor, row.bodyType, row.relationshipStatus, row.tattoos, row.signupReason]).not.toContain(null);
      expect(row.about.length).toBeGreaterThan(40);
      expect(row.about).not.toMatch(/lorem|ipsum|\{\w+\}|undefined/i);
      if (language.get(row.siteId) === 'nl') expect(row.about, row.seedKey!).toMatch(/\b(ik|een|naar|van|mijn)\b/i);
      else expect(row.about, row.seedKey!).not.toMatch(/\b(ik|een|mijn)\b/i);
    }
  });

  it('gives every profile 3 to 6 known interests', async () => {
    const member = await memberProfileId();
    const rows = (await database.db.select().from(profileInterests)).filter((r) => r.profileId !== member);
    const perProfile = new Map<number, string[]>();
    for (const row of rows) perProfile.set(row.profileId, [...(perProfile.get(row.profileId) ?? []), row.interestId]);
    expect(perProfile.size).toBe(DEMO_PROFILE_COUNT);
    for (const interests of perProfile.values()) {
      expect(interests.length).toBeGreaterThanOrEqual(3);
      expect(interests.length).toBeLessThanOrEqual(6);
      for (const id of interests) expect(INTEREST_IDS).toContain(id);
    }
  });

  it('gives every profile one approved main photo, every fifth profile four more, and their SVG files exist', async () => {
    const member = await memberProfileId();
    const rows = (await database.db.select().from(photos)).filter((r) => r.profileId !== member);
    const perProfile = new Map<number, typeof rows>();
    for (const row of rows) perProfile.set(row.profileId, [...(perProfile.get(row.profileId) ?? []), row]);
    expect(perProfile.size).toBe(DEMO_PROFILE_COUNT);
    const withExtras = [...perProfile.values()].filter((list) => list.length > 1);
    expect(withExtras.length).toBe(DEMO_PROFILE_COUNT / 5);
    for (const list of perProfile.values()) {
      expect(list.length === 1 || list.length === 1 + DEMO_EXTRA_PHOTOS).toBe(true);
      expect(list.filter((photo) => photo.isMain)).toHaveLength(1);
    }
    for (const photo of rows) {
      expect(photo.status).toBe('approved');
      expect(photo.filename).toMatch(/^demo\/demo-\d+(-\d)?\.svg$/);
      for (const file of [photo.filename, photo.thumbFilename]) {
        expect(fs.readFileSync(path.join(dataDir, 'photos', file), 'utf8')).toMatch(/^<svg [^>]*width="\d+"/);
      }
    }
  });

  it('changes nothing when run again: no new rows, photos, interests or files', async () => {
    const before = {
      profiles: await database.db.$count(profiles),
      photos: await database.db.$count(photos),
      interests: await database.db.$count(profileInterests),
      files: fs.readdirSync(path.join(dataDir, 'photos', 'demo')).length,
    };
    const rowsBefore = await allProfiles();
    const again = await seedDemoData(database.db, { dataDir });
    expect(again).toMatchObject({ profiles: DEMO_PROFILE_COUNT, inserted: 0, avatarsWritten: 0 });
    expect({
      profiles: await database.db.$count(profiles),
      photos: await database.db.$count(photos),
      interests: await database.db.$count(profileInterests),
      files: fs.readdirSync(path.join(dataDir, 'photos', 'demo')).length,
    }).toEqual(before);
    expect(await allProfiles()).toEqual(rowsBefore);
  });

  it('tells running servers to read the sites afresh (npm run seed beside a live server)', async () => {
    const prefix = `seed-test-${process.pid}:`;
    const serverBroker = createBroker({ channelPrefix: prefix });
    const seedBroker = createBroker({ channelPrefix: prefix });
    const [{ name: seededName }] = (await database.db.select({ name: sites.name }).from(sites).where(eq(sites.domain, 'localhost'))) as [
      { name: string },
    ];
    try {
      // A running server has the site cached; someone edited its row by hand, then re-seeds.
      const server = new SiteService(database.db, serverBroker);
      await server.listen();
      const cached = await server.resolve('localhost');
      await database.db.update(sites).set({ name: 'Renamed by hand' }).where(eq(sites.id, cached.id));
      expect((await server.resolve('localhost')).name).toBe(cached.name);
      const heard = new Promise((resolve) => void serverBroker.subscribe(SITES_CHANGED_CHANNEL, resolve));
      await seedDemoData(database.db, { dataDir, sites: new SiteService(database.db, seedBroker) });
      await heard;
      // The seed keeps an existing site as it is, so the server now serves the edited row.
      expect((await server.resolve('localhost')).name).toBe('Renamed by hand');
    } finally {
      await database.db.update(sites).set({ name: seededName }).where(eq(sites.domain, 'localhost'));
      await serverBroker.close();
      await seedBroker.close();
    }
  });

  it('rewrites a deleted avatar file, and only that one', async () => {
    const file = path.join(dataDir, 'photos', 'demo', 'demo-7.svg');
    const content = fs.readFileSync(file, 'utf8');
    fs.rmSync(file);
    expect((await seedDemoData(database.db, { dataDir })).avatarsWritten).toBe(1);
    expect(fs.readFileSync(file, 'utf8')).toBe(content);
  });

  it('is deterministic: a second database gets the same profiles and the same pictures', async () => {
    const other = await createTestDatabase();
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-seed-'));
    try {
      await seedDemoData(other.db, { dataDir: otherDir });
      const pick = (r: typeof profiles.$inferSelect) => ({ ...r, id: undefined, siteId: undefined });
      const mine = (await allProfiles()).map(pick);
      const theirs = (await other.db.select().from(profiles).orderBy(asc(profiles.id)))
        .filter((p) => p.seedKey !== DEMO_MEMBER_SEED_KEY)
        .map(pick);
      expect(theirs.slice(0, 20).map((r) => r.name)).toEqual(mine.slice(0, 20).map((r) => r.name));
      expect(theirs).toEqual(mine);
      for (const file of ['demo-1.svg', 'demo-200-thumb.svg']) {
        expect(fs.readFileSync(path.join(otherDir, 'photos', 'demo', file), 'utf8')).toBe(
          fs.readFileSync(path.join(dataDir, 'photos', 'demo', file), 'utf8'),
        );
      }
    } finally {
      await other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

type Row = typeof profiles.$inferSelect;
const pointOf = (row: Row): LatLon => ({ latitude: row.latitude!, longitude: row.longitude! });
const sideOf = (row: Row): MatchSide => ({ gender: row.gender, seeking: row.seeking as Seeking });
const siteIdOf = async (domain: string) => (await database.db.select().from(sites).where(eq(sites.domain, domain)))[0]!.id;

/**
 * The words that say whom a text looks for, per language, written apart from the seed's sentences:
 * a text looking for men has the men's words and none of the women's, and so on; "both" has both.
 */
const GENDER_WORDS: Record<'en' | 'nl', Record<'male' | 'female', RegExp>> = {
  en: { male: /\b(?:man|men)\b/i, female: /\b(?:woman|women)\b/i },
  nl: { male: /\b(?:man|mannen)\b/i, female: /\b(?:vrouw|vrouwen)\b/i },
};

describe('seedDemoData: gender, orientation, text and place agree (issue 28)', () => {
  it('stores whom each profile looks for as decision 013 derives it, and its text looks for exactly that', async () => {
    const rows = await allProfiles();
    const siteRows = await database.db.select().from(sites);
    const language = new Map(siteRows.map((s) => [s.id, s.domainLanguage.startsWith('nl') ? ('nl' as const) : ('en' as const)]));
    const seen = new Set<string>();
    for (const row of rows) {
      // The generated column the two-way rule reads agrees with the shared rule.
      expect(row.seeking, row.seedKey!).toBe(
        seekingOf({ gender: row.gender, sexuality: row.sexuality, looking_for_gender: row.lookingForGender }),
      );
      const words = GENDER_WORDS[language.get(row.siteId)!];
      const wants = { male: row.seeking === 'male' || row.seeking === 'both', female: row.seeking === 'female' || row.seeking === 'both' };
      for (const gender of ['male', 'female'] as const) {
        expect(words[gender].test(row.about), `${row.seedKey} (${row.gender}, ${row.sexuality}) looks for ${gender}? ${row.about}`).toBe(
          wants[gender],
        );
      }
      seen.add(`${language.get(row.siteId)} ${row.gender} ${row.sexuality}`);
    }
    // Every language has every gender and orientation, so the table above checked them all.
    for (const lang of ['en', 'nl']) {
      for (const kind of ['female hetero', 'male hetero', 'female lesbian', 'male gay', 'female bi', 'male bi'])
        expect(seen, `${lang} ${kind}`).toContain(`${lang} ${kind}`);
    }
  });

  it('has no text that proposes meeting in person or denies being fictional (the operator guardrails read them)', async () => {
    const rows = await allProfiles();
    expect(rows.filter((r) => r.isFictional).length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(replyViolationsAsRead(row.about), `${row.seedKey}: ${row.about}`).toEqual([]);
      expect(deniesBeingFictional(row.about), `${row.seedKey}: ${row.about}`).toBe(false);
    }
  });

  it("places every profile at the ~1 km cell of its city's centre, inside its country, a country of its site", async () => {
    const rows = await allProfiles();
    const siteRows = await database.db.select().from(sites);
    const countries = new Map(siteRows.map((s) => [s.id, s.countries]));
    for (const row of rows) {
      const place = demoPlace(row.country, row.city);
      expect(place, `${row.seedKey} ${row.city}`).toBeDefined();
      expect(row.region).toBe(place!.region);
      expect(pointOf(row), row.seedKey!).toEqual(locationOf(place!));
      expect(countryCoder.iso1A2Code([row.longitude!, row.latitude!]), `${row.seedKey} ${row.city}`).toBe(row.country);
      expect(countries.get(row.siteId), row.seedKey!).toContain(row.country);
    }
  });

  it("knows every demo city: a real region, a centre inside its country, near the geocoder's own centre for the larger ones", () => {
    let compared = 0;
    for (const [country, { cities, places }] of Object.entries(DEMO_COUNTRIES)) {
      for (const city of cities) {
        expect(regionCodes.get(country)?.has(city.region), `${country}-${city.region} ${city.city}`).toBe(true);
        expect(countryCoder.iso1A2Code([city.longitude, city.latitude]), `${city.city}`).toBe(country);
        expect(places[city.region], city.city).toContain(city.city);
        const major = MAJOR_CITIES.find((m) => m.country === country && m.name === city.city);
        if (major) {
          compared += 1;
          expect(distanceKm(city, { latitude: major.lat, longitude: major.lon }), `${country} ${city.city}`).toBeLessThan(5);
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('spreads each site over all its countries, several cities in each, with women and men looking for each other in several', async () => {
    const rows = await allProfiles();
    for (const site of DEMO_SITES) {
      const siteId = await siteIdOf(site.domain);
      // Poland is served for its prices in zloty (issue 29), without demo places of its own.
      for (const country of site.countries!.filter((code) => placesOf(code).length > 0)) {
        const here = rows.filter((r) => r.siteId === siteId && r.country === country);
        expect(new Set(here.map((r) => r.city)).size, `${site.domain} ${country}`).toBeGreaterThanOrEqual(5);
        const womenForMen = here.filter((r) => r.gender === 'female' && r.seeking === 'male');
        const menForWomen = here.filter((r) => r.gender === 'male' && r.seeking === 'female');
        expect(new Set(womenForMen.map((r) => r.city)).size, `${site.domain} ${country} women for men`).toBeGreaterThanOrEqual(2);
        expect(new Set(menForWomen.map((r) => r.city)).size, `${site.domain} ${country} men for women`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('gives each site enough of every kind, real and fictional: women and men for each other, lesbian, gay and bi', async () => {
    const rows = await allProfiles();
    const kinds: Record<string, { test: (r: Row) => boolean; min: number }> = {
      'women looking for men': { test: (r) => r.gender === 'female' && r.seeking === 'male', min: 30 },
      'men looking for women': { test: (r) => r.gender === 'male' && r.seeking === 'female', min: 30 },
      'women looking for women': { test: (r) => r.gender === 'female' && r.seeking === 'female', min: 10 },
      'men looking for men': { test: (r) => r.gender === 'male' && r.seeking === 'male', min: 10 },
      'bi women': { test: (r) => r.gender === 'female' && r.seeking === 'both', min: 10 },
      'bi men': { test: (r) => r.gender === 'male' && r.seeking === 'both', min: 10 },
    };
    for (const { domain } of DEMO_SITES) {
      const siteId = await siteIdOf(domain);
      const mine = rows.filter((r) => r.siteId === siteId);
      for (const [kind, { test, min }] of Object.entries(kinds)) {
        const ofKind = mine.filter(test);
        expect(ofKind.length, `${domain}: ${kind}`).toBeGreaterThanOrEqual(min);
        expect(ofKind.filter((r) => r.isFictional).length, `${domain}: fictional ${kind}`).toBeGreaterThan(0);
        expect(ofKind.filter((r) => !r.isFictional).length, `${domain}: real ${kind}`).toBeGreaterThan(0);
      }
    }
  });

  it.each([
    { domain: 'localhost', country: 'GB', city: 'London' },
    { domain: 'nl.localhost', country: 'NL', city: 'Amsterdam' },
  ])(
    'shows a man in $city who looks for women nearby women who look for men, and a woman who looks for women nearby women who do',
    async ({ domain, country, city }) => {
      const rows = await allProfiles();
      const siteId = await siteIdOf(domain);
      const here = locationOf(demoPlace(country, city)!);
      const matches = (side: MatchSide, km: number) =>
        rows.filter((r) => r.siteId === siteId && isMutualMatch(side, sideOf(r)) && distanceKm(here, pointOf(r)) <= km);
      const man: MatchSide = { gender: 'male', seeking: 'female' };
      const near = matches(man, 25);
      expect(near.filter((r) => !r.isFictional).length, 'real women within 25 km').toBeGreaterThanOrEqual(3);
      for (const r of near) expect([r.gender, r.seeking === 'male' || r.seeking === 'both']).toEqual(['female', true]);
      expect(matches(man, 100).filter((r) => r.isFictional).length, 'fictional women within 100 km').toBeGreaterThanOrEqual(2);
      const woman: MatchSide = { gender: 'female', seeking: 'female' };
      expect(matches(woman, 50).length, 'women for women within 50 km').toBeGreaterThanOrEqual(2);
      expect(matches(woman, 50).every((r) => r.gender === 'female' && r.seeking !== 'male')).toBe(true);
    },
  );

  it('gives the demo member her orientation with its consent, a location, mutual matches nearby, and no fictional profile within the minimum distance', async () => {
    const [member] = await database.db.select().from(profiles).where(eq(profiles.seedKey, DEMO_MEMBER_SEED_KEY));
    const home = DEMO_MEMBER_HOMES[0]!;
    expect(member).toMatchObject({
      gender: 'female',
      sexuality: 'hetero',
      lookingForGender: 'male',
      seeking: 'male',
      country: home.country,
      city: home.city,
    });
    expect(pointOf(member!)).toEqual(locationOf(demoPlace(home.country, home.city)!));
    // Orientation and whom she looks for are stored only under her explicit consent (decision 036).
    const [user] = await database.db.select().from(users).where(eq(users.profileId, member!.id));
    expect(await database.db.$count(consents, and(eq(consents.userId, user!.id), eq(consents.kind, 'orientation_data')))).toBe(1);

    const rows = await allProfiles();
    const matches = rows.filter((r) => r.siteId === member!.siteId && isMutualMatch(sideOf(member!), sideOf(r)));
    expect(matches.length).toBeGreaterThanOrEqual(40);
    expect(matches.every((r) => r.gender === 'male' && r.seeking !== 'male')).toBe(true);
    const within = (km: number) => matches.filter((r) => distanceKm(pointOf(member!), pointOf(r)) <= km);
    expect(within(50).length, 'mutual matches within 50 km').toBeGreaterThanOrEqual(3);
    expect(within(250).filter((r) => r.isFictional).length, 'fictional mutual matches within 250 km').toBeGreaterThanOrEqual(3);
    const fictionalTooNear = rows.filter((r) => r.isFictional && distanceKm(pointOf(member!), pointOf(r)) < FICTIONAL_MIN_DISTANCE_KM);
    expect(fictionalTooNear.map((r) => `${r.seedKey} ${r.city}`)).toEqual([]);
  });
});

describe('the demo member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemoMember(t.database.db, { dataDir: t.dataDir })).toEqual({ created: true });
  });
  afterAll(() => t.close());

  it('is seeded once by seedDemoData, with the login the README and the start log show', async () => {
    expect(firstRun.demoMember).toEqual({ ...DEMO_MEMBER, created: true });
    expect((await seedDemoData(database.db, { dataDir })).demoMember.created).toBe(false);
    expect(await database.db.$count(users, eq(users.email, DEMO_MEMBER.email))).toBe(1);
  });

  it('logs in on the English site: active, with consent, a filled profile and an approved main photo', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { user } = login.json();
    expect(user).toMatchObject({ email: DEMO_MEMBER.email, status: 'active', language: 'en', orientation_consent: true });
    expect(user.profile).toMatchObject({ name: 'Demo', country: 'GB', main_image: { status: 'active' } });
    const photo = await t.app.inject({ url: `/photos/${user.profile.main_image.filename}` });
    expect(photo.statusCode).toBe(200);
    expect(await seedDemoMember(t.database.db, { dataDir: t.dataDir })).toEqual({ created: false });
  });
});

describe('GET /photos/...', () => {
  let t: TestApp;
  let withWeb: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoProfiles(t.database.db, { dataDir: t.dataDir, sites: await seedDemoSites(t.database.db), count: 5 });
    // Both @fastify/static registrations at once: the web app build and the photos.
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    withWeb = await createTestApp({ webDistDir: dist });
    await seedDemoProfiles(withWeb.database.db, { dataDir: withWeb.dataDir, sites: await seedDemoSites(withWeb.database.db), count: 2 });
  });
  afterAll(async () => {
    await t.close();
    await withWeb.close();
  });

  it('serves a seeded avatar and its thumbnail as SVG with a year of immutable caching', async () => {
    const [photo] = await t.database.db.select().from(photos).limit(1);
    for (const file of [photo!.filename, photo!.thumbFilename]) {
      const res = await t.app.inject({ url: `/photos/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toMatch(/^<svg /);
    }
  });

  it('answers a JSON 404 for missing photos, directories and paths outside the photos', async () => {
    for (const url of [
      '/photos/demo/demo-9999.svg',
      '/photos/demo/',
      '/photos/',
      '/photos/demo',
      '/photos/../config.ts',
      '/photos/%2e%2e/%2e%2e/package.json',
      '/photos/demo/.hidden',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
    const dutch = await t.app.inject({ url: '/photos/nope.svg', headers: { host: 'nl.localhost' } });
    expect(dutch.json().error.message).not.toBe((await t.app.inject({ url: '/photos/nope.svg' })).json().error.message);
  });

  it('works beside the web app static files', async () => {
    const photo = await withWeb.app.inject({ url: '/photos/demo/demo-1.svg' });
    expect([photo.statusCode, photo.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    const asset = await withWeb.app.inject({ url: '/assets/app-abc.js' });
    expect(asset.statusCode).toBe(200);
    // The web app's shell (the server may fill in the site's title and meta tags).
    expect((await withWeb.app.inject({ url: '/' })).body).toMatch(/^<!doctype html>/i);
    expect((await withWeb.app.inject({ url: '/photos/demo/missing.svg' })).statusCode).toBe(404);
  });
});

describe('the demo member finds the product in use (issue 29)', () => {
  const memberIds = async () => {
    const [row] = await database.db
      .select({ userId: users.id, profileId: users.profileId })
      .from(users)
      .where(eq(users.email, DEMO_MEMBER.email));
    return { userId: row!.userId, profileId: row!.profileId! };
  };
  /** Everything the demo activity wrote, counted, to compare after a second seed. */
  const snapshot = async () => {
    const { userId, profileId } = await memberIds();
    const own = or(eq(conversations.lowProfileId, profileId), eq(conversations.highProfileId, profileId));
    return {
      balance: await readBalance(database.db, userId),
      entries: await database.db.$count(creditEntries, eq(creditEntries.userId, userId)),
      likes: await database.db.$count(likes, or(eq(likes.fromProfileId, profileId), eq(likes.toProfileId, profileId))),
      conversations: await database.db.$count(conversations, own),
      messages: await database.db.$count(messages),
      operatorAnswers: await database.db.$count(operatorAnswers),
    };
  };

  it('has credits through the ledger: the signup credits and a staff grant, less her two messages', async () => {
    const { userId } = await memberIds();
    const [site] = await database.db.select().from(sites).where(eq(sites.domain, DEMO_MEMBER.domain));
    const entries = await database.db.select().from(creditEntries).where(eq(creditEntries.userId, userId));
    expect(entries.map((e) => e.kind).sort()).toEqual(
      [...(site!.signupCredits > 0 ? ['signup_credits'] : []), 'manual_correction', 'message', 'message'].sort(),
    );
    const expected = site!.signupCredits + DEMO_EXTRA_CREDITS - 2 * site!.messageCredits;
    expect(expected).toBeGreaterThan(100);
    expect(await readBalance(database.db, userId)).toBe(expected);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(expected);
  });

  it('has a match and likes received from fictional profiles with photos, men who look for women', async () => {
    const { profileId } = await memberIds();
    const given = await database.db.select().from(likes).where(eq(likes.fromProfileId, profileId));
    const received = await database.db.select().from(likes).where(eq(likes.toProfileId, profileId));
    expect(given).toHaveLength(1);
    expect(received).toHaveLength(3);
    expect(received.map((l) => l.fromProfileId)).toContain(given[0]!.toProfileId);
    for (const like of received) {
      const [partner] = await database.db.select().from(profiles).where(eq(profiles.id, like.fromProfileId));
      expect(partner).toMatchObject({ isFictional: true, gender: 'male' });
      expect(['hetero', 'bi']).toContain(partner!.sexuality);
      expect(
        await database.db.$count(photos, and(eq(photos.profileId, partner!.id), eq(photos.status, 'approved'), eq(photos.isMain, true))),
      ).toBe(1);
    }
  });

  it('has two conversations: the match answered by an operator (the demo admin), the other waiting', async () => {
    const { profileId } = await memberIds();
    const own = await database.db
      .select()
      .from(conversations)
      .where(or(eq(conversations.lowProfileId, profileId), eq(conversations.highProfileId, profileId)));
    expect(own).toHaveLength(2);
    const [admin] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.email, DEMO_ADMIN.email));
    const [match] = await database.db.select().from(likes).where(eq(likes.fromProfileId, profileId));
    const threads = await Promise.all(
      own.map((c) => database.db.select().from(messages).where(eq(messages.conversationId, c.id)).orderBy(asc(messages.id))),
    );
    const answered = threads.find((thread) => thread.some((m) => m.staffUserId !== null))!;
    const waiting = threads.find((thread) => thread !== answered)!;
    expect(answered.map((m) => [m.senderProfileId === profileId ? 'member' : 'operator', m.body])).toEqual([
      ['member', DEMO_TEXTS.matchMessage],
      ['operator', DEMO_TEXTS.operatorAnswer],
    ]);
    expect(answered[1]).toMatchObject({ senderProfileId: match!.toProfileId, staffUserId: admin!.id, credits: 0 });
    expect(await database.db.$count(operatorAnswers, eq(operatorAnswers.messageId, answered[1]!.id))).toBe(1);
    expect(waiting.map((m) => [m.senderProfileId, m.body])).toEqual([[profileId, DEMO_TEXTS.waitingMessage]]);
  });

  it('changes nothing when seeded twice', async () => {
    const before = await snapshot();
    await seedDemoData(database.db, { dataDir });
    await seedDemoMemberActivity(database.db);
    expect(await snapshot()).toEqual(before);
  });
});

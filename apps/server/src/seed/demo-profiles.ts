/**
 * The demo profiles: 320 members spread over the demo sites' countries and cities, with names that
 * fit the country, real regions and cities with their location (the ~1 km cell of the city centre,
 * decision 036), every profile attribute, 3-6 interests, an 'about' text in the site's language and
 * an approved main photo (a generated avatar); every fifth profile has DEMO_EXTRA_PHOTOS more, so
 * free members meet locked photos. About 40% are fictional and flagged so (trust.md).
 *
 * Built so the demo shows the two-way matching working (issue 28): each site's profiles are shared
 * out over its countries by COUNTRY_WEIGHTS and, within a country, over its cities by their
 * weights (largest remainders, so every country has several cities); a country's profiles, big
 * cities first, take their gender and orientation from KIND_CYCLE in turn, so every city with a
 * few profiles has women who look for men, men who look for women, lesbian, gay and bi profiles;
 * within a country, every kind is fictional in two of five profiles, but never within
 * FICTIONAL_MIN_DISTANCE_KM of a demo member's home (a fictional profile cannot be met). The about
 * text looks for whom the profile looks for (`seekingOf`).
 *
 * Deterministic: the shares are computed, their order is shuffled by a faker seeded with SEED, and
 * profile n draws everything else from a faker seeded with (SEED, n); dates count from a fixed
 * reference date. Idempotent: each profile has seed key 'demo-<n>', inserted with
 * `on conflict (seed_key) do nothing`; interests and photos are added only for profiles inserted
 * now, and avatar files are written only when missing.
 */
import { Faker, base } from '@faker-js/faker';
import { like } from 'drizzle-orm';
import { FICTIONAL_MIN_DISTANCE_KM, distanceKm, seekingOf } from '@cupido/shared/rules/matching';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTEREST_IDS,
  RELATIONSHIP_STATUSES,
  SIGNUP_REASONS,
  TATTOOS,
  type Gender,
  type Sexuality,
} from '@cupido/shared/rules/profile-options';
import type { Database } from '../db/open';
import { photos, profileInterests, profiles, type sites } from '../db/schema';
import { photosRoot } from '../plugins/photos';
import { composeAbout, type AboutLanguage } from './demo-about';
import { demoPhotoPaths, writeDemoAvatars, type AvatarInput } from './demo-avatars';
import { COUNTRY_WEIGHTS, countryFakers, demoMemberHomes, locationOf, placesOf, type DemoPlace } from './demo-places';

/** Photos beyond the main one on every fifth demo profile: more than a free member may see (3). */
export const DEMO_EXTRA_PHOTOS = 4;

export const DEMO_PROFILE_COUNT = 320;
const SEED = 20_260_101;
/** Birth dates count back from here, so the seed is the same on every day it runs. */
export const SEED_REFERENCE_DATE = '2026-01-01';
export const DEMO_MIN_AGE = 18;
export const DEMO_MAX_AGE = 70;

type Site = typeof sites.$inferSelect;
type ProfileRow = typeof profiles.$inferInsert & { seedKey: string };

/** Share of the demo profiles per demo site. */
const SITE_SHARES: { domain: string; weight: number }[] = [
  { domain: 'localhost', weight: 60 },
  { domain: 'nl.localhost', weight: 40 },
];

/**
 * Gender and orientation of a country's profiles in turn: of ten, three women and three men who
 * look for the other gender, a lesbian woman, a gay man, a bi woman and a bi man.
 */
const KIND_CYCLE: readonly { gender: Gender; sexuality: Sexuality }[] = [
  { gender: 'female', sexuality: 'hetero' },
  { gender: 'male', sexuality: 'hetero' },
  { gender: 'female', sexuality: 'lesbian' },
  { gender: 'male', sexuality: 'hetero' },
  { gender: 'female', sexuality: 'hetero' },
  { gender: 'male', sexuality: 'gay' },
  { gender: 'female', sexuality: 'bi' },
  { gender: 'male', sexuality: 'hetero' },
  { gender: 'female', sexuality: 'hetero' },
  { gender: 'male', sexuality: 'bi' },
];

/** Of each five profiles of one kind in a country, these are fictional (two of five). */
const FICTIONAL_OF_FIVE = new Set([1, 3]);

export interface SeedProfilesOptions {
  dataDir: string;
  /** The sites as seedDemoSites returns them. */
  sites: Site[];
  count?: number;
}

export interface SeedProfilesResult {
  profiles: number;
  inserted: number;
  avatarsWritten: number;
}

interface DemoProfile {
  row: ProfileRow;
  interests: string[];
  avatars: AvatarInput[];
}

/** Where a demo profile lives, who it is and whether it is fictional: decided before its details. */
interface Slot {
  domain: string;
  country: string;
  place: DemoPlace;
  gender: Gender;
  sexuality: Sexuality;
  isFictional: boolean;
}

/** `total` shared out by weight: whole numbers, largest remainders first (ties: in the given order). */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left-- <= 0) break;
    counts[i]! += 1;
  }
  return counts;
}

/** Within FICTIONAL_MIN_DISTANCE_KM of a demo member's home: no fictional profile lives there. */
function nearDemoMember(place: DemoPlace): boolean {
  return demoMemberHomes().some((home) => distanceKm(locationOf(home), locationOf(place)) < FICTIONAL_MIN_DISTANCE_KM);
}

/** The `total` demo profiles' places, kinds and fictional flags, in seed-key order. */
function demoSlots(sitesByDomain: Map<string, Site>, total: number): Slot[] {
  const slots: Slot[] = [];
  const siteCounts = apportion(
    total,
    SITE_SHARES.map((s) => s.weight),
  );
  SITE_SHARES.forEach(({ domain }, s) => {
    const site = sitesByDomain.get(domain)!;
    const countries = site.countries.filter((code) => placesOf(code).length > 0);
    if (countries.length === 0) throw new Error(`Demo seed: no demo places for the countries of ${site.domain}`);
    const countryCounts = apportion(
      siteCounts[s]!,
      countries.map((code) => COUNTRY_WEIGHTS[code] ?? 1),
    );
    countries.forEach((country, c) => {
      const cities = placesOf(country);
      const cityCounts = apportion(
        countryCounts[c]!,
        cities.map((p) => p.weight),
      );
      // How many of each gender and orientation the country has so far.
      const ofKind = new Map<string, number>();
      let i = 0;
      cities.forEach((place, p) => {
        for (let k = 0; k < cityCounts[p]!; k += 1, i += 1) {
          const kind = KIND_CYCLE[i % KIND_CYCLE.length]!;
          const key = `${kind.gender} ${kind.sexuality}`;
          const nth = ofKind.get(key) ?? 0;
          ofKind.set(key, nth + 1);
          const isFictional = FICTIONAL_OF_FIVE.has(nth % 5) && !nearDemoMember(place);
          slots.push({ domain, country, place, ...kind, isFictional });
        }
      });
    });
  });
  return new Faker({ locale: base, seed: SEED }).helpers.shuffle(slots);
}

function addDays(isoDate: string, days: number): Date {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}

/** Age mostly 21-55, with the whole 18-70 range present: profiles 3, 43, 83... are 18. */
function drawAge(f: Faker, n: number): number {
  const drawn = f.datatype.boolean(0.75) ? f.number.int({ min: 21, max: 55 }) : f.number.int({ min: DEMO_MIN_AGE, max: DEMO_MAX_AGE - 1 });
  return n % 40 === 3 ? DEMO_MIN_AGE : drawn;
}

/**
 * A birth date at which the person is exactly `age` on the reference date and at least a day past
 * that birthday, so nobody is under 18 on the reference date or any later one.
 */
function birthDateFor(f: Faker, age: number): string {
  const reference = new Date(`${SEED_REFERENCE_DATE}T00:00:00Z`);
  const lastBirthday = new Date(Date.UTC(reference.getUTCFullYear() - age, reference.getUTCMonth(), reference.getUTCDate()));
  lastBirthday.setUTCDate(lastBirthday.getUTCDate() - f.number.int({ min: 1, max: 360 }));
  return lastBirthday.toISOString().slice(0, 10);
}

function buildProfile(n: number, slot: Slot, fakers: Map<string, Faker>, sitesByDomain: Map<string, Site>): DemoProfile {
  const seedKey = `demo-${n}`;
  const site = sitesByDomain.get(slot.domain)!;
  const { country, place, gender, sexuality, isFictional } = slot;
  const f = fakers.get(country)!;
  f.seed([SEED, n, 1]);
  const name = f.person.firstName(gender);
  const age = drawAge(f, n);
  const hairColor = f.helpers.arrayElement(gender === 'female' ? HAIR_COLORS.filter((c) => c !== 'bald') : HAIR_COLORS);
  const signupReason = f.helpers.arrayElement(SIGNUP_REASONS);
  const interests = f.helpers.arrayElements(INTEREST_IDS, { min: 3, max: 6 });
  const language: AboutLanguage = site.domainLanguage.startsWith('nl') ? 'nl' : 'en';
  const createdAt = addDays(SEED_REFERENCE_DATE, -f.number.int({ min: 1, max: 540 }));
  // Whom the profile looks for follows from its orientation (decision 013's default): nothing stored.
  const seeking = seekingOf({ gender, sexuality, looking_for_gender: null });

  const row: ProfileRow = {
    siteId: site.id,
    seedKey,
    name,
    gender,
    sexuality,
    birthDate: birthDateFor(f, age),
    country,
    region: place.region,
    city: place.city,
    ...locationOf(place),
    hairColor,
    eyeColor: f.helpers.arrayElement(EYE_COLORS),
    bodyType: f.helpers.arrayElement(BODY_TYPES),
    relationshipStatus: f.helpers.weightedArrayElement(
      RELATIONSHIP_STATUSES.map((value) => ({ value, weight: value === 'single' ? 8 : value === 'divorced' ? 3 : 1 })),
    ),
    tattoos: f.helpers.arrayElement(TATTOOS),
    signupReason,
    about: composeAbout(f, language, { name, city: place.city, seeking, signupReason, interests }),
    isFictional,
    createdAt,
  };
  const variants = n % 5 === 0 ? 1 + DEMO_EXTRA_PHOTOS : 1;
  const avatars = Array.from({ length: variants }, (_, i) => ({ seedKey, gender, hairColor, age, variant: i + 1 }));
  return { row, interests, avatars };
}

/** The demo profiles in seed-key order, without touching the database. */
export function buildDemoProfiles(sites: Site[], count = DEMO_PROFILE_COUNT): DemoProfile[] {
  const sitesByDomain = new Map(sites.map((site) => [site.domain, site]));
  for (const { domain } of SITE_SHARES) {
    if (!sitesByDomain.has(domain)) throw new Error(`Demo seed: site ${domain} is missing; seed the demo sites first`);
  }
  const fakers = countryFakers();
  // Always the shares of the whole seed (or more), so demo-<n> is the same profile whatever the count.
  const slots = demoSlots(sitesByDomain, Math.max(count, DEMO_PROFILE_COUNT));
  return slots.slice(0, count).map((slot, i) => buildProfile(i + 1, slot, fakers, sitesByDomain));
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function seedDemoProfiles(db: Database, options: SeedProfilesOptions): Promise<SeedProfilesResult> {
  const built = buildDemoProfiles(options.sites, options.count);
  const avatarsWritten = await writeDemoAvatars(
    photosRoot(options.dataDir),
    built.flatMap((p) => p.avatars),
  );
  const bySeedKey = new Map(built.map((p) => [p.row.seedKey, p]));

  const inserted = await db.transaction(async (tx) => {
    const created: { id: number; seedKey: string | null }[] = [];
    for (const batch of chunks(built, 200)) {
      created.push(
        ...(await tx
          .insert(profiles)
          .values(batch.map((p) => p.row))
          .onConflictDoNothing({ target: profiles.seedKey })
          .returning({ id: profiles.id, seedKey: profiles.seedKey })),
      );
    }
    if (created.length === 0) return 0;
    const interestRows = created.flatMap(({ id, seedKey }) =>
      bySeedKey.get(seedKey!)!.interests.map((interestId) => ({ profileId: id, interestId })),
    );
    for (const batch of chunks(interestRows, 1000)) await tx.insert(profileInterests).values(batch).onConflictDoNothing();
    const photoRows = created.flatMap(({ id, seedKey }) =>
      bySeedKey.get(seedKey!)!.avatars.map(({ variant = 1 }) => ({
        profileId: id,
        ...demoPhotoPaths(seedKey!, variant),
        status: 'approved' as const,
        isMain: variant === 1,
        createdAt: bySeedKey.get(seedKey!)!.row.createdAt,
        // Reviewed when seeded (issue 13): the demo photos never wait in the moderation queue.
        reviewedAt: bySeedKey.get(seedKey!)!.row.createdAt,
      })),
    );
    for (const batch of chunks(photoRows, 500)) await tx.insert(photos).values(batch);
    return created.length;
  });

  const total = await db.$count(profiles, like(profiles.seedKey, 'demo-%'));
  return { profiles: total, inserted, avatarsWritten };
}

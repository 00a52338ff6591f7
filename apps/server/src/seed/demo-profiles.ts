/**
 * The demo profiles: 320 members spread over the demo sites' countries, with names that fit the
 * country, real regions and cities, every profile attribute, 3-6 interests, an 'about' text in the
 * site's language and an approved main photo (a generated avatar); every fifth profile has
 * DEMO_EXTRA_PHOTOS more, so free members meet locked photos. About 40% are fictional and
 * flagged so (trust.md).
 *
 * Deterministic: profile n draws everything from a faker seeded with (SEED, n), and dates count
 * from a fixed reference date. Idempotent: each profile has seed key 'demo-<n>', inserted with
 * `on conflict (seed_key) do nothing`; interests and photos are added only for profiles inserted
 * now, and avatar files are written only when missing.
 */
import type { Faker } from '@faker-js/faker';
import { like } from 'drizzle-orm';
import {
  BODY_TYPES, EYE_COLORS, HAIR_COLORS, INTEREST_IDS, RELATIONSHIP_STATUSES, SIGNUP_REASONS, TATTOOS,
  type Gender, type Sexuality,
} from '@cupido/shared/profile-options';
import type { Database } from '../db/open';
import { photos, profileInterests, profiles, type sites } from '../db/schema';
import { photosRoot } from '../plugins/photos';
import { composeAbout, type AboutLanguage } from './demo-about';
import { demoPhotoPaths, writeDemoAvatars, type AvatarInput } from './demo-avatars';

/** Photos beyond the main one on every fifth demo profile: more than a free member may see (3). */
export const DEMO_EXTRA_PHOTOS = 4;
import { COUNTRY_WEIGHTS, countryFakers, placesOf } from './demo-places';

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

const SEXUALITY_WEIGHTS: Record<Gender, { value: Sexuality; weight: number }[]> = {
  female: [{ value: 'hetero', weight: 60 }, { value: 'bi', weight: 22 }, { value: 'lesbian', weight: 18 }],
  male: [{ value: 'hetero', weight: 64 }, { value: 'gay', weight: 20 }, { value: 'bi', weight: 16 }],
};

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

function addDays(isoDate: string, days: number): Date {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}

/** Age mostly 21-55, with the whole 18-70 range present. */
function drawAge(f: Faker): number {
  return f.datatype.boolean(0.75) ? f.number.int({ min: 21, max: 55 }) : f.number.int({ min: DEMO_MIN_AGE, max: DEMO_MAX_AGE - 1 });
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

function buildProfile(n: number, base: Faker, fakers: Map<string, Faker>, sitesByDomain: Map<string, Site>): DemoProfile {
  const seedKey = `demo-${n}`;
  base.seed([SEED, n]);
  const share = base.helpers.weightedArrayElement(SITE_SHARES.map((s) => ({ value: s.domain, weight: s.weight })));
  const site = sitesByDomain.get(share)!;
  const countries = site.countries.filter((code) => fakers.has(code));
  if (countries.length === 0) throw new Error(`Demo seed: no demo places for the countries of ${site.domain}`);
  const country = base.helpers.weightedArrayElement(countries.map((code) => ({ value: code, weight: COUNTRY_WEIGHTS[code] ?? 1 })));

  const f = fakers.get(country)!;
  f.seed([SEED, n, 1]);
  const gender: Gender = f.datatype.boolean(0.52) ? 'female' : 'male';
  const sexuality = f.helpers.weightedArrayElement(SEXUALITY_WEIGHTS[gender]);
  const name = f.person.firstName(gender);
  const age = drawAge(f);
  const place = f.helpers.arrayElement(placesOf(country));
  const hairColor = f.helpers.arrayElement(gender === 'female' ? HAIR_COLORS.filter((c) => c !== 'bald') : HAIR_COLORS);
  const signupReason = f.helpers.arrayElement(SIGNUP_REASONS);
  const interests = f.helpers.arrayElements(INTEREST_IDS, { min: 3, max: 6 });
  const language: AboutLanguage = site.domainLanguage.startsWith('nl') ? 'nl' : 'en';
  const createdAt = addDays(SEED_REFERENCE_DATE, -f.number.int({ min: 1, max: 540 }));

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
    hairColor,
    eyeColor: f.helpers.arrayElement(EYE_COLORS),
    bodyType: f.helpers.arrayElement(BODY_TYPES),
    relationshipStatus: f.helpers.weightedArrayElement(
      RELATIONSHIP_STATUSES.map((value) => ({ value, weight: value === 'single' ? 8 : value === 'divorced' ? 3 : 1 })),
    ),
    tattoos: f.helpers.arrayElement(TATTOOS),
    signupReason,
    about: composeAbout(f, language, { name, city: place.city, gender, sexuality, signupReason, interests }),
    isFictional: f.datatype.boolean(0.4),
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
  const base = fakers.get('GB')!;
  const built: DemoProfile[] = [];
  for (let n = 1; n <= count; n += 1) built.push(buildProfile(n, base, fakers, sitesByDomain));
  return built;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function seedDemoProfiles(db: Database, options: SeedProfilesOptions): Promise<SeedProfilesResult> {
  const built = buildDemoProfiles(options.sites, options.count);
  const avatarsWritten = await writeDemoAvatars(photosRoot(options.dataDir), built.flatMap((p) => p.avatars));
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
    const interestRows = created.flatMap(({ id, seedKey }) => bySeedKey.get(seedKey!)!.interests.map((interestId) => ({ profileId: id, interestId })));
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

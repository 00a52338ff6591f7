/**
 * Bench data for member search: many profiles on one demo site, spread like the demo seed
 * (countries by weight, real regions and cities by their weight, both genders, every orientation,
 * ages 18-70, 40% fictional, 70% with an approved main photo), 9 in 10 with a location: a ~1 km
 * cell (snapToCell, decision 036) within a city's reach of its centre (more for larger cities).
 * Each chunk is one INSERT ... SELECT over generate_series, so the database does the work (the
 * cells, computed here, come in as two arrays): about 100,000 rows in seconds on PGlite,
 * 1,000,000 in a minute or two on PostgreSQL. Idempotent: profiles carry the seed key
 * 'bench-<n>', and only the missing ones are inserted; bench profiles of an older seed without
 * locations get theirs.
 *
 *   npm run bench:seed                   embedded database under DATA_DIR (default ./data), 100,000 profiles
 *   BENCH_DATABASE_URL=postgres://... npm run bench:seed            1,000,000 profiles
 *   npm run bench:seed -- 250000         another count
 */
import { and, isNotNull, like, sql } from 'drizzle-orm';
import { snapToCell } from '@cupido/shared/rules/matching';
import { openDatabase, type Database } from '../apps/server/src/db/open';
import { profiles } from '../apps/server/src/db/schema';
import { COUNTRY_WEIGHTS, placesOf } from '../apps/server/src/seed/demo-places';
import { seedDemoSites } from '../apps/server/src/seed/demo-sites';

export const EMBEDDED_BENCH_PROFILES = 100_000;
export const POSTGRES_BENCH_PROFILES = 1_000_000;
const CHUNK = 50_000;
/** Slots of the place table: a country's share of them follows its weight. */
const PLACE_SLOTS = 1_000;

const FEMALE_NAMES = ['Emma', 'Olivia', 'Sophie', 'Mia', 'Chloe', 'Grace', 'Ella', 'Lucy', 'Anna', 'Zoe', 'Laura', 'Kate'];
const MALE_NAMES = ['James', 'Oliver', 'Jack', 'Harry', 'Liam', 'Noah', 'Ethan', 'Lucas', 'Daniel', 'Sam', 'Ben', 'Tom'];

interface Slot {
  country: string;
  region: string;
  city: string;
  latitude: number;
  longitude: number;
  /** Profiles of this city live within this many km of its centre (east-west and north-south). */
  reachKm: number;
}

/** Slots of the site's cities: a country's share follows its weight, a city's share within it its own weight. */
function placeSlots(countries: string[]): Slot[] {
  const weighted = countries.filter((c) => placesOf(c).length > 0);
  const total = weighted.reduce((sum, c) => sum + (COUNTRY_WEIGHTS[c] ?? 1), 0);
  const slots: Slot[] = [];
  for (const country of weighted) {
    const places = placesOf(country);
    const count = Math.max(1, Math.round((PLACE_SLOTS * (COUNTRY_WEIGHTS[country] ?? 1)) / total));
    const cityWeights = places.reduce((sum, p) => sum + p.weight, 0);
    for (const place of places) {
      const share = Math.max(1, Math.round((count * place.weight) / cityWeights));
      const slot = {
        country,
        region: place.region,
        city: place.city,
        latitude: place.latitude,
        longitude: place.longitude,
        reachKm: Math.min(40, 8 + 2 * place.weight),
      };
      for (let i = 0; i < share; i++) slots.push(slot);
    }
  }
  return slots;
}

/** The same hash as the SQL's `hash` below, in JavaScript (exact: the product stays below 2^53 for millions of rows). */
const hashOf = (g: number, salt: number, modulo: number) => (((g + salt) * 2654435761) % 4294967296) % modulo;

/**
 * A well mixed number in [0, 1) per row and salt (a 32-bit finaliser): the multiplicative hash
 * above is linear in the row number, so two of its draws would put a city's profiles on lines.
 */
function uniform(g: number, salt: number): number {
  let x = (Math.imul(g, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca77)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
}

/** The cells of rows from..to (null: no location), computed with the shared snapToCell, as two SQL arrays. */
function cellsOf(slots: Slot[], from: number, to: number) {
  const latitudes: string[] = [];
  const longitudes: string[] = [];
  for (let g = from; g <= to; g++) {
    const slot = slots[hashOf(g, 5, slots.length)]!;
    if (uniform(g, 14) < 0.1) {
      latitudes.push('NULL');
      longitudes.push('NULL');
      continue;
    }
    // Evenly over a disc of the city's reach around its centre.
    const distance = slot.reachKm * Math.sqrt(uniform(g, 15));
    const bearing = 2 * Math.PI * uniform(g, 16);
    const north = distance * Math.cos(bearing);
    const east = distance * Math.sin(bearing);
    const latitude = slot.latitude + north / 111.32;
    const cell = snapToCell({ latitude, longitude: slot.longitude + east / (111.32 * Math.cos((latitude * Math.PI) / 180)) });
    latitudes.push(String(cell.latitude));
    longitudes.push(String(cell.longitude));
  }
  const array = (values: string[]) => sql.raw(`'{${values.join(',')}}'::float8[]`);
  return { latitudes: array(latitudes), longitudes: array(longitudes) };
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** A deterministic pseudo-random integer 0..modulo-1 per row and attribute (Knuth's multiplicative hash). */
const hash = (salt: number, modulo: number) => sql.raw(`((((g + ${salt}) * 2654435761::bigint) % 4294967296) % ${modulo})::int`);

async function insertChunk(db: Database, siteId: number, slots: Slot[], from: number, to: number) {
  const cells = cellsOf(slots, from, to);
  await db.execute(sql`
    with inserted as (
      insert into profiles (site_id, seed_key, name, gender, sexuality, birth_date, country, region, city,
        hair_color, eye_color, body_type, relationship_status, tattoos, signup_reason, about, is_fictional, created_at,
        latitude, longitude)
      select ${siteId}, 'bench-' || g,
        case when ${hash(1, 100)} < 52 then (${textArray(FEMALE_NAMES)})[1 + ${hash(2, FEMALE_NAMES.length)}]
             else (${textArray(MALE_NAMES)})[1 + ${hash(2, MALE_NAMES.length)}] end,
        case when ${hash(1, 100)} < 52 then 'female' else 'male' end,
        -- Whom they look for follows (decision 013's default, profiles.seeking): mostly the other gender.
        (array['hetero','hetero','hetero','hetero','bi','gay'])[1 + ${hash(3, 6)}],
        date '2008-01-01' - ${hash(4, 52 * 365)},
        (${textArray(slots.map((s) => s.country))})[1 + ${hash(5, slots.length)}],
        (${textArray(slots.map((s) => s.region))})[1 + ${hash(5, slots.length)}],
        (${textArray(slots.map((s) => s.city))})[1 + ${hash(5, slots.length)}],
        (array['black','brown','blonde','red','grey'])[1 + ${hash(6, 5)}],
        (array['brown','blue','green','grey','hazel'])[1 + ${hash(7, 5)}],
        (array['slim','athletic','average','curvy','muscular','large'])[1 + ${hash(8, 6)}],
        (array['single','single','single','divorced','widowed','separated'])[1 + ${hash(9, 6)}],
        (array['none','one','some','many'])[1 + ${hash(10, 4)}],
        (array['relationship','friendship','dating','chat','adventure'])[1 + ${hash(11, 5)}],
        'Hi, I am new here.',
        ${hash(12, 10)} < 4,
        now() - make_interval(days => ${hash(13, 540)}),
        (${cells.latitudes})[g - ${from}::int + 1],
        (${cells.longitudes})[g - ${from}::int + 1]
      from generate_series(${from}::int, ${to}::int) g
      returning id, seed_key
    )
    insert into photos (profile_id, filename, thumb_filename, status, is_main)
    select id, 'demo/demo-' || (1 + id % 320) || '.svg', 'demo/demo-' || (1 + id % 320) || '-thumb.svg', 'approved', true
    from inserted where id % 10 < 7`);
}

export interface BenchSeedResult {
  total: number;
  inserted: number;
  seconds: number;
}

/** Tops the site at `domain` up to `count` bench profiles, then refreshes the planner's statistics. */
export async function seedBenchProfiles(
  db: Database,
  options: { count: number; domain?: string; log?: (line: string) => void },
): Promise<BenchSeedResult> {
  const started = Date.now();
  const site = (await seedDemoSites(db)).find((s) => s.domain === (options.domain ?? 'localhost'));
  if (!site) throw new Error(`bench seed: no site ${options.domain ?? 'localhost'}`);
  const existing = await db.$count(profiles, like(profiles.seedKey, 'bench-%'));
  const slots = placeSlots(site.countries);
  const located = existing > 0 ? await db.$count(profiles, and(like(profiles.seedKey, 'bench-%'), isNotNull(profiles.latitude))) : 0;
  // Bench profiles of a seed before locations (issue 28) get their cells, the same as new ones would.
  const backfill = existing > 0 && located === 0;
  for (let from = 1; backfill && from <= existing; from += CHUNK) {
    const to = Math.min(existing, from + CHUNK - 1);
    const cells = cellsOf(slots, from, to);
    await db.execute(sql`
      update profiles set latitude = cell.latitude, longitude = cell.longitude
      from unnest(${cells.latitudes}, ${cells.longitudes}) with ordinality as cell(latitude, longitude, n)
      where profiles.seed_key = 'bench-' || (${from}::int + cell.n - 1) and cell.latitude is not null`);
    options.log?.(`bench seed: locations for ${to.toLocaleString('en')} / ${existing.toLocaleString('en')} earlier profiles`);
  }
  for (let from = existing + 1; from <= options.count; from += CHUNK) {
    const to = Math.min(options.count, from + CHUNK - 1);
    await insertChunk(db, site.id, slots, from, to);
    options.log?.(`bench seed: ${to.toLocaleString('en')} / ${options.count.toLocaleString('en')} profiles`);
  }
  const inserted = Math.max(0, options.count - existing);
  if (inserted > 0 || backfill) {
    // Index-only scans need the visibility map; the planner needs fresh statistics.
    await db.execute(sql`vacuum analyze profiles`);
    await db.execute(sql`vacuum analyze photos`);
  }
  const total = await db.$count(profiles, like(profiles.seedKey, 'bench-%'));
  return { total, inserted, seconds: (Date.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const count = Number(process.argv[2] ?? (url ? POSTGRES_BENCH_PROFILES : EMBEDDED_BENCH_PROFILES));
  if (!Number.isInteger(count) || count < 0) throw new Error(`bench seed: not a count: ${process.argv[2]}`);
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: process.env.DATA_DIR || 'data' });
  try {
    await database.migrate();
    const result = await seedBenchProfiles(database.db, { count, log: console.log });
    console.log(`bench seed: ${result.inserted} inserted, ${result.total} bench profiles in all, ${result.seconds.toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

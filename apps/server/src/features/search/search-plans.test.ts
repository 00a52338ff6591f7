/**
 * The indexes of member search are chosen for its queries: this test fills a site with a few
 * thousand profiles, runs ANALYZE, and checks with EXPLAIN that each typical query reads
 * profiles through its index (no Seq Scan), so a lost or unusable index fails here. Runs on
 * PGlite and, in CI (TEST_DATABASE_URL), on PostgreSQL. With the two-way rule (decision 036) the
 * filters stay on the search indexes (the other side's wish, `seeking`, is in them); a member
 * with a location reads the nearest in rings of profiles_nearby_idx (index only), beyond them from
 * profiles_location_idx (KNN); a radius count reads profiles_nearby_idx alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PLANNED_PER_CALL } from '../../db/named-statements';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describePlan, planNodes, planOf, type PlanNode } from '../../test/query-plans';
import { newSite } from '../profiles/test/profiles-test-kit';
import { birthDateBounds, countQuery, pageCardsQuery, pageIdsQuery, type ProfileFilter } from '../profiles/search-read-model';
import { SEARCH_COUNT_CAP } from '@cupido/shared/rules/profiles';
import { snapToCell, type MatchSide } from '@cupido/shared/rules/matching';
import { relaxed } from './service';

/** Two cities per country (the order of the countries below), each profile within about 40 km of one of them. */
const CITIES: [number, number][] = [
  [51.507, -0.128],
  [53.481, -2.243], // GB: London, Manchester
  [53.35, -6.26],
  [51.899, -8.476], // IE: Dublin, Cork
  [40.713, -74.006],
  [34.052, -118.244], // US: New York, Los Angeles
  [43.653, -79.383],
  [49.283, -123.121], // CA: Toronto, Vancouver
  [-33.869, 151.209],
  [-37.814, 144.963], // AU: Sydney, Melbourne
  [-36.848, 174.763],
  [-41.289, 174.777], // NZ: Auckland, Wellington
];
const floats = (values: number[]) => sql.raw(`array[${values.join(',')}]::float8[]`);

const PROFILES = 6_000;

let t: TestApp;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId } = await newSite(t));
  const db = t.database.db;
  // Spread like a real site: six countries, a few regions each, both genders, every orientation,
  // ages 18-70, most with a place around one of two cities of their country (9 in 10), some fictional.
  await db.execute(sql`
    insert into profiles (site_id, name, gender, sexuality, birth_date, country, region, city, is_invisible, is_fictional, latitude, longitude, created_at)
    select ${siteId}, 'P' || g, gender, sexuality, birth_date, country, region, 'City', g % 50 = 0, g % 5 = 0,
      case when g % 10 <> 0 then lat + ((g * 37) % 71 - 35) / 111.0 end,
      case when g % 10 <> 0 then lon + ((g * 53) % 71 - 35) / (111.0 * cos(radians(lat))) end,
      now()
    from (
      select g,
        case when g % 2 = 0 then 'female' else 'male' end as gender,
        (array['hetero','hetero','hetero','bi','gay','lesbian'])[1 + (g / 2) % 6] as sexuality,
        date '2008-01-01' - ((g * 7919) % (52 * 365)) as birth_date,
        (array['GB','IE','US','CA','AU','NZ'])[1 + g % 6] as country,
        (array['R1','R2','R3','R4','R5','R6','R7','R8'])[1 + (g / 6) % 8] as region,
        (${floats(CITIES.map((c) => c[0]))})[1 + (g % 6) * 2 + (g / 6) % 2] as lat,
        (${floats(CITIES.map((c) => c[1]))})[1 + (g % 6) * 2 + (g / 6) % 2] as lon
      from generate_series(1, ${PROFILES}) g
    ) spread`);
  await db.execute(sql`
    insert into photos (profile_id, filename, thumb_filename, status, is_main)
    select id, 'f.jpg', 't.jpg', 'approved', true from profiles where site_id = ${siteId} and id % 3 <> 0`);
  await db.execute(sql`vacuum analyze profiles`);
  await db.execute(sql`analyze photos`);
}, 120_000);
afterAll(() => t.close());

const plan = (query: { getSQL(): SQL }) => planOf(t.database.db, query);

/** Every read of profiles goes through an index; at least one through a search index. */
const usedIndexes = new Set<string>();

function expectSearchIndex(root: PlanNode, wanted: string[]) {
  const all = planNodes(root);
  for (const n of all) if (n['Index Name']) usedIndexes.add(n['Index Name']);
  const described = describePlan(root);
  expect(
    all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'profiles'),
    described,
  ).toEqual([]);
  const used = all.map((n) => n['Index Name']).filter((name): name is string => !!name);
  expect(
    used.some((name) => wanted.includes(name)),
    described,
  ).toBe(true);
}

/** Nearest first: an index scan of profiles_location_idx ordered by distance (KNN), never a sort of every match. */
function expectKnn(root: PlanNode) {
  const knn = planNodes(root).filter((n) => n['Index Name'] === 'profiles_location_idx' && (n as { 'Order By'?: string })['Order By']);
  expect(knn.length, describePlan(root)).toBeGreaterThan(0);
}

/** Nearest first within rings: each ring a scan of profiles_nearby_idx from the index alone (a member looking for both: one per gender part). */
function expectNearbyRings(root: PlanNode, rings: number) {
  const scans = planNodes(root).filter((n) => n['Index Name'] === 'profiles_nearby_idx');
  expect(scans.length, describePlan(root)).toBeGreaterThanOrEqual(rings);
  expect(
    scans.every((n) => n['Node Type'] === 'Index Only Scan'),
    describePlan(root),
  ).toBe(true);
}

const today = new Date('2026-03-10T12:00:00Z');
/** Built when a test runs, once the site exists. */
const filter = (f: Omit<ProfileFilter, 'siteId' | 'excludeIds'> & { excludeIds?: number[] }) => (): ProfileFilter => ({
  siteId,
  excludeIds: [],
  ...f,
});

const STRAIGHT_MAN: MatchSide = { gender: 'male', seeking: 'female' };
/** A member in London (the centre of their cell). */
const LONDON = snapToCell({ latitude: 51.507, longitude: -0.128 });

const SEARCH_INDEXES = [
  'profiles_search_idx',
  'profiles_search_region_idx',
  'profiles_search_site_idx',
  'profiles_search_order_idx',
  'profiles_search_site_order_idx',
];

/** name, filter, indexes that may count it, indexes that may page it (the planner weighs a sort against reading in order). */
const TYPICAL: [string, () => ProfileFilter, string[], string[]][] = [
  [
    'country, gender and ages',
    filter({ country: 'GB', gender: 'female', ...birthDateBounds(today, 25, 35), excludeIds: [3, 17] }),
    ['profiles_search_idx'],
    ['profiles_search_idx', 'profiles_search_order_idx'],
  ],
  [
    'country, region, gender and ages',
    filter({ country: 'US', region: 'R3', gender: 'male', ...birthDateBounds(today, 30, 45) }),
    ['profiles_search_region_idx'],
    ['profiles_search_region_idx'],
  ],
  [
    'gender and ages in every country',
    filter({ gender: 'female', ...birthDateBounds(today, 40, 45) }),
    ['profiles_search_site_idx'],
    ['profiles_search_site_idx', 'profiles_search_site_order_idx'],
  ],
  [
    'a country only',
    filter({ country: 'NZ' }),
    ['profiles_search_idx', 'profiles_search_order_idx', 'profiles_search_region_idx'],
    ['profiles_search_order_idx', 'profiles_search_idx'],
  ],
  // Half of the site matches: counting may use any search index; pages read in order.
  ['a gender only', filter({ gender: 'male' }), SEARCH_INDEXES, ['profiles_search_site_order_idx', 'profiles_search_site_idx']],
  // A member's default search (decision 013's ages, decision 036's two-way rule): the rule is
  // checked in the same indexes, so the plans stay those of a visitor's filters.
  [
    "a straight man's default search in his country",
    filter({ country: 'GB', match: STRAIGHT_MAN, ...birthDateBounds(today, 25, 45), excludeIds: [3, 17] }),
    ['profiles_search_idx'],
    ['profiles_search_idx', 'profiles_search_order_idx'],
  ],
  [
    "a straight man's default search in every country",
    filter({ match: STRAIGHT_MAN, ...birthDateBounds(today, 40, 45) }),
    ['profiles_search_site_idx'],
    ['profiles_search_site_idx', 'profiles_search_site_order_idx'],
  ],
  [
    'a woman looking for both, in a region',
    filter({ country: 'US', region: 'R3', match: { gender: 'female', seeking: 'both' }, ...birthDateBounds(today, 30, 45) }),
    ['profiles_search_region_idx'],
    ['profiles_search_region_idx'],
  ],
];

describe('search query plans', () => {
  it.each(TYPICAL)('counts %s from its index', async (_name, f, indexes) => {
    expectSearchIndex(await plan(countQuery(t.database.db, f(), SEARCH_COUNT_CAP)), indexes);
  });

  it.each(TYPICAL)('pages %s from its index', async (_name, f, _counting, indexes) => {
    expectSearchIndex(await plan(pageIdsQuery(t.database.db, f(), 20, 40)), indexes);
    expectSearchIndex(await plan(pageCardsQuery(t.database.db, f(), 20, 0)), indexes);
  });

  it('answers similar profiles (no region, wider ages) from the country index', async () => {
    const wider = relaxed({ country: 'GB', region: 'R2', gender: 'female', minAge: 25, maxAge: 30, page: 1 })!;
    const f = filter({ country: wider.country, gender: wider.gender, ...birthDateBounds(today, wider.minAge, wider.maxAge) })();
    expectSearchIndex(await plan(countQuery(t.database.db, f, SEARCH_COUNT_CAP)), ['profiles_search_idx']);
    expectSearchIndex(await plan(pageIdsQuery(t.database.db, f, 21, 0)), ['profiles_search_idx', 'profiles_search_order_idx']);
  });

  it('pages a search nearest first: rings of profiles_nearby_idx, then profiles_location_idx (KNN) beyond them, the others from profiles_unlocated_idx', async () => {
    for (const match of [STRAIGHT_MAN, { gender: 'male' as const, seeking: 'both' as const }]) {
      const f = filter({ match, excludeIds: [3, 17] })();
      for (const query of [pageIdsQuery(t.database.db, f, 20, 40, LONDON), pageCardsQuery(t.database.db, f, 20, 0, LONDON)]) {
        const root = await plan(query);
        expectSearchIndex(root, ['profiles_nearby_idx']);
        // Those without a location: their own small index (or a search index).
        expectSearchIndex(root, ['profiles_unlocated_idx', ...SEARCH_INDEXES]);
        expectNearbyRings(root, 2);
        expectKnn(root);
      }
    }
  });

  it("pages a member's default search nearest first from an index, KNN or the filter's (the planner weighs them by the matches)", async () => {
    const f = filter({ match: STRAIGHT_MAN, ...birthDateBounds(today, 25, 45), excludeIds: [3, 17] })();
    for (const query of [pageIdsQuery(t.database.db, f, 20, 40, LONDON), pageCardsQuery(t.database.db, f, 20, 0, LONDON)]) {
      expectSearchIndex(await plan(query), ['profiles_location_idx', ...SEARCH_INDEXES]);
    }
    // The count is the filter's, on the search indexes.
    expectSearchIndex(await plan(countQuery(t.database.db, f, SEARCH_COUNT_CAP)), SEARCH_INDEXES);
  });

  it('answers the two-way rule, nearest first and a 50 km radius from profiles_nearby_idx alone: the page in rings, and the count', async () => {
    const f = filter({ match: STRAIGHT_MAN, ...birthDateBounds(today, 25, 45), within: { point: LONDON, km: 50 }, excludeIds: [3, 17] })();
    for (const query of [pageCardsQuery(t.database.db, f, 20, 0, LONDON), pageIdsQuery(t.database.db, f, 20, 20, LONDON)]) {
      const root = await plan(query);
      expectSearchIndex(root, ['profiles_nearby_idx']);
      expectNearbyRings(root, 2);
    }
    // The count reads profiles_nearby_idx (index only) where the box holds many; on a table this
    // small the planner may take the filter's own search index instead. Never the table whole.
    expectSearchIndex(await plan(countQuery(t.database.db, f, SEARCH_COUNT_CAP)), ['profiles_nearby_idx', ...SEARCH_INDEXES]);
    // A member looking for both counts each gender's range (and the unknown gender) apart.
    const both = await plan(countQuery(t.database.db, { ...f, match: { gender: 'female', seeking: 'both' } }, SEARCH_COUNT_CAP));
    expectSearchIndex(both, ['profiles_nearby_idx', ...SEARCH_INDEXES]);

    // The answer is right too: all within 50 km, nearest first, two-way, as many as counted.
    const rows = await pageCardsQuery(t.database.db, f, 20, 0, LONDON);
    expect(rows.length).toBeGreaterThan(0);
    const metres = rows.map((row) => row.distanceM!);
    expect(metres).toEqual([...metres].sort((a, b) => a - b));
    expect(Math.max(...metres)).toBeLessThanOrEqual(50_000);
    const [counted] = await countQuery(t.database.db, f, SEARCH_COUNT_CAP);
    const all = await pageIdsQuery(t.database.db, f, 1000, 0, LONDON);
    expect(counted!.count).toBe(all.length);
  });

  it('plans every search statement with its values, never as a kept generic plan (decision 059)', () => {
    const f = filter({ match: STRAIGHT_MAN, ...birthDateBounds(today, 25, 45), within: { point: LONDON, km: 50 }, excludeIds: [3] })();
    const statements = [
      countQuery(t.database.db, f, SEARCH_COUNT_CAP),
      countQuery(t.database.db, { ...f, match: { gender: 'female', seeking: 'both' } }, SEARCH_COUNT_CAP),
      pageCardsQuery(t.database.db, f, 20, 0, LONDON),
      pageIdsQuery(t.database.db, f, 20, 20, LONDON),
      pageIdsQuery(t.database.db, filter({ country: 'GB' })(), 20, 0),
    ];
    for (const statement of statements) expect(statement.toSQL().sql).toContain(PLANNED_PER_CALL);
  });

  it('widens the radius for similar profiles on the same indexes', async () => {
    const wider = relaxed({ gender: 'female', minAge: 25, maxAge: 30, radiusKm: 10, page: 1 })!;
    expect(wider.radiusKm).toBe(25);
    const f = filter({
      match: { gender: 'male', seeking: 'female' },
      ...birthDateBounds(today, wider.minAge, wider.maxAge),
      within: { point: LONDON, km: 25 },
    })();
    expectSearchIndex(await plan(pageIdsQuery(t.database.db, f, 21, 0, LONDON)), ['profiles_nearby_idx']);
    expectSearchIndex(await plan(countQuery(t.database.db, f, SEARCH_COUNT_CAP)), ['profiles_nearby_idx', ...SEARCH_INDEXES]);
  });

  it('joins main photos by their index, not by scanning photos', async () => {
    const root = await plan(pageCardsQuery(t.database.db, filter({ country: 'GB', gender: 'female' })(), 20, 0));
    expect(planNodes(root).filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'photos')).toEqual([]);
  });
});

describe('search indexes', () => {
  it('each serve some typical query (runs after the plan tests)', () => {
    for (const name of SEARCH_INDEXES) expect([...usedIndexes], name).toContain(name);
  });

  it('stop counting after the cap', async () => {
    const [all] = await countQuery(t.database.db, filter({ country: 'GB' })(), SEARCH_COUNT_CAP);
    expect(all!.count).toBeGreaterThan(500);
    const [capped] = await countQuery(t.database.db, filter({ country: 'GB' })(), 100);
    expect(capped!.count).toBe(101);
  });
});

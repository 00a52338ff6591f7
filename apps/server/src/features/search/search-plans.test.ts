/**
 * The indexes of member search are chosen for its queries: this test fills a site with a few
 * thousand profiles, runs ANALYZE, and checks with EXPLAIN that each typical query reads
 * profiles through its index (no Seq Scan), so a lost or unusable index fails here. Runs on
 * PGlite and, in CI (TEST_DATABASE_URL), on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describePlan, planNodes, planOf, type PlanNode } from '../../test/query-plans';
import { newSite } from '../profiles/profiles-test-kit';
import { birthDateBounds, countQuery, pageCardsQuery, pageIdsQuery, type ProfileFilter } from '../profiles/search-read-model';
import { SEARCH_COUNT_CAP } from '@cupido/shared/profiles';
import { relaxed } from './service';

const PROFILES = 6_000;

let t: TestApp;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId } = await newSite(t));
  const db = t.database.db;
  // Spread like a real site: six countries, a few regions each, both genders, ages 18-70.
  await db.execute(sql`
    insert into profiles (site_id, name, gender, sexuality, birth_date, country, region, city, is_invisible, created_at)
    select ${siteId}, 'P' || g,
      case when g % 2 = 0 then 'female' else 'male' end, 'hetero',
      date '2008-01-01' - ((g * 7919) % (52 * 365)),
      (array['GB','IE','US','CA','AU','NZ'])[1 + g % 6],
      (array['R1','R2','R3','R4','R5','R6','R7','R8'])[1 + (g / 6) % 8],
      'City', g % 50 = 0, now()
    from generate_series(1, ${PROFILES}) g`);
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
  expect(all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'profiles'), described).toEqual([]);
  const used = all.map((n) => n['Index Name']).filter((name): name is string => !!name);
  expect(used.some((name) => wanted.includes(name)), described).toBe(true);
}

const today = new Date('2026-03-10T12:00:00Z');
/** Built when a test runs, once the site exists. */
const filter = (f: Omit<ProfileFilter, 'siteId' | 'excludeIds'> & { excludeIds?: number[] }) => (): ProfileFilter => ({
  siteId,
  excludeIds: [],
  ...f,
});

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

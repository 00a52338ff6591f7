/**
 * The swipe stack and auto-like read profiles through the search indexes: a site with a few
 * thousand profiles, ANALYZE, and EXPLAIN of the candidate queries must show no Seq Scan of
 * profiles (the invisible-but-liked branch is a union member of its own, so the searchable one
 * keeps the partial indexes' predicate). The two-way rule (decision 036) is checked in those
 * indexes; the match finder of a member with a location reads the nearest in rings of
 * profiles_nearby_idx, beyond them from profiles_location_idx (KNN). Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describePlan, planNodes, planOf, type PlanNode } from '../../test/query-plans';
import { newSite } from '../profiles/test/profiles-test-kit';
import { birthDateBounds } from '../profiles/search-read-model';
import { matchingCardsQuery, type MatchingFilter } from '../profiles/for-matching';
import { likedTheMember, notLikedBy, notLikedOrPassedBy, notLikingTheMember } from '../likes/for-matching';
import { snapToCell } from '@cupido/shared/rules/matching';

// Enough that reading all of profiles costs more than a few dozen key probes, as on a real site.
const PROFILES = 20_000;
const today = new Date('2026-03-10T12:00:00Z');
const LONDON = snapToCell({ latitude: 51.507, longitude: -0.128 });

let t: TestApp;
let siteId: number;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId } = await newSite(t));
  const db = t.database.db;
  // Every orientation; 9 in 10 with a place within about 40 km of their country's main city.
  await db.execute(sql`
    insert into profiles (site_id, name, gender, sexuality, birth_date, country, region, city, is_invisible, is_fictional, latitude, longitude, created_at)
    select ${siteId}, 'P' || g, gender, sexuality, birth_date, country, region, 'City', g % 50 = 0, g % 40 = 0,
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
        (array[51.507, 53.35, 40.713, 43.653, -33.869, -36.848]::float8[])[1 + g % 6] as lat,
        (array[-0.128, -6.26, -74.006, -79.383, 151.209, 174.763]::float8[])[1 + g % 6] as lon
      from generate_series(1, ${PROFILES}) g
    ) spread`);
  await db.execute(sql`
    insert into photos (profile_id, filename, thumb_filename, status, is_main)
    select id, 'f.jpg', 't.jpg', 'approved', true from profiles where site_id = ${siteId} and id % 3 <> 0`);
  const found = (await db.execute(sql`select min(id) as id from profiles where site_id = ${siteId} and gender = 'male'`)) as unknown as {
    rows: { id: number }[];
  };
  const [member] = found.rows;
  memberId = Number(member!.id);
  // The member liked and passed some; some (invisible ones too) liked the member.
  await db.execute(sql`
    insert into likes (from_profile_id, to_profile_id, created_at)
    select ${memberId}, id, now() from profiles where site_id = ${siteId} and id % 97 = 0 and id <> ${memberId}`);
  await db.execute(sql`
    insert into passes (from_profile_id, to_profile_id, created_at)
    select ${memberId}, id, now() from profiles where site_id = ${siteId} and id % 89 = 0 and id <> ${memberId}`);
  await db.execute(sql`
    insert into likes (from_profile_id, to_profile_id, created_at)
    select id, ${memberId}, now() from profiles where site_id = ${siteId} and id % 50 = 0 and id <> ${memberId}`);
  // Likes between the others, so the likes table is not tiny (a tiny one is read whole).
  await db.execute(sql`
    insert into likes (from_profile_id, to_profile_id, created_at)
    select p.id, q.id, now() from profiles p join profiles q on q.site_id = p.site_id and q.id between p.id + 1 and p.id + 8
    where p.site_id = ${siteId} and p.id <> ${memberId} and q.id <> ${memberId}
    on conflict do nothing`);
  await db.execute(sql`vacuum analyze profiles`);
  await db.execute(sql`analyze likes`);
  await db.execute(sql`analyze passes`);
  await db.execute(sql`analyze photos`);
}, 120_000);
afterAll(() => t.close());

const plan = (query: { getSQL(): SQL }) => planOf(t.database.db, query);

function expectNoProfilesSeqScan(root: PlanNode) {
  const all = planNodes(root);
  const described = describePlan(root);
  expect(
    all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'profiles'),
    described,
  ).toEqual([]);
  expect(
    all.some((n) => n['Index Name']?.startsWith('profiles_search')),
    described,
  ).toBe(true);
}

const base = (): MatchingFilter => ({
  siteId,
  match: { gender: 'male', seeking: 'female' },
  ...birthDateBounds(today, 25, 45),
  excludeIds: [memberId],
});

describe('matching query plans', () => {
  it('swipe stack: the searchable candidates through a search index, the liked invisible ones as a branch of their own', async () => {
    const filter = { ...base(), conditions: [notLikedOrPassedBy(memberId)], invisibleShownWhen: likedTheMember(memberId) };
    const root = await plan(matchingCardsQuery(t.database.db, filter, { by: 'photo_first' }, 20));
    const union = planNodes(root).find((n) => n['Node Type'] === 'Append');
    expect(union?.Plans).toHaveLength(2);
    // The searchable branch is the one that grows with the site. The other starts from the few
    // profiles that liked the member or from the site's invisible ones, whichever the planner
    // finds cheaper for the sizes at hand (here the whole small table), so it is not pinned.
    expectNoProfilesSeqScan(union!.Plans![0]!);
    const rows = await matchingCardsQuery(t.database.db, filter, { by: 'photo_first' }, 20);
    expect(rows).toHaveLength(20);
  });

  it('match finder: the nearest in rings of profiles_nearby_idx, then by KNN, the others from search indexes', async () => {
    const filter = {
      ...base(),
      from: LONDON,
      withPhotoOnly: true,
      conditions: [notLikedBy(memberId)],
      invisibleShownWhen: likedTheMember(memberId),
    };
    const place = { country: 'GB', region: 'R1', city: 'City' };
    const root = await plan(matchingCardsQuery(t.database.db, filter, { by: 'near_first', place }, 20));
    // As for the swipe stack, the liked invisible ones (the last branch) are not pinned; the rest is.
    const union = planNodes(root).find((n) => n['Node Type'] === 'Append')!;
    expect(union.Plans).toHaveLength(4);
    const invisibleBranch = new Set(planNodes(union.Plans!.at(-1)!));
    const seqScans = planNodes(root).filter(
      (n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'profiles' && !invisibleBranch.has(n),
    );
    expect(seqScans, describePlan(root)).toEqual([]);
    // Those without a location, of the member's country and of the others, from an index of their own.
    for (const branch of [union.Plans![1]!, union.Plans![2]!]) {
      expect(
        planNodes(branch).some((n) => n['Index Name'] === 'profiles_unlocated_idx' || n['Index Name']?.startsWith('profiles_search')),
        describePlan(branch),
      ).toBe(true);
      expect(planNodes(branch).filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'profiles')).toEqual([]);
    }
    // The located: rings of profiles_nearby_idx from the index alone, then the KNN scan beyond them.
    const rings = planNodes(union.Plans![0]!).filter((n) => n['Index Name'] === 'profiles_nearby_idx');
    expect(rings.length, describePlan(root)).toBeGreaterThanOrEqual(2);
    expect(
      rings.every((n) => n['Node Type'] === 'Index Only Scan'),
      describePlan(root),
    ).toBe(true);
    const knn = planNodes(root).filter((n) => n['Index Name'] === 'profiles_location_idx' && (n as { 'Order By'?: string })['Order By']);
    expect(knn.length, describePlan(root)).toBeGreaterThan(0);
    const rows = await matchingCardsQuery(t.database.db, filter, { by: 'near_first', place }, 20);
    expect(rows).toHaveLength(20);
    // Nearest first (the real ones: a fictional profile sorts by its shown distance).
    const metres = rows.filter((row) => !row.isFictional).map((row) => row.distanceM ?? Infinity);
    expect(metres).toEqual([...metres].sort((a, b) => a - b));
    expect(metres[0]).toBeLessThan(Infinity);
  });

  it('auto-like: fictional candidates through a search index', async () => {
    const filter = { ...base(), fictionalOnly: true, conditions: [notLikingTheMember(memberId)] };
    const place = { country: 'GB', region: 'R1', city: 'City' };
    expectNoProfilesSeqScan(await plan(matchingCardsQuery(t.database.db, filter, { by: 'photo_near_random', place }, 1)));
  });
});

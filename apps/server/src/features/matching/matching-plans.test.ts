/**
 * The swipe stack and auto-like read profiles through the search indexes: a site with a few
 * thousand profiles, ANALYZE, and EXPLAIN of the candidate queries must show no Seq Scan of
 * profiles (the invisible-but-liked branch is a union member of its own, so the searchable one
 * keeps the partial indexes' predicate). Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describePlan, planNodes, planOf, type PlanNode } from '../../test/query-plans';
import { newSite } from '../profiles/profiles-test-kit';
import { birthDateBounds } from '../profiles/search-read-model';
import { matchingCardsQuery, type MatchingFilter } from '../profiles/for-matching';
import { likedTheMember, notLikedOrPassedBy, notLikingTheMember } from '../likes/for-matching';

const PROFILES = 6_000;
const today = new Date('2026-03-10T12:00:00Z');

let t: TestApp;
let siteId: number;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId } = await newSite(t));
  const db = t.database.db;
  await db.execute(sql`
    insert into profiles (site_id, name, gender, sexuality, birth_date, country, region, city, is_invisible, is_fictional, created_at)
    select ${siteId}, 'P' || g,
      case when g % 2 = 0 then 'female' else 'male' end, 'hetero',
      date '2008-01-01' - ((g * 7919) % (52 * 365)),
      (array['GB','IE','US','CA','AU','NZ'])[1 + g % 6],
      (array['R1','R2','R3','R4','R5','R6','R7','R8'])[1 + (g / 6) % 8],
      'City', g % 50 = 0, g % 40 = 0, now()
    from generate_series(1, ${PROFILES}) g`);
  await db.execute(sql`
    insert into photos (profile_id, filename, thumb_filename, status, is_main)
    select id, 'f.jpg', 't.jpg', 'approved', true from profiles where site_id = ${siteId} and id % 3 <> 0`);
  const found = (await db.execute(sql`select min(id) as id from profiles where site_id = ${siteId} and gender = 'male'`)) as unknown as { rows: { id: number }[] };
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
  expect(all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'profiles'), described).toEqual([]);
  expect(all.some((n) => n['Index Name']?.startsWith('profiles_search')), described).toBe(true);
}

const base = (): MatchingFilter => ({ siteId, gender: 'female', ...birthDateBounds(today, 25, 45), excludeIds: [memberId] });

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

  it('auto-like: fictional candidates through a search index', async () => {
    const filter = { ...base(), fictionalOnly: true, conditions: [notLikingTheMember(memberId)] };
    const place = { country: 'GB', region: 'R1', city: 'City' };
    expectNoProfilesSeqScan(await plan(matchingCardsQuery(t.database.db, filter, { by: 'photo_near_random', place }, 1)));
  });
});

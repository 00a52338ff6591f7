/**
 * GET /api/likes.php must stay fast for a member with thousands of likes (issue 11: p95 <= 10 ms
 * with 5,000): this test fills the likes table with many members' likes, vacuums it, and checks
 * with EXPLAIN that each of the answer's two lists reads only its partial index (an index-only
 * scan, no Seq Scan of likes), that the few profiles not shown to partners are read once from
 * their partial index and hashed (an anti-join), that the daily count reads like_grants by its
 * index, and that the like's one statement (target, blocks both ways, likes, the day's count)
 * reads every table by an index. A lost or unusable index fails here. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ZLikesAnswer } from '@cupido/shared/contracts/likes';
import { likes, profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describePlan, planNodes, planOf } from '../../test/query-plans';
import { newSite } from '../profiles/test/profiles-test-kit';
import { likeStatementQuery, likesCountedSql } from './like-statement';
import { likesAnswerJson, likesAnswerQuery } from './likes-lists';

const PROFILES = 2_000;
/** Every profile likes this many others; the heavy member likes and is liked by half the site. */
const LIKES_EACH = 20;
/** One profile in this many is disabled (in both of the heavy member's lists). */
const NOT_SHOWN_EVERY = 25;

let t: TestApp;
let heavy: number;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId } = await newSite(t));
  const db = t.database.db;
  await db.execute(sql`
    insert into profiles (site_id, name, gender, birth_date, country, created_at)
    select ${siteId}, 'P' || g, 'female', date '1990-01-01', 'GB', now() from generate_series(1, ${sql.raw(String(PROFILES))}) g`);
  const ids = (await db.execute(
    sql`select min(id)::int as low, max(id)::int as high from profiles where site_id = ${siteId}`,
  )) as unknown as { rows: { low: number; high: number }[] };
  const { low: lowId, high: highId } = ids.rows[0]!;
  heavy = lowId;
  // Our own integers, written into the SQL: generate_series needs typed arguments.
  const [low, high, each] = [lowId, highId, LIKES_EACH].map((n) => sql.raw(String(Math.trunc(n))));
  // Everyone likes the LIKES_EACH profiles after them (wrapping round); the heavy member also likes
  // and is liked by every other profile of one half of the site.
  await db.execute(sql`
    insert into likes (from_profile_id, to_profile_id, created_at)
    select p, ${low} + (p - ${low} + k) % (${high} - ${low} + 1), now() - (p * k) * interval '1 second'
    from generate_series(${low}, ${high}) p, generate_series(1, ${each}) k
    on conflict do nothing`);
  await db.execute(
    sql`insert into likes (from_profile_id, to_profile_id, created_at) select ${low}, p, now() from generate_series(${low} + 1, ${high}, 2) p on conflict do nothing`,
  );
  await db.execute(
    sql`insert into likes (from_profile_id, to_profile_id, created_at) select p, ${low}, now() from generate_series(${low} + 2, ${high}, 2) p on conflict do nothing`,
  );
  await db.execute(
    sql`insert into like_grants (from_profile_id, given_at, day_end) select from_profile_id, created_at, created_at + interval '12 hours' from likes`,
  );
  // A few profiles are not shown to partners (moderation disabled them), as on a real site.
  await db.execute(
    sql`update profiles set status = 'disabled' where site_id = ${siteId} and (id - ${low}) % ${sql.raw(String(NOT_SHOWN_EVERY))} = 1`,
  );
  await db.execute(sql`vacuum analyze profiles`);
  await db.execute(sql`vacuum analyze likes`);
  await db.execute(sql`vacuum analyze like_grants`);
}, 120_000);
afterAll(() => t.close());

const plan = (query: { getSQL(): SQL }) => planOf(t.database.db, query);

describe('GET /api/likes.php', () => {
  it('reads each list from its own partial index only', async () => {
    const root = await plan(likesAnswerQuery(t.database.db, heavy));
    const reads = planNodes(root).filter((n) => n['Relation Name'] === 'likes');
    expect(
      reads.map((n) => n['Node Type']),
      describePlan(root),
    ).toEqual(['Index Only Scan', 'Index Only Scan']);
    expect(reads.map((n) => n['Index Name']).sort(), describePlan(root)).toEqual(['likes_from_me_newest_idx', 'likes_to_me_newest_idx']);
  });

  it('leaves out profiles not shown to partners by hashing the few of profiles_not_shown_idx, not by probing profiles per like', async () => {
    const root = await plan(likesAnswerQuery(t.database.db, heavy));
    const nodes = planNodes(root);
    const profileReads = nodes.filter((n) => n['Relation Name'] === 'profiles');
    expect(
      profileReads.map((n) => `${n['Node Type']} ${n['Index Name']}`),
      describePlan(root),
    ).toEqual(['Index Only Scan profiles_not_shown_idx', 'Index Only Scan profiles_not_shown_idx']);
    const joins = nodes.filter((n) => n['Node Type'].includes('Join') || n['Node Type'] === 'Nested Loop');
    const described = JSON.stringify(root, ['Node Type', 'Join Type', 'Relation Name', 'Index Name', 'Plans'], 1);
    expect(
      joins.map((n) => `${n['Node Type']} ${(n as { 'Join Type'?: string })['Join Type']}`),
      described,
    ).toEqual(['Hash Join Anti', 'Hash Join Anti']);
  });

  it('answers every like of both lists, except those of profiles not shown to partners', async () => {
    const answer = ZLikesAnswer.parse(JSON.parse(await likesAnswerJson(t.database.db, heavy)));
    const db = t.database.db;
    const shown = (other: SQLWrapper) =>
      sql`exists (select 1 from ${profiles} where ${profiles.id} = ${other} and ${profiles.status} = 'active')`;
    const given = await db.$count(likes, and(eq(likes.fromProfileId, heavy), shown(likes.toProfileId)));
    const received = await db.$count(likes, and(eq(likes.toProfileId, heavy), shown(likes.fromProfileId)));
    expect(answer.profiles).toHaveLength(given);
    expect(answer.liked_by).toHaveLength(received);
    expect(given).toBeLessThan(await db.$count(likes, eq(likes.fromProfileId, heavy)));
    expect(received).toBeLessThan(await db.$count(likes, eq(likes.toProfileId, heavy)));
    expect(answer.profiles.length).toBeGreaterThan(PROFILES / 3);
  });
});

describe('POST /api/like.php', () => {
  it('checks, counts and inserts in one statement by index probes only', async () => {
    const statement = likeStatementQuery({
      liker: { userId: 1, profileId: heavy, siteId },
      toProfileId: heavy + 3,
      now: new Date('2026-03-10T10:00:00Z'),
      day: { start: new Date('2026-03-10T00:00:00Z'), end: new Date('2026-03-11T00:00:00Z') },
      contactKnown: false,
    });
    const root = await planOf(t.database.db, { getSQL: () => statement });
    const nodes = planNodes(root);
    expect(
      nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
      describePlan(root),
    ).toEqual([]);
    const read = (relation: string) => nodes.some((n) => n['Relation Name'] === relation && n['Node Type'] !== 'ModifyTable');
    expect(['profiles', 'blocks', 'likes', 'like_grants'].filter(read), describePlan(root)).toEqual([
      'profiles',
      'blocks',
      'likes',
      'like_grants',
    ]);
    const grants = nodes.filter((n) => n['Relation Name'] === 'like_grants' && n['Node Type'] !== 'ModifyTable');
    expect(
      grants.map((n) => `${n['Node Type']} ${n['Index Name']}`),
      describePlan(root),
    ).toEqual(['Index Only Scan like_grants_from_day_end_idx']);
  });
});

describe('the daily count', () => {
  it('reads like_grants by one range of its index, index only', async () => {
    const count = likesCountedSql(
      sql`${heavy}::int`,
      sql`${'2026-03-10T00:00:00Z'}::timestamptz`,
      sql`${'2026-03-10T10:00:00Z'}::timestamptz`,
    );
    const root = await planOf(t.database.db, { getSQL: () => sql`select ${count}` });
    const reads = planNodes(root).filter((n) => n['Relation Name'] === 'like_grants');
    expect(
      reads.map((n) => `${n['Node Type']} ${n['Index Name']}`),
      describePlan(root),
    ).toEqual(['Index Only Scan like_grants_from_day_end_idx']);
  });
});

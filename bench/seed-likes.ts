/**
 * Bench data for the likes calls (issue 11), on top of the search bench profiles
 * (seed-profiles.ts), written straight into the database before the server starts:
 *
 * - LIKE_BENCH_MEMBERS premium members with a session each, for the throughput of POST
 *   /api/like.php. Every member may give LIKE_BURST_PER_MINUTE likes a minute (premium too), so
 *   the load goes round many members; premium, because a free member stops after 4
 *   a day. Each request likes a profile its member has not liked yet: the full path (lock, state,
 *   like row, grant), not the cheaper idempotent repeat.
 * - One member with HEAVY_MEMBER_LIKES likes given and as many received, for the latency of
 *   GET /api/likes.php.
 *
 * Re-running on the same PostgreSQL database reuses the members and clears their likes first.
 */
import { inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/open';
import { likeGrants, likes, profiles, sessions, sites, users } from '../apps/server/src/db/schema';
import { newToken, sha256 } from '../apps/server/src/features/accounts/tokens';

/** Enough for LIKE_BENCH_MEMBERS x LIKE_BURST_PER_MINUTE = 180,000 likes within a minute (the bench's like rounds last 11 s). */
export const LIKE_BENCH_MEMBERS = 6_000;
export const HEAVY_MEMBER_LIKES = 5_000;
const SESSION_DAYS = 2;

export interface LikeBench {
  /** Session cookies of the premium members, as Cookie header values. */
  memberCookies: string[];
  /** Profiles to like: search bench profiles none of the members liked yet. */
  targetIds: number[];
  /** Session cookie of the member with HEAVY_MEMBER_LIKES likes each way. */
  heavyCookie: string;
}

const cookieOf = (token: string) => `auth.session=${token}`;

async function members(db: Database, siteId: number, count: number, prefix: string) {
  const now = new Date();
  const keys = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  await db
    .insert(profiles)
    .values(keys.map((key) => ({ siteId, seedKey: key, name: 'Bench', gender: 'female' as const, birthDate: '1990-01-01', country: 'GB' })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: profiles.id, key: profiles.seedKey })
    .from(profiles)
    .where(like(profiles.seedKey, `${prefix}-%`));
  await db
    .insert(users)
    .values(
      rows.map((row) => ({
        siteId,
        profileId: row.id,
        email: `${row.key}@bench.example.com`,
        status: 'active' as const,
        paidUser: true,
        createdAt: now,
        activatedAt: now,
      })),
    )
    .onConflictDoNothing();
  const accounts = await db
    .select({ id: users.id, profileId: users.profileId })
    .from(users)
    .where(
      inArray(
        users.profileId,
        rows.map((row) => row.id),
      ),
    );
  const tokens = accounts.map(() => newToken());
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db
    .insert(sessions)
    .values(accounts.map((account, i) => ({ id: sha256(tokens[i]!), userId: account.id, createdAt: now, expiresAt })));
  const profileIds = accounts.map((account) => account.profileId!);
  // A fresh start on a reused database: earlier runs' likes would make the likes idempotent repeats.
  await db.delete(likes).where(inArray(likes.fromProfileId, profileIds));
  await db.delete(likeGrants).where(inArray(likeGrants.fromProfileId, profileIds));
  return { cookies: tokens.map(cookieOf), profileIds };
}

export async function seedLikeBench(db: Database, options: { postgres: boolean }): Promise<LikeBench> {
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(sql`${sites.isDefault}`);
  if (!site) throw new Error('no default site: seed the search bench profiles first');
  const heavyMember = await members(db, site.id, 1, 'likes-heavy');
  const heavy = heavyMember.profileIds[0]!;
  const likers = await members(db, site.id, LIKE_BENCH_MEMBERS, 'likes-bench');
  await db.delete(likes).where(inArray(likes.toProfileId, [heavy]));

  // The heavy member likes the first HEAVY_MEMBER_LIKES bench profiles and the next as many like
  // them, a minute apart, all in one statement each.
  const benchProfiles = (offset: number) =>
    sql`(select id, row_number() over (order by id) as n from ${profiles} where ${profiles.seedKey} like 'bench-%' order by id limit ${HEAVY_MEMBER_LIKES} offset ${offset}) as p`;
  await db.execute(
    sql`insert into likes (from_profile_id, to_profile_id, created_at) select ${heavy}, p.id, now() - p.n * interval '1 minute' from ${benchProfiles(0)}`,
  );
  await db.execute(
    sql`insert into likes (from_profile_id, to_profile_id, created_at) select p.id, ${heavy}, now() - p.n * interval '1 minute' from ${benchProfiles(HEAVY_MEMBER_LIKES)}`,
  );
  // Index-only scans need the visibility map; autovacuum would get there, the bench should not wait for it.
  if (options.postgres) await db.execute(sql`vacuum analyze likes`);

  const targets = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(like(profiles.seedKey, 'bench-%'))
    .orderBy(profiles.id)
    .offset(2 * HEAVY_MEMBER_LIKES);
  return { memberCookies: likers.cookies, targetIds: targets.map((row) => row.id), heavyCookie: heavyMember.cookies[0]! };
}

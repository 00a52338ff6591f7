/**
 * Bench data for who is shown to whom (issue 28), on top of the search bench profiles
 * (seed-profiles.ts): one member with a place, written straight into the database before the
 * server starts, whose searches and matching lists the bench times. A straight man in London
 * (so the two-way rule leaves women who look for men or both), with a location cell, so the
 * search is nearest first and may take a radius. Re-running reuses the member and gives it a new
 * session.
 */
import { eq, sql } from 'drizzle-orm';
import { snapToCell } from '@cupido/shared/rules/matching';
import type { Database } from '../apps/server/src/db/open';
import { profiles, sessions, sites, users } from '../apps/server/src/db/schema';
import { newToken, sha256 } from '../apps/server/src/features/accounts/tokens';

const SEED_KEY = 'matching-bench-member';
/** Where the member lives: central London, as the ~1 km cell a profile stores. */
export const MATCHING_BENCH_PLACE = { city: 'London', ...snapToCell({ latitude: 51.507, longitude: -0.128 }) };

export interface MatchingBench {
  /** The member's session cookie, as a Cookie header value. */
  cookie: string;
}

export async function seedMatchingBench(db: Database): Promise<MatchingBench> {
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(sql`${sites.isDefault}`);
  if (!site) throw new Error('no default site: seed the search bench profiles first');
  const now = new Date();
  const member = {
    siteId: site.id,
    seedKey: SEED_KEY,
    name: 'Bench',
    gender: 'male' as const,
    sexuality: 'hetero' as const,
    lookingForGender: null,
    birthDate: '1990-01-01',
    country: 'GB',
    region: 'LND',
    city: MATCHING_BENCH_PLACE.city,
    latitude: MATCHING_BENCH_PLACE.latitude,
    longitude: MATCHING_BENCH_PLACE.longitude,
  };
  await db.insert(profiles).values(member).onConflictDoUpdate({ target: profiles.seedKey, set: member });
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.seedKey, SEED_KEY));
  await db
    .insert(users)
    .values({
      siteId: site.id,
      profileId: profile!.id,
      email: `${SEED_KEY}@bench.example.com`,
      status: 'active',
      createdAt: now,
      activatedAt: now,
    })
    .onConflictDoNothing();
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.profileId, profile!.id));
  const token = newToken();
  await db
    .insert(sessions)
    .values({ id: sha256(token), userId: account!.id, createdAt: now, expiresAt: new Date(now.getTime() + 2 * 86_400_000) });
  return { cookie: `auth.session=${token}` };
}

/**
 * Bench data for the photo moderation queue (issue 13), on top of the search bench profiles
 * (seed-profiles.ts), written straight into the database before the server starts:
 *
 * - MODERATION_BENCH_PHOTOS photos waiting for review, one each on as many bench profiles
 *   (pending, not the main photo), uploaded a minute apart over the last week;
 * - the search bench's own photos marked reviewed (seeded approved photos never wait; without this
 *   they would join the queue, as approved but unreviewed 'post' photos);
 * - a moderator with a staff session past the second factor, for the cookie of the calls.
 *
 * Re-running on the same PostgreSQL database replaces the waiting photos and makes a new session.
 */
import { eq, like, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/open';
import { photos, sites, staffAccounts } from '../apps/server/src/db/schema';
import { createStaffSession, STAFF_SESSION_COOKIE } from '../apps/server/src/features/staff/sessions';

export const MODERATION_BENCH_PHOTOS = 10_000;
const PHOTO_PREFIX = 'bench/moderation-';
const MODERATOR_EMAIL = 'bench.moderator@staff.example';

export interface ModerationBench {
  /** The moderator's staff session, as a Cookie header value. */
  cookie: string;
  /** Typical queue calls: the first page, a full page of 100, one site, a later page. */
  paths: string[];
}

export async function seedModerationBench(db: Database, options: { postgres: boolean }): Promise<ModerationBench> {
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(sql`${sites.isDefault}`);
  if (!site) throw new Error('no default site: seed the search bench profiles first');

  await db.delete(photos).where(like(photos.filename, `${PHOTO_PREFIX}%`));
  await db.execute(sql`update photos set reviewed_at = created_at where reviewed_at is null`);
  await db.execute(sql`
    insert into photos (profile_id, filename, thumb_filename, status, is_main, created_at)
    select p.id, ${PHOTO_PREFIX} || p.n || '.jpg', ${PHOTO_PREFIX} || p.n || '-thumb.jpg', 'pending', false,
      now() - interval '7 days' + p.n * interval '1 minute'
    from (select id, row_number() over (order by id) as n from profiles where seed_key like 'bench-%' order by id limit ${MODERATION_BENCH_PHOTOS}) as p`);
  const count = await db.$count(photos, like(photos.filename, `${PHOTO_PREFIX}%`));
  if (count < MODERATION_BENCH_PHOTOS)
    throw new Error(`moderation bench: only ${count} bench profiles for ${MODERATION_BENCH_PHOTOS} photos (BENCH_PROFILES too low?)`);
  // Index-only counts need the visibility map; the planner needs fresh statistics.
  if (options.postgres) await db.execute(sql`vacuum analyze photos`);

  await db
    .insert(staffAccounts)
    // No password can match this hash: the bench moderator only ever uses the session made here.
    .values({ email: MODERATOR_EMAIL, name: 'Bench moderator', role: 'moderator', passwordHash: 'bench: no login', createdAt: new Date() })
    .onConflictDoNothing();
  const [moderator] = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, MODERATOR_EMAIL));
  const token = await createStaffSession(db, moderator!.id, new Date(), true);

  const [middle] = await db
    .select({ at: sql<string>`to_char(${photos.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, id: photos.id })
    .from(photos)
    .where(like(photos.filename, `${PHOTO_PREFIX}%`))
    .orderBy(photos.createdAt, photos.id)
    .offset(MODERATION_BENCH_PHOTOS / 2)
    .limit(1);
  const queue = '/admin/api/photos/queue';
  return {
    cookie: `${STAFF_SESSION_COOKIE}=${token}`,
    paths: [
      queue,
      `${queue}?limit=100`,
      `${queue}?site_id=${site.id}`,
      `${queue}?after=${encodeURIComponent(`${middle!.at}_${middle!.id}`)}`,
    ],
  };
}

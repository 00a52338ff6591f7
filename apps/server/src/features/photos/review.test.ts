/**
 * The photos side of review (review.ts) on a real database: which photo takes over the main mark
 * when the main one is rejected, that the queue holds exactly the unreviewed photos in order, and
 * that seeded profiles' photos never wait in it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, type SQLWrapper } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/open';
import { photos, profiles, staffAccounts } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import { seedDemoSites } from '../../seed/demo-sites';
import { seedDemoProfiles } from '../../seed/demo-profiles';
import { seedDemoMember } from '../../seed/demo-member';
import { profileIsOnSite } from '../profiles/for-photo-queue';
import { approvePhotoInReview, lockPhotosForReview, rejectPhotoInReview, reviewQueuePage, reviewQueueSize } from './review';

let database: DatabaseHandle;
let dataDir: string;
let siteId: number;
let staffId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-review-'));
  const sites = await seedDemoSites(database.db);
  await seedDemoProfiles(database.db, { dataDir, sites, count: 10 });
  await seedDemoMember(database.db, { dataDir });
  siteId = sites[0]!.id;
  const [staff] = await database.db
    .insert(staffAccounts)
    .values({ email: 'reviewer@staff.example', name: 'Reviewer', role: 'moderator', passwordHash: 'unused', createdAt: new Date() })
    .returning();
  staffId = staff!.id;
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function profileWith(statuses: ('pending' | 'approved')[]) {
  const [profile] = await database.db
    .insert(profiles)
    .values({ siteId, name: 'Test', birthDate: '1990-01-01', country: 'GB' })
    .returning({ id: profiles.id });
  const base = Date.parse('2026-05-01T10:00:00Z');
  const rows = await database.db
    .insert(photos)
    .values(
      statuses.map((status, i) => ({
        profileId: profile!.id,
        filename: `t/${i}`,
        thumbFilename: `t/${i}t`,
        status,
        isMain: i === 0,
        createdAt: new Date(base + i * 1000),
      })),
    )
    .returning();
  return { profileId: profile!.id, ids: rows.map((r) => r.id) };
}

const rowsOf = (profileId: number) => database.db.select().from(photos).where(eq(photos.profileId, profileId)).orderBy(photos.id);
const hasPhoto = async (profileId: number) => (await database.db.select().from(profiles).where(eq(profiles.id, profileId)))[0]!.hasPhoto;

async function reject(photoId: number) {
  return database.db.transaction(async (tx) => {
    const locked = await lockPhotosForReview(tx, [photoId]);
    return rejectPhotoInReview(tx, locked.get(photoId)!, staffId, new Date());
  });
}

describe('rejecting the main photo', () => {
  it('hands the mark to an approved photo before an older pending one, and has_photo follows', async () => {
    const { profileId, ids } = await profileWith(['approved', 'pending', 'approved']);
    expect(await hasPhoto(profileId)).toBe(true);
    expect(await reject(ids[0]!)).toBe(ids[2]);
    expect((await rowsOf(profileId)).map((r) => [r.status, r.isMain])).toEqual([
      ['rejected', false],
      ['pending', false],
      ['approved', true],
    ]);
    expect(await hasPhoto(profileId)).toBe(true);
  });

  it('hands it to a pending photo when none is approved (hidden until approved), never to a rejected one', async () => {
    const { profileId, ids } = await profileWith(['pending', 'pending', 'pending']);
    await reject(ids[1]!);
    expect(await reject(ids[0]!)).toBe(ids[2]);
    expect((await rowsOf(profileId)).map((r) => [r.status, r.isMain])).toEqual([
      ['rejected', false],
      ['rejected', false],
      ['pending', true],
    ]);
    expect(await hasPhoto(profileId)).toBe(false);
    await database.db.transaction(async (tx) =>
      approvePhotoInReview(tx, (await lockPhotosForReview(tx, [ids[2]!])).get(ids[2]!)!, staffId, new Date()),
    );
    expect(await hasPhoto(profileId)).toBe(true);
  });
});

describe('the review queue', () => {
  it('holds exactly the unreviewed photos, oldest first, and no seeded photo', async () => {
    const seeded = await database.db
      .select()
      .from(photos)
      .innerJoin(profiles, eq(profiles.id, photos.profileId))
      .where(like(profiles.seedKey, 'demo%'));
    expect(seeded.length).toBeGreaterThan(10);
    for (const { photos: row } of seeded) expect(row).toMatchObject({ status: 'approved', reviewedAt: row.createdAt });

    const { ids } = await profileWith(['pending', 'approved', 'pending']);
    const page = await reviewQueuePage(database.db, { limit: 100 });
    const waiting = page.map((p) => p.id).filter((id) => ids.includes(id));
    expect(waiting).toEqual(ids);
    expect(page.map((p) => p.createdAt.getTime())).toEqual([...page.map((p) => p.createdAt.getTime())].sort((a, b) => a - b));
    const next = await reviewQueuePage(database.db, { limit: 100, after: { at: page[0]!.createdAtExact, id: page[0]!.id } });
    expect(next.map((p) => p.id)).toEqual(page.slice(1).map((p) => p.id));
    expect(await reviewQueueSize(database.db, { cap: 1 })).toEqual({ total: page.length, capped: false, oldestAt: page[0]!.createdAt });
    // Per site: counted up to the cap, and the oldest of that site.
    const onSite = (profileId: SQLWrapper) => profileIsOnSite(profileId, siteId);
    const n = page.length;
    expect(n).toBeGreaterThan(2);
    expect(await reviewQueueSize(database.db, { profileCondition: onSite, cap: n - 1 })).toEqual({
      total: n - 1,
      capped: true,
      oldestAt: page[0]!.createdAt,
    });
    expect(await reviewQueueSize(database.db, { profileCondition: onSite, cap: n })).toEqual({
      total: n,
      capped: false,
      oldestAt: page[0]!.createdAt,
    });
    expect(await reviewQueueSize(database.db, { profileCondition: (profileId) => profileIsOnSite(profileId, 999_999), cap: 3 })).toEqual({
      total: 0,
      capped: false,
      oldestAt: null,
    });
  });
});

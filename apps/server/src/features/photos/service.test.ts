/**
 * The service under failures the API cannot provoke: a database that fails after the files were
 * written, a storage that fails half-way, the hourly upload limit, and the erase-job helpers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { photos } from '../../db/schema';
import type { Database } from '../../db/open';
import { createDiskPhotoStorage, photosRoot, type PhotoStorage } from '../../infra/photo-storage';
import { NO_RATE_LIMIT, type RateLimiter } from '../../infra/rate-limiter';
import { AppError } from '../../errors';
import { activeMember, createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { PHOTO_UPLOADS_PER_HOUR, deletePhotoFiles, uploadPhoto, type PhotoDeps, type PhotoOwner } from './service';
import { smallJpeg } from './test-images';
import { DomainEvents } from '../../infra/domain-events';
import { deleteProfile } from '../profiles/service';
import { handlePhotoEvents } from './event-handlers';

let t: AccountsTestApp;
let storage: PhotoStorage;
const logged: unknown[] = [];
const log = { warn: (obj: unknown) => logged.push(obj), error: (obj: unknown) => logged.push(obj) } as unknown as PhotoDeps['log'];

beforeAll(async () => {
  t = await createAccountsTestApp();
  storage = createDiskPhotoStorage(photosRoot(t.dataDir));
});
afterAll(async () => {
  await t?.close();
});

const deps = (overrides: Partial<PhotoDeps> = {}): PhotoDeps => ({
  db: t.database.db,
  events: t.app.events,
  storage,
  limiter: NO_RATE_LIMIT,
  log,
  ...overrides,
});

async function owner(): Promise<PhotoOwner> {
  const member = await activeMember(t);
  return { id: member.user.id, profileId: member.user.profile.id, paidUser: false };
}

function uploadedFiles(): string[] {
  const root = path.join(photosRoot(t.dataDir), 'm');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

const rowsOf = (profileId: number) => t.database.db.select().from(photos).where(eq(photos.profileId, profileId));

describe('uploadPhoto under failure', () => {
  it('deletes the written files when the database fails, so no file is left without a row', async () => {
    const me = await owner();
    const before = uploadedFiles();
    const failingDb = new Proxy(t.database.db, {
      get(target, property, receiver) {
        if (property === 'transaction') return async () => Promise.reject(new Error('database went away'));
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Database;
    await expect(uploadPhoto(deps({ db: failingDb }), me, await smallJpeg())).rejects.toThrow('database went away');
    expect(uploadedFiles()).toEqual(before);
    expect(await rowsOf(me.profileId)).toEqual([]);
  });

  it('deletes the file already written when the second write fails, and inserts no row', async () => {
    const me = await owner();
    const before = uploadedFiles();
    let puts = 0;
    const flaky: PhotoStorage = {
      ...storage,
      put: async (key, data, type) => {
        puts += 1;
        if (puts === 2) throw new Error('disk full');
        await storage.put(key, data, type);
      },
    };
    await expect(uploadPhoto(deps({ storage: flaky }), me, await smallJpeg())).rejects.toThrow('disk full');
    expect(uploadedFiles()).toEqual(before);
    expect(await rowsOf(me.profileId)).toEqual([]);
  });

  it('refuses uploads past the hourly limit before decoding anything', async () => {
    const me = await owner();
    const keys: string[] = [];
    const counting: RateLimiter = {
      ...NO_RATE_LIMIT,
      hit: async (key, limit) => {
        keys.push(key);
        return { count: limit + 1, allowed: false, resetAt: new Date() };
      },
    };
    const error = await uploadPhoto(deps({ limiter: counting }), me, Buffer.from('not even an image')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).status, (error as AppError).code]).toEqual([429, 'too_many_photo_uploads']);
    expect(keys).toEqual([`photo-upload:${me.id}`]);
    expect(PHOTO_UPLOADS_PER_HOUR).toBeGreaterThanOrEqual(25);
  });
});

describe('erasing the photos of a profile (profile.deleting)', () => {
  const keysOf = async (profileId: number) => (await rowsOf(profileId)).flatMap((r) => [r.filename, r.thumbFilename]);
  const exists = (key: string) => fs.existsSync(path.join(photosRoot(t.dataDir), key));
  const eventsWithPhotos = () => {
    const events = new DomainEvents(log);
    handlePhotoEvents(events, { storage, log });
    return events;
  };

  it('deletes the rows in the profile transaction and the files only after it committed', async () => {
    const me = await owner();
    await uploadPhoto(deps(), me, await smallJpeg());
    await uploadPhoto(deps(), me, await smallJpeg());
    const keys = await keysOf(me.profileId);
    expect(keys).toHaveLength(4);
    const events = eventsWithPhotos();
    let filesAtCommit: boolean[] = [];
    await events.transaction(t.database.db, async (tx) => {
      await deleteProfile(events, tx, me.profileId);
      // Still inside the transaction: the rows are gone for it, the files are still there.
      filesAtCommit = keys.map(exists);
    });
    expect(filesAtCommit.every(Boolean)).toBe(true);
    expect(keys.some(exists)).toBe(false);
    expect(await rowsOf(me.profileId)).toEqual([]);
  });

  it('keeps rows and files when the transaction rolls back', async () => {
    const me = await owner();
    await uploadPhoto(deps(), me, await smallJpeg());
    const keys = await keysOf(me.profileId);
    const events = eventsWithPhotos();
    const failed = events.transaction(t.database.db, async (tx) => {
      await deleteProfile(events, tx, me.profileId);
      throw new Error('erasure failed half-way');
    });
    await expect(failed).rejects.toThrow('erasure failed half-way');
    expect(keys.every(exists)).toBe(true);
    expect(await keysOf(me.profileId)).toEqual(keys);
  });

  it('logs, and does not throw for, files that cannot be deleted', async () => {
    logged.length = 0;
    await deletePhotoFiles(deps(), ['../outside.jpg']);
    expect(logged).toHaveLength(1);
  });
});

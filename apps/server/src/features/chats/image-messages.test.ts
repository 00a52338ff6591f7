/**
 * Image messages (issue 12): real images made by sharp, real files on disk in the test's data
 * dir, the real app and database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES } from '@cupido/shared/photos';
import { AppError } from '../../errors';
import { createDiskPhotoStorage, photosRoot, type PhotoStorage } from '../../infra/photo-storage';
import { EXIF_ARTIST, EXIF_MAKE, gif, jpegWithExifAndGps, pngBomb, pngWithAlpha, smallJpeg, truncatedJpeg, webp } from '../photos/test-images';
import {
  CHAT_IMAGES_S3_PREFIX,
  chatImageFiles,
  chatImagesRoot,
  createChatImageStorage,
  deleteChatImageFiles,
  storeChatImage,
} from './image-messages';

/** Every file under a directory, relative to it. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

const errorsLogged: unknown[] = [];
const log = { warn: () => {}, error: (obj: unknown) => void errorsLogged.push(obj) };

async function expectNoMetadata(data: Buffer) {
  const meta = await sharp(data).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(data.includes(EXIF_MAKE)).toBe(false);
  expect(data.includes(EXIF_ARTIST)).toBe(false);
  return meta;
}

describe('chat image storage and processing', () => {
  let dataDir: string;
  let storage: PhotoStorage;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-chat-images-'));
    storage = createChatImageStorage({ dataDir });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stores a JPEG upright, without EXIF or GPS, at full size and as a thumbnail of the same proportions, outside the served photos', async () => {
    const stored = await storeChatImage({ storage, log }, await jpegWithExifAndGps(1600, 1000));
    // EXIF orientation 6: the 1600 x 1000 pixels are shown (and stored) 1000 wide, 1600 high.
    expect(stored).toEqual({ imageKey: expect.stringMatching(/^c\/([A-Za-z0-9_-]{2})\/\1[A-Za-z0-9_-]{20}$/), width: 1000, height: 1600 });
    const files = chatImageFiles(stored.imageKey);
    expect(filesUnder(chatImagesRoot(dataDir))).toEqual([files.full, files.thumb].sort());
    // Nothing lands where /photos/ serves from.
    expect(chatImagesRoot(dataDir).startsWith(photosRoot(dataDir) + path.sep)).toBe(false);
    expect(filesUnder(photosRoot(dataDir))).toEqual([]);

    const full = await expectNoMetadata(fs.readFileSync(path.join(chatImagesRoot(dataDir), files.full)));
    expect([full.width, full.height]).toEqual([1000, 1600]);
    const thumb = await expectNoMetadata(fs.readFileSync(path.join(chatImagesRoot(dataDir), files.thumb)));
    expect([thumb.width, thumb.height]).toEqual([250, 400]);
    // The original really carried them, so the checks above can fail.
    const original = await jpegWithExifAndGps(1600, 1000);
    expect(original.includes(EXIF_MAKE)).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
  });

  it('bounds large images to 1600 px, never enlarges small ones, and flattens PNG transparency', async () => {
    const large = await storeChatImage({ storage, log }, await webp(2000, 1500));
    expect([large.width, large.height]).toEqual([1600, 1200]);
    const largeThumb = await sharp(fs.readFileSync(path.join(chatImagesRoot(dataDir), chatImageFiles(large.imageKey).thumb))).metadata();
    expect([largeThumb.width, largeThumb.height]).toEqual([400, 300]);

    const small = await storeChatImage({ storage, log }, await smallJpeg());
    expect([small.width, small.height]).toEqual([64, 48]);
    const smallThumb = await sharp(fs.readFileSync(path.join(chatImagesRoot(dataDir), chatImageFiles(small.imageKey).thumb))).metadata();
    expect([smallThumb.width, smallThumb.height]).toEqual([64, 48]);

    const png = await storeChatImage({ storage, log }, await pngWithAlpha(600, 900));
    const pngMeta = await expectNoMetadata(fs.readFileSync(path.join(chatImagesRoot(dataDir), chatImageFiles(png.imageKey).full)));
    expect([pngMeta.width, pngMeta.height, pngMeta.hasAlpha]).toEqual([600, 900, false]);
  });

  it('refuses what is not a usable image as image_invalid or image_too_large (field file), storing nothing', async () => {
    const before = filesUnder(chatImagesRoot(dataDir));
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('Dear diary, today I sent a text file.\n'.repeat(10)), 'image_invalid'],
      [await truncatedJpeg(), 'image_invalid'],
      [await gif(), 'image_invalid'],
      [pngBomb(20_000, 20_000), 'image_too_large'],
      [Buffer.concat([await smallJpeg(), Buffer.alloc(PHOTO_MAX_BYTES)]), 'image_too_large'],
    ];
    for (const [data, code] of cases) {
      const error = await storeChatImage({ storage, log }, data).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect([(error as AppError).status, (error as AppError).code, (error as AppError).field]).toEqual([400, code, 'file']);
    }
    expect(filesUnder(chatImagesRoot(dataDir))).toEqual(before);
  });

  it('deletes the file already written when the other write fails', async () => {
    const before = filesUnder(chatImagesRoot(dataDir));
    let puts = 0;
    const flaky: PhotoStorage = {
      ...storage,
      put: async (key, data, type) => {
        puts += 1;
        if (puts === 2) throw new Error('disk full');
        await storage.put(key, data, type);
      },
    };
    await expect(storeChatImage({ storage: flaky, log }, await smallJpeg())).rejects.toThrow('disk full');
    expect(puts).toBe(2);
    expect(filesUnder(chatImagesRoot(dataDir))).toEqual(before);
  });

  it('deleteChatImageFiles removes both sizes of each key, and logs rather than throws what it cannot', async () => {
    const one = await storeChatImage({ storage, log }, await smallJpeg('#ff0000'));
    const two = await storeChatImage({ storage, log }, await smallJpeg('#00ff00'));
    const three = await storeChatImage({ storage, log }, await smallJpeg('#0000ff'));
    const remaining = Object.values(chatImageFiles(three.imageKey));
    errorsLogged.length = 0;
    await deleteChatImageFiles({ storage, log }, [one.imageKey, two.imageKey, '../../etc/passwd']);
    for (const key of [one.imageKey, two.imageKey]) {
      for (const file of Object.values(chatImageFiles(key))) expect(fs.existsSync(path.join(chatImagesRoot(dataDir), file))).toBe(false);
    }
    for (const file of remaining) expect(fs.existsSync(path.join(chatImagesRoot(dataDir), file))).toBe(true);
    expect(errorsLogged).toEqual([expect.objectContaining({ key: '../../etc/passwd' })]);

    const failing: PhotoStorage = { ...storage, delete: async () => Promise.reject(new Error('bucket away')) };
    errorsLogged.length = 0;
    await expect(deleteChatImageFiles({ storage: failing, log }, [three.imageKey])).resolves.toBeUndefined();
    expect(errorsLogged).toHaveLength(2);
  });

  it('goes to the chat-images/ prefix of the photo bucket with S3, not under the photos’ prefix', async () => {
    const requests: string[] = [];
    const s3 = createChatImageStorage({
      dataDir,
      s3: {
        endpoint: 'http://127.0.0.1:9',
        bucket: 'cupido-photos',
        region: 'eu-central-1',
        accessKeyId: 'AKIDTEST',
        secretAccessKey: 'secret',
        keyPrefix: 'photos/',
        fetch: async (request) => {
          const { method, url } = request as Request;
          requests.push(`${method} ${new URL(url).pathname}`);
          return new Response(method === 'GET' ? 'jpeg' : '', { status: 200 });
        },
      },
    });
    const stored = await storeChatImage({ storage: s3, log }, await smallJpeg());
    const files = chatImageFiles(stored.imageKey);
    expect((await s3.get(files.thumb))?.toString()).toBe('jpeg');
    expect(requests.sort()).toEqual(
      [`PUT /cupido-photos/${CHAT_IMAGES_S3_PREFIX}${files.full}`, `PUT /cupido-photos/${CHAT_IMAGES_S3_PREFIX}${files.thumb}`, `GET /cupido-photos/${CHAT_IMAGES_S3_PREFIX}${files.thumb}`].sort(),
    );
    expect(CHAT_IMAGES_S3_PREFIX.startsWith('photos/')).toBe(false);
  });

  it('is a different place than the disk photo storage', async () => {
    const photos = createDiskPhotoStorage(photosRoot(dataDir));
    const stored = await storeChatImage({ storage, log }, await smallJpeg());
    expect(await photos.get(chatImageFiles(stored.imageKey).full)).toBeNull();
    expect(await storage.get(chatImageFiles(stored.imageKey).full)).not.toBeNull();
  });
});

/**
 * Image messages (issue 12): real images made by sharp, real files on disk in the test's data
 * dir, the real app and database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import type { TChatMessage } from '@cupido/shared/contracts/chats';
import { PHOTO_MAX_BYTES } from '@cupido/shared/rules/photos';
import { conversationMembers, creditEntries, messages } from '../../db/schema';
import { AppError } from '../../errors';
import { createDiskPhotoStorage, photosRoot, type PhotoStorage } from '../../infra/photo-storage';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { changeCredits, readBalance } from '../credits/service';
import {
  EXIF_ARTIST,
  EXIF_MAKE,
  gif,
  jpegWithExifAndGps,
  multipart,
  pngBomb,
  pngWithAlpha,
  smallJpeg,
  truncatedJpeg,
  webp,
} from '../photos/test-images';
import {
  CHAT_IMAGE_CACHE_CONTROL,
  CHAT_IMAGES_S3_PREFIX,
  chatImageFiles,
  chatImagesRoot,
  createChatImageStorage,
  deleteChatImageFiles,
  storeChatImage,
} from './image-messages';
import { chatImageUrls } from './message-view';

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
      [
        `PUT /cupido-photos/${CHAT_IMAGES_S3_PREFIX}${files.full}`,
        `PUT /cupido-photos/${CHAT_IMAGES_S3_PREFIX}${files.thumb}`,
        `GET /cupido-photos/${CHAT_IMAGES_S3_PREFIX}${files.thumb}`,
      ].sort(),
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

describe('POST /api/message-image.php and GET /api/chat-image.php', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  type Member = Awaited<ReturnType<typeof activeMember>>;
  /** The default site's photo_credits (demo sites: 5); members start with its signup credits (20). */
  const PHOTO_CREDITS = 5;
  const chatFiles = () => filesUnder(chatImagesRoot(t.dataDir));
  const profileOf = (member: Member): number => member.user.profile.id;
  const userOf = (member: Member): number => member.user.id;

  function sendImage(
    from: Member,
    to: Member | number,
    options: { data?: Buffer; clientId?: string; query?: string; parts?: Parameters<typeof multipart>[0] } = {},
  ) {
    const profileId = typeof to === 'number' ? to : profileOf(to);
    return (async () => {
      const data = options.data ?? (await jpegWithExifAndGps(1200, 900));
      const form = multipart(
        options.parts ?? [
          { name: 'profile_id', data: String(profileId) },
          { name: 'client_id', data: options.clientId ?? randomUUID() },
          { name: 'file', filename: 'IMG_0042.JPG', contentType: 'image/jpeg', data },
        ],
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/message-image.php${options.query ?? ''}`,
        payload: form.payload,
        headers: { ...form.headers, cookie: from.cookie },
      });
    })();
  }

  async function sentImage(from: Member, to: Member, clientId?: string): Promise<TChatMessage> {
    const response = await sendImage(from, to, { clientId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().message;
  }

  const fetchImage = (viewer: Member | null, messageId: number | string, size: string | null = 'thumb') =>
    t.app.inject({
      method: 'GET',
      url: `/api/chat-image.php?message=${messageId}${size === null ? '' : `&size=${size}`}`,
      headers: viewer ? { cookie: viewer.cookie } : {},
    });

  async function setBalance(member: Member, credits: number) {
    await t.database.db.transaction(async (tx) => {
      const balance = await readBalance(tx, userOf(member));
      if (balance !== credits) {
        await changeCredits(tx, {
          userId: userOf(member),
          amount: credits - balance,
          kind: 'manual_correction',
          idempotencyKey: randomUUID(),
          now: t.clock(),
        });
      }
    });
    t.app.forgetMemberSessions(userOf(member));
  }

  const messageRows = (sender: Member) =>
    t.database.db
      .select()
      .from(messages)
      .where(eq(messages.senderProfileId, profileOf(sender)));

  it('stores the image without metadata, sends it for photo_credits, and serves both sizes to the two members only', async () => {
    const [anna, ben, carla] = [await activeMember(t), await activeMember(t), await activeMember(t)];
    const before = await readBalance(t.database.db, userOf(anna));
    const response = await sendImage(anna, ben, { clientId: '0b6f3a52-8d1e-4c2a-9f3e-1a2b3c4d5e6f' });
    expect(response.statusCode, response.body).toBe(200);
    const { message, credits } = response.json() as { message: TChatMessage; credits: number };
    expect(message).toMatchObject({
      kind: 'image',
      from_me: true,
      client_id: '0b6f3a52-8d1e-4c2a-9f3e-1a2b3c4d5e6f',
      text: null,
      gift: null,
      // EXIF orientation 6: stored upright, 900 wide and 1200 high.
      image: { ...chatImageUrls(message.id), width: 900, height: 1200 },
    });
    expect(message.image!.thumb_url).toBe(`/api/chat-image.php?message=${message.id}&size=thumb`);
    expect(credits).toBe(before - PHOTO_CREDITS);
    expect(await readBalance(t.database.db, userOf(anna))).toBe(before - PHOTO_CREDITS);
    const [row] = await messageRows(anna);
    expect(row).toMatchObject({ id: message.id, kind: 'image', imageWidth: 900, imageHeight: 1200, credits: PHOTO_CREDITS, body: null });
    const [entry] = await t.database.db
      .select()
      .from(creditEntries)
      .where(and(eq(creditEntries.userId, userOf(anna)), eq(creditEntries.reference, `message:${message.id}`)));
    expect(entry).toMatchObject({ amount: -PHOTO_CREDITS, kind: 'image' });

    // One set of files, named by the message's key, without EXIF or GPS.
    const files = chatImageFiles(row!.imageKey!);
    expect(chatFiles()).toEqual(expect.arrayContaining([files.full, files.thumb]));
    const storedFull = fs.readFileSync(path.join(chatImagesRoot(t.dataDir), files.full));
    const storedThumb = fs.readFileSync(path.join(chatImagesRoot(t.dataDir), files.thumb));
    await expectNoMetadata(storedFull);
    expect((await sharp(storedThumb).metadata()).height).toBe(400);

    for (const viewer of [anna, ben]) {
      for (const [size, stored] of [
        ['thumb', storedThumb],
        ['full', storedFull],
      ] as const) {
        const served = await fetchImage(viewer, message.id, size);
        expect(served.statusCode, served.body).toBe(200);
        expect(served.headers['content-type']).toBe('image/jpeg');
        expect(served.headers['cache-control']).toBe(CHAT_IMAGE_CACHE_CONTROL);
        expect(served.headers['cache-control']).toMatch(/^private\b/);
        expect(served.rawPayload.equals(stored)).toBe(true);
      }
    }
    // Without size: the full size.
    expect((await fetchImage(ben, message.id, null)).rawPayload.equals(storedFull)).toBe(true);
    const badSize = await fetchImage(ben, message.id, 'huge');
    expect([badSize.statusCode, errorOf(badSize).code]).toEqual([400, 'invalid_request']);
    // Ben's conversation shows it with the same addresses.
    const chat = await t.app.inject({ method: 'GET', url: `/api/chat.php?profile=${profileOf(anna)}`, headers: { cookie: ben.cookie } });
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.json().messages).toEqual([expect.objectContaining({ id: message.id, from_me: false, image: message.image })]);

    // A third member and a visitor learn nothing: the same 404 as for a message that does not exist.
    const missing = await fetchImage(carla, 9_007_199_254_740_991);
    expect([missing.statusCode, errorOf(missing).code]).toEqual([404, 'message_not_found']);
    for (const outsider of [carla, null]) {
      for (const size of ['thumb', 'full']) {
        const refused = await fetchImage(outsider, message.id, size);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual(missing.json());
        expect(refused.headers['content-type']).toMatch(/^application\/json/);
      }
    }
    // Nor can anyone reach the files through the public photo path.
    for (const url of [
      `/photos/${files.full}`,
      `/photos/${files.thumb}`,
      `/photos/../chat-images/${files.full}`,
      `/photos/%2e%2e/chat-images/${files.full}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('answers 404 for a message removed for the member or outside the history window, and for a text message', async () => {
    const [anna, ben] = [await activeMember(t), await activeMember(t)];
    const message = await sentImage(anna, ben);
    // Ben removes the conversation (DELETE /api/chat.php hides everything up to removed_up_to).
    await t.database.db
      .update(conversationMembers)
      .set({ removedUpTo: message.id })
      .where(and(eq(conversationMembers.conversationId, message.conversation.id), eq(conversationMembers.profileId, profileOf(ben))));
    expect((await fetchImage(ben, message.id)).statusCode).toBe(404);
    expect((await fetchImage(anna, message.id)).statusCode).toBe(200);

    // Older than the site's chat_history_days (180 on the demo sites): hidden for both.
    await t.database.db
      .update(messages)
      .set({ createdAt: sql`${t.clock().toISOString()}::timestamptz - interval '181 days'` })
      .where(eq(messages.id, message.id));
    expect((await fetchImage(anna, message.id)).statusCode).toBe(404);
    await t.database.db
      .update(messages)
      .set({ createdAt: sql`${t.clock().toISOString()}::timestamptz - interval '179 days'` })
      .where(eq(messages.id, message.id));
    expect((await fetchImage(anna, message.id)).statusCode).toBe(200);

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      payload: { profile_id: profileOf(ben), client_id: randomUUID(), text: 'Hello' },
      headers: { cookie: anna.cookie },
    });
    expect(text.statusCode, text.body).toBe(200);
    expect((await fetchImage(anna, text.json().message.id)).statusCode).toBe(404);
  });

  it('stores nothing and leaves no file without enough credits', async () => {
    const [anna, ben] = [await activeMember(t), await activeMember(t)];
    await setBalance(anna, PHOTO_CREDITS - 1);
    const before = chatFiles();
    const response = await sendImage(anna, ben, { query: '?locale=en' });
    expect(response.statusCode, response.body).toBe(402);
    expect(errorOf(response).code).toBe('insufficient_credits');
    expect(await messageRows(anna)).toEqual([]);
    expect(chatFiles()).toEqual(before);
    expect(await readBalance(t.database.db, userOf(anna))).toBe(PHOTO_CREDITS - 1);

    // With exactly the price, it goes through, and the balance is 0.
    await setBalance(anna, PHOTO_CREDITS);
    const paid = await sendImage(anna, ben);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().credits).toBe(0);
    expect(chatFiles()).toHaveLength(before.length + 2);
  });

  it('deletes the stored files when the send is refused by a chat rule', async () => {
    const [anna, ben] = [await activeMember(t), await activeMember(t)];
    const block = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      payload: { profile_id: profileOf(anna) },
      headers: { cookie: ben.cookie },
    });
    expect(block.statusCode, block.body).toBe(200);
    const before = chatFiles();
    const refusals = [
      [await sendImage(anna, ben), 403, 'no_access'],
      [await sendImage(anna, anna), 400, 'cannot_message_self'],
      [await sendImage(anna, 2_000_000_000), 404, 'profile_not_found'],
    ] as const;
    for (const [response, status, code] of refusals) {
      expect([response.statusCode, errorOf(response).code], response.body).toEqual([status, code]);
    }
    expect(await messageRows(anna)).toEqual([]);
    expect(chatFiles()).toEqual(before);
  });

  it('stores one message and one set of files when the same client_id comes twice, in a row or at once', async () => {
    const [anna, ben] = [await activeMember(t), await activeMember(t)];
    const balance = await readBalance(t.database.db, userOf(anna));
    const before = chatFiles();
    const clientId = randomUUID();
    const first = await sentImage(anna, ben, clientId);
    const again = await sendImage(anna, ben, { clientId, data: await smallJpeg('#123456') });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toEqual(first);
    expect(again.json().credits).toBe(balance - PHOTO_CREDITS);

    const parallelId = randomUUID();
    const both = await Promise.all([sendImage(anna, ben, { clientId: parallelId }), sendImage(anna, ben, { clientId: parallelId })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json().message.id).toBe(both[1]!.json().message.id);

    const rows = await messageRows(anna);
    expect(rows).toHaveLength(2);
    expect(
      chatFiles()
        .filter((f) => !before.includes(f))
        .sort(),
    ).toEqual(rows.flatMap((r) => Object.values(chatImageFiles(r.imageKey!))).sort());
    expect(await readBalance(t.database.db, userOf(anna))).toBe(balance - 2 * PHOTO_CREDITS);
  });

  it('deletes the files when the conversation goes with a block', async () => {
    const [anna, ben, carla] = [await activeMember(t), await activeMember(t), await activeMember(t)];
    const toBen = await sentImage(anna, ben);
    const toCarla = await sentImage(anna, carla);
    const keyOf = async (message: TChatMessage): Promise<string> =>
      (await t.database.db.select().from(messages).where(eq(messages.id, message.id)))[0]!.imageKey!;
    const benKey = await keyOf(toBen);
    const carlaKey = await keyOf(toCarla);
    const exists = (key: string) => Object.values(chatImageFiles(key)).map((f) => fs.existsSync(path.join(chatImagesRoot(t.dataDir), f)));
    expect([...exists(benKey), ...exists(carlaKey)]).toEqual([true, true, true, true]);

    const block = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      payload: { profile_id: profileOf(anna) },
      headers: { cookie: ben.cookie },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(exists(benKey)).toEqual([false, false]);
    expect((await fetchImage(anna, toBen.id)).statusCode).toBe(404);
    // Another conversation's image stays.
    expect(exists(carlaKey)).toEqual([true, true]);
    expect((await fetchImage(carla, toCarla.id)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 in the member’s language, naming the field, and stores nothing', async () => {
    const [anna, ben] = [await activeMember(t), await activeMember(t)];
    const before = chatFiles();
    const notAnImage = await sendImage(anna, ben, {
      data: Buffer.from('Dear diary, today I sent a text file.\n'.repeat(10)),
      query: '?locale=de',
    });
    expect(notAnImage.statusCode).toBe(400);
    expect(errorOf(notAnImage)).toEqual({
      code: 'image_invalid',
      message: 'Diese Datei ist kein Bild, das wir lesen können. Bitte wähle ein JPEG-, PNG- oder WebP-Bild.',
      field: 'file',
    });
    const bomb = await sendImage(anna, ben, { data: pngBomb(20_000, 20_000), query: '?locale=en' });
    expect([bomb.statusCode, errorOf(bomb)]).toEqual([
      400,
      { code: 'image_too_large', message: 'This image is too large: it can be at most 15 MB and 50 megapixels.', field: 'file' },
    ]);
    const big = await sendImage(anna, ben, { data: Buffer.concat([await smallJpeg(), Buffer.alloc(PHOTO_MAX_BYTES)]) });
    expect([big.statusCode, errorOf(big).code, errorOf(big).field]).toEqual([400, 'image_too_large', 'file']);

    const clientId = randomUUID();
    const noFile = await sendImage(anna, ben, {
      query: '?locale=nl',
      parts: [
        { name: 'profile_id', data: String(profileOf(ben)) },
        { name: 'client_id', data: clientId },
      ],
    });
    expect([noFile.statusCode, errorOf(noFile)]).toEqual([
      400,
      { code: 'image_invalid', message: 'Kies een afbeelding om te versturen.', field: 'file' },
    ]);
    const image = await smallJpeg();
    const noProfile = await sendImage(anna, ben, {
      parts: [
        { name: 'client_id', data: clientId },
        { name: 'file', filename: 'a.jpg', data: image },
      ],
    });
    expect([noProfile.statusCode, errorOf(noProfile).code, errorOf(noProfile).field]).toEqual([400, 'invalid_request', 'profile_id']);
    const badClientId = await sendImage(anna, ben, {
      parts: [
        { name: 'profile_id', data: String(profileOf(ben)) },
        { name: 'client_id', data: 'not-a-uuid' },
        { name: 'file', filename: 'a.jpg', data: image },
      ],
    });
    expect([badClientId.statusCode, errorOf(badClientId).field]).toEqual([400, 'client_id']);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/message-image.php',
      payload: { profile_id: profileOf(ben) },
      headers: { cookie: anna.cookie },
    });
    expect([json.statusCode, errorOf(json).code, errorOf(json).field]).toEqual([400, 'image_invalid', 'file']);

    // Fields after the file are read too.
    const fileFirst = await sendImage(anna, ben, {
      parts: [
        { name: 'file', filename: 'a.jpg', data: image },
        { name: 'profile_id', data: String(profileOf(ben)) },
        { name: 'client_id', data: randomUUID() },
      ],
    });
    expect(fileFirst.statusCode, fileFirst.body).toBe(200);
    expect(await messageRows(anna)).toHaveLength(1);
    expect(chatFiles()).toHaveLength(before.length + 2);

    // Visitors cannot send.
    const form = sendForm(profileOf(ben), image);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/message-image.php', payload: form.payload, headers: form.headers });
    expect(visitor.statusCode).toBe(403);
  });
});

function sendForm(profileId: number, data: Buffer) {
  return multipart([
    { name: 'profile_id', data: String(profileId) },
    { name: 'client_id', data: randomUUID() },
    { name: 'file', filename: 'a.jpg', data },
  ]);
}

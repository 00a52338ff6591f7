import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { PHOTO_MAX_BYTES } from '@cupido/shared/rules/photos';
import { type TPhoto } from '@cupido/shared/contracts/photos';
import { photos, users } from '../../db/schema';
import { activeMember, createAccountsTestApp, createSite, errorOf, signup, type AccountsTestApp } from '../../test/accounts-kit';
import {
  EXIF_MAKE,
  avif,
  gif,
  jpegWithExifAndGps,
  multipart,
  photoUpload,
  pngBomb,
  pngWithAlpha,
  smallJpeg,
  truncatedJpeg,
  webp,
} from './test-images';

/** What the moderation tool (not built yet) will do: approve a photo. */
const approvePhoto = (photoId: number) => t.database.db.update(photos).set({ status: 'approved' }).where(eq(photos.id, photoId));

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof activeMember>>;

const photosDir = () => path.join(t.dataDir, 'photos');
const fileOf = (key: string) => path.join(photosDir(), key);

/** Every file under <data dir>/photos/m (uploaded photos; the demo avatars live elsewhere). */
function storedFiles(): string[] {
  const root = path.join(photosDir(), 'm');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

function upload(member: { cookie: string }, data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', query = '') {
  const { payload, headers } = photoUpload(data, filename, contentType);
  return t.app.inject({ method: 'POST', url: `/api/photos.php${query}`, payload, headers: { ...headers, cookie: member.cookie } });
}

async function uploadOk(member: { cookie: string }, data?: Buffer): Promise<TPhoto> {
  const response = await upload(member, data ?? (await smallJpeg()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().photo;
}

const list = (member: { cookie: string }) => t.app.inject({ method: 'GET', url: '/api/photos.php', headers: { cookie: member.cookie } });
const userOf = async (member: { cookie: string }) =>
  (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: member.cookie } })).json().user;
const makeMain = (member: { cookie: string }, id: number) =>
  t.app.inject({ method: 'POST', url: '/api/photo-main.php', payload: { id }, headers: { cookie: member.cookie } });
const remove = (member: { cookie: string }, id: number, query = '') =>
  t.app.inject({ method: 'DELETE', url: `/api/photo.php${query}`, payload: { id }, headers: { cookie: member.cookie } });

async function rowsOf(member: Member) {
  return t.database.db.select().from(photos).where(eq(photos.profileId, member.user.profile.id));
}

async function makePremium(member: Member) {
  await t.database.db.update(users).set({ paidUser: true }).where(eq(users.id, member.user.id));
  t.app.forgetMemberSessions(member.user.id);
}

describe('POST /api/photos.php', () => {
  it('stores a JPEG upright, without EXIF or GPS, at display and thumbnail size, pending, as the main photo', async () => {
    const member = await activeMember(t);
    const response = await upload(member, await jpegWithExifAndGps(1600, 1000), 'IMG_0001.JPG');
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    const photo: TPhoto = body.photo;
    expect(photo).toEqual({
      id: expect.any(Number),
      filename: expect.stringMatching(/^m\/[A-Za-z0-9_-]{2}\/[A-Za-z0-9_-]{22}\.jpg$/),
      thumb_filename: expect.stringMatching(/^m\/[A-Za-z0-9_-]{2}\/[A-Za-z0-9_-]{22}\.jpg$/),
      url: `/photos/${photo.filename}`,
      thumb_url: `/photos/${photo.thumb_filename}`,
      status: 'pending',
      is_main: true,
    });
    expect(body.photos).toEqual([photo]);
    expect(body.limit).toBe(3);
    // The uploaded name is not used, and the thumbnail's key does not follow from the photo's.
    expect(photo.filename).not.toContain('IMG');
    expect(photo.thumb_filename.slice(5, 20)).not.toBe(photo.filename.slice(5, 20));

    for (const [key, size] of [
      [photo.filename, [800, 1280]],
      [photo.thumb_filename, [320, 320]],
    ] as const) {
      const data = fs.readFileSync(fileOf(key));
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', ...size]);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(data.includes(EXIF_MAKE)).toBe(false);
    }

    const [row] = await rowsOf(member);
    expect(row).toMatchObject({
      id: photo.id,
      filename: photo.filename,
      thumbFilename: photo.thumb_filename,
      status: 'pending',
      isMain: true,
    });

    // GET /api/user.php shows it at once (the member cache was cleared).
    expect((await userOf(member)).profile.main_image).toEqual({
      filename: photo.filename,
      thumb_filename: photo.thumb_filename,
      status: 'pending',
    });

    // Served under /photos/ with a year of immutable caching.
    const served = await t.app.inject({ method: 'GET', url: photo.thumb_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('accepts PNG, WebP and AVIF by their content, whatever the name and content type say', async () => {
    const member = await activeMember(t);
    await makePremium(member);
    const png = await upload(member, await pngWithAlpha(600, 900), 'photo.jpg', 'application/octet-stream');
    expect(png.statusCode, png.body).toBe(201);
    const fromWebp = await upload(member, await webp(2000, 1500), 'x.png', 'image/png');
    expect(fromWebp.statusCode, fromWebp.body).toBe(201);
    const webpMeta = await sharp(fileOf(fromWebp.json().photo.filename)).metadata();
    expect([webpMeta.format, webpMeta.width, webpMeta.height, webpMeta.exif]).toEqual(['jpeg', 1280, 960, undefined]);
    const fromAvif = await upload(member, await avif(300, 200), 'x.avif', 'image/avif');
    expect(fromAvif.statusCode, fromAvif.body).toBe(201);
    // Only the first photo is main.
    expect((await list(member)).json().photos.map((p: TPhoto) => p.is_main)).toEqual([true, false, false]);
  });

  it('refuses files that are not usable photos with a clear message, and leaves no row and no file behind', async () => {
    const member = await activeMember(t);
    const before = storedFiles();
    const cases: Array<[Buffer, string, number, string]> = [
      [Buffer.from('Dear diary, today I uploaded a text file.\n'.repeat(10)), 'holiday.jpg', 400, 'photo_not_an_image'],
      [await truncatedJpeg(), 'cut.jpg', 400, 'photo_not_an_image'],
      [await gif(), 'anim.gif', 400, 'photo_format_unsupported'],
      [pngBomb(20_000, 20_000), 'bomb.png', 400, 'photo_too_many_pixels'],
    ];
    for (const [data, name, status, code] of cases) {
      const response = await upload(member, data, name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(errorOf(response).code).toBe(code);
      expect(errorOf(response).field).toBe('photo');
    }
    const bomb = await upload(member, pngBomb(20_000, 20_000), 'bomb.png', 'image/png', '?locale=en');
    expect(errorOf(bomb).message).toBe('This photo has too many pixels (at most 50 megapixels). Please choose a smaller one.');
    const text = await upload(member, Buffer.from('hello'), 'a.jpg', 'image/jpeg', '?locale=de');
    expect(errorOf(text).message).toBe('Diese Datei ist kein Foto, das wir lesen können. Bitte wähle ein JPEG-, PNG- oder WebP-Foto.');
    expect(await rowsOf(member)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('answers 413 for a file over 15 MB, and 400 when no file was sent', async () => {
    const member = await activeMember(t);
    const big = Buffer.concat([await smallJpeg(), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const tooLarge = await upload(member, big, 'big.jpg', 'image/jpeg', '?locale=en');
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge)).toEqual({
      code: 'photo_too_large',
      message: 'This photo is too large: it can be at most 15 MB.',
      field: 'photo',
    });

    const noFile = multipart([{ name: 'caption', data: 'no file here' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      payload: noFile.payload,
      headers: { ...noFile.headers, cookie: member.cookie },
    });
    expect([missing.statusCode, errorOf(missing).code]).toEqual([400, 'photo_required']);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      payload: { photo: 'x' },
      headers: { cookie: member.cookie },
    });
    expect([json.statusCode, errorOf(json).code]).toEqual([400, 'photo_required']);
    const empty = await upload(member, Buffer.alloc(0));
    expect([empty.statusCode, errorOf(empty).code]).toEqual([400, 'photo_required']);
    expect(await rowsOf(member)).toEqual([]);
  });

  it('holds free members to 3 photos, naming the limit and the premium one', async () => {
    const member = await activeMember(t);
    for (let i = 0; i < 3; i++) await uploadOk(member);
    const fourth = await upload(member, await smallJpeg(), 'p.jpg', 'image/jpeg', '?locale=en');
    expect(fourth.statusCode).toBe(409);
    expect(errorOf(fourth)).toEqual({
      code: 'photo_limit_reached',
      message: 'You can have at most 3 photos. Delete one first, or get Premium to have up to 25 photos.',
      field: 'photo',
    });
    const nl = await upload(member, await smallJpeg(), 'p.jpg', 'image/jpeg', '?locale=nl');
    expect(errorOf(nl).message).toBe(
      "Je kunt maximaal 3 foto's hebben. Verwijder er eerst een, of word Premium-lid om er tot 25 te hebben.",
    );
    expect(await rowsOf(member)).toHaveLength(3);
  });

  it('holds premium members to 25 photos', { timeout: 60_000 }, async () => {
    const member = await activeMember(t);
    await makePremium(member);
    const image = await smallJpeg();
    for (let i = 0; i < 25; i++) await uploadOk(member, image);
    const over = await upload(member, image, 'p.jpg', 'image/jpeg', '?locale=en');
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toBe('You can have at most 25 photos. Delete one first to upload another.');
    const answer = (await list(member)).json();
    expect([answer.photos.length, answer.limit]).toEqual([25, 25]);
  });

  it('lets no burst of parallel uploads pass the limit', async () => {
    const member = await activeMember(t);
    const before = storedFiles().length;
    const image = await smallJpeg('#123456');
    const responses = await Promise.all(Array.from({ length: 6 }, () => upload(member, image)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    const rows = await rowsOf(member);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.isMain)).toHaveLength(1);
    // The refused uploads' files were deleted again: two files per stored photo, no more.
    expect(storedFiles().length - before).toBe(6);
  });

  it('puts URLs under the cdn_prefix of the site', async () => {
    await createSite(t, 'cdn-site.example', { cdnPrefix: 'https://cdn.example.com/p/' });
    const member = await signup(t, {}, 'cdn-site.example');
    const { payload, headers } = photoUpload(await smallJpeg());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php?domain=cdn-site.example',
      payload,
      headers: { ...headers, cookie: member.cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    const photo: TPhoto = response.json().photo;
    expect(photo.url).toBe(`https://cdn.example.com/p/${photo.filename}`);
    expect(photo.thumb_url).toBe(`https://cdn.example.com/p/${photo.thumb_filename}`);
  });
});

describe('main photo, deletion and access', () => {
  it('needs a logged-in member for every call', async () => {
    const { payload, headers } = photoUpload(await smallJpeg());
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/photos.php' }),
      t.app.inject({ method: 'POST', url: '/api/photos.php', payload, headers }),
      t.app.inject({ method: 'POST', url: '/api/photo-main.php', payload: { id: 1 } }),
      t.app.inject({ method: 'DELETE', url: '/api/photo.php', payload: { id: 1 } }),
    ];
    for (const response of await Promise.all(calls)) {
      expect([response.statusCode, errorOf(response).code]).toEqual([403, 'authentication_required']);
    }
  });

  it('makes another photo main, and GET /api/user.php follows at once', async () => {
    const member = await activeMember(t);
    const first = await uploadOk(member);
    const second = await uploadOk(member);
    expect((await userOf(member)).profile.main_image.filename).toBe(first.filename);
    const response = await makeMain(member, second.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().photos.map((p: TPhoto) => [p.id, p.is_main])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    expect((await userOf(member)).profile.main_image).toEqual({
      filename: second.filename,
      thumb_filename: second.thumb_filename,
      status: 'pending',
    });
  });

  it("answers 404 for another member's photo, and changes nothing of it", async () => {
    const owner = await activeMember(t);
    const other = await activeMember(t);
    const mine = await uploadOk(other);
    const theirs = await uploadOk(owner);
    for (const response of [await makeMain(other, theirs.id), await remove(other, theirs.id), await remove(other, 2_000_000_000)]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('photo_not_found');
    }
    const [row] = await rowsOf(owner);
    expect(row).toMatchObject({ id: theirs.id, isMain: true });
    expect(fs.existsSync(fileOf(theirs.filename))).toBe(true);
    expect((await rowsOf(other)).map((r) => [r.id, r.isMain])).toEqual([[mine.id, true]]);
    const invalid = await remove(other, -1);
    expect([invalid.statusCode, errorOf(invalid).code]).toEqual([400, 'invalid_request']);
  });

  it("deletes a photo with its files, answers 'Picture deleted' in the member's language, and the next photo becomes main", async () => {
    const member = await activeMember(t);
    const first = await uploadOk(member);
    const second = await uploadOk(member);
    const third = await uploadOk(member);
    await approvePhoto(third.id);

    const response = await remove(member, first.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Picture deleted');
    // An approved photo is preferred as the new main photo.
    expect(body.photos.map((p: TPhoto) => [p.id, p.is_main, p.status])).toEqual([
      [second.id, false, 'pending'],
      [third.id, true, 'approved'],
    ]);
    expect(fs.existsSync(fileOf(first.filename))).toBe(false);
    expect(fs.existsSync(fileOf(first.thumb_filename))).toBe(false);
    expect(fs.existsSync(fileOf(second.filename))).toBe(true);
    expect((await userOf(member)).profile.main_image).toEqual({
      filename: third.filename,
      thumb_filename: third.thumb_filename,
      status: 'active',
    });
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);

    const german = await remove(member, third.id, '?locale=de');
    expect(german.json().message).toBe('Foto gelöscht');
    expect(german.json().photos.map((p: TPhoto) => [p.id, p.is_main])).toEqual([[second.id, true]]);
    const polish = await remove(member, second.id, '?locale=pl');
    expect(polish.json()).toEqual({ message: 'Zdjęcie usunięte', photos: [], limit: 3 });
    expect((await userOf(member)).profile.main_image).toBeNull();
    // Deleting again: gone.
    expect((await remove(member, second.id)).statusCode).toBe(404);
  });

  it("shows main_image.status 'active' once moderation approves the photo", async () => {
    const member = await activeMember(t);
    const photo = await uploadOk(member);
    expect((await userOf(member)).profile.main_image.status).toBe('pending');
    await approvePhoto(photo.id);
    t.app.forgetMemberSessions(member.user.id);
    expect((await userOf(member)).profile.main_image.status).toBe('active');
    expect((await list(member)).json().photos[0].status).toBe('approved');
  });
});

describe('OpenAPI', () => {
  it('documents the photo calls', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths['/api/photos.php']).sort()).toEqual(['get', 'post']);
    // The multipart body is described in words: a body schema would be validated against the (unparsed) stream.
    expect(spec.paths['/api/photos.php'].post.summary).toContain('multipart/form-data, file field "photo"');
    expect(spec.paths['/api/photo-main.php'].post.requestBody.content['application/json'].schema.properties.id).toBeDefined();
    expect(spec.paths['/api/photo.php'].delete).toBeDefined();
  });
});

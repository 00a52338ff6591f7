import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PHOTO_DISPLAY_MAX_SIZE, PHOTO_THUMB_SIZE } from '@cupido/shared/rules/photos';
import { AppError } from '../../errors';
import { heicSupported, processPhoto, sniffFormat } from './processing';
import {
  EXIF_ARTIST,
  EXIF_MAKE,
  avif,
  gif,
  jpegWithExifAndGps,
  pngBomb,
  pngHeaderOnly,
  pngWithAlpha,
  truncatedJpeg,
  webp,
} from './test-images';

async function expectClean(data: Buffer) {
  const meta = await sharp(data).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(data.includes(EXIF_MAKE)).toBe(false);
  expect(data.includes(EXIF_ARTIST)).toBe(false);
  expect(data.includes('Exif')).toBe(false);
  return meta;
}

async function failure(input: Promise<unknown>): Promise<AppError> {
  const error = await input.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('processPhoto', () => {
  it('turns a JPEG upright by its EXIF orientation and drops EXIF, GPS and every other piece of metadata', async () => {
    const input = await jpegWithExifAndGps(1600, 1000);
    const original = await sharp(input).metadata();
    expect(original.exif?.toString('latin1')).toContain(EXIF_MAKE);
    expect(original.orientation).toBe(6);

    const out = await processPhoto(input);
    expect(out.sourceFormat).toBe('jpeg');
    // Stored 1600 x 1000 with orientation 6 = shown 1000 x 1600; the longest side becomes 1280.
    expect([out.display.width, out.display.height]).toEqual([800, 1280]);
    expect([out.thumb.width, out.thumb.height]).toEqual([PHOTO_THUMB_SIZE, PHOTO_THUMB_SIZE]);
    const display = await expectClean(out.display.data);
    expect([display.width, display.height]).toEqual([800, 1280]);
    expect(display.space).toBe('srgb');
    await expectClean(out.thumb.data);
    expect(out.display.contentType).toBe('image/jpeg');
  });

  it('flattens a transparent PNG with an ICC profile onto white, in sRGB without the profile, and never enlarges', async () => {
    const out = await processPhoto(await pngWithAlpha(600, 900));
    expect(out.sourceFormat).toBe('png');
    expect([out.display.width, out.display.height]).toEqual([600, 900]);
    const meta = await expectClean(out.display.data);
    expect(meta.hasAlpha).toBe(false);
    expect(meta.channels).toBe(3);
    const { data } = await sharp(out.display.data).raw().toBuffer({ resolveWithObject: true });
    // Half-transparent blue on white.
    expect(data[0]).toBeGreaterThan(100);
    expect(data[2]).toBeGreaterThan(230);
  });

  it('reads WebP (resized to 1280 x 1280) and AVIF', async () => {
    const fromWebp = await processPhoto(await webp(2000, 2000));
    expect(fromWebp.sourceFormat).toBe('webp');
    expect([fromWebp.display.width, fromWebp.display.height]).toEqual([PHOTO_DISPLAY_MAX_SIZE, PHOTO_DISPLAY_MAX_SIZE]);
    await expectClean(fromWebp.display.data);

    const fromAvif = await processPhoto(await avif(300, 200));
    expect(fromAvif.sourceFormat).toBe('heif');
    expect([fromAvif.display.width, fromAvif.display.height]).toEqual([300, 200]);
    await expectClean(fromAvif.thumb.data);
  });

  it('refuses a truncated JPEG as not an image', async () => {
    const error = await failure(processPhoto(await truncatedJpeg()));
    expect([error.status, error.code]).toEqual([400, 'photo_not_an_image']);
  });

  it('refuses text, even named .jpg, and empty input, by the content and not the name', async () => {
    expect((await failure(processPhoto(Buffer.from('this is not a photo, just text\n'.repeat(20))))).code).toBe('photo_not_an_image');
    expect((await failure(processPhoto(Buffer.alloc(0)))).code).toBe('photo_not_an_image');
    // A JPEG signature followed by garbage.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('garbage'.repeat(100))]);
    expect((await failure(processPhoto(fake))).code).toBe('photo_not_an_image');
  });

  it('refuses GIF and SVG as unsupported formats', async () => {
    expect((await failure(processPhoto(await gif()))).code).toBe('photo_format_unsupported');
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>',
    );
    expect((await failure(processPhoto(svg))).code).toBe('photo_format_unsupported');
  });

  it('refuses a decompression bomb (400 megapixels in a tiny PNG) from its header, without decoding it', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 20_000, 20_000]);
    const error = await failure(processPhoto(bomb));
    expect([error.status, error.code, error.params]).toEqual([400, 'photo_too_many_pixels', { megapixels: 50 }]);

    // Not a matter of time: a header without pixels cannot be decoded (a small one shows it), yet the
    // big one is refused for its size, so the refusal never needed the pixels.
    await expect(sharp(pngHeaderOnly(100, 100)).raw().toBuffer()).rejects.toThrow();
    const headerOnly = await failure(processPhoto(pngHeaderOnly(20_000, 20_000)));
    expect([headerOnly.status, headerOnly.code]).toEqual([400, 'photo_too_many_pixels']);
  });

  it('sniffs JPEG, PNG, WebP and HEIF signatures', async () => {
    expect(sniffFormat(await jpegWithExifAndGps(40, 30))).toBe('jpeg');
    expect(sniffFormat(await pngWithAlpha(10, 10))).toBe('png');
    expect(sniffFormat(await webp(10, 10))).toBe('webp');
    expect(sniffFormat(await avif(10, 10))).toBe('heif');
    expect(sniffFormat(await gif())).toBeNull();
    // Documents what this build of sharp can do: prebuilt libvips decodes AVIF but not HEVC-coded HEIC.
    expect(typeof heicSupported()).toBe('boolean');
  });
});

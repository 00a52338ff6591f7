/**
 * Turns an uploaded file into the two files we store: a display size (longest side at most
 * 1280 px) and a 320 x 320 thumbnail, both progressive JPEG (mozjpeg, quality 82) in sRGB.
 * processImage does the same at other sizes (chat images, features/chats/image-messages.ts).
 *
 * The real format is read from the file itself (the client's content type is ignored); only
 * JPEG, PNG, WebP and HEIF (HEIC where this build of libvips decodes it, AVIF) are accepted.
 * The pixel count is checked from the header before anything is decoded, so a decompression
 * bomb (a tiny file claiming 20000 x 20000 pixels) costs nothing. Decoding honours the EXIF
 * orientation; the output carries no metadata at all (no EXIF, GPS, XMP, IPTC or ICC profile:
 * colours are converted to sRGB instead). Transparent areas become white.
 */
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { PHOTO_DISPLAY_MAX_SIZE, PHOTO_MAX_PIXELS, PHOTO_THUMB_SIZE } from '@cupido/shared/rules/photos';
import { AppError } from '../../errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** Decoding one photo never takes longer than this (a hostile file must not hold a thread). */
const DECODE_TIMEOUT_SECONDS = 20;
/**
 * Photos decoded at once in this process. A 50-megapixel photo needs about 200 MB while it is
 * decoded; more uploads wait their turn rather than exhaust memory.
 */
const MAX_CONCURRENT_DECODES = 2;

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/jpeg';
  extension: '.jpg';
  width: number;
  height: number;
}

export interface ProcessedPhoto {
  /** What the file really was, e.g. 'jpeg', 'png', 'webp', 'heif'. */
  sourceFormat: string;
  display: ProcessedImage;
  thumb: ProcessedImage;
}

const photoError = (status: number, code: string, params: Record<string, number> = {}) =>
  new AppError(status, code, `errors.${code}`, params, 'photo');

export const notAnImage = () => photoError(400, 'photo_not_an_image');
export const formatUnsupported = () => photoError(400, 'photo_format_unsupported');
export const tooManyPixels = () => photoError(400, 'photo_too_many_pixels', { megapixels: Math.floor(PHOTO_MAX_PIXELS / 1_000_000) });

let running = 0;
const waiting: Array<() => void> = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * The container format from the file's first bytes, before any decoder sees it: files that are
 * not JPEG, PNG, WebP or HEIF never reach libvips' other loaders (SVG, PDF, TIFF...).
 */
export function sniffFormat(input: Buffer): 'jpeg' | 'png' | 'webp' | 'heif' | null {
  if (input.length < 12) return null;
  if (input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (input.toString('latin1', 0, 4) === 'RIFF' && input.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // ISO base media file: a 'ftyp' box whose brand is one of HEIF's (heic, heix, mif1, avif...).
  if (input.toString('latin1', 4, 8) === 'ftyp' && /^(?:hei[cxms]|hev[cxms]|mif1|msf1|avif|avis)$/.test(input.toString('latin1', 8, 12))) {
    return 'heif';
  }
  return null;
}

/** GIF, TIFF, BMP, ICO, SVG: images, but not ones we take (answered as an unsupported format). */
function isOtherImage(input: Buffer): boolean {
  const magic = input.toString('latin1', 0, 4);
  if (['GIF8', 'II*\0', 'MM\0*'].includes(magic) || magic.startsWith('BM')) return true;
  if (input.length >= 4 && input.readUInt32BE(0) === 0x00000100) return true; // ICO
  const text = input.toString('latin1', 0, 256).trimStart();
  return /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text);
}

async function readHeader(input: Buffer): Promise<Metadata> {
  if (!sniffFormat(input)) throw isOtherImage(input) ? formatUnsupported() : notAnImage();
  try {
    // Header only: no pixels are decoded here, so no pixel limit is needed yet.
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
}

function toJpeg(pipeline: Sharp) {
  return pipeline
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 82, progressive: true, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
    .toBuffer({ resolveWithObject: true });
}

function image({ data, info }: { data: Buffer; info: OutputInfo }): ProcessedImage {
  return { data, contentType: 'image/jpeg', extension: '.jpg', width: info.width, height: info.height };
}

/**
 * The two sizes an upload is stored at: the display size fits inside `displayMax` x `displayMax`
 * (never enlarged); the thumbnail is made from it, either a `thumbSize` square ('cover', the
 * profile photos' grid) or fitting inside `thumbSize` x `thumbSize` with its own proportions
 * ('inside', chat images).
 */
export interface ImageSizes {
  displayMax: number;
  thumbSize: number;
  thumbFit: 'cover' | 'inside';
}

/** Profile photos: 1280 px display size and a 320 px square thumbnail. */
export const PHOTO_SIZES: ImageSizes = { displayMax: PHOTO_DISPLAY_MAX_SIZE, thumbSize: PHOTO_THUMB_SIZE, thumbFit: 'cover' };

/** Decodes, checks and re-encodes an upload; throws AppError 400 with a photo_* code when it cannot. */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  return processImage(input, PHOTO_SIZES);
}

/**
 * processPhoto at other sizes (chat images): the same checks, decoding, metadata stripping and
 * errors (photo_* codes, field 'photo'; callers that name another field translate them).
 */
export async function processImage(input: Buffer, sizes: ImageSizes): Promise<ProcessedPhoto> {
  const header = await readHeader(input);
  if (!header.format || !ACCEPTED_FORMATS.has(header.format)) throw formatUnsupported();
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  if (width < 1 || height < 1) throw notAnImage();
  if (width * height > PHOTO_MAX_PIXELS) throw tooManyPixels();

  return withDecodeSlot(async () => {
    let display: ProcessedImage;
    try {
      display = image(
        await toJpeg(
          sharp(input, {
            // Second guard; the header check above already refused larger images.
            limitInputPixels: PHOTO_MAX_PIXELS,
            // Damaged and truncated files are refused rather than stored half grey.
            failOn: 'truncated',
            autoOrient: true,
          }).resize({ width: sizes.displayMax, height: sizes.displayMax, fit: 'inside', withoutEnlargement: true }),
        ),
      );
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
      // HEIC needs an HEVC decoder that prebuilt libvips leaves out: an image we cannot read.
      if (header.format === 'heif') throw formatUnsupported();
      throw notAnImage();
    }
    const thumbResize =
      sizes.thumbFit === 'cover'
        ? ({ width: sizes.thumbSize, height: sizes.thumbSize, fit: 'cover', position: 'attention' } as const)
        : ({ width: sizes.thumbSize, height: sizes.thumbSize, fit: 'inside', withoutEnlargement: true } as const);
    const thumb = image(await toJpeg(sharp(display.data).resize(thumbResize)));
    return { sourceFormat: header.format!, display, thumb };
  });
}

/** Whether HEIC (HEVC-coded HEIF) photos can be decoded by this build, for documentation and tests. */
export function heicSupported(): boolean {
  const heif = sharp.format.heif;
  const suffixes = (heif?.input as { fileSuffix?: string[] } | undefined)?.fileSuffix ?? [];
  return Boolean(heif?.input.buffer) && suffixes.includes('.heic');
}

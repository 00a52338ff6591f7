/**
 * Real images for the photo tests, made by sharp in the test run (no fixtures in the repo), a
 * hand-assembled PNG bomb, and a multipart/form-data body builder for app.inject.
 */
import { crc32, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export const EXIF_MAKE = 'CupidoTestCam';
export const EXIF_ARTIST = 'Jane Secret-Name';

/** A landscape JPEG (width x height as stored) with EXIF orientation 6 (shown rotated 90°), camera data and GPS. */
export async function jpegWithExifAndGps(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c83264', noise: { type: 'gaussian', mean: 120, sigma: 20 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: EXIF_MAKE, Model: 'X1', Artist: EXIF_ARTIST, Orientation: '6' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 4200/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG with transparency and a Display P3 ICC profile. */
export function pngWithAlpha(width = 600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .withIccProfile('p3')
    .toBuffer();
}

export function webp(width = 2000, height = 2000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#20a060' } })
    .webp({ quality: 80 })
    .withExif({ IFD0: { Make: EXIF_MAKE } })
    .toBuffer();
}

export function avif(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#e0a020' } })
    .avif()
    .toBuffer();
}

export function gif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
    .gif()
    .toBuffer();
}

/** A small plain JPEG, quick to upload many times. */
export function smallJpeg(colour = '#808080'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** The first 60% of a noisy JPEG: a valid header, then the data stops. */
export async function truncatedJpeg(): Promise<Buffer> {
  const full = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .jpeg()
    .toBuffer();
  return full.subarray(0, Math.floor(full.length * 0.6));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of width x height black pixels (1-bit greyscale): 20000 x 20000 = 400 megapixels
 * in about 50 KB. Assembled by hand because having sharp encode 400 megapixels takes ~15 s.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + pixels
  const raw = Buffer.alloc(rowBytes * height); // all zero: filter none, black
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG with a sound header and pixel data that is not zlib at all: its size can be read, but it
 * cannot be decoded. Refusing it for its size proves the refusal came from the header alone.
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from('not zlib data, so no pixels')),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data request body, as a browser's FormData would send it. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----CupidoFormBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The body of an upload of one file in the `photo` field. */
export function photoUpload(data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') {
  return multipart([{ name: 'photo', filename, contentType, data }]);
}

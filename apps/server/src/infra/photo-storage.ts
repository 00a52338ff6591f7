/**
 * Where photo files live: a port with a local-disk adapter (`<data dir>/photos`, served under
 * /photos/ by plugins/photos.ts) and an S3-compatible adapter (AWS S3, Cloudflare R2, MinIO,
 * Backblaze B2...) for several server processes. Keys are relative paths such as
 * `m/Q3/Q3xk...-d.jpg`: random, so a photo's address cannot be guessed from another one, and
 * made of [A-Za-z0-9_-] segments only, so no key can leave the photos root.
 * Files never change once written (a new photo gets a new key): they are cached as immutable.
 * `get` reads a file back, for what the app serves itself (chat images, features/chats).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { z } from 'zod';

export interface PhotoStorage {
  /** Stores a file under a key; readers never see a half-written file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes a file; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** A stored file's bytes, or null when there is none (chat images are served by the app, not publicly). */
  get(key: string): Promise<Buffer | null>;
  /** The public address of a key under a site's cdn_prefix ('/photos/' or 'https://cdn.example/photos/'). */
  url(key: string, cdnPrefix: string): string;
}

export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SAFE_KEY = /^(?:[A-Za-z0-9_-]+\/){0,4}[A-Za-z0-9_-]+(?:\.[a-z0-9]{1,5})?$/;

/** True for keys this module may read, write or delete: no '..', no absolute paths, no odd characters. */
export function isSafePhotoKey(key: string): boolean {
  return key.length <= 200 && SAFE_KEY.test(key);
}

function assertSafeKey(key: string): void {
  if (!isSafePhotoKey(key)) throw new Error(`Unsafe photo key: ${JSON.stringify(key)}`);
}

/**
 * A new random key: 16 random bytes (base64url) under `m/<first two characters>/` so no
 * directory grows past a few thousand entries per million photos; `suffix` such as '-d.jpg'.
 */
export function newPhotoKey(suffix: string): string {
  const id = randomBytes(16).toString('base64url');
  const key = `m/${id.slice(0, 2)}/${id}${suffix}`;
  assertSafeKey(key);
  return key;
}

export function photoUrl(key: string, cdnPrefix: string): string {
  return `${cdnPrefix.replace(/\/+$/, '')}/${key}`;
}

/** Local disk: `<root>/<key>`, written to a temporary file first and renamed into place. */
export function createDiskPhotoStorage(root: string): PhotoStorage {
  const absoluteRoot = path.resolve(root);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(absoluteRoot, key);
    if (!file.startsWith(absoluteRoot + path.sep)) throw new Error(`Photo key outside the root: ${key}`);
    return file;
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temporary, data, { flag: 'wx' });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    url: photoUrl,
  };
}

/** Settings of the S3-compatible adapter (environment variables PHOTO_S3_*). */
export interface S3PhotoStorageOptions {
  /** e.g. https://s3.eu-central-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  /** e.g. eu-central-1, or 'auto' for R2; guessed from an AWS endpoint when left out. */
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder inside the bucket, e.g. 'photos/' (default: the bucket's root). */
  keyPrefix?: string;
  /** Only for tests: a fetch to send the signed requests with. */
  fetch?: typeof fetch;
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const ZS3Env = z.object({
  PHOTO_S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  PHOTO_S3_BUCKET: optionalString,
  PHOTO_S3_REGION: optionalString,
  PHOTO_S3_ACCESS_KEY_ID: optionalString,
  PHOTO_S3_SECRET_ACCESS_KEY: optionalString,
  PHOTO_S3_KEY_PREFIX: optionalString,
});

/**
 * The S3 settings from the environment, or undefined when PHOTO_S3_BUCKET is unset (photos go
 * to the local disk then). For config.ts: a bucket without endpoint or keys is a start-up error.
 */
export function s3PhotoStorageOptionsFromEnv(env: NodeJS.ProcessEnv): S3PhotoStorageOptions | undefined {
  const e = ZS3Env.parse(env);
  if (!e.PHOTO_S3_BUCKET) return undefined;
  const missing = (['PHOTO_S3_ENDPOINT', 'PHOTO_S3_ACCESS_KEY_ID', 'PHOTO_S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name]);
  if (missing.length > 0) throw new Error(`PHOTO_S3_BUCKET is set, so ${missing.join(', ')} must be set too`);
  return {
    endpoint: e.PHOTO_S3_ENDPOINT!,
    bucket: e.PHOTO_S3_BUCKET,
    region: e.PHOTO_S3_REGION,
    accessKeyId: e.PHOTO_S3_ACCESS_KEY_ID!,
    secretAccessKey: e.PHOTO_S3_SECRET_ACCESS_KEY!,
    keyPrefix: e.PHOTO_S3_KEY_PREFIX,
  };
}

/**
 * S3-compatible object storage, path-style addressing (`<endpoint>/<bucket>/<key>`), requests
 * signed with AWS Signature V4. The sites' cdn_prefix must point at the bucket (or a CDN in front
 * of it), e.g. https://cdn.example.com/photos/ with keyPrefix 'photos/'.
 */
export function createS3PhotoStorage(options: S3PhotoStorageOptions): PhotoStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const send = options.fetch ?? fetch;
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}/`;
  const prefix = options.keyPrefix ?? '';
  const objectUrl = (key: string) => {
    assertSafeKey(key);
    return base + prefix + key;
  };
  const call = async (method: 'PUT' | 'DELETE' | 'GET', key: string, init: { body?: Buffer; headers?: Record<string, string> } = {}) => {
    const request = await client.sign(objectUrl(key), {
      method,
      body: init.body ? new Uint8Array(init.body) : undefined,
      headers: init.headers,
    });
    const response = await send(request);
    if (response.ok) return response;
    if (method !== 'PUT' && response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${method} ${key} failed: ${response.status} ${detail}`);
  };
  return {
    put: async (key, data, contentType) => {
      await call('PUT', key, {
        body: data,
        headers: {
          'content-type': contentType,
          'cache-control': PHOTO_CACHE_CONTROL,
          // A signed payload hash (not UNSIGNED-PAYLOAD): the store refuses a body changed in transit.
          'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
        },
      });
    },
    delete: async (key) => {
      await call('DELETE', key);
    },
    async get(key) {
      const response = await call('GET', key);
      return response ? Buffer.from(await response.arrayBuffer()) : null;
    },
    url: photoUrl,
  };
}

/** The S3 adapter when configured, otherwise the local disk under `<data dir>/photos`. */
export function createPhotoStorage(options: { dataDir: string; s3?: S3PhotoStorageOptions }): PhotoStorage {
  return options.s3 ? createS3PhotoStorage(options.s3) : createDiskPhotoStorage(photosRoot(options.dataDir));
}

/** Where the disk adapter keeps photos: filenames in the photos table are relative to this directory. */
export function photosRoot(dataDir: string): string {
  return path.join(dataDir, 'photos');
}

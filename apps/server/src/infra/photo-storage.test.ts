import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_CACHE_CONTROL,
  createDiskPhotoStorage,
  createPhotoStorage,
  createS3PhotoStorage,
  isSafePhotoKey,
  newPhotoKey,
  photoUrl,
  s3PhotoStorageOptionsFromEnv,
} from './photo-storage';

describe('photo keys', () => {
  it('are random (16 bytes), sharded and safe', () => {
    const keys = Array.from({ length: 200 }, () => newPhotoKey('.jpg'));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^m\/([A-Za-z0-9_-]{2})\/\1[A-Za-z0-9_-]{20}\.jpg$/);
      expect(isSafePhotoKey(key)).toBe(true);
    }
  });

  it('refuse traversal, absolute paths and odd characters', () => {
    for (const key of [
      '../x.jpg',
      'm/../../etc/passwd',
      '/etc/passwd',
      'm//x.jpg',
      'm/./x.jpg',
      'a\\b.jpg',
      'x.jpg/',
      '',
      'm/x y.jpg',
      'm/%2e%2e/x',
      'x..jpg',
      '.hidden',
    ]) {
      expect(isSafePhotoKey(key), key).toBe(false);
    }
    expect(isSafePhotoKey('demo/demo-7-thumb.svg')).toBe(true);
  });

  it('become URLs under any cdn_prefix', () => {
    expect(photoUrl('m/ab/abc.jpg', '/photos/')).toBe('/photos/m/ab/abc.jpg');
    expect(photoUrl('m/ab/abc.jpg', '/photos')).toBe('/photos/m/ab/abc.jpg');
    expect(photoUrl('m/ab/abc.jpg', 'https://cdn.example.com/p/')).toBe('https://cdn.example.com/p/m/ab/abc.jpg');
  });
});

describe('disk photo storage', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-photo-storage-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes, overwrites nothing half-way, and deletes (a missing file is fine)', async () => {
    const storage = createDiskPhotoStorage(root);
    const key = newPhotoKey('.jpg');
    await storage.put(key, Buffer.from('one'), 'image/jpeg');
    expect(fs.readFileSync(path.join(root, key), 'utf8')).toBe('one');
    expect((await storage.get(key))?.toString()).toBe('one');
    // No temporary files stay behind.
    expect(fs.readdirSync(path.dirname(path.join(root, key)))).toEqual([path.basename(key)]);
    await storage.delete(key);
    expect(fs.existsSync(path.join(root, key))).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(await storage.get(key)).toBeNull();
    expect(storage.url(key, '/photos/')).toBe(`/photos/${key}`);
  });

  it('never touches a path outside its root', async () => {
    const storage = createDiskPhotoStorage(path.join(root, 'photos'));
    fs.writeFileSync(path.join(root, 'secret.txt'), 'keep');
    await expect(storage.delete('../secret.txt')).rejects.toThrow(/Unsafe photo key/);
    await expect(storage.put('../evil.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Unsafe photo key/);
    await expect(storage.get('../secret.txt')).rejects.toThrow(/Unsafe photo key/);
    expect(fs.readFileSync(path.join(root, 'secret.txt'), 'utf8')).toBe('keep');
    expect(fs.existsSync(path.join(root, 'evil.jpg'))).toBe(false);
  });

  it('is what createPhotoStorage gives without S3 settings, under <data dir>/photos', async () => {
    const storage = createPhotoStorage({ dataDir: root });
    const key = newPhotoKey('.jpg');
    await storage.put(key, Buffer.from('x'), 'image/jpeg');
    expect(fs.existsSync(path.join(root, 'photos', key))).toBe(true);
  });
});

describe('S3-compatible photo storage', () => {
  interface Seen {
    method: string;
    url: string;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
  }
  const seen: Seen[] = [];
  let server: http.Server;
  let endpoint: string;
  let nextStatus = 200;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = nextStatus;
        res.end(nextStatus >= 400 ? '<Error><Code>AccessDenied</Code></Error>' : req.method === 'GET' ? 'stored bytes' : '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const storage = () =>
    createS3PhotoStorage({
      endpoint,
      bucket: 'cupido-photos',
      region: 'eu-central-1',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret',
      keyPrefix: 'photos/',
    });

  it('PUTs a signed object with its content type and immutable cache header, path-style', async () => {
    seen.length = 0;
    nextStatus = 200;
    const key = newPhotoKey('.jpg');
    const body = Buffer.from('jpeg bytes');
    await storage().put(key, body, 'image/jpeg');
    const [request] = seen;
    expect(request!.method).toBe('PUT');
    expect(request!.url).toBe(`/cupido-photos/photos/${key}`);
    expect(request!.body.equals(body)).toBe(true);
    expect(request!.headers['content-type']).toBe('image/jpeg');
    expect(request!.headers['cache-control']).toBe(PHOTO_CACHE_CONTROL);
    expect(request!.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
    expect(request!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
    );
    expect(request!.headers.authorization).toContain('SignedHeaders=cache-control;host;x-amz-content-sha256;x-amz-date,');
  });

  it('DELETEs objects, a missing one included, and reports refusals', async () => {
    seen.length = 0;
    nextStatus = 204;
    await storage().delete('m/ab/abc.jpg');
    nextStatus = 404;
    await storage().delete('m/ab/abc.jpg');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'DELETE /cupido-photos/photos/m/ab/abc.jpg',
      'DELETE /cupido-photos/photos/m/ab/abc.jpg',
    ]);
    nextStatus = 403;
    await expect(storage().put('m/ab/abc.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/S3 PUT m\/ab\/abc.jpg failed: 403/);
    await expect(storage().delete('../x')).rejects.toThrow(/Unsafe photo key/);
    expect(storage().url('m/ab/abc.jpg', 'https://cdn.example.com/photos/')).toBe('https://cdn.example.com/photos/m/ab/abc.jpg');
  });

  it('GETs a signed object, null when there is none, and reports refusals', async () => {
    seen.length = 0;
    nextStatus = 200;
    expect((await storage().get('c/ab/abc.jpg'))?.toString()).toBe('stored bytes');
    nextStatus = 404;
    expect(await storage().get('c/ab/abc.jpg')).toBeNull();
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /cupido-photos/photos/c/ab/abc.jpg',
      'GET /cupido-photos/photos/c/ab/abc.jpg',
    ]);
    expect(seen[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\//);
    nextStatus = 403;
    await expect(storage().get('c/ab/abc.jpg')).rejects.toThrow(/S3 GET c\/ab\/abc.jpg failed: 403/);
    await expect(storage().get('../x')).rejects.toThrow(/Unsafe photo key/);
  });

  it('is configured from PHOTO_S3_* variables, and only when a bucket is set', () => {
    expect(s3PhotoStorageOptionsFromEnv({})).toBeUndefined();
    expect(s3PhotoStorageOptionsFromEnv({ PHOTO_S3_BUCKET: '' })).toBeUndefined();
    expect(() => s3PhotoStorageOptionsFromEnv({ PHOTO_S3_BUCKET: 'b' })).toThrow(
      /PHOTO_S3_ENDPOINT, PHOTO_S3_ACCESS_KEY_ID, PHOTO_S3_SECRET_ACCESS_KEY/,
    );
    expect(
      s3PhotoStorageOptionsFromEnv({
        PHOTO_S3_BUCKET: 'b',
        PHOTO_S3_ENDPOINT: 'https://s3.example.com',
        PHOTO_S3_ACCESS_KEY_ID: 'id',
        PHOTO_S3_SECRET_ACCESS_KEY: 'key',
        PHOTO_S3_REGION: 'auto',
      }),
    ).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'b',
      region: 'auto',
      accessKeyId: 'id',
      secretAccessKey: 'key',
      keyPrefix: undefined,
    });
  });
});

/**
 * buildApp's slots (issue 33): a test hands the app its own mailer and photo store instead of
 * replacing modules with vi.mock, and the features use them: the signup's activation mail goes
 * through the given mailer, an uploaded photo into the given store, and nothing to the data
 * directory's .eml files or photo folders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from './infra/mailer';
import type { PhotoStorage } from './infra/photo-storage';
import { createTestApp, type TestApp } from './test/test-app';
import { nextIp, sessionCookieOf, signupBody } from './test/accounts-kit';
import { photoUpload, smallJpeg } from './features/photos/test-images';

const sent: OutgoingMail[] = [];
const recordingMailer: Mailer = {
  send: async (mail) => void sent.push(mail),
  close: async () => {},
};
const stored = new Map<string, Buffer>();
const memoryPhotos: PhotoStorage = {
  put: async (key, data) => void stored.set(key, data),
  delete: async (key) => void stored.delete(key),
  get: async (key) => stored.get(key) ?? null,
  url: (key, cdnPrefix) => `${cdnPrefix}${key}`,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { providers: { mail: recordingMailer, photoStorage: memoryPhotos } });
});
afterAll(() => t?.close());

describe('the app’s slots', () => {
  it('sends mail through the given mailer and stores photos in the given store', async () => {
    const body = signupBody();
    const signup = await t.app.inject({ method: 'POST', url: '/api/signup.php', payload: body, remoteAddress: nextIp() });
    expect(signup.statusCode, signup.body).toBe(201);
    await expect.poll(() => sent.map((mail) => mail.to)).toContain(body.email);
    expect(fs.existsSync(path.join(t.dataDir, 'mail'))).toBe(false);

    const { payload, headers } = photoUpload(await smallJpeg(), 'photo.jpg', 'image/jpeg');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      payload,
      headers: { ...headers, cookie: sessionCookieOf(signup) },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect([...stored.keys()].some((key) => key.startsWith('m/'))).toBe(true);
    expect(fs.existsSync(path.join(t.dataDir, 'photos', 'm'))).toBe(false);
  });
});

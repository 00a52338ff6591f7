/**
 * Fictional profiles in the back office (issue 13): created and edited with the member profile's
 * rules, always fictional and without an account, photos processed for real (metadata gone) and
 * approved at once, every change in the audit log, and no way to turn one into a member.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ZFictionalList,
  ZFictionalProfile,
  ZFictionalProfileCreate,
  ZFictionalProfileUpdate,
  type TFictionalProfile,
} from '@cupido/shared/contracts/fictional-profiles';
import { auditLog, photos, profiles, users } from '../../db/schema';
import { createAccountsTestApp, activeMember, type AccountsTestApp } from '../../test/accounts-kit';
import { siteIdOf } from '../profiles/test/profiles-test-kit';
import { EXIF_MAKE, jpegWithExifAndGps, photoUpload, smallJpeg } from '../photos/test-images';
import { staffGet, staffMember, staffSend, type TestStaff } from '../audit/test/audit-test-kit';

let t: AccountsTestApp;
let operator: TestStaff;
let moderator: TestStaff;
let siteId: number;
const NOW = new Date('2026-03-10T10:00:00Z');

const lola = (overrides: Record<string, unknown> = {}) => ({
  site_id: siteId,
  name: 'Lola',
  gender: 'female',
  sexuality: 'hetero',
  date_of_birth: '1995-04-02',
  country: 'GB',
  region: 'LND',
  city: 'London',
  hair_color: 'brown',
  about: 'Walks by the river, old films.',
  interests: ['travelling', 'music'],
  ...overrides,
});

async function create(body: Record<string, unknown>): Promise<TFictionalProfile> {
  const response = await staffSend(t, operator, 'POST', '/admin/api/fictional-profiles', body);
  expect(response.statusCode, response.body).toBe(201);
  return ZFictionalProfile.parse(response.json());
}

const auditOf = (profileId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.itemId, String(profileId)))
    .orderBy(auditLog.id);

async function upload(profileId: number, data: Buffer, staff = operator) {
  const { payload, headers } = photoUpload(data);
  return t.app.inject({
    method: 'POST',
    url: `/admin/api/fictional-profiles/${profileId}/photos`,
    payload,
    headers: { ...headers, cookie: staff.cookie },
  });
}

beforeAll(async () => {
  t = await createAccountsTestApp(NOW);
  operator = await staffMember(t, 'operator', NOW);
  moderator = await staffMember(t, 'moderator', NOW);
  siteId = await siteIdOf(t.database.db);
});
afterAll(() => t.close());

describe('fictional profiles', () => {
  it('creates a fictional profile without an account, checked by the profile rules, and audits it', async () => {
    const created = await create(lola());
    expect(created).toMatchObject({
      is_fictional: true,
      name: 'Lola',
      age: 30,
      country: 'GB',
      region: 'LND',
      interests: ['music', 'travelling'],
      photos: [],
    });
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, created.id));
    expect(row).toMatchObject({ isFictional: true, siteId, status: 'active', hairColor: 'brown' });
    expect(await t.database.db.select().from(users).where(eq(users.profileId, created.id))).toEqual([]);
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({ staffId: operator.id, action: 'fictional_profile.create', itemType: 'profile', siteId });
    expect(entry!.after).toMatchObject({ name: 'Lola', interests: ['music', 'travelling'] });
  });

  it('refuses what the member profile refuses, and writes nothing', async () => {
    const before = (await t.database.db.select({ id: profiles.id }).from(profiles)).length;
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [lola({ date_of_birth: '2010-01-01' }), 400, 'date_of_birth_required', 'date_of_birth'],
      [lola({ country: 'JP' }), 400, 'country_not_served', 'country'],
      [lola({ region: 'XXX' }), 400, 'unknown_region', 'region'],
      [lola({ interests: ['knitting-underwater'] }), 400, 'unknown_interest', 'interests'],
      [lola({ hair_color: 'plaid' }), 400, 'invalid_choice', 'hair_color'],
      [lola({ name: '' }), 400, 'name_required', 'name'],
      [lola({ site_id: 999_999 }), 404, 'site_not_found', 'site_id'],
    ];
    for (const [body, status, code, field] of cases) {
      const response = await staffSend(t, operator, 'POST', '/admin/api/fictional-profiles', body);
      expect([response.statusCode, response.json().error.code, response.json().error.field], JSON.stringify(body)).toEqual([
        status,
        code,
        field,
      ]);
    }
    expect((await t.database.db.select({ id: profiles.id }).from(profiles)).length).toBe(before);
  });

  it('cannot be made a member nor made from one: the contract has no such field and the server refuses it', async () => {
    for (const schema of [ZFictionalProfileCreate, ZFictionalProfileUpdate]) {
      const keys = Object.keys(schema.shape);
      for (const forbidden of ['is_fictional', 'user_id', 'email', 'password', 'account']) expect(keys).not.toContain(forbidden);
    }
    const refused = await staffSend(t, operator, 'POST', '/admin/api/fictional-profiles', lola({ is_fictional: false }));
    expect(refused.statusCode).toBe(400);
    const created = await create(lola({ name: 'Mia' }));
    for (const body of [{ is_fictional: false }, { email: 'mia@example.com' }, { user_id: 1 }]) {
      const response = await staffSend(t, operator, 'PUT', `/admin/api/fictional-profiles/${created.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, created.id));
    expect(row!.isFictional).toBe(true);
    // A member's profile is not a fictional profile: not found, not editable.
    const member = await activeMember(t);
    const memberProfileId = member.user.profile.id as number;
    expect((await staffGet(t, operator, `/admin/api/fictional-profiles/${memberProfileId}`)).statusCode).toBe(404);
    expect((await staffSend(t, operator, 'PUT', `/admin/api/fictional-profiles/${memberProfileId}`, { name: 'Taken' })).statusCode).toBe(
      404,
    );
    expect((await upload(memberProfileId, await smallJpeg())).statusCode).toBe(404);
    const [memberRow] = await t.database.db.select().from(profiles).where(eq(profiles.id, memberProfileId));
    expect(memberRow).toMatchObject({ isFictional: false, name: 'Sanne' });
  });

  it('edits only the fields named, with the audit of before and after', async () => {
    const created = await create(lola({ name: 'Nora' }));
    const response = await staffSend(t, operator, 'PUT', `/admin/api/fictional-profiles/${created.id}`, {
      city: 'Camden',
      interests: ['cooking'],
      about: 'New text',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ZFictionalProfile.parse(response.json())).toMatchObject({
      name: 'Nora',
      city: 'Camden',
      interests: ['cooking'],
      about: 'New text',
      region: 'LND',
    });
    const bad = await staffSend(t, operator, 'PUT', `/admin/api/fictional-profiles/${created.id}`, {
      city: 'Leeds',
      date_of_birth: '2015-01-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(ZFictionalProfile.parse((await staffGet(t, operator, `/admin/api/fictional-profiles/${created.id}`)).json()).city).toBe(
      'Camden',
    );
    const entries = await auditOf(created.id);
    expect(entries.map((e) => e.action)).toEqual(['fictional_profile.create', 'fictional_profile.update']);
    expect(entries[1]!.before).toMatchObject({ city: 'London', interests: ['music', 'travelling'] });
    expect(entries[1]!.after).toMatchObject({ city: 'Camden', interests: ['cooking'] });
  });

  it("uploads photos processed like a member's, metadata stripped, approved and reviewed at once; main photo and deletion", async () => {
    const created = await create(lola({ name: 'Olga' }));
    const first = await upload(created.id, await jpegWithExifAndGps());
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(created.id, await smallJpeg('#aa3366'));
    const view = ZFictionalProfile.parse(second.json());
    expect(view.photos).toHaveLength(2);
    expect(view.photos.map((p) => [p.status, p.is_main])).toEqual([
      ['approved', true],
      ['approved', false],
    ]);
    const rows = await t.database.db.select().from(photos).where(eq(photos.profileId, created.id)).orderBy(photos.id);
    for (const row of rows) expect(row).toMatchObject({ status: 'approved', reviewedByStaffId: operator.id, reviewedAt: NOW });
    const stored = fs.readFileSync(path.join(t.dataDir, 'photos', rows[0]!.filename));
    const meta = await sharp(stored).metadata();
    // Turned upright by its EXIF orientation (1600 x 1000 on its side), then resized: 800 x 1280.
    expect([meta.format, meta.exif, meta.xmp, meta.width, meta.height]).toEqual(['jpeg', undefined, undefined, 800, 1280]);
    expect(stored.includes(EXIF_MAKE)).toBe(false);
    // The profile now has a shown photo (the has_photo trigger: approved main photo).
    expect(
      (await t.database.db.select({ hasPhoto: profiles.hasPhoto }).from(profiles).where(eq(profiles.id, created.id)))[0]!.hasPhoto,
    ).toBe(true);

    const main = await staffSend(t, operator, 'POST', `/admin/api/fictional-profiles/${created.id}/photos/${rows[1]!.id}/main`);
    expect(ZFictionalProfile.parse(main.json()).photos.map((p) => p.is_main)).toEqual([false, true]);
    const removed = await staffSend(t, operator, 'DELETE', `/admin/api/fictional-profiles/${created.id}/photos/${rows[1]!.id}`);
    expect(ZFictionalProfile.parse(removed.json()).photos.map((p) => [p.id, p.is_main])).toEqual([[rows[0]!.id, true]]);
    expect(fs.existsSync(path.join(t.dataDir, 'photos', rows[1]!.filename))).toBe(false);

    const notAnImage = await upload(created.id, Buffer.from('not an image at all'));
    expect(notAnImage.statusCode).toBe(400);
    expect((await staffSend(t, operator, 'DELETE', `/admin/api/fictional-profiles/${created.id}/photos/999999`)).statusCode).toBe(404);

    expect((await auditOf(created.id)).map((e) => e.action)).toEqual([
      'fictional_profile.create',
      'fictional_profile.photo_add',
      'fictional_profile.photo_add',
      'fictional_profile.photo_main',
      'fictional_profile.photo_delete',
    ]);
  });

  it("lists a site's fictional profiles by name, paged, with the main thumbnail", async () => {
    await create(lola({ name: 'Zelda Quist' }));
    const response = await staffGet(t, operator, `/admin/api/fictional-profiles?site_id=${siteId}&q=quist`);
    const list = ZFictionalList.parse(response.json());
    expect(list.total).toBe(1);
    expect(list.profiles[0]).toMatchObject({ name: 'Zelda Quist', photo_count: 0, main_thumb_url: null });
    const all = ZFictionalList.parse((await staffGet(t, operator, `/admin/api/fictional-profiles?site_id=${siteId}`)).json());
    // The demo seed's fictional profiles are there too; members are not.
    expect(all.total).toBeGreaterThan(4);
    expect(all.profiles.length).toBeLessThanOrEqual(all.page_size);
    expect(all.profiles.map((p) => p.name)).not.toContain('Sanne');
    const olga = ZFictionalList.parse((await staffGet(t, operator, `/admin/api/fictional-profiles?site_id=${siteId}&q=olga`)).json());
    expect(olga.profiles[0]).toMatchObject({ photo_count: 1, main_thumb_url: expect.stringMatching(/\.jpg$/) });
    // A percent sign is a character, not a pattern.
    expect(ZFictionalList.parse((await staffGet(t, operator, `/admin/api/fictional-profiles?site_id=${siteId}&q=%25`)).json()).total).toBe(
      0,
    );
  });

  it('lists the sites with their countries for the form', async () => {
    const response = await staffGet(t, operator, '/admin/api/fictional-profiles/sites');
    expect(response.statusCode).toBe(200);
    expect(response.json().sites).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: siteId, countries: expect.arrayContaining(['GB']) })]),
    );
  });

  it('is for roles with fictional.manage only', async () => {
    expect((await staffGet(t, moderator, '/admin/api/fictional-profiles/sites')).statusCode).toBe(403);
    const created = await create(lola({ name: 'Pia' }));
    expect((await staffGet(t, moderator, `/admin/api/fictional-profiles?site_id=${siteId}`)).statusCode).toBe(403);
    expect((await staffSend(t, moderator, 'POST', '/admin/api/fictional-profiles', lola())).statusCode).toBe(403);
    expect((await staffSend(t, moderator, 'PUT', `/admin/api/fictional-profiles/${created.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await upload(created.id, await smallJpeg(), moderator)).statusCode).toBe(403);
    expect((await staffSend(t, null, 'POST', '/admin/api/fictional-profiles', lola())).statusCode).toBe(401);
  });
});

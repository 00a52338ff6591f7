import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZMemberAnswer, type TMemberAnswer } from '@cupido/shared/contracts/profiles';
import { profiles, users } from '../../db/schema';
import { createAccountsTestApp, errorOf, nextIp, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { activeMemberOn, addPhoto, get, insertProfile, newSite, send } from './test/profiles-test-kit';
import { PLACES, at, shownKm } from './test/distance-test-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function memberPage(domain: string, id: number, cookie?: string, extra = ''): Promise<TMemberAnswer> {
  const response = await get(t, `/api/member.php?domain=${domain}&id=${id}${extra}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZMemberAnswer.strict().parse(response.json());
}

async function makePremium(userId: number) {
  await db().update(users).set({ paidUser: true }).where(eq(users.id, userId));
  t.app.forgetMemberSessions(userId);
}

describe('GET /api/member.php', () => {
  it("answers the header, the site's highlights and notes, about, interests and the block state", async () => {
    const { domain, siteId } = await newSite(t, {
      visibleProfileFields: ['age', 'city', 'relationship_status', 'body_type', 'shoe_size', 'tattoos'],
      visibleProfileNotes: ['signup_reason'],
    });
    const viewer = await activeMemberOn(t, domain);
    const id = await insertProfile(db(), {
      siteId,
      name: 'Emma',
      birthDate: '1994-03-10',
      city: 'Leeds',
      region: 'LDS',
      relationshipStatus: 'single',
      bodyType: 'curvy',
      tattoos: null,
      signupReason: 'dating',
      about: 'Walks and wine.',
    });
    await send(t, 'PUT', `/api/profile.php?domain=${domain}`, { interests: ['wine', 'hiking'] }, viewer.cookie);
    const { profile } = await memberPage(domain, id, viewer.cookie);
    expect(profile).toMatchObject({
      id,
      name: 'Emma',
      age: 32,
      gender: 'female',
      country: 'GB',
      region: 'LDS',
      city: 'Leeds',
      about: 'Walks and wine.',
      interests: [],
      highlights: [
        { field: 'age', value: 32 },
        { field: 'city', value: 'Leeds' },
        { field: 'relationship_status', value: 'single' },
        { field: 'body_type', value: 'curvy' },
      ],
      notes: [{ field: 'signup_reason', value: 'dating' }],
      main_image: null,
      photos: [],
      photo_count: 0,
      is_fictional: false,
      fictional: null,
      is_blocked_by_me: false,
      is_own: false,
    });
    const own = await memberPage(domain, viewer.profileId, viewer.cookie);
    expect(own.profile).toMatchObject({ is_own: true, interests: ['wine', 'hiking'] });
  });

  it("always shows the fictional badge and warning of a fictional profile, in the viewer's language", async () => {
    const { domain, siteId } = await newSite(t);
    const id = await insertProfile(db(), { siteId, isFictional: true });
    const { profile } = await memberPage(domain, id, undefined, '&locale=nl');
    expect(profile.is_fictional).toBe(true);
    expect(profile.fictional).toEqual({
      icon: '🎭',
      singular: 'Fictief profiel',
      warning: expect.stringContaining('Sommige profielen op deze site zijn fictief'),
    });
  });

  it('unlocks the first 3 photos for free members and visitors, all for premium members and the owner', async () => {
    const { domain } = await newSite(t, { cdnPrefix: '/cdn/' });
    const free = await activeMemberOn(t, domain);
    const premium = await activeMemberOn(t, domain);
    await makePremium(premium.userId);
    const target = await activeMemberOn(t, domain);
    const first = await addPhoto(db(), target.profileId, { isMain: false, filename: 'a/1.jpg', thumbFilename: 'a/1-t.jpg' });
    const main = await addPhoto(db(), target.profileId, { isMain: true, filename: 'a/main.jpg', thumbFilename: 'a/main-t.jpg' });
    for (let i = 0; i < 3; i++) await addPhoto(db(), target.profileId, { isMain: false });
    await addPhoto(db(), target.profileId, { isMain: false, status: 'pending' });
    await addPhoto(db(), target.profileId, { isMain: false, status: 'rejected' });

    const forFree = (await memberPage(domain, target.profileId, free.cookie)).profile;
    expect(forFree.photo_count).toBe(5);
    expect(forFree.main_image).toBe('/cdn/a/main-t.jpg');
    expect(forFree.photos.slice(0, 2)).toEqual([
      { locked: false, id: main, url: '/cdn/a/main.jpg', thumb_url: '/cdn/a/main-t.jpg', is_main: true },
      { locked: false, id: first, url: '/cdn/a/1.jpg', thumb_url: '/cdn/a/1-t.jpg', is_main: false },
    ]);
    expect(forFree.photos.map((p) => p.locked)).toEqual([false, false, false, true, true]);
    expect(forFree.photos[3]).toEqual({ locked: true });

    const forVisitor = (await memberPage(domain, target.profileId)).profile;
    expect(forVisitor.photos.map((p) => p.locked)).toEqual([false, false, false, true, true]);
    const forPremium = (await memberPage(domain, target.profileId, premium.cookie)).profile;
    expect(forPremium.photos.map((p) => p.locked)).toEqual([false, false, false, false, false]);
    const forOwner = (await memberPage(domain, target.profileId, target.cookie)).profile;
    expect(forOwner.photos.every((p) => !p.locked)).toBe(true);
  });

  it('lists related profiles of the same country and gender, about the same age', async () => {
    const { domain, siteId } = await newSite(t);
    const viewer = await activeMemberOn(t, domain);
    // A man looking for women, whom these women (hetero: looking for men) look for (decision 036).
    await db()
      .update(profiles)
      .set({ gender: 'male', sexuality: 'hetero', lookingForGender: null })
      .where(eq(profiles.id, viewer.profileId));
    const p = (values: Partial<typeof profiles.$inferInsert>) => insertProfile(db(), { siteId, ...values });
    const target = await p({ birthDate: '1990-06-01' });
    const near = await p({ birthDate: '1993-06-01' });
    const withPhoto = await p({ birthDate: '1987-06-01' });
    await addPhoto(db(), withPhoto);
    await p({ birthDate: '1980-01-01' }); // too old
    await p({ gender: 'male', birthDate: '1990-06-01' });
    await p({ country: 'IE', region: 'D', birthDate: '1990-06-01' });
    await p({ birthDate: '1990-06-01', isInvisible: true });
    const { related } = await memberPage(domain, target, viewer.cookie);
    expect(related.map((r) => r.id)).toEqual([withPhoto, near]);
  });

  it("lists only related profiles the viewer's two-way rule allows (decision 036)", async () => {
    const { domain, siteId } = await newSite(t);
    const viewer = await activeMemberOn(t, domain);
    const setViewer = (values: Partial<typeof profiles.$inferInsert>) =>
      db().update(profiles).set(values).where(eq(profiles.id, viewer.profileId));
    await setViewer({ gender: 'male', sexuality: 'hetero', lookingForGender: null });
    const p = (values: Partial<typeof profiles.$inferInsert>) => insertProfile(db(), { siteId, birthDate: '1990-06-01', ...values });
    const target = await p({});
    const straight = await p({ sexuality: 'hetero' });
    const bi = await p({ sexuality: 'bi' });
    const lesbian = await p({ sexuality: 'lesbian' });
    const choseWomen = await p({ sexuality: 'hetero', lookingForGender: 'female' });
    const related = async (cookie?: string) => new Set((await memberPage(domain, target, cookie)).related.map((r) => r.id));

    expect(await related(viewer.cookie)).toEqual(new Set([straight, bi]));
    // A visitor has no side: every woman of the target's country and age.
    expect(await related()).toEqual(new Set([straight, bi, lesbian, choseWomen]));
    // A woman looking for women sees the women who look for women or both.
    await setViewer({ gender: 'female', sexuality: 'lesbian' });
    expect(await related(viewer.cookie)).toEqual(new Set([bi, lesbian, choseWomen]));
    // A man looking for men is shown no related women, however much they look for men.
    await setViewer({ gender: 'male', sexuality: 'gay' });
    expect(await related(viewer.cookie)).toEqual(new Set());
  });

  it('says how far away the profile is when both have a location: whole km, a fictional profile at least 30 km, never the own', async () => {
    const { domain, siteId } = await newSite(t);
    const viewer = await activeMemberOn(t, domain);
    await db()
      .update(profiles)
      .set({ gender: 'male', ...at(PLACES.london) })
      .where(eq(profiles.id, viewer.profileId));
    const reading = await insertProfile(db(), { siteId, ...at(PLACES.reading) });
    const nearFictional = await insertProfile(db(), { siteId, isFictional: true, ...at(PLACES.croydon) });
    const farFictional = await insertProfile(db(), { siteId, isFictional: true, ...at(PLACES.manchester) });
    const nowhere = await insertProfile(db(), { siteId });
    const page = async (id: number, cookie?: string) => (await memberPage(domain, id, cookie)).profile;

    expect((await page(reading, viewer.cookie)).distance_km).toBe(shownKm(PLACES.london, PLACES.reading));
    expect(shownKm(PLACES.london, PLACES.reading)).toBe(60);
    expect((await page(nearFictional, viewer.cookie)).distance_km).toBe(30);
    expect((await page(farFictional, viewer.cookie)).distance_km).toBe(shownKm(PLACES.london, PLACES.manchester));
    expect(await page(nowhere, viewer.cookie)).not.toHaveProperty('distance_km');
    expect(await page(reading)).not.toHaveProperty('distance_km');
    expect(await page(viewer.profileId, viewer.cookie)).not.toHaveProperty('distance_km');
    // The related cards carry the distance too, and nothing of a place but whole km.
    const { related } = await memberPage(domain, nowhere, viewer.cookie);
    expect(related.find((card) => card.id === reading)).toMatchObject({ distance_km: 60 });
    expect(JSON.stringify(related)).not.toMatch(/latitude|longitude|51\.4/);
  });

  it("answers 404 for unknown, other sites', hidden and unusable profiles", async () => {
    const { domain, siteId } = await newSite(t);
    const other = await newSite(t);
    const viewer = await activeMemberOn(t, domain);
    const otherSite = await insertProfile(db(), { siteId: other.siteId });
    const invisible = await insertProfile(db(), { siteId, isInvisible: true });
    const disabled = await insertProfile(db(), { siteId, status: 'disabled' });
    const unconfirmed = await signup(t, {}, domain);
    const leaving = await activeMemberOn(t, domain);
    await t.app.inject({
      method: 'POST',
      url: `/api/delete-account.php?domain=${domain}`,
      payload: { reason: 'other', confirm: true, current_password: leaving.body.password },
      headers: { cookie: leaving.cookie },
      remoteAddress: nextIp(),
    });

    for (const id of [
      '999999',
      'abc',
      '',
      '-1',
      String(otherSite),
      String(invisible),
      String(disabled),
      String(unconfirmed.user.profile.id),
      String(leaving.profileId),
    ]) {
      const response = await get(t, `/api/member.php?domain=${domain}&id=${id}`, viewer.cookie);
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'profile_not_found', message: 'This profile does not exist or is no longer available.' });
    }
    // The owner still sees their own invisible profile.
    const hiding = await activeMemberOn(t, domain);
    await send(t, 'PUT', `/api/profile.php?domain=${domain}`, { invisible: true }, hiding.cookie);
    expect((await memberPage(domain, hiding.profileId, hiding.cookie)).profile.is_own).toBe(true);
    expect((await get(t, `/api/member.php?domain=${domain}&id=${hiding.profileId}`, viewer.cookie)).statusCode).toBe(404);
  });

  it('needs a login where visitors may not search', async () => {
    const { domain, siteId } = await newSite(t, { loggedOutSearch: 'none', loggedOutSearchTrafficsource: 'none' });
    const id = await insertProfile(db(), { siteId });
    const response = await get(t, `/api/member.php?domain=${domain}&id=${id}`);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('authentication_required');
  });
});

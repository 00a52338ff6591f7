/**
 * The member's place and privacy on PUT /api/profile.php (issue 28, decision 036): a location is
 * stored as its ~1 km grid cell only, within the site's countries; a move without one goes to the
 * city's point or to nowhere; hide_activity is stored; and whom one looks for needs the
 * orientation consent, as the sexuality does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { distanceKm, snapToCell } from '@cupido/shared/rules/matching';
import { ZOwnProfileAnswer } from '@cupido/shared/contracts/profiles';
import { profiles } from '../../db/schema';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { send } from './test/profiles-test-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const put = (payload: unknown, cookie: string, query = '') => send(t, 'PUT', `/api/profile.php${query}`, payload, cookie);
/** A body as raw JSON, for numbers no JavaScript value writes (1e999 reads as Infinity). */
const putRaw = (json: string, cookie: string) =>
  t.app.inject({ method: 'PUT', url: '/api/profile.php', payload: json, headers: { cookie, 'content-type': 'application/json' } });

async function rowOf(profileId: number) {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, profileId));
  return row!;
}
const placeOf = async (profileId: number) => {
  const row = await rowOf(profileId);
  return row.latitude === null ? null : { latitude: row.latitude, longitude: row.longitude! };
};

/** Big Ben; the Brandenburg Gate (Germany: not served by the English site); the North Sea. */
const WESTMINSTER = { latitude: 51.500729, longitude: -0.124625 };
const BERLIN = { latitude: 52.516275, longitude: 13.377704 };
const NORTH_SEA = { latitude: 55, longitude: 3 };

describe('PUT /api/profile.php: location', () => {
  it('stores the centre of the ~1 km cell, never the exact point, and answers it', async () => {
    const { cookie, user } = await activeMember(t);
    const response = await put({ location: WESTMINSTER }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const cell = snapToCell(WESTMINSTER);
    expect(ZOwnProfileAnswer.parse(response.json()).profile.location).toEqual(cell);
    const stored = await placeOf(user.profile.id);
    expect(stored).toEqual(cell);
    expect(stored).not.toEqual(WESTMINSTER);
    expect(distanceKm(stored!, WESTMINSTER)).toBeLessThan(1);
    // Another point of the same cell stores the same values: nothing finer is kept.
    const nearby = { latitude: cell.latitude + 0.0005, longitude: cell.longitude - 0.0005 };
    expect((await put({ location: nearby }, cookie)).json().profile.location).toEqual(cell);
  });

  it('null clears it', async () => {
    const { cookie, user } = await activeMember(t);
    await put({ location: WESTMINSTER }, cookie);
    expect((await put({ location: null }, cookie)).json().profile.location).toBeNull();
    expect(await rowOf(user.profile.id)).toMatchObject({ latitude: null, longitude: null });
  });

  it.each([
    [{ latitude: 90.5, longitude: 0 }],
    [{ latitude: -91, longitude: 10 }],
    [{ latitude: 51.5, longitude: 180.01 }],
    [{ latitude: 51.5, longitude: -200 }],
  ])('refuses %j with invalid_location and writes nothing', async (location) => {
    const { cookie, user } = await activeMember(t);
    const response = await put({ city: 'Leeds', location }, cookie);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'invalid_location',
      field: 'location',
      message: 'This location is not valid. Try again, or enter your city instead.',
    });
    expect(await rowOf(user.profile.id)).toMatchObject({ city: '', latitude: null, longitude: null });
  });

  it('refuses what is not a finite point on the location field (the contract)', async () => {
    const { cookie } = await activeMember(t);
    for (const json of [
      '{"location":{"latitude":1e999,"longitude":0}}',
      '{"location":{"latitude":"51.5","longitude":0}}',
      '{"location":{"latitude":51.5}}',
    ]) {
      const response = await putRaw(json, cookie);
      expect(response.statusCode, json).toBe(400);
      expect(errorOf(response).field).toBe('location');
    }
  });

  it.each([
    ['in a country the site does not serve', BERLIN],
    ['at sea', NORTH_SEA],
  ])("refuses a point %s with location_not_served, in the member's language, and writes nothing", async (_where, location) => {
    const { cookie, user } = await activeMember(t);
    await put({ location: WESTMINSTER }, cookie);
    const response = await put({ city: 'Berlin', location }, cookie);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'location_not_served',
      field: 'location',
      message: 'This location is outside the countries we serve.',
    });
    expect(await rowOf(user.profile.id)).toMatchObject({ city: '', ...snapToCell(WESTMINSTER) });
    const german = await put({ location }, cookie, '?locale=de');
    expect(errorOf(german).message).toBe('Dieser Standort liegt außerhalb der Länder, in denen wir aktiv sind.');
  });

  it('a point of another served country is fine: the browser knows best', async () => {
    const { cookie } = await activeMember(t);
    const dublin = { latitude: 53.3498, longitude: -6.2603 };
    expect((await put({ country: 'GB', city: 'London', location: dublin }, cookie)).json().profile.location).toEqual(snapToCell(dublin));
  });

  it('a changed city without a location moves the member to that city, or to nowhere when it is unknown', async () => {
    const { cookie, user } = await activeMember(t);
    await put({ location: WESTMINSTER }, cookie);
    // Manchester, from the table of larger cities.
    expect((await put({ city: 'manchester' }, cookie)).json().profile.location).toEqual(
      snapToCell({ latitude: 53.481, longitude: -2.243 }),
    );
    // A smaller place of the country, by its name.
    const knaresborough = (await put({ city: 'Knaresborough' }, cookie)).json().profile.location;
    expect(distanceKm(knaresborough, { latitude: 54.01, longitude: -1.47 })).toBeLessThan(30);
    // A place nobody knows: no point is left from the city before.
    expect((await put({ city: 'Annabelville' }, cookie)).json().profile.location).toBeNull();
    expect(await rowOf(user.profile.id)).toMatchObject({ city: 'Annabelville', latitude: null, longitude: null });
  });

  it('a changed country moves the member to the city of that country, and an unchanged city keeps the point', async () => {
    const { cookie } = await activeMember(t);
    expect((await put({ country: 'IE', region: 'D', city: 'Dublin' }, cookie)).json().profile.location).toEqual(
      snapToCell({ latitude: 53.35, longitude: -6.26 }),
    );
    // Halifax, Nova Scotia, is another Halifax than the English one.
    expect((await put({ country: 'CA', city: 'Halifax' }, cookie)).json().profile.location).toEqual(
      snapToCell({ latitude: 44.649, longitude: -63.575 }),
    );
    // Sending the same city again, or other fields, leaves a point from the browser as it is.
    await put({ location: { latitude: 44.67, longitude: -63.6 } }, cookie);
    const kept = snapToCell({ latitude: 44.67, longitude: -63.6 });
    expect((await put({ city: 'Halifax', about: 'Hi' }, cookie)).json().profile.location).toEqual(kept);
    // A new country without a city of it there: nowhere.
    expect((await put({ country: 'NZ' }, cookie)).json().profile.location).toBeNull();
  });
});

describe('PUT /api/profile.php: hide_activity', () => {
  it('is stored and answered, and other saves leave it', async () => {
    const { cookie, user } = await activeMember(t);
    expect((await put({ hide_activity: true }, cookie)).json().profile.hide_activity).toBe(true);
    expect((await put({ city: 'York' }, cookie)).json().profile.hide_activity).toBe(true);
    expect((await rowOf(user.profile.id)).hideActivity).toBe(true);
    expect((await put({ hide_activity: false }, cookie)).json().profile.hide_activity).toBe(false);
    expect((await put({ hide_activity: 'yes' }, cookie)).statusCode).toBe(400);
  });
});

describe('PUT /api/profile.php: looking for needs the orientation consent (GDPR art. 9)', () => {
  it('refuses a looking-for without the consent, writes nothing, and always lets it be cleared', async () => {
    const { cookie, user } = await activeMember(t, { consent_orientation_data: false, looking_for: 'male' });
    expect((await rowOf(user.profile.id)).lookingForGender).toBeNull();
    const refused = await put({ city: 'Leeds', looking_for_gender: 'male' }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: 'consent_required',
      field: 'looking_for_gender',
      message: 'To save whom you are looking for, first give your consent to the use of your sexual orientation in your settings.',
    });
    expect(await rowOf(user.profile.id)).toMatchObject({ city: '', lookingForGender: null });
    expect(errorOf(await put({ looking_for_gender: 'both' }, cookie, '?locale=fr')).message).toContain('paramètres');
    expect((await put({ looking_for_gender: null, looking_for_min_age: 30 }, cookie)).statusCode).toBe(200);

    // With the consent given, it is stored.
    expect((await send(t, 'POST', '/api/consent.php', { kind: 'orientation_data', granted: true }, cookie)).statusCode).toBe(200);
    expect((await put({ looking_for_gender: 'male' }, cookie)).json().profile.looking_for_gender).toBe('male');
  });
});

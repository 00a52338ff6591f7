import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZOwnProfileAnswer } from '@cupido/shared/contracts/profiles';
import { profileInterests, profiles } from '../../db/schema';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { get, send } from './test/profiles-test-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const put = (payload: unknown, cookie: string, query = '') => send(t, 'PUT', `/api/profile.php${query}`, payload, cookie);

async function ownProfile(cookie: string) {
  const response = await get(t, '/api/profile.php', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZOwnProfileAnswer.strict().parse(response.json()).profile;
}

describe('GET /api/profile.php', () => {
  it('answers every attribute of the own profile, unset ones as null', async () => {
    const { cookie, user } = await activeMember(t, { name: 'Sanne', date_of_birth: '1990-05-17', gender: 'female', looking_for: 'male' });
    expect(await ownProfile(cookie)).toEqual({
      id: user.profile.id,
      name: 'Sanne',
      // Both from the signup (the kit's member gives the orientation consent).
      gender: 'female',
      sexuality: null,
      date_of_birth: '1990-05-17',
      age: 35,
      country: 'GB',
      region: '',
      city: '',
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      signup_reason: null,
      interests: [],
      about: '',
      invisible: false,
      looking_for_gender: 'male',
      looking_for_min_age: null,
      looking_for_max_age: null,
      status: 'active',
      location: null,
      hide_activity: false,
    });
  });

  it('needs a logged-in member', async () => {
    const response = await get(t, '/api/profile.php');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('authentication_required');
  });
});

describe('PUT /api/profile.php', () => {
  it('changes every attribute and answers the new profile', async () => {
    const { cookie } = await activeMember(t);
    const response = await put(
      {
        name: '  Sanne B ',
        gender: 'female',
        sexuality: 'bi',
        date_of_birth: '1988-02-29',
        country: 'IE',
        region: 'D',
        city: ' Dún  Laoghaire ',
        hair_color: 'red',
        eye_color: 'green',
        body_type: 'athletic',
        relationship_status: 'single',
        tattoos: 'some',
        signup_reason: 'dating',
        about: '  Hi there!  ',
        interests: ['travelling', 'music', 'music', 'cooking'],
        invisible: true,
      },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(ZOwnProfileAnswer.parse(response.json()).profile).toMatchObject({
      name: 'Sanne B',
      gender: 'female',
      sexuality: 'bi',
      date_of_birth: '1988-02-29',
      age: 38,
      country: 'IE',
      region: 'D',
      city: 'Dún Laoghaire',
      hair_color: 'red',
      eye_color: 'green',
      body_type: 'athletic',
      relationship_status: 'single',
      tattoos: 'some',
      signup_reason: 'dating',
      about: 'Hi there!',
      interests: ['music', 'travelling', 'cooking'],
      invisible: true,
    });
  });

  it('changes only the fields sent; null clears an optional attribute', async () => {
    const { cookie } = await activeMember(t);
    await put({ hair_color: 'black', city: 'Leeds', interests: ['wine'] }, cookie);
    const after = (await put({ hair_color: null }, cookie)).json().profile;
    expect(after).toMatchObject({ hair_color: null, city: 'Leeds', interests: ['wine'] });
  });

  it('shows the new name and country in GET /api/user.php at once', async () => {
    const { cookie } = await activeMember(t, { name: 'Before' });
    expect((await get(t, '/api/user.php', cookie)).json().user.profile.name).toBe('Before');
    await put({ name: 'After', country: 'CA' }, cookie);
    expect((await get(t, '/api/user.php', cookie)).json().user.profile).toMatchObject({ name: 'After', country: 'CA' });
  });

  it('clears the region when the country changes without one', async () => {
    const { cookie } = await activeMember(t);
    await put({ country: 'GB', region: 'MAN' }, cookie);
    expect((await put({ country: 'US' }, cookie)).json().profile).toMatchObject({ country: 'US', region: '' });
    expect((await put({ region: 'TX' }, cookie)).json().profile).toMatchObject({ country: 'US', region: 'TX' });
    expect((await put({ region: '' }, cookie)).json().profile.region).toBe('');
  });

  it.each([
    [{ name: 'x' }, 'name', 'name_required', 'Enter a name of at least 2 characters'],
    [{ name: '@sanne' }, 'name', 'name_starts_with_at', 'Your username may not start with @'],
    [{ gender: 'other' }, 'gender', 'invalid_choice', 'Choose one of the options'],
    [{ sexuality: 'pan' }, 'sexuality', 'invalid_choice', 'Choose one of the options'],
    [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'date_of_birth_required', 'Enter your date of birth (18+)'],
    [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'invalid_date_of_birth', 'Invalid date of birth'],
    [{ country: 'NL' }, 'country', 'country_not_served', 'Choose one of the countries we serve'],
    [{ country: 'GB', region: 'TX' }, 'region', 'unknown_region', 'Choose a region of the selected country'],
    [{ region: 'nowhere' }, 'region', 'unknown_region', 'Choose a region of the selected country'],
    [{ city: 'x'.repeat(101) }, 'city', 'city_too_long', 'The name of your city can be at most 100 characters long'],
    [{ hair_color: 'purple' }, 'hair_color', 'invalid_choice', 'Choose one of the options'],
    [{ signup_reason: 'money' }, 'signup_reason', 'invalid_choice', 'Choose one of the options'],
    [{ about: 'x'.repeat(2001) }, 'about', 'about_too_long', 'Your text about yourself can be at most 2000 characters long'],
    [{ interests: ['music', 'stamps'] }, 'interests', 'unknown_interest', 'Choose your interests from the list'],
  ])('refuses %j with a message for the field', async (payload, field, code, message) => {
    const { cookie } = await activeMember(t);
    const response = await put(payload, cookie);
    expect(response.statusCode).toBe(400);
    expect(ZApiError.parse(response.json()).error).toEqual({ code, message, field });
  });

  it('allows at most 20 interests', async () => {
    const { cookie } = await activeMember(t);
    const ids = [
      'relationship',
      'sex',
      'music',
      'travelling',
      'cooking',
      'dining_out',
      'wine',
      'coffee',
      'movies',
      'series',
      'theatre',
      'concerts',
      'festivals',
      'dancing',
      'reading',
      'writing',
      'art',
      'photography',
      'fashion',
      'shopping',
    ];
    expect((await put({ interests: ids }, cookie)).statusCode).toBe(200);
    const response = await put({ interests: [...ids, 'fitness'] }, cookie);
    expect(errorOf(response)).toEqual({ code: 'too_many_interests', message: 'Choose at most 20 interests', field: 'interests' });
  });

  it("translates messages into the member's language", async () => {
    const { cookie } = await activeMember(t);
    const response = await put({ about: 'x'.repeat(2001) }, cookie, '?locale=de');
    expect(errorOf(response).message).toBe('Dein Text über dich darf höchstens 2000 Zeichen lang sein');
    const nl = await put({ city: 'x'.repeat(101) }, cookie, '?locale=nl');
    expect(errorOf(nl).message).toBe('De naam van je woonplaats mag maximaal 100 tekens lang zijn');
  });

  it('writes nothing when one field is wrong: profile and interests stay as they were', async () => {
    const { cookie, user } = await activeMember(t);
    await put({ name: 'Kept', interests: ['wine', 'dogs'] }, cookie);
    const response = await put({ name: 'Changed', city: 'York', interests: ['music'], about: 'x'.repeat(2001) }, cookie);
    expect(response.statusCode).toBe(400);
    expect(await ownProfile(cookie)).toMatchObject({ name: 'Kept', city: '', interests: ['wine', 'dogs'] });
    const stored = await t.database.db.select().from(profileInterests).where(eq(profileInterests.profileId, user.profile.id));
    expect(stored.map((r) => r.interestId).sort()).toEqual(['dogs', 'wine']);
  });

  it('rolls the profile back when writing the interests fails', async () => {
    const { cookie, user } = await activeMember(t);
    await put({ name: 'Kept', interests: ['wine'] }, cookie);
    // Make the interest insert fail inside the transaction, after the profile row was updated.
    await t.database.db.execute(
      `create or replace function fail_interest() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`,
    );
    await t.database.db.execute(
      `create trigger fail_interest before insert on profile_interests for each row when (new.interest_id = 'karaoke') execute function fail_interest()`,
    );
    try {
      const response = await put({ name: 'Changed', interests: ['karaoke'] }, cookie);
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.db.execute('drop trigger fail_interest on profile_interests');
    }
    const [row] = await t.database.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, user.profile.id));
    expect(row!.name).toBe('Kept');
    expect(await ownProfile(cookie)).toMatchObject({ name: 'Kept', interests: ['wine'] });
  });

  it('refuses a body that is not a profile update', async () => {
    const { cookie } = await activeMember(t);
    expect((await put({ invisible: 'yes' }, cookie)).statusCode).toBe(400);
    expect((await put({ interests: 'music' }, cookie)).statusCode).toBe(400);
    expect((await send(t, 'PUT', '/api/profile.php', { name: 'Nobody' })).statusCode).toBe(403);
  });
});

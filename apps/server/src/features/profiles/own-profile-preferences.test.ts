import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZOwnProfileAnswer } from '@cupido/shared/contracts/profiles';
import { profiles } from '../../db/schema';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { send } from './test/profiles-test-kit';

// Whom a member looks for (decision 013): stored on the profile, the web app's default search.
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const put = (payload: unknown, cookie: string, query = '') => send(t, 'PUT', `/api/profile.php${query}`, payload, cookie);

describe('PUT /api/profile.php: looking for', () => {
  it('stores gender and age range, answers them, and clears them with null', async () => {
    const { cookie, user } = await activeMember(t);
    const saved = await put({ looking_for_gender: 'both', looking_for_min_age: 25, looking_for_max_age: 40 }, cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZOwnProfileAnswer.parse(saved.json()).profile).toMatchObject({
      looking_for_gender: 'both',
      looking_for_min_age: 25,
      looking_for_max_age: 40,
    });
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.profile.id));
    expect(row).toMatchObject({ lookingForGender: 'both', lookingForMinAge: 25, lookingForMaxAge: 40 });

    const cleared = await put({ looking_for_gender: null, looking_for_min_age: null }, cookie);
    expect(cleared.json().profile).toMatchObject({ looking_for_gender: null, looking_for_min_age: null, looking_for_max_age: 40 });
  });

  it.each([
    [{ looking_for_gender: 'other' }, 'looking_for_gender', 'invalid_choice', 'Choose one of the options'],
    [{ looking_for_min_age: 17 }, 'looking_for_min_age', 'invalid_age', 'Enter an age from 18 to 99'],
    [{ looking_for_max_age: 100 }, 'looking_for_max_age', 'invalid_age', 'Enter an age from 18 to 99'],
    [
      { looking_for_min_age: 40, looking_for_max_age: 30 },
      'looking_for_max_age',
      'age_range_reversed',
      'The maximum age cannot be lower than the minimum age',
    ],
  ])('refuses %j with a message for the field', async (payload, field, code, message) => {
    const { cookie } = await activeMember(t);
    const response = await put(payload, cookie);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code, message, field });
  });

  it('checks a single bound against the stored other bound', async () => {
    const { cookie } = await activeMember(t);
    expect((await put({ looking_for_min_age: 30, looking_for_max_age: 35 }, cookie)).statusCode).toBe(200);
    const response = await put({ looking_for_min_age: 36 }, cookie);
    expect(errorOf(response).code).toBe('age_range_reversed');
    expect((await put({ looking_for_min_age: 35 }, cookie)).json().profile.looking_for_min_age).toBe(35);
  });

  it('refuses a fractional age as an invalid request and translates messages', async () => {
    const { cookie } = await activeMember(t);
    expect((await put({ looking_for_min_age: 20.5 }, cookie)).statusCode).toBe(400);
    const response = await put({ looking_for_max_age: 120 }, cookie, '?locale=de');
    expect(errorOf(response).field).toBe('looking_for_max_age');
    expect(errorOf(response).message).not.toBe('Enter an age from 18 to 99');
  });
});

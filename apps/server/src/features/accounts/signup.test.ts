import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, notExists } from 'drizzle-orm';
import { companies, consents, creditEntries, profiles, users } from '../../db/schema';
import {
  activeMember,
  createAccountsTestApp,
  createSite,
  errorOf,
  linkPath,
  nextIp,
  signup,
  signupBody,
  uniqueEmail,
  type AccountsTestApp,
} from '../../test/accounts-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/signup.php', () => {
  it('creates a not_confirmed member, logs them in and records both consents with the terms version', async () => {
    const { body, cookie, user } = await signup(t, { signup_message: 'Hi there!', language: 'nl' });
    expect(user).toMatchObject({ email: body.email, status: 'not_confirmed', credits: 0, paid_user: false, language: 'nl' });
    expect(user.profile).toMatchObject({ name: 'Sanne', country: 'GB', main_image: null });

    const me = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie, 'x-request-type': 'client' } });
    expect(me.json().user.id).toBe(user.id);

    const recorded = await t.database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(recorded.map((c) => c.kind).sort()).toEqual(['orientation_data', 'terms']);
    // The demo company was added after the base version 2023-12-01 12:00 UTC, so its date counts.
    const [company] = await t.database.db.select().from(companies);
    expect(recorded[0]!.version).toBe(company!.added.toISOString());
    expect(company!.added > new Date('2023-12-01T12:00:00Z')).toBe(true);
    expect(recorded[0]!.grantedAt.toISOString()).toBe('2026-03-10T10:00:00.000Z');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.signupMessage).toBe('Hi there!');
  });

  it('mails a branded activation link in the member language, in HTML and text', async () => {
    const { mail } = await signup(t, { language: 'de' });
    expect(mail.subject).toContain('Cupido');
    expect(mail.html).toContain('/api/activate.php?token=');
    expect(mail.text).toContain('/api/activate.php?token=');
    expect(mail.text).toMatch(/\b(du|dein|deine|bitte)\b/i);
  });

  it.each([
    [{ gender: undefined }, 'gender_required', 'gender', 'Tell us whether you are a man or a woman'],
    [{ gender: '' }, 'gender_required', 'gender', 'Tell us whether you are a man or a woman'],
    [{ gender: 'other' }, 'invalid_choice', 'gender', 'Choose one of the options'],
    [{ gender: 'Male' }, 'invalid_choice', 'gender', 'Choose one of the options'],
    [{ looking_for: undefined }, 'looking_for_required', 'looking_for', 'Choose whom you are looking for'],
    [{ looking_for: 'men' }, 'invalid_choice', 'looking_for', 'Choose one of the options'],
    [{ country: 'DE' }, 'country_not_served', 'country', 'Choose one of the countries we serve'],
    [{ country: 'XX' }, 'country_not_served', 'country', 'Choose one of the countries we serve'],
    [{ email: 'sanne@gmial' }, 'invalid_email', 'email', 'Invalid email'],
    [{ name: '@sanne' }, 'name_starts_with_at', 'name', 'Your username may not start with @'],
    [{ email: 'same@example.com', name: 'Same@Example.com' }, 'name_equals_email', 'name', 'Your username may not be your e-mail address'],
    [{ password: 'short' }, 'password_too_short', 'password', 'Your password needs at least 8 characters'],
    [{ date_of_birth: '2010-01-01' }, 'date_of_birth_required', 'date_of_birth', 'Enter your date of birth (18+)'],
    [{ date_of_birth: '1990-02-30' }, 'invalid_date_of_birth', 'date_of_birth', 'Invalid date of birth'],
    [{ consent_terms: false }, 'consent_required', 'consent_terms', 'Please tick this box to continue'],
  ])('refuses %o with %s and writes nothing', async (overrides, code, field, message) => {
    const body = signupBody(overrides);
    const before = [await t.database.db.$count(users), await t.database.db.$count(profiles)];
    const response = await post('/api/signup.php', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code, field, message });
    expect([await t.database.db.$count(users), await t.database.db.$count(profiles)]).toEqual(before);
    expect(response.cookies.find((c) => c.name === 'auth.session')).toBeUndefined();
  });

  it('answers the choices of the first step in the member language', async () => {
    const response = await post('/api/signup.php?locale=pl', signupBody({ gender: undefined }));
    expect(errorOf(response)).toEqual({ code: 'gender_required', field: 'gender', message: 'Zaznacz, czy jesteś mężczyzną, czy kobietą' });
    const french = await post('/api/signup.php?locale=fr', signupBody({ looking_for: 'femmes' }));
    expect(errorOf(french)).toMatchObject({ code: 'invalid_choice', field: 'looking_for', message: "Choisissez l'une des options" });
  });

  it('answers in the member language', async () => {
    const response = await post('/api/signup.php?locale=nl', signupBody({ date_of_birth: '2015-01-01' }));
    expect(errorOf(response).message).toBe(
      (await import('../../i18n/translate')).translate('nl', 'errors.date_of_birth_required', { min_age: 18 }),
    );
    expect(errorOf(response).message).toContain('18+');
  });

  it('offers login for an existing e-mail, in any letter case', async () => {
    const { body } = await signup(t);
    const response = await post('/api/signup.php', signupBody({ email: body.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'email_exists', field: 'email' });
  });

  it('creates exactly one account when two signups with one e-mail arrive at once', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all([
      post('/api/signup.php', signupBody({ email })),
      post('/api/signup.php', signupBody({ email })),
      post('/api/signup.php', signupBody({ email })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.database.db.$count(users, eq(users.email, email))).toBe(1);
    // The losers left no orphan profile behind.
    const orphans = await t.database.db.$count(
      profiles,
      and(isNull(profiles.seedKey), notExists(t.database.db.select().from(users).where(eq(users.profileId, profiles.id)))),
    );
    expect(orphans).toBe(0);
  });

  it('follows the site signups setting: with_trafficsource needs a traffic source, anything else is invite-only', async () => {
    await createSite(t, 'source.localhost', { signups: 'with_trafficsource' });
    await createSite(t, 'invite.localhost', { signups: 'invite' });
    const without = await post('/api/signup.php?domain=source.localhost', signupBody());
    expect(without.statusCode).toBe(403);
    expect(errorOf(without)).toMatchObject({ code: 'signups_closed', message: 'Signing up is by invitation only at the moment.' });
    const emailOnly = await post('/api/signup.php?domain=source.localhost', signupBody({ tracking: { email: 'a@b.cd' } }));
    expect(emailOnly.statusCode).toBe(403);
    const withSource = await post('/api/signup.php?domain=source.localhost', signupBody({ tracking: { network: 'adnet', sub1: 'x' } }));
    expect(withSource.statusCode).toBe(201);
    const invite = await post('/api/signup.php?domain=invite.localhost', signupBody({ tracking: { network: 'adnet' } }));
    expect(errorOf(invite).code).toBe('signups_closed');
  }, 20_000);

  it('rejects a first message longer than the site message length and an unknown target profile', async () => {
    const long = await post('/api/signup.php', signupBody({ signup_message: 'x'.repeat(1001) }));
    expect(errorOf(long)).toMatchObject({ code: 'signup_message_too_long', field: 'signup_message' });
    const unknown = await post('/api/signup.php', signupBody({ signup_profile_id: 99_999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).field).toBe('signup_profile_id');
  });
});

describe('who you are, whom you look for, and where (issue 28)', () => {
  async function profileOf(profileId: number) {
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, profileId));
    return row!;
  }

  it('stores the gender, and whom the member looks for with the orientation consent', async () => {
    const { user } = await signup(t, { gender: 'male', looking_for: 'female', consent_orientation_data: true });
    expect(await profileOf(user.profile.id)).toMatchObject({
      gender: 'male',
      lookingForGender: 'female',
      sexuality: null,
      seeking: 'female',
    });
  });

  it('without the orientation consent stores the gender but nothing of whom the member looks for (GDPR art. 9)', async () => {
    for (const consent of [false, undefined]) {
      const { user } = await signup(t, { gender: 'female', looking_for: 'female', consent_orientation_data: consent });
      // Nothing stored says whom she looks for: the other side counts her as looking for both.
      expect(await profileOf(user.profile.id)).toMatchObject({
        gender: 'female',
        lookingForGender: null,
        sexuality: null,
        seeking: 'both',
      });
      const recorded = await t.database.db.select().from(consents).where(eq(consents.userId, user.id));
      expect(recorded.map((c) => c.kind)).toEqual(['terms']);
    }
  });

  it("takes a country the site serves, in any letter case; by default the site's first without a detected one", async () => {
    const chosen = await signup(t, { country: 'ie' });
    expect(chosen.user.profile.country).toBe('IE');
    expect((await profileOf(chosen.user.profile.id)).country).toBe('IE');
    const unchosen = await signup(t);
    expect(unchosen.user.profile.country).toBe('GB');
  });

  it('places nobody at signup: a country alone is no place within a kilometre', async () => {
    const { user } = await signup(t, { country: 'NZ' });
    expect(await profileOf(user.profile.id)).toMatchObject({ latitude: null, longitude: null, hideActivity: false });
  });
});

describe('the default country behind a proxy that tells it (COUNTRY_HEADER)', () => {
  let proxied: AccountsTestApp;
  beforeAll(async () => {
    proxied = await createAccountsTestApp(undefined, { countryHeader: 'cf-ipcountry' });
  });
  afterAll(() => proxied.close());

  const signupFrom = async (headers: Record<string, string>, domain = 'localhost', overrides: Record<string, unknown> = {}) => {
    const response = await proxied.app.inject({
      method: 'POST',
      url: `/api/signup.php?domain=${domain}`,
      payload: signupBody(overrides),
      headers,
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().user.profile.country as string;
  };

  it("is the detected country when the site serves it, else the site's first, never a fixed one", async () => {
    expect(await signupFrom({ 'cf-ipcountry': 'NZ' })).toBe('NZ');
    expect(await signupFrom({ 'cf-ipcountry': 'au' })).toBe('AU');
    // Germany is not one of the English site's countries: its first (GB).
    expect(await signupFrom({ 'cf-ipcountry': 'DE' })).toBe('GB');
    // Unknown to the proxy: the browser's language region, when served.
    expect(await signupFrom({ 'cf-ipcountry': 'XX', 'accept-language': 'en-IE,en;q=0.8' })).toBe('IE');
    expect(await signupFrom({ 'cf-ipcountry': 'BE' }, 'nl.localhost')).toBe('BE');
    expect(await signupFrom({ 'cf-ipcountry': 'GB' }, 'nl.localhost')).toBe('NL');
    // A country the member chose wins over the detected one.
    expect(await signupFrom({ 'cf-ipcountry': 'NZ' }, 'localhost', { country: 'CA' })).toBe('CA');
  }, 30_000);
});

describe('optional orientation consent', () => {
  it('signs up without it: no orientation consent row, the member can give it later', async () => {
    const { user, cookie } = await signup(t, { consent_orientation_data: undefined });
    expect(user.orientation_consent).toBe(false);
    const recorded = await t.database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(recorded.map((c) => c.kind)).toEqual(['terms']);
    const given = await post('/api/consent.php', { kind: 'orientation_data', granted: true }, { cookie });
    expect(given.json().user.orientation_consent).toBe(true);
  });

  it('signs up with it unticked (false) the same way', async () => {
    const { user } = await signup(t, { consent_orientation_data: false });
    expect(user.orientation_consent).toBe(false);
  });
});

describe('activation', () => {
  it('activates once, grants the site signup credits once, and lands on /activate/done', async () => {
    await createSite(t, 'credits.localhost', { signupCredits: 35 });
    {
      const { cookie, mail, user } = await signup(t, {}, 'credits.localhost');
      const path = `${linkPath(mail, '/api/activate.php')}&domain=credits.localhost`;
      const first = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('/activate/done');
      const me = (await t.app.inject({ method: 'GET', url: '/api/user.php?domain=credits.localhost', headers: { cookie } })).json().user;
      expect(me).toMatchObject({ status: 'active', credits: 35 });

      // A second click of the member's own browser just shows the done page again.
      const again = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
      expect(again.headers.location).toBe('/activate/done');
      expect(await t.database.db.$count(creditEntries, eq(creditEntries.userId, user.id))).toBe(1);
      // Elsewhere the used link says the account is already active, and logs nobody in.
      const elsewhere = await t.app.inject({ method: 'GET', url: path });
      expect(elsewhere.headers.location).toBe('/activate/error?reason=already_active');
      expect(elsewhere.cookies.find((c) => c.name === 'auth.session')).toBeUndefined();
    }
  }, 20_000);

  it('logs the member in when the link is opened in another browser', async () => {
    const { mail } = await signup(t);
    const response = await t.app.inject({ method: 'GET', url: linkPath(mail, '/api/activate.php') });
    expect(response.headers.location).toBe('/activate/done');
    expect(response.cookies.find((c) => c.name === 'auth.session')).toBeDefined();
  });

  it('refuses an expired or unknown link', async () => {
    const { mail } = await signup(t);
    t.clock.advance(8 * 24 * 3_600_000);
    const expired = await t.app.inject({ method: 'GET', url: linkPath(mail, '/api/activate.php') });
    expect(expired.headers.location).toBe('/activate/error');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/activate.php?token=nope' });
    expect(unknown.headers.location).toBe('/activate/error');
  });

  it('sends the activation mail again on request, and refuses once confirmed', async () => {
    const { body, cookie } = await signup(t);
    t.smtp.clear();
    const resend = await post('/api/activation-mail.php', {}, { cookie });
    expect(resend.json()).toEqual({ sent: true });
    const mail = await t.smtp.waitForMail(body.email);
    await t.app.inject({ method: 'GET', url: linkPath(mail, '/api/activate.php'), headers: { cookie } });
    const done = await post('/api/activation-mail.php', {}, { cookie });
    expect(done.statusCode).toBe(409);
    expect(errorOf(done).code).toBe('already_confirmed');
    expect((await post('/api/activation-mail.php', {})).statusCode).toBe(403);
  });

  it('leaves the profile of an active member searchable data intact', async () => {
    const { user } = await activeMember(t);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.profile.id));
    expect(profile).toMatchObject({ name: 'Sanne', birthDate: '1990-05-17', isFictional: false });
  });
});

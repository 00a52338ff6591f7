import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ZUserAnswer } from '@cupido/shared/contracts/accounts';
import { companies, consents, profiles } from '../../db/schema';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: cookie ? { cookie } : {} });
const consent = (granted: boolean, cookie?: string) => send('POST', '/api/consent.php', { kind: 'orientation_data', granted }, cookie);

async function orientationRows(userId: number) {
  return t.database.db
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, 'orientation_data')))
    .orderBy(asc(consents.id));
}

/** Polls (at most 5 s) until a statement on this database waits for a lock another transaction holds. */
async function untilAStatementWaitsForALock() {
  for (let attempt = 0; attempt < 500; attempt++) {
    const waiting = (await t.database.db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: unknown[] };
    if (waiting.rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no statement waited for the lock');
}

async function sexualityOf(profileId: number) {
  const [row] = await t.database.db.select({ sexuality: profiles.sexuality }).from(profiles).where(eq(profiles.id, profileId));
  return row!.sexuality;
}

async function orientationOf(profileId: number) {
  const [row] = await t.database.db
    .select({ sexuality: profiles.sexuality, lookingForGender: profiles.lookingForGender, seeking: profiles.seeking })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row!;
}

describe('POST /api/consent.php', () => {
  it('withdraws: revokes the consent, clears the sexuality and whom the member looks for, and answers the user without the consent', async () => {
    const { cookie, user } = await activeMember(t, { gender: 'male', looking_for: 'female' });
    expect(user.orientation_consent).toBe(true);
    expect((await send('PUT', '/api/profile.php', { sexuality: 'bi' }, cookie)).statusCode).toBe(200);
    expect(await orientationOf(user.profile.id)).toEqual({ sexuality: 'bi', lookingForGender: 'female', seeking: 'female' });
    t.clock.advance(3_600_000);
    const withdrawnAt = t.clock().toISOString();

    const response = await consent(false, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const answer = ZUserAnswer.strict().parse(response.json());
    expect(answer.user.orientation_consent).toBe(false);
    expect(answer.user.id).toBe(user.id);
    expect((await orientationRows(user.id)).map((r) => r.revokedAt?.toISOString())).toEqual([withdrawnAt]);
    // With the gender, whom he looks for reveals his orientation too (decision 036): both go, and
    // the other side now counts him as looking for both.
    expect(await orientationOf(user.profile.id)).toEqual({ sexuality: null, lookingForGender: null, seeking: 'both' });
    expect((await send('GET', '/api/profile.php', undefined, cookie)).json().profile).toMatchObject({
      gender: 'male',
      sexuality: null,
      looking_for_gender: null,
    });
    // The session lookup says so at once, and the terms consent stands.
    expect((await send('GET', '/api/user.php', undefined, cookie)).json().user.orientation_consent).toBe(false);
    const [terms] = await t.database.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, user.id), eq(consents.kind, 'terms')));
    expect(terms!.revokedAt).toBeNull();

    // Withdrawing again changes nothing.
    t.clock.advance(60_000);
    expect((await consent(false, cookie)).json().user.orientation_consent).toBe(false);
    expect((await orientationRows(user.id)).map((r) => r.revokedAt?.toISOString())).toEqual([withdrawnAt]);
  });

  it('lets a profile save that waits for a withdrawal read the withdrawn consent: no sexuality is stored', async () => {
    const { cookie, user } = await activeMember(t);
    let save: ReturnType<typeof send> | undefined;
    // Holds the withdrawal open once it has revoked the consent and cleared the sexuality, and
    // sends a save meanwhile. On PostgreSQL the save must wait for the member's lock; the embedded
    // database runs one transaction at a time, so there the save simply comes after.
    t.app.events.handleInTransaction(
      'account.orientation_consent_withdrawn',
      'test: a profile save arrives mid-withdrawal',
      async (event) => {
        if (event.userId !== user.id) return;
        save = send('PUT', '/api/profile.php', { sexuality: 'gay' }, cookie);
        if (t.database.kind === 'postgres') await untilAStatementWaitsForALock();
      },
    );

    expect((await consent(false, cookie)).json().user.orientation_consent).toBe(false);
    const saved = await save!;
    expect(saved.statusCode, saved.body).toBe(400);
    expect(errorOf(saved)).toMatchObject({ code: 'consent_required', field: 'sexuality' });
    expect(await sexualityOf(user.profile.id)).toBeNull();
  });

  it('refuses a sexuality on the profile while withdrawn, in the language of the request; other fields save', async () => {
    const { cookie, user } = await activeMember(t);
    await consent(false, cookie);

    const refused = await send('PUT', '/api/profile.php', { city: 'Leeds', sexuality: 'gay' }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'consent_required',
      field: 'sexuality',
      message: 'To use your sexual orientation for matching, first give your consent in your settings.',
    });
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.profile.id));
    expect(row).toMatchObject({ sexuality: null, city: '' });

    const german = await send('PUT', '/api/profile.php?locale=de', { sexuality: 'gay' }, cookie);
    expect(errorOf(german).message).toContain('Einstellungen');
    expect((await send('PUT', '/api/profile.php', { city: 'Leeds' }, cookie)).statusCode).toBe(200);
  });

  it('gives consent again: a new row with the terms version and the time; repeating adds nothing', async () => {
    const { cookie, user } = await activeMember(t);
    await consent(false, cookie);
    t.clock.advance(2 * 3_600_000);
    const grantedAt = t.clock().toISOString();

    const response = await consent(true, cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.orientation_consent).toBe(true);
    const [company] = await t.database.db.select().from(companies);
    const rows = await orientationRows(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.revokedAt).not.toBeNull();
    expect(rows[1]).toMatchObject({ version: company!.added.toISOString(), revokedAt: null });
    expect(rows[1]!.grantedAt.toISOString()).toBe(grantedAt);

    expect((await consent(true, cookie)).json().user.orientation_consent).toBe(true);
    expect(await orientationRows(user.id)).toHaveLength(2);
    expect((await send('PUT', '/api/profile.php', { sexuality: 'gay' }, cookie)).statusCode).toBe(200);
    expect(await sexualityOf(user.profile.id)).toBe('gay');
  });

  it('needs a logged-in member', async () => {
    const response = await consent(false);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('authentication_required');
  });

  it.each([[{ kind: 'terms', granted: false }], [{ kind: 'marketing', granted: true }], [{ kind: 'orientation_data' }]])(
    'refuses a bad request %j',
    async (payload) => {
      const { cookie, user } = await activeMember(t);
      const response = await send('POST', '/api/consent.php', payload, cookie);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('invalid_request');
      expect((await orientationRows(user.id)).every((r) => r.revokedAt === null)).toBe(true);
    },
  );
});

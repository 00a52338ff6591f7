import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ZUserAnswer } from '@cupido/shared/contracts/accounts';
import { consents, users } from '../../db/schema';
import { createAccountsTestApp, createSite, errorOf, signup, signupBody, type AccountsTestApp } from '../../test/accounts-kit';

/** Decision 024: ad-tracking parameters are stored and passed on only with the member's consent. */
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await createSite(t, 'source.localhost', { signups: 'with_trafficsource' });
});
afterAll(() => t.close());

const consent = (cookie: string, granted: boolean) =>
  t.app.inject({ method: 'POST', url: '/api/consent.php', payload: { kind: 'ad_tracking', granted }, headers: { cookie } });

async function storedTracking(userId: number) {
  const [row] = await t.database.db.select({ tracking: users.tracking }).from(users).where(eq(users.id, userId));
  return row!.tracking;
}

async function adTrackingRows(userId: number) {
  return t.database.db
    .select({ grantedAt: consents.grantedAt, revokedAt: consents.revokedAt, version: consents.version })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, 'ad_tracking')))
    .orderBy(asc(consents.id));
}

describe('ad-tracking consent', () => {
  it('without it, the parameters open the signup gate but are not stored', async () => {
    const { user } = await signup(t, { tracking: { network: 'adnet', sub1: 'x' } }, 'source.localhost');
    expect(await storedTracking(user.id)).toEqual({});
    expect(await adTrackingRows(user.id)).toEqual([]);
    expect(user.ad_tracking_consent).toBeNull();
  });

  it('with it, signup stores the parameters and records the consent with a version and time', async () => {
    const { user } = await signup(t, { tracking: { network: 'adnet', sub1: 'x' }, consent_ad_tracking: true }, 'source.localhost');
    expect(await storedTracking(user.id)).toEqual({ network: 'adnet', sub1: 'x' });
    expect(await adTrackingRows(user.id)).toEqual([{ grantedAt: t.clock(), revokedAt: null, version: expect.any(String) }]);
    expect(user.ad_tracking_consent).toBe(true);
  });

  it('cuts an over-long value and drops malformed ones and unknown keys instead of refusing the signup (issue 31)', async () => {
    const tracking = {
      network: 'adnet',
      sub1: 's'.repeat(500),
      sub2: 'a\u0000b',
      sub3: 'line\nbreak',
      email: 'not-an-address',
      utm_source: 'x',
    };
    const { user } = await signup(t, { tracking, consent_ad_tracking: true }, 'source.localhost');
    expect(await storedTracking(user.id)).toEqual({ network: 'adnet', sub1: 's'.repeat(200) });
  });

  it('does not open the signup gate with values that are all dropped', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php?domain=source.localhost',
      payload: signupBody({ tracking: { network: '\u0000', sub1: '   ', email: 'someone@example.com' } }),
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('signups_closed');
  });

  it('withdrawn in the settings: revoked, the stored parameters deleted; given again: a new row', async () => {
    const { user, cookie } = await signup(t, { tracking: { network: 'adnet' }, consent_ad_tracking: true });
    t.clock.advance(60_000);
    const withdrawn = await consent(cookie, false);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(ZUserAnswer.strict().parse(withdrawn.json()).user.ad_tracking_consent).toBe(false);
    expect(await storedTracking(user.id)).toEqual({});
    expect((await adTrackingRows(user.id)).map((r) => r.revokedAt)).toEqual([t.clock()]);
    // The session lookup says so at once; withdrawing again changes nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user.ad_tracking_consent).toBe(false);
    expect((await consent(cookie, false)).json().user.ad_tracking_consent).toBe(false);
    expect(await adTrackingRows(user.id)).toHaveLength(1);

    t.clock.advance(60_000);
    expect((await consent(cookie, true)).json().user.ad_tracking_consent).toBe(true);
    expect((await consent(cookie, true)).json().user.ad_tracking_consent).toBe(true);
    expect((await adTrackingRows(user.id)).map((r) => r.revokedAt === null)).toEqual([false, true]);
  });

  it('given after signup, it stores the parameters the browser kept, but never over those signup stored', async () => {
    const { user, cookie } = await signup(t, { tracking: { network: 'adnet' } });
    expect(await storedTracking(user.id)).toEqual({});
    const given = await t.app.inject({
      method: 'POST',
      url: '/api/consent.php',
      payload: { kind: 'ad_tracking', granted: true, tracking: { network: 'adnet', sub2: 'banner' } },
      headers: { cookie },
    });
    expect(given.json().user.ad_tracking_consent).toBe(true);
    expect(await storedTracking(user.id)).toEqual({ network: 'adnet', sub2: 'banner' });

    const other = await signup(t, { tracking: { network: 'first' }, consent_ad_tracking: true });
    await t.app.inject({
      method: 'POST',
      url: '/api/consent.php',
      payload: { kind: 'ad_tracking', granted: true, tracking: { network: 'later' } },
      headers: { cookie: other.cookie },
    });
    expect(await storedTracking(other.user.id)).toEqual({ network: 'first' });
    // The orientation consent takes no tracking along.
    await t.app.inject({
      method: 'POST',
      url: '/api/consent.php',
      payload: { kind: 'orientation_data', granted: false, tracking: { network: 'x' } },
      headers: { cookie },
    });
    expect(await storedTracking(user.id)).toEqual({ network: 'adnet', sub2: 'banner' });
  });

  it('a refusal without an earlier consent stores no row and deletes parameters kept from before consent existed', async () => {
    const { user, cookie } = await signup(t);
    await t.database.db
      .update(users)
      .set({ tracking: { network: 'legacy' } })
      .where(eq(users.id, user.id));
    expect((await consent(cookie, false)).json().user.ad_tracking_consent).toBeNull();
    expect(await storedTracking(user.id)).toEqual({});
    expect(await adTrackingRows(user.id)).toEqual([]);
  });

  it('only a member can give or withdraw it', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/consent.php', payload: { kind: 'ad_tracking', granted: true } });
    expect(response.statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { snapToCell } from '@cupido/shared/rules/matching';
import { PERSONAL_DATA_PART_NAMES, ZPersonalDataExport, type TPersonalDataExport } from '@cupido/shared/contracts/personal-data';
import { accountTokens, sessions, users } from '../../db/schema';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { photoUpload, smallJpeg } from '../photos/test-images';

let t: AccountsTestApp;
beforeAll(async () => {
  // A demo-like deployment on a port: the file's photo links must carry it (issue 29).
  t = await createAccountsTestApp(undefined, { publicOrigin: { scheme: 'http', port: 3000 } });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof activeMember>>;

const send = (method: 'POST' | 'PUT' | 'GET', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const download = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/personal-data.php', headers: cookie ? { cookie } : {} });

/** A member who used every feature that stores something: profile, photo, block, report, consent change, credits. */
async function busyMember(
  name: string,
  about: string,
  targets: { blockedId: number; reportedId: number },
): Promise<Member & { photoId: number; blockedId: number; reportedId: number }> {
  const member = await activeMember(t, { name, tracking: { network: `net-${name}` }, consent_ad_tracking: true });
  expect((await send('PUT', '/api/profile.php', member.cookie, { about, city: `${name}ville` })).statusCode).toBe(200);
  const { payload, headers } = photoUpload(await smallJpeg(), 'me.jpg', 'image/jpeg');
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/photos.php', payload, headers: { ...headers, cookie: member.cookie } });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const { blockedId, reportedId } = targets;
  expect((await send('POST', '/api/block.php', member.cookie, { profile_id: blockedId })).statusCode).toBe(200);
  const report = await send('POST', '/api/report.php', member.cookie, {
    profile_id: reportedId,
    reason: 'scam_spam',
    text: `spam seen by ${name}`,
    good_faith: true,
  });
  expect(report.statusCode, report.body).toBe(200);
  t.clock.advance(60_000);
  expect((await send('POST', '/api/consent.php', member.cookie, { kind: 'orientation_data', granted: false })).statusCode).toBe(200);
  return { ...member, photoId: uploaded.json().photo.id, blockedId, reportedId };
}

describe('GET /api/personal-data.php', () => {
  let anna: Awaited<ReturnType<typeof busyMember>>;
  let bert: Awaited<ReturnType<typeof busyMember>>;
  let response: Awaited<ReturnType<typeof download>>;
  let file: TPersonalDataExport;

  beforeAll(async () => {
    // Members whose profiles the two block and report.
    const targets = {
      blockedId: (await activeMember(t, { name: 'Carla' })).user.profile.id,
      reportedId: (await activeMember(t, { name: 'Dirk' })).user.profile.id,
    };
    anna = await busyMember('Annabel', 'I love long walks on Annabel beach', targets);
    bert = await busyMember('Bertrand', 'Bertrand likes chess', targets);
    response = await download(anna.cookie);
    expect(response.statusCode, response.body).toBe(200);
    file = ZPersonalDataExport.strict().parse(response.json());
  });

  it('is a file to save, never cached', () => {
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+-my-data-2026-03-10\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("holds every part, each with the member's own data", () => {
    expect(Object.keys(file)).toEqual(expect.arrayContaining(PERSONAL_DATA_PART_NAMES));
    expect(file.account).toMatchObject({
      id: anna.user.id,
      email: anna.body.email,
      status: 'active',
      tracking: { network: 'net-Annabel' },
    });
    expect(file.account.sessions.length).toBeGreaterThan(0);
    expect(file.account.mail_links.map((l) => l.purpose)).toContain('activation');
    // The consent history: terms, the withdrawn orientation consent, the ad-tracking consent.
    expect(file.consents.map((c) => [c.kind, c.revoked_at === null])).toEqual([
      ['terms', true],
      ['orientation_data', false],
      ['ad_tracking', true],
    ]);
    expect(file.profile).toMatchObject({
      id: anna.user.profile.id,
      name: 'Annabel',
      about: 'I love long walks on Annabel beach',
      city: 'Annabelville',
    });
    expect(file.photos).toEqual([expect.objectContaining({ id: anna.photoId, status: 'pending', is_main: true })]);
    expect(file.photos[0]!.url).toMatch(/^http:\/\/localhost:3000\/photos\/.+/);
    expect(file.blocks).toEqual([expect.objectContaining({ profile_id: anna.blockedId, name: 'Carla' })]);
    expect(file.reports).toEqual([
      expect.objectContaining({ reported_profile_id: anna.reportedId, reason: 'scam_spam', text: 'spam seen by Annabel', status: 'open' }),
    ]);
    // Activation granted the site's signup credits: one entry, and the balance after it.
    expect(file.credit_history).toEqual([expect.objectContaining({ amount: 20, balance_after: 20 })]);
    expect(file.account.credits).toBe(20);
  });

  it('holds nothing of another member', () => {
    const text = response.body;
    for (const trace of [bert.body.email, 'Bertrand', 'net-Bertrand', 'spam seen by Bertrand', `"id":${bert.user.id},`]) {
      expect(text).not.toContain(trace);
    }
    expect(file.photos.map((p) => p.id)).not.toContain(bert.photoId);
  });

  it('holds no secrets: no password hash, no session or token hashes', async () => {
    const [user] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, anna.user.id));
    const sessionIds = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, anna.user.id));
    const tokenHashes = await t.database.db
      .select({ hash: accountTokens.tokenHash })
      .from(accountTokens)
      .where(eq(accountTokens.userId, anna.user.id));
    const secrets = [user!.passwordHash!, ...sessionIds.map((s) => s.id), ...tokenHashes.map((h) => h.hash)];
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const secret of secrets) expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/argon2|password|token_hash/i);
  });

  it('holds who the member is, whom they look for, their place (the cell) and their activity setting', async () => {
    const member = await activeMember(t, { name: 'Chiara', gender: 'female', looking_for: 'female' });
    const place = { latitude: 53.4808, longitude: -2.2426 };
    const saved = await send('PUT', '/api/profile.php', member.cookie, { sexuality: 'lesbian', location: place, hide_activity: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const theirs = ZPersonalDataExport.strict().parse((await download(member.cookie)).json());
    expect(theirs.profile).toMatchObject({
      gender: 'female',
      sexuality: 'lesbian',
      looking_for_gender: 'female',
      location: snapToCell(place),
      hide_activity: true,
    });
    // Withdrawn consent: the file shows that nothing about the orientation is kept any more.
    expect(file.profile).toMatchObject({
      gender: 'female',
      sexuality: null,
      looking_for_gender: null,
      location: null,
      hide_activity: false,
    });
  });

  it('the other member gets their own file', async () => {
    const theirs = ZPersonalDataExport.parse((await download(bert.cookie)).json());
    expect(theirs.account.id).toBe(bert.user.id);
    expect(theirs.profile?.name).toBe('Bertrand');
    expect(JSON.stringify(theirs)).not.toContain(anna.body.email);
  });

  it('refuses a visitor and a logged-out session', async () => {
    const visitor = await download();
    expect(visitor.statusCode).toBe(403);
    expect(errorOf(visitor).code).toBe('authentication_required');
    expect(visitor.headers['content-disposition']).toBeUndefined();
    expect((await download('auth.session=not-a-session')).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { snapToCell } from '@cupido/shared/rules/matching';
import { accountTokens, blocks, consents, creditEntries, profiles, sessions, users } from '../../db/schema';
import { activeMember, createAccountsTestApp, errorOf, linkPath, nextIp, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { eraseExpiredAccounts } from './deletion';
import { photosRoot } from '../../infra/photo-storage';
import { photoUpload, smallJpeg } from '../photos/test-images';
import fs from 'node:fs';
import path from 'node:path';
import { changeCredits } from '../credits/service';

let t: AccountsTestApp;
let erase: () => Promise<number>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  erase = () => eraseExpiredAccounts({ db: t.database.db, clock: t.clock, events: t.app.events });
});
afterAll(() => t.close());

const DAY = 24 * 3_600_000;
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });

async function deleteMember(overrides: Record<string, unknown> = {}) {
  const member = await activeMember(t, overrides);
  t.smtp.clear();
  const response = await post(
    '/api/delete-account.php',
    { reason: 'other', remarks: 'Met someone offline', confirm: true, current_password: member.body.password },
    member.cookie,
  );
  expect(response.json()).toEqual({ ok: true });
  const mail = await t.smtp.waitForMail(member.body.email);
  return { ...member, mail };
}

describe('account deletion', () => {
  it('needs a confirmation and a known reason, and leaves the account untouched otherwise', async () => {
    const { cookie, body } = await activeMember(t);
    const current_password = body.password;
    const unconfirmed = await post('/api/delete-account.php', { reason: 'price', confirm: false, current_password }, cookie);
    expect(errorOf(unconfirmed)).toMatchObject({
      code: 'confirmation_required',
      message: 'Please confirm that you want to delete your account',
    });
    expect((await post('/api/delete-account.php', { reason: 'boredom', confirm: true, current_password }, cookie)).statusCode).toBe(400);
    const long = await post(
      '/api/delete-account.php',
      { reason: 'other', remarks: 'x'.repeat(1001), confirm: true, current_password },
      cookie,
    );
    expect(errorOf(long).code).toBe('remarks_too_long');
    const user = (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;
    expect(user.status).toBe('active');
    expect((await post('/api/delete-account.php', { reason: 'price', confirm: true, current_password })).statusCode).toBe(403);
  });

  it('puts the account in pending deletion, ends its sessions and mails a reactivation link', async () => {
    const { body, cookie, user, mail } = await deleteMember();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ status: 'pending_deletion', deleteReason: 'other', deleteRemarks: 'Met someone offline' });
    expect(await t.database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user).toBeNull();
    expect(linkPath(mail, '/api/reactivate.php')).toMatch(/token=/);

    const login = await post('/api/user.php', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(403);
    expect(errorOf(login).code).toBe('account_pending_deletion');
    const again = await post('/api/signup.php', { ...body, consent_terms: true, consent_orientation_data: true });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'account_pending_deletion', field: 'email' });
  });

  it('reactivates through the mailed link within 14 days, logged in and as it was', async () => {
    const { body, mail, user } = await deleteMember();
    t.clock.advance(13 * DAY);
    const response = await t.app.inject({ method: 'GET', url: linkPath(mail, '/api/reactivate.php') });
    expect(response.headers.location).toBe('/members?reactivated=1');
    const cookie = `auth.session=${response.cookies.find((c) => c.name === 'auth.session')!.value}`;
    const me = (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;
    expect(me).toMatchObject({ id: user.id, status: 'active', email: body.email });
    const reused = await t.app.inject({ method: 'GET', url: linkPath(mail, '/api/reactivate.php') });
    expect(reused.headers.location).toBe('/activate/error?reason=reactivation');
  });

  it('mails a new reactivation link on request, only for accounts pending deletion', async () => {
    const { body } = await deleteMember();
    t.smtp.clear();
    expect((await post('/api/reactivation-mail.php', { email: body.email })).json()).toEqual({ sent: true });
    await t.app.jobs.drain();
    const mail = await t.smtp.waitForMail(body.email);
    expect(linkPath(mail, '/api/reactivate.php')).toContain('token=');
    const active = await activeMember(t);
    // The same answer for an address that has no account pending deletion (decision 022), and no mail.
    t.smtp.clear();
    expect((await post('/api/reactivation-mail.php', { email: active.body.email })).json()).toEqual({ sent: true });
    await t.app.jobs.drain();
    expect(t.smtp.mails).toEqual([]);
  });

  it('erases the content after 14 days, photo files included, keeps the pseudonymised ledger, and the link no longer works', async () => {
    const member = await activeMember(t, { gender: 'male', looking_for: 'female' });
    // Orientation, whom he looks for, his place and his privacy choice live on the profile row (decision 036).
    const place = { latitude: 57.4778, longitude: -4.2247 };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { sexuality: 'hetero', location: place, hide_activity: true },
      headers: { cookie: member.cookie },
    });
    expect(saved.json().profile).toMatchObject({
      gender: 'male',
      sexuality: 'hetero',
      looking_for_gender: 'female',
      location: snapToCell(place),
      hide_activity: true,
    });
    const { payload, headers } = photoUpload(await smallJpeg());
    const upload = await t.app.inject({ method: 'POST', url: '/api/photos.php', headers: { ...headers, cookie: member.cookie }, payload });
    expect(upload.statusCode, upload.body).toBe(201);
    const photoFiles = [upload.json().photo.filename, upload.json().photo.thumb_filename].map((key: string) =>
      path.join(photosRoot(t.dataDir), key),
    );
    expect(photoFiles.every((file) => fs.existsSync(file))).toBe(true);
    // Blocks both ways: the blocks feature erases the member's own on account.erased.
    const other = await activeMember(t);
    expect((await post('/api/block.php', { profile_id: other.user.profile.id }, member.cookie)).statusCode).toBe(200);
    expect((await post('/api/block.php', { profile_id: member.user.profile.id }, other.cookie)).statusCode).toBe(200);
    t.smtp.clear();
    expect(
      (
        await post('/api/delete-account.php', { reason: 'time', confirm: true, current_password: member.body.password }, member.cookie)
      ).json(),
    ).toEqual({ ok: true });
    const { body, user } = member;
    const mail = await t.smtp.waitForMail(body.email);
    await t.database.db.transaction((tx) =>
      changeCredits(tx, { userId: user.id, amount: 100, kind: 'purchase', idempotencyKey: 'payment-1', now: t.clock() }),
    );

    const statusOf = async () => (await t.database.db.select({ status: users.status }).from(users).where(eq(users.id, user.id)))[0]!.status;
    t.clock.advance(14 * DAY - 60_000);
    await erase();
    expect(await statusOf()).toBe('pending_deletion');
    t.clock.advance(2 * 60_000);
    expect(await erase()).toBeGreaterThanOrEqual(1);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      status: 'erased',
      email: `erased-${user.id}@invalid`,
      passwordHash: null,
      profileId: null,
      signupMessage: null,
    });
    expect(await t.database.db.$count(profiles, eq(profiles.id, user.profile.id))).toBe(0);
    // Nothing of it is left elsewhere: no profile holds his cell, and the account row has none of it.
    const cell = snapToCell(place);
    expect(await t.database.db.$count(profiles, and(eq(profiles.latitude, cell.latitude), eq(profiles.longitude, cell.longitude)))).toBe(0);
    expect(JSON.stringify(row)).not.toMatch(/hetero|"female"|"male"|57\.47/);
    expect(photoFiles.some((file) => fs.existsSync(file))).toBe(false);
    expect(await t.database.db.$count(blocks, eq(blocks.blockerUserId, user.id))).toBe(0);
    expect(await t.database.db.$count(blocks, eq(blocks.blockedProfileId, user.profile.id))).toBe(0);
    expect(await t.database.db.$count(blocks, eq(blocks.blockerUserId, other.user.id))).toBe(0);
    expect(await t.database.db.$count(consents, eq(consents.userId, user.id))).toBe(0);
    expect(await t.database.db.$count(accountTokens, eq(accountTokens.userId, user.id))).toBe(0);
    // The signup credits and the purchase both stay in the ledger.
    expect(await t.database.db.$count(creditEntries, eq(creditEntries.userId, user.id))).toBe(2);
    expect(JSON.stringify(row)).not.toContain(body.email);

    const link = await t.app.inject({ method: 'GET', url: linkPath(mail, '/api/reactivate.php') });
    expect(link.headers.location).toBe('/activate/error?reason=reactivation');
    // The address is free again for a new signup.
    expect((await signup(t, { email: body.email })).user.email).toBe(body.email);
    expect(await erase()).toBe(0);
  });

  it('publishes account.deletion_requested, account.reactivated and account.erased inside their transactions', async () => {
    // Likes and chats will hide, show again and erase theirs on these; a recording handler stands in here.
    const seen: string[] = [];
    for (const type of ['account.deletion_requested', 'account.reactivated', 'account.erased'] as const) {
      t.app.events.handleInTransaction(type, `deletion test: records ${type}`, async (event, tx) => {
        const [row] = await tx.select({ status: users.status }).from(users).where(eq(users.id, event.userId));
        seen.push(`${event.type} ${event.userId} ${event.profileId === null ? 'no profile' : 'profile'} ${row!.status}`);
      });
    }
    const first = await deleteMember();
    t.clock.advance(DAY);
    await t.app.inject({ method: 'GET', url: linkPath(first.mail, '/api/reactivate.php') });
    const second = await deleteMember();
    t.clock.advance(15 * DAY);
    await erase();
    const ours = seen.filter((line) => [first.user.id, second.user.id].includes(Number(line.split(' ')[1])));
    expect(ours).toEqual([
      `account.deletion_requested ${first.user.id} profile pending_deletion`,
      `account.reactivated ${first.user.id} profile active`,
      `account.deletion_requested ${second.user.id} profile pending_deletion`,
      // The profile id is the one the account had: its feature deletes it in this transaction.
      `account.erased ${second.user.id} profile erased`,
    ]);
  });

  it('two erase runs at once erase each account once', async () => {
    await deleteMember();
    await deleteMember();
    t.clock.advance(15 * DAY);
    const counts = await Promise.all([erase(), erase()]);
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(2);
    expect(await t.database.db.$count(users, eq(users.status, 'pending_deletion'))).toBe(0);
  });
});

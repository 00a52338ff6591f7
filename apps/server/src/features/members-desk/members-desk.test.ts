/**
 * The members desk (issue 13): search, the member page, every account action with its audit
 * entry, and who may call what (spot checks; the full role table is the staff feature's suite).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMember, createAccountsTestApp, nextIp, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { users } from '../../db/schema';
import { auditEntriesOf, errorOf, staffOfRole, type TestStaff } from './test/members-desk-test-kit';

let t: AccountsTestApp;
let admin: TestStaff;
beforeAll(async () => {
  t = await createAccountsTestApp();
  admin = await staffOfRole(t.database.db, 'admin');
});
afterAll(() => t.close());

const get = (url: string, staff: TestStaff = admin) => t.app.inject({ method: 'GET', url, cookies: staff.cookies });
const post = (url: string, payload: object = {}, staff: TestStaff = admin) =>
  t.app.inject({ method: 'POST', url, payload, cookies: staff.cookies });
const userIdOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const statusOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('search', () => {
  it('finds by e-mail (exact or its beginning, any case), by the beginning of a name and by id', async () => {
    const a = await activeMember(t, { name: 'Zoëlle' });
    const b = await signup(t, { name: 'Zoran' });
    const idA = await userIdOf(a.body.email);
    const idB = await userIdOf(b.body.email);

    const exact = (await get(`/admin/api/members?q=${encodeURIComponent(a.body.email.toUpperCase())}`)).json();
    expect(exact.members.map((m: { id: number }) => m.id)).toEqual([idA]);
    expect(exact.members[0]).toMatchObject({ email: a.body.email, name: 'Zoëlle', status: 'active', site_id: expect.any(Number) });

    const prefix = (await get(`/admin/api/members?q=${encodeURIComponent(a.body.email.slice(0, 8))}`)).json();
    expect(prefix.members.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([idA, idB]));

    const byName = (await get('/admin/api/members?q=zo')).json();
    expect(byName.members.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([idA, idB]));
    expect((await get('/admin/api/members?q=zor')).json().members.map((m: { id: number }) => m.id)).toEqual([idB]);

    const byId = (await get(`/admin/api/members?q=${idB}`)).json();
    expect(byId.members[0].id).toBe(idB);

    // Another site's filter leaves them out; a LIKE wildcard is only itself.
    const [other] = (await get('/admin/api/sites')).json().sites.filter((s: { domain: string }) => s.domain === 'nl.localhost');
    expect((await get(`/admin/api/members?q=zo&site_id=${other.id}`)).json().members).toEqual([]);
    expect((await get('/admin/api/members?q=%25')).json().members).toEqual([]);
  });

  it('refuses an empty query with 400', async () => {
    expect((await get('/admin/api/members?q=%20')).statusCode).toBe(400);
  });
});

describe('the member page', () => {
  it('shows account, consents, profile, credits, blocks, reports (and 404 for no member)', async () => {
    const member = await activeMember(t, { name: 'Detailia' });
    const other = await activeMember(t, { name: 'Blocked' });
    const otherProfile = other.user.profile?.id ?? (await statusOf(await userIdOf(other.body.email))).profileId;
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { cookie: member.cookie },
      payload: { profile_id: otherProfile },
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/report.php',
      headers: { cookie: other.cookie },
      payload: {
        profile_id: member.user.profile?.id ?? (await statusOf(await userIdOf(member.body.email))).profileId,
        reason: 'scam_spam',
        text: 'asked for money',
        good_faith: true,
      },
      remoteAddress: nextIp(),
    });
    expect(reported.statusCode, reported.body).toBeLessThan(300);

    const id = await userIdOf(member.body.email);
    const response = await get(`/admin/api/members/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail.account).toMatchObject({
      id,
      email: member.body.email,
      status: 'active',
      suspended_until: null,
      activated_at: expect.any(String),
    });
    expect(detail.consents.map((c: { kind: string }) => c.kind)).toEqual(expect.arrayContaining(['terms', 'orientation_data']));
    expect(detail.profile).toMatchObject({
      name: 'Detailia',
      is_fictional: false,
      fields: expect.objectContaining({ birth_date: '1990-05-17' }),
    });
    expect(detail.credits.balance).toBeGreaterThan(0);
    expect(detail.credits.entries[0]).toMatchObject({ kind: 'signup_credits' });
    expect(detail.blocks.given).toEqual([expect.objectContaining({ profile_id: otherProfile, name: 'Blocked' })]);
    expect(detail.reports.about).toEqual([expect.objectContaining({ reason: 'scam_spam', text: 'asked for money' })]);
    expect(detail.reports.filed).toEqual([]);
    expect(detail.decisions).toEqual([]);

    expect((await get('/admin/api/members/999999')).statusCode).toBe(404);
  });
});

describe('suspend and lift', () => {
  it('suspends (the member is logged out at once), lifts, each audited with before and after', async () => {
    const member = await activeMember(t);
    const id = await userIdOf(member.body.email);
    expect((await t.app.inject({ url: '/api/user.php', headers: { cookie: member.cookie } })).json().user).not.toBeNull();

    const refused = await post(`/admin/api/members/${id}/suspend`, { days: 7, reason: '' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).field).toBe('reason');

    const suspended = await post(`/admin/api/members/${id}/suspend`, { days: 7, reason: 'spam in chats' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().status).toBe('suspended');
    const row = await statusOf(id);
    expect(row.status).toBe('suspended');
    expect(row.suspendedUntil!.getTime() - t.clock().getTime()).toBe(7 * 24 * 3_600_000);
    const afterSuspend = await t.app.inject({ url: '/api/user.php', headers: { cookie: member.cookie } });
    expect(afterSuspend.json().user ?? null).toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: member.body.email, password: member.body.password },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).not.toBe(200);

    const lifted = await post(`/admin/api/members/${id}/lift`, { reason: 'appeal by phone' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await statusOf(id)).status).toBe('active');
    expect((await post(`/admin/api/members/${id}/lift`, { reason: 'again' })).statusCode).toBe(409);

    const audit = await auditEntriesOf(t.database.db, 'user', id);
    expect(audit.map((a) => a.action)).toEqual(['member.suspend', 'member.lift_suspension']);
    // An account ended for good is not reopened from the desk (only by an appeal).
    await t.database.db.update(users).set({ status: 'terminated', suspendedUntil: null }).where(eq(users.id, id));
    const reopen = await post(`/admin/api/members/${id}/lift`, { reason: 'asked nicely' });
    expect(reopen.statusCode).toBe(409);
    expect(errorOf(reopen).code).toBe('ended_by_decision');
    expect((await statusOf(id)).status).toBe('terminated');
    expect(audit[0]).toMatchObject({
      staffId: admin.id,
      before: { status: 'active', suspended_until: null },
      after: expect.objectContaining({ status: 'suspended', reason: 'spam in chats', days: 7 }),
    });
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ status: 'suspended' }),
      after: expect.objectContaining({ status: 'active' }),
    });
  });
});

describe('resend activation', () => {
  it('mails a new activation link to an unconfirmed account, and refuses an active one with 409', async () => {
    const waiting = await signup(t);
    const id = await userIdOf(waiting.body.email);
    t.smtp.clear();
    const sent = await post(`/admin/api/members/${id}/resend-activation`);
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await t.smtp.waitForMail(waiting.body.email);
    expect(mail.links.some((l) => l.includes('/api/activate.php?token='))).toBe(true);
    expect((await auditEntriesOf(t.database.db, 'user', id)).map((a) => a.action)).toEqual(['member.resend_activation']);

    const active = await activeMember(t);
    const activeId = await userIdOf(active.body.email);
    const refused = await post(`/admin/api/members/${activeId}/resend-activation`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('not_waiting_for_activation');
  });
});

describe('erase', () => {
  it("needs the id typed again, then starts the 14 days as the member's own deletion does", async () => {
    const member = await activeMember(t);
    const id = await userIdOf(member.body.email);
    const mismatch = await post(`/admin/api/members/${id}/erase`, { confirm_id: id + 1, reason: 'asked by mail' });
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch).field).toBe('confirm_id');
    expect((await statusOf(id)).status).toBe('active');

    t.smtp.clear();
    const erased = await post(`/admin/api/members/${id}/erase`, { confirm_id: id, reason: 'asked by mail' });
    expect(erased.statusCode, erased.body).toBe(200);
    const row = await statusOf(id);
    expect(row.status).toBe('pending_deletion');
    expect(row.deletedAt).not.toBeNull();
    expect((await t.app.inject({ url: '/api/user.php', headers: { cookie: member.cookie } })).json().user ?? null).toBeNull();
    const mail = await t.smtp.waitForMail(member.body.email);
    expect(mail.links.some((l) => l.includes('/api/reactivate.php?token='))).toBe(true);
    expect(
      (await auditEntriesOf(t.database.db, 'user', id)).map((a) => [a.action, a.before, (a.after as { status: string }).status]),
    ).toEqual([['member.erase', { status: 'active' }, 'pending_deletion']]);
    expect((await post(`/admin/api/members/${id}/erase`, { confirm_id: id, reason: 'again' })).statusCode).toBe(409);
  });
});

describe('credit corrections', () => {
  it('posts a ledger entry naming the staff member with the reason; the same key twice is one entry', async () => {
    const member = await activeMember(t);
    const id = await userIdOf(member.body.email);
    const start = (await statusOf(id)).credits;
    const body = { amount: 15, reason: 'refund for a failed gift', idempotency_key: 'corr-0001-aaaa' };
    const first = await post(`/admin/api/members/${id}/credits`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ balance: start + 15, replayed: false });
    const again = await post(`/admin/api/members/${id}/credits`, body);
    expect(again.json()).toMatchObject({ entry_id: first.json().entry_id, balance: start + 15, replayed: true });

    const detail = (await get(`/admin/api/members/${id}`)).json();
    expect(detail.credits.balance).toBe(start + 15);
    const corrections = detail.credits.entries.filter((e: { kind: string }) => e.kind === 'manual_correction');
    expect(corrections).toEqual([
      expect.objectContaining({ amount: 15, note: 'refund for a failed gift', reference: `staff:${admin.id}` }),
    ]);
    const audit = (await auditEntriesOf(t.database.db, 'user', id)).filter((a) => a.action === 'credits.correct');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { balance: start }, after: expect.objectContaining({ balance: start + 15, amount: 15 }) });
  });

  it('refuses a correction below 0 with 409, 0 and out-of-bound amounts with 400, writing nothing', async () => {
    const member = await activeMember(t);
    const id = await userIdOf(member.body.email);
    const start = (await statusOf(id)).credits;
    const negative = await post(`/admin/api/members/${id}/credits`, {
      amount: -(start + 1),
      reason: 'too much',
      idempotency_key: 'corr-neg-0001',
    });
    expect(negative.statusCode).toBe(409);
    expect(errorOf(negative)).toMatchObject({ code: 'balance_would_go_negative', field: 'amount' });
    for (const amount of [0, 1_000_000, 1.5]) {
      const refused = await post(`/admin/api/members/${id}/credits`, {
        amount,
        reason: 'x',
        idempotency_key: `corr-bad-${String(amount).replace('.', '')}`,
      });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).field).toBe('amount');
    }
    expect((await post(`/admin/api/members/${id}/credits`, { amount: 5, reason: ' ', idempotency_key: 'corr-noreason' })).statusCode).toBe(
      400,
    );
    expect((await statusOf(id)).credits).toBe(start);
    expect(await auditEntriesOf(t.database.db, 'user', id)).toEqual([]);
  });

  it('parallel corrections each post once and the balance is their sum, never below 0', async () => {
    const member = await activeMember(t);
    const id = await userIdOf(member.body.email);
    const start = (await statusOf(id)).credits;
    const calls = Array.from({ length: 12 }, (_, i) =>
      post(`/admin/api/members/${id}/credits`, {
        amount: i % 2 === 0 ? 3 : -1,
        reason: `parallel ${i}`,
        idempotency_key: `par-${i % 6}-key`,
      }),
    );
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // Keys repeat in pairs (i and i+6, same sign): six entries, three +3 and three -1.
    const detail = (await get(`/admin/api/members/${id}`)).json();
    const corrections = detail.credits.entries.filter((e: { kind: string }) => e.kind === 'manual_correction');
    expect(corrections).toHaveLength(6);
    expect(detail.credits.balance).toBe(start + 3 * 3 - 3);
    expect((await auditEntriesOf(t.database.db, 'user', id)).filter((a) => a.action === 'credits.correct')).toHaveLength(6);
  });
});

describe('who may call the desk (spot checks)', () => {
  it('moderators see but do not act, operators see nothing, finance corrects credits only, no session is 401', async () => {
    const member = await activeMember(t);
    const id = await userIdOf(member.body.email);
    const moderator = await staffOfRole(t.database.db, 'moderator');
    const operator = await staffOfRole(t.database.db, 'operator');
    const finance = await staffOfRole(t.database.db, 'finance');
    const support = await staffOfRole(t.database.db, 'support');

    expect((await get(`/admin/api/members/${id}`, moderator)).statusCode).toBe(200);
    expect((await post(`/admin/api/members/${id}/suspend`, { days: 1, reason: 'x' }, moderator)).statusCode).toBe(403);
    expect(
      (await post(`/admin/api/members/${id}/credits`, { amount: 1, reason: 'x', idempotency_key: 'perm-mod-1' }, moderator)).statusCode,
    ).toBe(403);
    expect((await get('/admin/api/members?q=a', operator)).statusCode).toBe(403);
    expect((await post(`/admin/api/members/${id}/erase`, { confirm_id: id, reason: 'x' }, finance)).statusCode).toBe(403);
    expect(
      (await post(`/admin/api/members/${id}/credits`, { amount: 1, reason: 'goodwill', idempotency_key: 'perm-fin-1' }, finance))
        .statusCode,
    ).toBe(200);
    expect((await post(`/admin/api/members/${id}/suspend`, { days: 1, reason: 'x' }, support)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/admin/api/members/${id}` })).statusCode).toBe(401);
    // A member's own session is no staff session.
    expect((await t.app.inject({ method: 'GET', url: `/admin/api/members/${id}`, headers: { cookie: member.cookie } })).statusCode).toBe(
      401,
    );
    expect((await get('/admin/api/sites', support)).statusCode).toBe(403);
  });
});

describe('site choices', () => {
  it('lists the sites for the search filter to members.view roles', async () => {
    const moderator = await staffOfRole(t.database.db, 'moderator');
    const answer = await get('/admin/api/members/site-choices', moderator);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().sites.map((s: { domain: string }) => s.domain)).toEqual(['localhost', 'nl.localhost']);
  });
});

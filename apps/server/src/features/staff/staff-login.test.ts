/**
 * The back office's login (issue 13): password, then TOTP set up at the first login (QR code,
 * recovery codes) or entered later; no permission before the second factor; wrong, replayed and
 * reused codes refused; the members' lockout; the idle timeout; disabled accounts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES_PER_ACCOUNT } from '@cupido/shared/rules/accounts';
import { STAFF_IDLE_TIMEOUT_MINUTES } from '@cupido/shared/contracts/staff';
import { auditLog, staffAccounts, staffRecoveryCodes } from '../../db/schema';
import { manualClock } from '../../infra/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { firstLogin, makeStaff, passwordStep, staffCookieOf, totpCode } from './test/staff-test-kit';

const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => t?.close());

const call = (url: string, cookies: Record<string, string>, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.app.inject({ method, url, cookies, payload });
const auditActions = async (staffId: number) =>
  (
    await t.database.db
      .select({ action: auditLog.action, staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.itemType, 'staff'), eq(auditLog.itemId, String(staffId))))
  ).map((r) => r.action);

describe('first login', () => {
  it('sets TOTP up with a QR code and recovery codes; the password alone opens nothing', async () => {
    const admin = await makeStaff(t, clock, 'admin');
    const login = await passwordStep(t, admin.email, admin.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ next: 'totp_setup' });
    const cookies = staffCookieOf(login);

    const before = await call('/admin/api/staff', cookies);
    expect(before.statusCode).toBe(403);
    expect(before.json().error.code).toBe('staff_second_factor_required');
    expect((await call('/admin/api/me', cookies)).json().staff).toMatchObject({ second_factor_done: false, totp_set_up: false });
    // No code to verify before the setup.
    expect((await call('/admin/api/totp/verify', cookies, 'POST', { code: '123456' })).json().error.code).toBe('staff_totp_not_set_up');

    const setup = await call('/admin/api/totp/setup', cookies, 'POST');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri: uri, qr_code: qr } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(uri).toContain(encodeURIComponent(admin.email));
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrong = await call('/admin/api/totp/confirm', cookies, 'POST', {
      code: '000000' === (await totpCode(t, admin.id, clock())) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'staff_totp_invalid', field: 'code' });
    expect((await call('/admin/api/staff', cookies)).statusCode).toBe(403);

    const confirm = await call('/admin/api/totp/confirm', cookies, 'POST', { code: await totpCode(t, admin.id, clock()) });
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    // Stored hashed only.
    const stored = await t.database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, admin.id));
    for (const code of codes) expect(stored.map((s) => s.codeHash)).not.toContain(code);

    expect((await call('/admin/api/staff', cookies)).statusCode).toBe(200);
    const me = await call('/admin/api/me', cookies);
    expect(me.json().staff).toMatchObject({ second_factor_done: true, totp_set_up: true, role: 'admin' });
    expect(me.body).not.toContain(secret);
    // The setup happens once: the secret is never handed out again.
    const again = await call('/admin/api/totp/setup', cookies, 'POST');
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);

    expect(await auditActions(admin.id)).toEqual(
      expect.arrayContaining(['staff.create', 'staff.login', 'staff.totp_setup', 'staff.second_factor_failed', 'staff.totp_confirm']),
    );
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.itemId, String(admin.id)));
    expect(JSON.stringify(entries)).not.toContain(secret);
  });
});

describe('later logins', () => {
  it('need a current TOTP code, refuse a wrong or replayed one, and take each recovery code once', async () => {
    const staff = await makeStaff(t, clock, 'moderator');
    const first = await firstLogin(t, clock, staff);
    const usedAtSetup = await totpCode(t, staff.id, clock());

    const logout = await call('/admin/api/logout', first.cookies, 'POST');
    expect(logout.statusCode).toBe(200);
    expect((await call('/admin/api/me', first.cookies)).json().staff).toBeNull();

    const login = await passwordStep(t, staff.email, staff.password);
    expect(login.json()).toEqual({ next: 'totp' });
    const cookies = staffCookieOf(login);
    expect((await call('/admin/api/totp/setup', cookies, 'POST')).statusCode).toBe(409);

    const wrong = await call('/admin/api/totp/verify', cookies, 'POST', { code: usedAtSetup === '123456' ? '654321' : '123456' });
    expect(wrong.json().error.code).toBe('staff_totp_invalid');
    // The code of the setup, still inside its time window, cannot be used a second time.
    const replay = await call('/admin/api/totp/verify', cookies, 'POST', { code: usedAtSetup });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('staff_totp_code_used');
    expect((await call('/admin/api/me', cookies)).json().staff.second_factor_done).toBe(false);

    clock.advance(30_000);
    const ok = await call('/admin/api/totp/verify', cookies, 'POST', { code: await totpCode(t, staff.id, clock()) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true, recovery_codes_left: 10 });
    expect((await call('/admin/api/me', cookies)).json().staff.second_factor_done).toBe(true);

    // A recovery code instead of the app, once.
    const recoveryCode = first.recoveryCodes[3]!;
    const viaRecovery = staffCookieOf(await passwordStep(t, staff.email, staff.password));
    const used = await call('/admin/api/totp/verify', viaRecovery, 'POST', { recovery_code: recoveryCode.toUpperCase() });
    expect(used.json()).toEqual({ ok: true, recovery_codes_left: 9 });
    const reuse = staffCookieOf(await passwordStep(t, staff.email, staff.password));
    const refused = await call('/admin/api/totp/verify', reuse, 'POST', { recovery_code: recoveryCode });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({ code: 'staff_recovery_code_invalid', field: 'recovery_code' });
    expect((await call('/admin/api/me', reuse)).json().staff.second_factor_done).toBe(false);

    const actions = await auditActions(staff.id);
    expect(actions.filter((a) => a === 'staff.second_factor')).toHaveLength(2);
    expect(actions.filter((a) => a === 'staff.second_factor_failed')).toHaveLength(3);
    expect(actions).toContain('staff.logout');
  });
});

describe('replay', () => {
  it('lets only one of two parallel logins use the same code', async () => {
    const staff = await makeStaff(t, clock, 'operator');
    await firstLogin(t, clock, staff);
    clock.advance(60_000);
    const [a, b] = [
      staffCookieOf(await passwordStep(t, staff.email, staff.password)),
      staffCookieOf(await passwordStep(t, staff.email, staff.password)),
    ];
    const code = await totpCode(t, staff.id, clock());
    const answers = await Promise.all([a, b].map((cookies) => call('/admin/api/totp/verify', cookies, 'POST', { code })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((r) => r.statusCode === 401)!.json().error.code).toBe('staff_totp_code_used');
  });
});

describe('lockout', () => {
  it('answers the same for an unknown address and a wrong password, and locks the account after too many failures', async () => {
    const staff = await makeStaff(t, clock, 'support');
    const unknown = await passwordStep(t, 'nobody@staff.example', 'whatever password');
    const wrong = await passwordStep(t, staff.email, 'not the password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);

    for (let i = 2; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++)
      expect((await passwordStep(t, staff.email, 'not the password')).statusCode).toBe(401);
    const last = await passwordStep(t, staff.email, 'not the password');
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('staff_login_blocked');
    // Locked: even the right password is refused, and does not tell it was right.
    const locked = await passwordStep(t, staff.email, staff.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.cookies).toHaveLength(0);

    clock.advance(LOGIN_LOCK_MINUTES * 60_000);
    expect((await passwordStep(t, staff.email, staff.password)).statusCode).toBe(200);
  });

  it('locks the second factor after too many wrong codes', async () => {
    const staff = await makeStaff(t, clock, 'finance');
    await firstLogin(t, clock, staff);
    const cookies = staffCookieOf(await passwordStep(t, staff.email, staff.password));
    const good = await totpCode(t, staff.id, clock());
    const bad = good === '000000' ? '000001' : '000000';
    for (let i = 1; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++)
      expect((await call('/admin/api/totp/verify', cookies, 'POST', { code: bad })).statusCode).toBe(401);
    expect((await call('/admin/api/totp/verify', cookies, 'POST', { code: bad })).statusCode).toBe(429);
    clock.advance(30_000);
    const blocked = await call('/admin/api/totp/verify', cookies, 'POST', { code: await totpCode(t, staff.id, clock()) });
    expect(blocked.statusCode).toBe(429);
    expect((await call('/admin/api/me', cookies)).json().staff.second_factor_done).toBe(false);
    clock.advance(LOGIN_LOCK_MINUTES * 60_000);
    expect((await call('/admin/api/totp/verify', cookies, 'POST', { code: await totpCode(t, staff.id, clock()) })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('end after STAFF_IDLE_TIMEOUT_MINUTES without a call, and each call keeps them alive', async () => {
    const staff = await makeStaff(t, clock, 'admin');
    const { cookies } = await firstLogin(t, clock, staff);
    clock.advance((STAFF_IDLE_TIMEOUT_MINUTES - 1) * 60_000);
    expect((await call('/admin/api/staff', cookies)).statusCode).toBe(200);
    clock.advance((STAFF_IDLE_TIMEOUT_MINUTES - 1) * 60_000);
    expect((await call('/admin/api/staff', cookies)).statusCode).toBe(200);
    clock.advance(STAFF_IDLE_TIMEOUT_MINUTES * 60_000 + 1000);
    const idle = await call('/admin/api/staff', cookies);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.code).toBe('staff_authentication_required');
    expect((await call('/admin/api/me', cookies)).json().staff).toBeNull();
  });

  it('of a disabled account end at once, and its login is refused like a wrong password', async () => {
    const admin = await makeStaff(t, clock, 'admin');
    const moderator = await makeStaff(t, clock, 'moderator');
    const adminSession = (await firstLogin(t, clock, admin)).cookies;
    const moderatorSession = (await firstLogin(t, clock, moderator)).cookies;
    expect((await call('/admin/api/me', moderatorSession)).json().staff.role).toBe('moderator');

    const disable = await t.app.inject({
      method: 'PATCH',
      url: `/admin/api/staff/${moderator.id}`,
      cookies: adminSession,
      payload: { disabled: true },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect(disable.json().staff).toMatchObject({ id: moderator.id, disabled: true });
    expect((await call('/admin/api/me', moderatorSession)).json().staff).toBeNull();
    const refused = await passwordStep(t, moderator.email, moderator.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('staff_login_failed');

    const enable = await t.app.inject({
      method: 'PATCH',
      url: `/admin/api/staff/${moderator.id}`,
      cookies: adminSession,
      payload: { disabled: false },
    });
    expect(enable.json().staff.disabled).toBe(false);
    expect((await passwordStep(t, moderator.email, moderator.password)).json()).toEqual({ next: 'totp' });
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, moderator.id));
    expect(row!.disabledAt).toBeNull();
  });
});

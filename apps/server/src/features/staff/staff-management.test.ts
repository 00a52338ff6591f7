/**
 * Staff management (issue 13): the admin's list, create, role change and disabling, each audited
 * with before and after; an admin cannot disable or demote themselves; `npm run staff -- create`
 * and the demo admin of the seed.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffAccounts } from '../../db/schema';
import { manualClock } from '../../infra/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_ADMIN, seedDemoStaff } from '../../seed/demo-staff';
import { runStaffCommand } from './cli-command';
import { firstLogin, makeStaff, passwordStep, staffCookieOf, totpCode } from './test/staff-test-kit';

const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeStaff>>;
let cookies: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await makeStaff(t, clock, 'admin');
  cookies = (await firstLogin(t, clock, admin)).cookies;
});
afterAll(async () => t?.close());

const lastAudit = async (itemId: number) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemType, 'staff'), eq(auditLog.itemId, String(itemId))))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0]!;

describe('staff management', () => {
  it('creates staff with validation, lists them and changes roles, audited with before and after', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/admin/api/staff',
      cookies,
      payload: { email: 'not-an-address', name: 'X', role: 'moderator', password: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    const badRole = await t.app.inject({
      method: 'POST',
      url: '/admin/api/staff',
      cookies,
      payload: { email: 'a@staff.example', name: 'X', role: 'owner', password: 'a long enough password' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, 'a@staff.example'))).toHaveLength(0);

    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/api/staff',
      cookies,
      payload: { email: ' Mia.Mod@Staff.Example ', name: 'Mia', role: 'moderator', password: 'a long enough password' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const mia = created.json().staff;
    expect(mia).toMatchObject({ email: 'mia.mod@staff.example', name: 'Mia', role: 'moderator', totp_set_up: false, disabled: false });
    expect(created.body).not.toContain('password');
    expect(await lastAudit(mia.id)).toMatchObject({
      staffId: admin.id,
      action: 'staff.create',
      after: { email: 'mia.mod@staff.example', role: 'moderator', disabled: false },
    });

    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/admin/api/staff',
      cookies,
      payload: { email: 'mia.mod@staff.example', name: 'Mia 2', role: 'support', password: 'a long enough password' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({ code: 'staff_email_taken', field: 'email' });

    const list = await t.app.inject({ url: '/admin/api/staff', cookies });
    expect(list.json().staff.map((s: { email: string }) => s.email)).toEqual(
      expect.arrayContaining([admin.email, 'mia.mod@staff.example']),
    );
    expect(list.body).not.toMatch(/password_hash|totp_secret|\$argon2/);

    // Mia logs in; her new role takes effect on her next call.
    const miaSession = (await firstLogin(t, clock, { id: mia.id, email: mia.email, password: 'a long enough password' })).cookies;
    expect((await t.app.inject({ url: '/admin/api/staff', cookies: miaSession })).json().error.code).toBe('staff_forbidden');
    const promote = await t.app.inject({ method: 'PATCH', url: `/admin/api/staff/${mia.id}`, cookies, payload: { role: 'admin' } });
    expect(promote.json().staff.role).toBe('admin');
    expect(await lastAudit(mia.id)).toMatchObject({
      staffId: admin.id,
      action: 'staff.role_change',
      before: { role: 'moderator' },
      after: { role: 'admin' },
    });
    expect((await t.app.inject({ url: '/admin/api/staff', cookies: miaSession })).statusCode).toBe(200);

    const disable = await t.app.inject({ method: 'PATCH', url: `/admin/api/staff/${mia.id}`, cookies, payload: { disabled: true } });
    expect(disable.statusCode).toBe(200);
    expect(await lastAudit(mia.id)).toMatchObject({ action: 'staff.disable', before: { disabled: false }, after: { disabled: true } });
    expect((await t.app.inject({ url: '/admin/api/staff', cookies: miaSession })).statusCode).toBe(401);

    expect((await t.app.inject({ method: 'PATCH', url: '/admin/api/staff/999999', cookies, payload: { disabled: true } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'PATCH', url: `/admin/api/staff/${mia.id}`, cookies, payload: {} })).statusCode).toBe(400);
  });

  it('does not let an admin disable or demote themselves', async () => {
    for (const change of [{ disabled: true }, { role: 'support' }]) {
      const response = await t.app.inject({ method: 'PATCH', url: `/admin/api/staff/${admin.id}`, cookies, payload: change });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('staff_not_yourself');
    }
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, admin.id));
    expect(row).toMatchObject({ role: 'admin', disabledAt: null });
    expect((await t.app.inject({ url: '/admin/api/staff', cookies })).statusCode).toBe(200);
  });
});

describe('npm run staff -- create', () => {
  it('creates an account with a generated password printed once, audited without a staff member', async () => {
    const lines: string[] = [];
    const code = await runStaffCommand(
      t.database.db,
      ['create', '--email', 'Cli.Admin@Staff.Example', '--role', 'admin'],
      (l) => lines.push(l),
      clock(),
    );
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^Created staff account #\d+: cli\.admin@staff\.example \(admin\)/);
    const password = /^Password \(shown only now\): (\S+)$/.exec(lines[1]!)?.[1];
    expect(password).toBeDefined();
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, 'cli.admin@staff.example'));
    expect(row).toMatchObject({ role: 'admin', name: 'Cli.Admin', totpSecret: null });
    expect(await lastAudit(row!.id)).toMatchObject({ staffId: null, action: 'staff.create' });

    const login = await passwordStep(t, 'cli.admin@staff.example', password!);
    expect(login.json()).toEqual({ next: 'totp_setup' });
    staffCookieOf(login);
  });

  it('takes a given password and name, and refuses bad input and a taken address', async () => {
    const lines: string[] = [];
    const print = (l: string) => lines.push(l);
    expect(
      await runStaffCommand(
        t.database.db,
        ['create', '--email', 'op@staff.example', '--role', 'operator', '--name', 'Olga', '--password', 'olga password 2026'],
        print,
      ),
    ).toBe(0);
    expect(lines.join('\n')).not.toContain('olga password 2026');
    expect((await passwordStep(t, 'op@staff.example', 'olga password 2026')).statusCode).toBe(200);

    lines.length = 0;
    expect(await runStaffCommand(t.database.db, ['create', '--email', 'op@staff.example', '--role', 'operator'], print)).toBe(1);
    expect(lines.join('\n')).toContain('already exists');
    expect(await runStaffCommand(t.database.db, ['create', '--email', 'x@staff.example', '--role', 'owner'], print)).toBe(2);
    expect(await runStaffCommand(t.database.db, ['create', '--email', 'x@staff.example'], print)).toBe(2);
    expect(await runStaffCommand(t.database.db, ['delete', '--email', 'x@staff.example', '--role', 'admin'], print)).toBe(2);
    expect(await runStaffCommand(t.database.db, ['create', '--email', 'x@staff.example', '--role', 'admin', '--bogus'], print)).toBe(2);
    expect(await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, 'x@staff.example'))).toHaveLength(0);
  });
});

describe('demo admin', () => {
  it('is created once, sets TOTP up on first login, or takes DEMO_STAFF_TOTP_SECRET as confirmed', async () => {
    expect(await seedDemoStaff(t.database.db)).toEqual({ created: true, totpPreset: false });
    expect(await seedDemoStaff(t.database.db)).toEqual({ created: false, totpPreset: false });
    expect((await passwordStep(t, DEMO_ADMIN.email, DEMO_ADMIN.password)).json()).toEqual({ next: 'totp_setup' });

    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(await seedDemoStaff(t.database.db, { totpSecret: secret })).toEqual({ created: false, totpPreset: true });
    const login = await passwordStep(t, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(login.json()).toEqual({ next: 'totp' });
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, DEMO_ADMIN.email));
    clock.advance(60_000);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/admin/api/totp/verify',
      cookies: staffCookieOf(login),
      payload: { code: await totpCode(t, row!.id, clock()) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    await expect(seedDemoStaff(t.database.db, { totpSecret: 'not base32!' })).rejects.toThrow(/base32/);
  });
});

/**
 * Helpers for the staff tests: accounts made through the service, logins through the real calls,
 * TOTP codes computed from the account's secret at the test clock's time.
 */
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { TStaffRole } from '@cupido/shared/contracts/staff';
import { staffAccounts } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import type { Clock } from '../../../infra/clock';
import { createStaffAccount } from '../accounts';
import { STAFF_SESSION_COOKIE } from '../sessions';

export const STAFF_TEST_PASSWORD = 'a long staff password';
let counter = 0;

export async function makeStaff(t: TestApp, clock: Clock, role: TStaffRole, password = STAFF_TEST_PASSWORD) {
  counter++;
  const email = `${role}.${process.pid}.${counter}@staff.example`;
  const staff = await createStaffAccount(t.database.db, { email, name: `${role} ${counter}`, role, password }, null, clock());
  return { ...staff, password };
}

/** The staff cookie a response set, for `cookies:` of app.inject. */
export function staffCookieOf(response: LightMyRequestResponse): Record<string, string> {
  const cookie = response.cookies.find((c) => c.name === STAFF_SESSION_COOKIE);
  expect(cookie, `no staff cookie in ${response.statusCode} ${response.body}`).toBeDefined();
  expect(cookie).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict' });
  return { [STAFF_SESSION_COOKIE]: cookie!.value };
}

export async function totpCode(t: TestApp, staffId: number, at: Date): Promise<string> {
  const [row] = await t.database.db.select({ secret: staffAccounts.totpSecret }).from(staffAccounts).where(eq(staffAccounts.id, staffId));
  return generate({ secret: row!.secret!, epoch: Math.floor(at.getTime() / 1000) });
}

export async function passwordStep(t: TestApp, email: string, password: string) {
  const response = await t.app.inject({ method: 'POST', url: '/admin/api/login', payload: { email, password } });
  return response;
}

/** Password, TOTP setup and confirmation: answers the finished session's cookie and the recovery codes. */
export async function firstLogin(t: TestApp, clock: Clock, staff: { id: number; email: string; password: string }) {
  const login = await passwordStep(t, staff.email, staff.password);
  expect(login.json()).toEqual({ next: 'totp_setup' });
  const cookies = staffCookieOf(login);
  const setup = await t.app.inject({ method: 'POST', url: '/admin/api/totp/setup', cookies });
  expect(setup.statusCode, setup.body).toBe(200);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/admin/api/totp/confirm',
    cookies,
    payload: { code: await totpCode(t, staff.id, clock()) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { cookies, recoveryCodes: confirm.json().recovery_codes as string[], secret: setup.json().secret as string };
}

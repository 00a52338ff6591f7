/** Test helpers for back-office calls: a staff member of a role with a finished login (password and TOTP done). */
import { randomUUID } from 'node:crypto';
import type { TStaffRole } from '@cupido/shared/contracts/staff';
import { staffAccounts } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { createStaffSession, STAFF_SESSION_COOKIE } from '../../staff/sessions';

export interface TestStaff {
  id: number;
  /** The Cookie header of a session past the second factor. */
  cookie: string;
}

/** `now`: the app's clock (a staff session ends after 30 idle minutes of that clock). */
export async function staffMember(t: TestApp, role: TStaffRole, now = new Date()): Promise<TestStaff> {
  const [row] = await t.database.db
    .insert(staffAccounts)
    .values({
      email: `${role}.${randomUUID()}@staff.example`,
      name: `Test ${role}`,
      role,
      passwordHash: 'not used in these tests',
      createdAt: now,
    })
    .returning({ id: staffAccounts.id });
  const token = await createStaffSession(t.database.db, row!.id, now, true);
  return { id: row!.id, cookie: `${STAFF_SESSION_COOKIE}=${token}` };
}

export function staffGet(t: TestApp, staff: TestStaff | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: staff ? { cookie: staff.cookie } : {} });
}

export function staffSend(
  t: TestApp,
  staff: TestStaff | null,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: staff ? { cookie: staff.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

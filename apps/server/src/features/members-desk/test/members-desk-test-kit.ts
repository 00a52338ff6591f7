/**
 * Staff for the members desk's and the site editor's tests: a staff account of a role with a
 * session that finished the second factor (the login itself is the staff feature's tests' job).
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TStaffRole } from '@cupido/shared/contracts/staff';
import { auditLog, staffAccounts } from '../../../db/schema';
import type { Database } from '../../../db/open';
import { createStaffSession, STAFF_SESSION_COOKIE } from '../../staff/sessions';

let counter = 0;

export interface TestStaff {
  id: number;
  cookies: Record<string, string>;
}

export async function staffOfRole(db: Database, role: TStaffRole): Promise<TestStaff> {
  counter += 1;
  const [staff] = await db
    .insert(staffAccounts)
    .values({
      email: `${role}.${process.pid}.${counter}@staff.example`,
      name: `${role} ${counter}`,
      role,
      passwordHash: 'not used',
      createdAt: new Date(),
    })
    .returning({ id: staffAccounts.id });
  const token = await createStaffSession(db, staff!.id, new Date(), true);
  return { id: staff!.id, cookies: { [STAFF_SESSION_COOKIE]: token } };
}

export async function auditEntriesOf(db: Database, itemType: string, itemId: number | string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.itemId, String(itemId)));
  return rows.filter((r) => r.itemType === itemType).sort((a, b) => a.id - b.id);
}

export function errorOf(response: LightMyRequestResponse): { code: string; message: string; field?: string } {
  return response.json().error;
}

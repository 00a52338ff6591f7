/**
 * Staff accounts (issue 13): created by an admin in the back office, by `npm run staff -- create`
 * or by the demo seed; their role changed and disabled or enabled again. Every change is audited
 * with its before and after, in its own transaction. An account is never deleted (the audit log
 * names it), and disabling it ends its sessions at once.
 */
import { asc, eq } from 'drizzle-orm';
import type { TStaffMember, TStaffUpdateRequest } from '@cupido/shared/contracts/staff-access';
import type { TStaffRole } from '@cupido/shared/contracts/staff';
import { AppError } from '../../errors';
import type { Database } from '../../db/open';
import { staffAccounts } from '../../db/schema';
import { recordStaffAction } from '../audit/service';
import { hashPassword } from '../accounts/passwords';
import { endAllStaffSessions } from './sessions';

type StaffRow = typeof staffAccounts.$inferSelect;

const staffEmailTaken = () => new AppError(409, 'staff_email_taken', 'staff.access.errors.email_taken', {}, 'email');
const staffNotFound = () => new AppError(404, 'staff_not_found', 'staff.access.errors.not_found');
const notYourself = () => new AppError(409, 'staff_not_yourself', 'staff.access.errors.not_yourself');

export function toStaffMember(row: StaffRow): TStaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    totp_set_up: row.totpConfirmedAt !== null,
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account: never its password hash or TOTP secret. */
const audited = (row: StaffRow) => ({ email: row.email, name: row.name, role: row.role, disabled: row.disabledAt !== null });

export async function listStaff(db: Database): Promise<TStaffMember[]> {
  const rows = await db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
  return rows.map(toStaffMember);
}

export interface NewStaffAccount {
  email: string;
  name: string;
  role: TStaffRole;
  password: string;
  /** A TOTP secret already confirmed (the demo seed's fixed secret for browser tests only). */
  confirmedTotpSecret?: string;
}

/**
 * Creates an account, audited as `staff.create` by `byStaffId` (null: the command line or the
 * seed). 409 staff_email_taken when the e-mail address is in use, even by a disabled account.
 */
export async function createStaffAccount(db: Database, input: NewStaffAccount, byStaffId: number | null, now: Date): Promise<TStaffMember> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        email: input.email.trim().toLowerCase(),
        name: input.name.trim(),
        role: input.role,
        passwordHash,
        totpSecret: input.confirmedTotpSecret ?? null,
        totpConfirmedAt: input.confirmedTotpSecret ? now : null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: staffAccounts.email })
      .returning();
    if (!row) throw staffEmailTaken();
    await recordStaffAction(
      tx,
      { staffId: byStaffId, action: 'staff.create', itemType: 'staff', itemId: row.id, after: audited(row) },
      now,
    );
    return toStaffMember(row);
  });
}

/**
 * Changes an account's role and/or disables or enables it, as `actor`. An admin cannot demote or
 * disable themselves (the back office would lose its last way in). Disabling ends every session
 * of the account in the same transaction.
 */
export async function updateStaffAccount(
  db: Database,
  actorId: number,
  staffId: number,
  change: TStaffUpdateRequest,
  now: Date,
): Promise<TStaffMember> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for('update');
    if (!before) throw staffNotFound();
    const disabling = change.disabled === true && before.disabledAt === null;
    if (staffId === actorId && (change.disabled === true || (change.role !== undefined && change.role !== before.role)))
      throw notYourself();

    const [after] = await tx
      .update(staffAccounts)
      .set({
        role: change.role ?? before.role,
        disabledAt: change.disabled === undefined ? before.disabledAt : change.disabled ? (before.disabledAt ?? now) : null,
      })
      .where(eq(staffAccounts.id, staffId))
      .returning();
    if (disabling) await endAllStaffSessions(tx, staffId);
    const [was, is] = [audited(before), audited(after!)];
    if (was.role !== is.role || was.disabled !== is.disabled) {
      const action = was.disabled !== is.disabled ? (is.disabled ? 'staff.disable' : 'staff.enable') : 'staff.role_change';
      await recordStaffAction(tx, { staffId: actorId, action, itemType: 'staff', itemId: staffId, before: was, after: is }, now);
    }
    return toStaffMember(after!);
  });
}

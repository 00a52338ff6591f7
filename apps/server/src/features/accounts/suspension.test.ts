/**
 * A suspension never cancels a member's own deletion request (accounts/suspension.ts): when it ends
 * the account is pending deletion again, and an account suspended or ended after its member asked
 * to delete it is still erased once the 14 days are over.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { activeMember, createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { eraseExpiredAccounts } from './deletion';
import { liftEndedSuspensions, liftSuspension, suspendAccount } from './suspension';

const DAY = 86_400_000;
let t: AccountsTestApp;

beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(async () => t?.close());

const accountOf = async (email: string) =>
  (
    await t.database.db
      .select({ id: users.id, status: users.status, suspendedUntil: users.suspendedUntil })
      .from(users)
      .where(eq(users.email, email))
  )[0]!;
const suspend = (userId: number, until: Date | null) =>
  t.app.events.transaction(t.database.db, (tx) => suspendAccount(t.app.events, tx, userId, until));
const lift = (userId: number) => t.app.events.transaction(t.database.db, (tx) => liftSuspension(t.app.events, tx, userId));
const askDeletion = (id: number, daysAgo: number) =>
  t.database.db
    .update(users)
    .set({ status: 'pending_deletion', deletedAt: new Date(t.clock().getTime() - daysAgo * DAY) })
    .where(eq(users.id, id));

describe('suspensions and deletion requests', () => {
  it('a suspension ends in active, or in pending deletion when the member had asked to delete the account', async () => {
    const [kept, leaving] = [await activeMember(t), await activeMember(t)];
    const keptId = (await accountOf(kept.body.email)).id;
    const leavingId = (await accountOf(leaving.body.email)).id;
    await askDeletion(leavingId, 1);
    const until = new Date(t.clock().getTime() + DAY);
    await suspend(keptId, until);
    await suspend(leavingId, until);
    expect((await accountOf(leaving.body.email)).status).toBe('suspended');

    expect(await liftEndedSuspensions(t.database.db, t.clock())).toEqual([]);
    const lifted = await liftEndedSuspensions(t.database.db, new Date(until.getTime() + 1));
    expect(lifted.sort()).toEqual([keptId, leavingId].sort());
    expect(await accountOf(kept.body.email)).toMatchObject({ status: 'active', suspendedUntil: null });
    expect(await accountOf(leaving.body.email)).toMatchObject({ status: 'pending_deletion', suspendedUntil: null });

    // Lifted by staff, likewise.
    await suspend(leavingId, until);
    expect(await lift(leavingId)).toMatchObject({ status: 'suspended' });
    expect((await accountOf(leaving.body.email)).status).toBe('pending_deletion');
  });

  it('erases after the 14 days an account that was suspended or ended after its member asked to delete it', async () => {
    const [suspended, ended, recent] = [await activeMember(t), await activeMember(t), await activeMember(t)];
    const ids = await Promise.all([suspended, ended, recent].map(async (m) => (await accountOf(m.body.email)).id));
    await askDeletion(ids[0]!, 15);
    await askDeletion(ids[1]!, 15);
    await askDeletion(ids[2]!, 3);
    await suspend(ids[0]!, new Date(t.clock().getTime() + 30 * DAY));
    await suspend(ids[1]!, null);
    await suspend(ids[2]!, null);

    await eraseExpiredAccounts({ db: t.database.db, clock: t.clock, events: t.app.events });
    const statuses = await Promise.all(
      ids.map(async (id) => (await t.database.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]!.status),
    );
    expect(statuses).toEqual(['erased', 'erased', 'terminated']);
  });
});

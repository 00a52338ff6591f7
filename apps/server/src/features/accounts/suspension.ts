/**
 * Suspending and ending accounts (issue 13): moderation decisions and the members desk of the back
 * office call these, in the transaction of their decision. A suspended or ended account cannot log
 * in, its sessions go at once, and its profile is out of sight (the account_usable trigger follows
 * users.status). A suspension ends by itself: the suspension_lift job makes the account active
 * again once `suspended_until` has passed; staff may lift it earlier.
 *
 * Both publish account.view_changed in the caller's transaction (its `events.transaction`): once
 * it committed, the session drops the member's cached lookups in every process (issue 33).
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { sessions, users } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { DomainEvents, Tx } from '../../infra/domain-events';
import type { JobDefinition } from '../../infra/jobs';

type Executor = Tx | Database;

/** What the account was before the change (for the audit log); null: no such account, or already erased. */
export interface AccountStanding {
  status: (typeof users.$inferSelect)['status'];
  suspendedUntil: Date | null;
}

async function standingForUpdate(tx: Executor, userId: number): Promise<AccountStanding | null> {
  const [row] = await tx
    .select({ status: users.status, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row && row.status !== 'erased' ? row : null;
}

/**
 * Suspends the account until `until`, or ends it for good (`until` null). An account pending
 * deletion is suspended too (it can no longer be reactivated while suspended). Answers the
 * standing before, or null when there is no account to suspend.
 */
export async function suspendAccount(events: DomainEvents, tx: Tx, userId: number, until: Date | null): Promise<AccountStanding | null> {
  const before = await standingForUpdate(tx, userId);
  if (!before) return null;
  await tx
    .update(users)
    .set(until ? { status: 'suspended', suspendedUntil: until } : { status: 'terminated', suspendedUntil: null })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await events.publish(tx, { type: 'account.view_changed', userId });
  return before;
}

/**
 * The status an account returns to when its suspension ends: still pending deletion when the member
 * had asked to delete it (deleted_at is cleared only by reactivation), else active. A suspension
 * never cancels a member's deletion request.
 */
const statusAfterSuspension = sql`(CASE WHEN ${users.deletedAt} IS NULL THEN 'active' ELSE 'pending_deletion' END)`;

/** Lifts a suspension now (staff, or an upheld appeal). Answers the standing before, or null when the account was not suspended or ended. */
export async function liftSuspension(events: DomainEvents, tx: Tx, userId: number): Promise<AccountStanding | null> {
  const before = await standingForUpdate(tx, userId);
  if (!before || (before.status !== 'suspended' && before.status !== 'terminated')) return null;
  await tx.update(users).set({ status: statusAfterSuspension, suspendedUntil: null }).where(eq(users.id, userId));
  await events.publish(tx, { type: 'account.view_changed', userId });
  return before;
}

/** Every few minutes: accounts whose suspension has ended become active again (or pending deletion). Answers their ids. */
export async function liftEndedSuspensions(db: Database, now: Date): Promise<number[]> {
  const rows = await db
    .update(users)
    .set({ status: statusAfterSuspension, suspendedUntil: null })
    .where(and(inArray(users.status, ['suspended']), lte(users.suspendedUntil, now)))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

export function suspensionLiftJob(deps: { db: Database; clock: Clock }): JobDefinition {
  return {
    name: 'suspension_lift',
    cron: '*/5 * * * *',
    run: async () => {
      await liftEndedSuspensions(deps.db, deps.clock());
    },
  };
}

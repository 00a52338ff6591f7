/**
 * The browsers that get a member's web pushes (push_subscriptions, decision 040): stored from
 * `POST /api/user.php?push=1`, read by the sends, dropped when the push service says the
 * subscription is gone (404/410), when the member turns push off, and with the account.
 */
import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { TPushSubscription } from '@cupido/shared/contracts/push';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
import { pushSubscriptions } from '../../db/schema';

/** A member with more browsers than this loses the longest unused: each push goes to every one. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

export type StoredPushSubscription = typeof pushSubscriptions.$inferSelect;

/**
 * Stores the browser for the member. The browser sends its subscription on every visit: the same
 * endpoint updates its keys; an endpoint another member had (one browser, another login) moves
 * to this member and starts afresh, so the previous member's pushes stop reaching that browser.
 */
export async function saveSubscription(db: Database, userId: number, subscription: TPushSubscription, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = sql`${pushSubscriptions.userId} <> excluded.user_id`;
    await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          updatedAt: now,
          createdAt: sql`case when ${moved} then excluded.created_at else ${pushSubscriptions.createdAt} end`,
          lastSuccessAt: sql`case when ${moved} then null else ${pushSubscriptions.lastSuccessAt} end`,
        },
      });
    // Every browser costs a send per notification: the oldest beyond the limit go.
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
}

/** Removes the member's browser with this endpoint (another member's stays); answers whether one was removed. */
export async function removeSubscription(db: Database, userId: number, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function subscriptionsOf(db: Pick<Database, 'select'>, userId: number): Promise<StoredPushSubscription[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id);
}

/** Read by every push delivery: a prepared statement. */
const subscriptionByIdStatement = preparedStatement<
  { id: number },
  Pick<StoredPushSubscription, 'id' | 'userId' | 'endpoint' | 'p256dh' | 'auth'>
>(
  (p) =>
    sql`select ${pushSubscriptions.id} as "id", ${pushSubscriptions.userId} as "userId", ${pushSubscriptions.endpoint} as "endpoint",
               ${pushSubscriptions.p256dh} as "p256dh", ${pushSubscriptions.auth} as "auth"
        from ${pushSubscriptions} where ${pushSubscriptions.id} = ${p.id}`,
);

export async function subscriptionById(
  db: Pick<Database, 'execute'>,
  id: number,
): Promise<Pick<StoredPushSubscription, 'id' | 'userId' | 'endpoint' | 'p256dh' | 'auth'> | null> {
  const [row] = await subscriptionByIdStatement(db, { id });
  return row ?? null;
}

/** Which of these members have at least one browser to push to. */
export async function membersWithSubscriptions(db: Pick<Database, 'selectDistinct'>, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...new Set(userIds)]));
  return new Set(rows.map((row) => row.userId));
}

/** SQL, for one composed query: the ids (column `user_id`) of the members with at least one browser subscribed. */
export function membersWithDevicesQuery(): SQL {
  return sql`select ${pushSubscriptions.userId} from ${pushSubscriptions}`;
}

/** The push service accepted a push for this browser. */
export async function markDelivered(db: Database, id: number, now: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, id));
}

/** The push service answered 404 or 410: the browser unsubscribed or the subscription expired. */
export async function deleteGoneSubscription(db: Database, id: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * A member's notification preferences (spec section 3, issue 30): read with their defaults,
 * changed one switch at a time. Turning promotions or news on for any channel records the
 * marketing consent, turning the last of them off withdraws it, in the same transaction.
 */
import { eq, sql } from 'drizzle-orm';
import {
  MARKETING_KINDS,
  preferencesFrom,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@cupido/shared/rules/notifications';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
import { notificationPreferences } from '../../db/schema';
import { setMarketingConsent } from '../accounts/for-notifications';

export async function preferencesOf(db: Pick<Database, 'select'>, userId: number): Promise<NotificationPreferences> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return preferencesFrom(rows);
}

/** Whether mails (or pushes) of this kind go to the member, by their choice or the default. */
/** Asked by every notification job: a prepared statement. */
const wantsStatement = preparedStatement<{ userId: number; kind: NotificationKind; channel: NotificationChannel }, { enabled: boolean }>(
  (p) =>
    sql`select ${notificationPreferences.enabled} as "enabled" from ${notificationPreferences}
        where ${notificationPreferences.userId} = ${p.userId} and ${notificationPreferences.kind} = ${p.kind} and ${notificationPreferences.channel} = ${p.channel}`,
);

export async function wants(
  db: Pick<Database, 'execute'>,
  userId: number,
  kind: NotificationKind,
  channel: NotificationChannel,
): Promise<boolean> {
  const [row] = await wantsStatement(db, { userId, kind, channel });
  return row ? row.enabled : preferencesFrom([])[kind][channel];
}

export async function setPreference(
  db: Database,
  member: { id: number; companyId: number },
  change: { kind: NotificationKind; channel: NotificationChannel; enabled: boolean },
  now: Date,
): Promise<NotificationPreferences> {
  return db.transaction(async (tx) => {
    await tx
      .insert(notificationPreferences)
      .values({ userId: member.id, kind: change.kind, channel: change.channel, enabled: change.enabled, updatedAt: now })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
        set: { enabled: change.enabled, updatedAt: now },
      });
    const preferences = await preferencesOf(tx, member.id);
    if (MARKETING_KINDS.includes(change.kind)) {
      const anyMarketing = MARKETING_KINDS.some((kind) => preferences[kind].email || preferences[kind].push);
      await setMarketingConsent(tx, member, anyMarketing, now);
    }
    return preferences;
  });
}

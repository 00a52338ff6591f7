/**
 * What the dashboard (issue 13) reads of chats: messages sent per UTC day by the profiles of a scope
 * (profiles/for-dashboard.ts), and the conversations waiting for staff (issue 15).
 */
import { and, count, eq, gte, isNotNull, lt, min, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { conversations, messages } from '../../db/schema';

export async function messagesPerDay(
  db: Database,
  period: { start: Date; end: Date },
  senderProfiles: SQL,
): Promise<{ day: string; count: number }[]> {
  const day = sql<string>`to_char(${messages.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: count() })
    .from(messages)
    .where(
      and(gte(messages.createdAt, period.start), lt(messages.createdAt, period.end), sql`${messages.senderProfileId} in ${senderProfiles}`),
    )
    .groupBy(day);
}

/**
 * The operator console's queues now (issue 15): per site, the conversations whose member waits for
 * a fictional profile's answer and since when the oldest waits. Sites without any are left out.
 */
export async function staffQueuesPerSite(
  db: Database,
  siteId: number | null,
): Promise<{ siteId: number; count: number; oldestAt: Date | null }[]> {
  return db
    .select({ siteId: conversations.siteId, count: count(), oldestAt: min(conversations.awaitingStaffSince) })
    .from(conversations)
    .where(and(isNotNull(conversations.awaitingStaffSince), siteId === null ? undefined : eq(conversations.siteId, siteId)))
    .groupBy(conversations.siteId);
}

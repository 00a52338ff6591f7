/** What the dashboard (issue 13) reads of chats: messages sent per UTC day by the profiles of a scope (profiles/for-dashboard.ts). */
import { and, count, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { messages } from '../../db/schema';

export async function messagesPerDay(db: Database, period: { start: Date; end: Date }, senderProfiles: SQL): Promise<{ day: string; count: number }[]> {
  const day = sql<string>`to_char(${messages.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: count() })
    .from(messages)
    .where(and(gte(messages.createdAt, period.start), lt(messages.createdAt, period.end), sql`${messages.senderProfileId} in ${senderProfiles}`))
    .groupBy(day);
}

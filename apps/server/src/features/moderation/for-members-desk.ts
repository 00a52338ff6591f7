/** What the back office's members desk reads of moderation (issue 13): the decisions about a member, newest first. */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { moderationDecisions } from '../../db/schema';

export async function decisionsAboutForDesk(db: Pick<Database, 'select'>, userId: number) {
  return db
    .select()
    .from(moderationDecisions)
    .where(eq(moderationDecisions.userId, userId))
    .orderBy(desc(moderationDecisions.id))
    .limit(100);
}

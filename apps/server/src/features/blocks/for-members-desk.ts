/** What the back office's members desk reads of blocks (issue 13): who the member blocked, and how often they were blocked. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { blocks } from '../../db/schema';

type Reader = Pick<Database, 'select'>;

export async function blocksGivenForDesk(db: Reader, userId: number) {
  return db
    .select({ profileId: blocks.blockedProfileId, createdAt: blocks.createdAt })
    .from(blocks)
    .where(eq(blocks.blockerUserId, userId))
    .orderBy(desc(blocks.createdAt));
}

export async function blocksReceivedCountForDesk(db: Reader, profileId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(blocks)
    .where(eq(blocks.blockedProfileId, profileId));
  return row?.n ?? 0;
}

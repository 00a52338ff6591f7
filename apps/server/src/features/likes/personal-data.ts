/**
 * The likes feature's part of "Download my data": likes the member gave and received (hidden ones
 * too: they are the member's data while the account waits) and their passes, newest first.
 */
import { desc, eq } from 'drizzle-orm';
import { likes, passes } from '../../db/schema';
import { dataExportPart } from '../personal-data/registry';

export const likesDataPart = dataExportPart('likes', async ({ db, profileId }) => {
  if (profileId === null) return { given: [], received: [], passes: [] };
  const [given, received, passed] = await Promise.all([
    db.select().from(likes).where(eq(likes.fromProfileId, profileId)).orderBy(desc(likes.createdAt)),
    db.select().from(likes).where(eq(likes.toProfileId, profileId)).orderBy(desc(likes.createdAt)),
    db.select().from(passes).where(eq(passes.fromProfileId, profileId)).orderBy(desc(passes.createdAt)),
  ]);
  return {
    given: given.map((row) => ({ profile_id: row.toProfileId, liked_at: row.createdAt.toISOString() })),
    received: received.map((row) => ({
      profile_id: row.fromProfileId,
      liked_at: row.createdAt.toISOString(),
      seen_at: row.seenAt?.toISOString() ?? null,
    })),
    passes: passed.map((row) => ({ profile_id: row.toProfileId, passed_at: row.createdAt.toISOString() })),
  };
});

/** The blocks feature's part of "Download my data": the profiles the member blocked, newest first. */
import { registerDataExportPart } from '../personal-data/registry';
import { listBlocks } from './service';

registerDataExportPart('blocks', async ({ db, site }, userId) => {
  const rows = await listBlocks(db, { userId, siteId: site.id });
  return rows.map((row) => ({ profile_id: row.profileId, name: row.name, blocked_at: row.blockedAt.toISOString() }));
});

/** The blocks feature's part of "Download my data": the profiles the member blocked, newest first. */
import type { Database } from '../../db/open';
import { registerDataExportPart } from '../personal-data/registry';
import { listBlocks, type ProfilesForBlocks } from './service';

/**
 * Registers the part. Unlike the other parts this one is called, not just imported
 * (personal-data-parts.ts): the names come from profiles, which blocks is handed (decision 021).
 */
export function registerBlocksDataExport(profilesOn: (db: Database) => ProfilesForBlocks): void {
  registerDataExportPart('blocks', async ({ db, site }, userId) => {
    const rows = await listBlocks({ db, profiles: profilesOn(db) }, { userId, siteId: site.id });
    return rows.map((row) => ({ profile_id: row.profileId, name: row.name, blocked_at: row.blockedAt.toISOString() }));
  });
}

/** The blocks feature's part of "Download my data": the profiles the member blocked, newest first. */
import { dataExportPart } from '../personal-data/registry';
import { listBlocks, type ProfilesForBlocks } from './service';

/** The part, given profiles' answers (the names come from profiles, which blocks cannot import: decision 021). */
export function blocksDataPart(profiles: ProfilesForBlocks) {
  return dataExportPart('blocks', async ({ db, site }, userId) => {
    const rows = await listBlocks({ db, profiles }, { userId, siteId: site.id });
    return rows.map((row) => ({ profile_id: row.profileId, name: row.name, blocked_at: row.blockedAt.toISOString() }));
  });
}

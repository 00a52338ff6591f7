/**
 * What blocks asks about profiles (the ProfilesForBlocks port of blocks/service.ts), answered from
 * this feature's table: blocks cannot import profiles, which imports blocks (decision 021).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';
import type { ProfilesForBlocks } from '../blocks/service';
import { approvedMainThumbOf } from '../photos/service';

export function profilesForBlocks(db: Database): ProfilesForBlocks {
  return {
    async existsOnSite(siteId, profileId) {
      const [row] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.id, profileId), eq(profiles.siteId, siteId)))
        .limit(1);
      return row !== undefined;
    },
    async cardsByIds(siteId, profileIds) {
      if (profileIds.length === 0) return [];
      return db
        .select({ id: profiles.id, name: profiles.name, thumbFilename: approvedMainThumbOf(profiles.id).as('thumb_filename') })
        .from(profiles)
        .where(and(inArray(profiles.id, profileIds), eq(profiles.siteId, siteId)));
    },
  };
}

/**
 * Nightly, off-peak: deletes Like grants older than LIKE_GRANTS_KEPT_MS. Only the member's current
 * local day is ever counted, and that day began less than 25 hours ago in any zone (daylight
 * saving makes a day 25 hours at most), so two days keep every grant a count can still read.
 */
import { lt } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { likeGrants } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { JobDefinition } from '../../infra/jobs';

export const LIKE_GRANTS_KEPT_MS = 2 * 24 * 3_600_000;

export function likeGrantsPruneJob(deps: { db: Database; clock: Clock }): JobDefinition {
  return {
    name: 'like_grants_prune',
    cron: '30 3 * * *',
    run: async () => {
      await deps.db.delete(likeGrants).where(lt(likeGrants.givenAt, new Date(deps.clock().getTime() - LIKE_GRANTS_KEPT_MS)));
    },
  };
}

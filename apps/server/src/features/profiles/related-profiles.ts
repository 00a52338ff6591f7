/**
 * Related profiles of a profile page: same country and gender, within RELATED_AGE_SPREAD years
 * of age, searchable, never the viewer or the profile itself or anyone blocked either way. The
 * same read model as member search (search-read-model.ts).
 */
import { RELATED_AGE_SPREAD, RELATED_PROFILES, SEARCH_MAX_AGE, SEARCH_MIN_AGE, type TProfileCard } from '@cupido/shared/profiles';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { Site } from '../sites/service';
import { birthDateBounds, excludedProfileIds, pageCardsQuery, toCard, type Searcher } from './search-read-model';

export async function relatedProfiles(
  deps: { db: Database; clock: Clock },
  site: Site,
  viewer: Searcher,
  target: { id: number; country: string; gender: string | null; age: number },
): Promise<TProfileCard[]> {
  const today = deps.clock();
  const excludeIds = [target.id, ...(await excludedProfileIds(deps.db, viewer))];
  const minAge = Math.max(SEARCH_MIN_AGE, target.age - RELATED_AGE_SPREAD);
  const maxAge = Math.min(SEARCH_MAX_AGE, target.age + RELATED_AGE_SPREAD);
  const filter = { siteId: site.id, country: target.country, gender: target.gender ?? undefined, ...birthDateBounds(today, minAge, maxAge), excludeIds };
  const rows = await pageCardsQuery(deps.db, filter, RELATED_PROFILES, 0);
  return rows.map((row) => toCard(row, site, today));
}

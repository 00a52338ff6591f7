/**
 * Related profiles of a profile page: same country and gender, within RELATED_AGE_SPREAD years
 * of age, searchable, never the viewer or the profile itself or anyone blocked either way. The
 * same read model as member search (search-read-model.ts). A member sees only whom the two-way
 * rule allows from their own side (decision 036): of the target's gender only when they look for
 * it, and only those who look for the member's gender; cards carry the distance from the member.
 */
import { RELATED_AGE_SPREAD, RELATED_PROFILES, SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '@cupido/shared/rules/profiles';
import { type TProfileCard } from '@cupido/shared/contracts/profiles';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { Site } from '../sites/service';
import { withActivity, type ActivityMarks } from './activity-port';
import {
  birthDateBounds,
  excludedProfileIds,
  pageCardsQuery,
  toCard,
  viewerSide,
  type ProfileFilter,
  type Searcher,
  type ViewerFacts,
} from './search-read-model';

export async function relatedProfiles(
  deps: { db: Database; clock: Clock; activity?: ActivityMarks },
  site: Site,
  viewer: { searcher: Searcher; facts: ViewerFacts | null },
  target: { id: number; country: string; gender: string | null; age: number },
): Promise<TProfileCard[]> {
  const today = deps.clock();
  const excludeIds = [target.id, ...(await excludedProfileIds(deps.db, viewer.searcher))];
  const minAge = Math.max(SEARCH_MIN_AGE, target.age - RELATED_AGE_SPREAD);
  const maxAge = Math.min(SEARCH_MAX_AGE, target.age + RELATED_AGE_SPREAD);
  const filter: ProfileFilter = {
    siteId: site.id,
    country: target.country,
    gender: target.gender ?? undefined,
    ...(viewer.searcher ? { match: viewerSide(viewer.facts) } : {}),
    ...birthDateBounds(today, minAge, maxAge),
    excludeIds,
  };
  const point = viewer.facts?.point ?? null;
  // The order of the search without distance (with a photo first); the distance is on the card.
  const rows = await pageCardsQuery(deps.db, filter, RELATED_PROFILES, 0, null, point);
  const cards = rows.map((row) => toCard(row, site, today));
  return withActivity(deps.activity, viewer.searcher ? { profileId: viewer.searcher.profileId } : null, cards);
}

/**
 * Member search (spec sections 2-4): the site's search_fields as filters, pages of cards with the
 * total, and "when few match" a block of similar profiles from relaxed filters. Excluded: the
 * searcher's own profile, profiles blocked either way, invisible profiles, profiles whose account
 * is not confirmed or pending deletion, and profiles not 'active' (all but the blocks are the
 * `searchable` column; see schema.ts). The queries are profiles' read model
 * (profiles/search-read-model.ts); this feature reads the request and pages.
 *
 * Decision 036: a member finds only whom the two-way rule allows (a gender filter stands for
 * their own side, the other side's wish always holds; visitors have no side). A member with a
 * location gets the nearest first and may filter by a radius (RADIUS_CHOICES_KM); cards carry
 * the shown distance and the activity marks.
 */
import { RADIUS_CHOICES_KM, type RadiusKm } from '@cupido/shared/rules/matching';
import { GENDERS, type Gender } from '@cupido/shared/rules/profile-options';
import {
  SEARCH_COUNT_CAP,
  SEARCH_MAX_AGE,
  SEARCH_MAX_PAGE,
  SEARCH_MIN_AGE,
  SEARCH_PER_PAGE,
  SIMILAR_AGE_WIDENING,
  SIMILAR_LIMIT,
  type SearchField,
} from '@cupido/shared/rules/profiles';
import { type TProfileCard, type TSearchAnswer, type TSearchQuery } from '@cupido/shared/contracts/profiles';
import type { Database } from '../../db/open';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Site } from '../sites/service';
import { withActivity, type ActivityMarks } from '../profiles/activity-port';
import {
  birthDateBounds,
  cardsByIdsQuery,
  countQuery,
  excludedProfileIds,
  pageCardsQuery,
  pageIdsQuery,
  toCard,
  viewerFactsOf,
  viewerSide,
  type ProfileFilter,
  type Searcher,
  type ViewerFacts,
} from '../profiles/search-read-model';
import { isRegionOf } from '../reference-data/region-codes';

export interface SearchDeps {
  db: Database;
  clock: Clock;
  /** The cards' "online now" / "active today" marks (issue 28), handed in from the app's context (build-context.ts). */
  activity?: ActivityMarks;
}

export interface SearchCriteria {
  gender?: Gender;
  country?: string;
  region?: string;
  minAge?: number;
  maxAge?: number;
  /** Km around the member's location; none: anywhere. */
  radiusKm?: RadiusKm;
  page: number;
}

const fieldError = (code: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(400, code, `errors.${code}`, params, field);

function parseAge(value: string | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  const age = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (!(age >= SEARCH_MIN_AGE && age <= SEARCH_MAX_AGE)) {
    throw fieldError('invalid_age', field, { min: SEARCH_MIN_AGE, max: SEARCH_MAX_AGE });
  }
  return age;
}

/** The radius filter: one of RADIUS_CHOICES_KM, or empty for anywhere (not a search_field: every site offers it). */
function parseRadius(value: string | undefined): RadiusKm | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const km = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(RADIUS_CHOICES_KM as readonly number[]).includes(km)) throw fieldError('invalid_radius', 'radius');
  return km as RadiusKm;
}

/**
 * Reads and checks the query. Only the filters in the site's search_fields count; others are
 * ignored (a shared link from another site keeps working). Empty values mean "any".
 */
export function parseSearchQuery(query: TSearchQuery, site: Pick<Site, 'searchFields' | 'countries'>): SearchCriteria {
  const offered = new Set(site.searchFields);
  const read = (field: SearchField) => {
    const value = offered.has(field) ? query[field]?.trim() : undefined;
    return value ? value : undefined;
  };

  const gender = read('gender')?.toLowerCase() as Gender | undefined;
  if (gender !== undefined && !(GENDERS as readonly string[]).includes(gender)) throw fieldError('invalid_choice', 'gender');
  const country = read('country')?.toUpperCase();
  if (country !== undefined && !site.countries.includes(country)) throw fieldError('country_not_served', 'country');
  const region = read('countryregion');
  if (region !== undefined && (country === undefined || !isRegionOf(country, region))) throw fieldError('unknown_region', 'countryregion');
  const minAge = parseAge(read('min_age'), 'min_age');
  const maxAge = parseAge(read('max_age'), 'max_age');
  if (minAge !== undefined && maxAge !== undefined && minAge > maxAge) throw fieldError('age_range_reversed', 'max_age');
  const radiusKm = parseRadius(query.radius);

  const pageText = query.page?.trim() || '1';
  const page = /^\d{1,4}$/.test(pageText) ? Number(pageText) : NaN;
  if (!(page >= 1 && page <= SEARCH_MAX_PAGE)) throw fieldError('invalid_page', 'page', { max: SEARCH_MAX_PAGE });
  return { gender, country, region, minAge, maxAge, radiusKm, page };
}

/**
 * The filter of the criteria. A member (`viewer`, null for a visitor) brings their side of the
 * two-way rule, in which a gender filter replaces whom they look for; the radius is around their
 * point (searchProfiles checks they have one).
 */
export function filterOf(
  siteId: number,
  c: Omit<SearchCriteria, 'page'>,
  today: Date,
  excludeIds: number[],
  viewer?: { facts: ViewerFacts | null } | null,
): ProfileFilter {
  const side = viewer ? viewerSide(viewer.facts) : undefined;
  const point = viewer?.facts?.point;
  return {
    siteId,
    country: c.country,
    region: c.region,
    ...(side ? { match: { gender: side.gender, seeking: c.gender ?? side.seeking } } : { gender: c.gender }),
    ...birthDateBounds(today, c.minAge, c.maxAge),
    ...(c.radiusKm !== undefined && point ? { within: { point, km: c.radiusKm } } : {}),
    excludeIds,
  };
}

/** The next wider radius: the next choice, or anywhere after the widest. */
function widerRadius(km: RadiusKm | undefined): RadiusKm | undefined {
  if (km === undefined) return undefined;
  return RADIUS_CHOICES_KM[RADIUS_CHOICES_KM.indexOf(km) + 1];
}

/** The relaxed criteria of "similar" results (no region, ages widened, the next radius), or null when nothing can be relaxed. */
export function relaxed(c: SearchCriteria): Omit<SearchCriteria, 'page'> | null {
  const minAge = c.minAge === undefined ? undefined : Math.max(SEARCH_MIN_AGE, c.minAge - SIMILAR_AGE_WIDENING);
  const maxAge = c.maxAge === undefined ? undefined : Math.min(SEARCH_MAX_AGE, c.maxAge + SIMILAR_AGE_WIDENING);
  if (c.region === undefined && minAge === c.minAge && maxAge === c.maxAge && c.radiusKm === undefined) return null;
  return { gender: c.gender, country: c.country, minAge, maxAge, radiusKm: widerRadius(c.radiusKm) };
}

export async function searchProfiles(deps: SearchDeps, site: Site, searcher: Searcher, criteria: SearchCriteria): Promise<TSearchAnswer> {
  const today = deps.clock();
  const [exclude, facts] = await Promise.all([
    excludedProfileIds(deps.db, searcher),
    searcher ? viewerFactsOf(deps.db, searcher.profileId) : null,
  ]);
  const point = facts?.point ?? null;
  if (criteria.radiusKm !== undefined && !point) throw fieldError('location_required', 'radius');
  const viewer = searcher ? { facts } : null;
  const filter = filterOf(site.id, criteria, today, exclude, viewer);
  const offset = (criteria.page - 1) * SEARCH_PER_PAGE;
  const viewerRef = searcher ? { profileId: searcher.profileId } : null;
  // The page's activity marks are asked for while the count still runs (the longer of the two).
  const [[counted], cards] = await Promise.all([
    countQuery(deps.db, filter, SEARCH_COUNT_CAP),
    pageCardsQuery(deps.db, filter, SEARCH_PER_PAGE, offset, point).then((rows) =>
      withActivity(
        deps.activity,
        viewerRef,
        rows.map((row) => toCard(row, site, today)),
      ),
    ),
  ]);
  const matches = Number(counted?.count ?? 0);
  const numResults = Math.min(matches, SEARCH_COUNT_CAP);
  const answer: TSearchAnswer = {
    profiles: cards,
    numResults,
    results_capped: matches > SEARCH_COUNT_CAP,
    page: criteria.page,
    per_page: SEARCH_PER_PAGE,
    similar: [],
    similar_count: 0,
  };

  const wider = numResults < SEARCH_PER_PAGE ? relaxed(criteria) : null;
  if (wider) {
    // Every exact match also matches the relaxed filters, so the similar ones are the rest:
    // count by subtraction, and take the top of the relaxed order without the exact matches.
    const relaxedFilter = filterOf(site.id, wider, today, exclude, viewer);
    const [[all], top, exact] = await Promise.all([
      countQuery(deps.db, relaxedFilter, SEARCH_COUNT_CAP),
      pageIdsQuery(deps.db, relaxedFilter, SIMILAR_LIMIT + numResults, 0, point),
      numResults > 0 ? pageIdsQuery(deps.db, filter, numResults, 0, point) : Promise.resolve([]),
    ]);
    const exactIds = new Set(exact.map((r) => r.id));
    const similarIds = top
      .map((r) => r.id)
      .filter((id) => !exactIds.has(id))
      .slice(0, SIMILAR_LIMIT);
    answer.similar_count = Math.max(0, Math.min(Number(all?.count ?? 0), SEARCH_COUNT_CAP) - numResults);
    answer.similar = await withActivity(deps.activity, viewerRef, await cardsOf(deps, site, similarIds, today, point));
  }
  return answer;
}

/** Cards of the ids, in the order of the ids (the relaxed search's order). */
async function cardsOf(deps: SearchDeps, site: Site, ids: number[], today: Date, point: ViewerFacts['point']): Promise<TProfileCard[]> {
  if (ids.length === 0) return [];
  const rows = new Map((await cardsByIdsQuery(deps.db, ids, point)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toCard(row, site, today)] : [];
  });
}

/**
 * The read model of member search over the profiles table, owned here because profiles owns the
 * table and its search indexes (decision 021). Member search (features/search) and the related
 * profiles of a profile page compose these queries; the main photo's thumbnail comes from photos'
 * own fragment.
 *
 * The SQL follows the partial indexes of migration 0002 (`WHERE searchable`):
 * - counts and selective pages: equality on site, country (and region), gender and a range on
 *   birth_date (profiles_search_idx, _region_idx, _site_idx), has_photo and id in the index, so
 *   they are index-only scans and a page sorts only the matches;
 * - broad pages: read in result order (profiles_search_order_idx, _site_order_idx: has_photo,
 *   id, then gender and birth_date to filter on) and stop after one page.
 * The planner picks per query from its estimates. search/search-plans.test.ts checks the plans,
 * so a lost index is caught.
 *
 * Members see only whom the two-way rule allows (decision 036, mutual-match-sql.ts; the other
 * side's wish is `profiles.seeking`, checked in the same indexes). A member with a location sees
 * the nearest first (distance-sql.ts): the located profiles come from profiles_location_idx read
 * in distance order (KNN), real and fictional ones (shown at least FICTIONAL_MIN_DISTANCE_KM away)
 * as two branches each already in the shown order, then those without a location from the
 * search indexes, each branch stopping after the page. A radius filters the nearest read (it is
 * a prefix of their order); its count reads profiles_nearby_idx alone.
 */
import { and, desc, eq, gt, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { ageOn } from '@cupido/shared/rules/accounts';
import type { LatLon, MatchSide } from '@cupido/shared/rules/matching';
import { GENDERS } from '@cupido/shared/rules/profile-options';
import type { TProfileCard } from '@cupido/shared/contracts/profiles';
import type { Database } from '../../db/open';
import { plannedPerCall } from '../../db/named-statements';
import { profiles } from '../../db/schema';
import { photoUrl } from '../../infra/photo-storage';
import { blockedEitherWay } from '../blocks/service';
import { approvedMainThumbOf } from '../photos/service';
import { distanceKmOf, nearestSql, realMetresSql, shownMetresSql, withinCountSql } from './distance-sql';
import { memberSideOf, mutualMatchSql, type SideFacts } from './mutual-match-sql';

export interface ProfileFilter {
  siteId: number;
  country?: string;
  region?: string;
  /**
   * Only this gender: a visitor's gender filter, or the gender of a profile page's related
   * profiles. A member's search filter is instead the `seeking` of their side in `match`.
   */
  gender?: string;
  /** The member's side of the two-way rule (decision 036); absent for a visitor, who has none. */
  match?: MatchSide;
  /** Inclusive upper bound of birth_date (the minimum age). */
  bornOnOrBefore?: string;
  /** Exclusive lower bound of birth_date (the maximum age). */
  bornAfter?: string;
  /** Only profiles within `km` of the member's point, as the distance is shown (decision 036). */
  within?: { point: LatLon; km: number };
  /** Own profile and blocked profiles. */
  excludeIds: number[];
}

/** The member looking, or null for a visitor. */
export type Searcher = { userId: number; profileId: number } | null;

/** What the lists need of the member looking: their side of the two-way rule and their place (a cell centre), if known. */
export interface ViewerFacts extends SideFacts {
  point: LatLon | null;
}

/** The member's facts for their side and distances; null when the profile went away (erasure while the session lived). */
export async function viewerFactsOf(db: Pick<Database, 'select'>, profileId: number): Promise<ViewerFacts | null> {
  const [row] = await db
    .select({
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      lookingForGender: profiles.lookingForGender,
      latitude: profiles.latitude,
      longitude: profiles.longitude,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) return null;
  const point = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
  return { gender: row.gender, sexuality: row.sexuality, lookingForGender: row.lookingForGender, point };
}

/** The member's side from their facts (see memberSideOf); a member whose profile went away wants, and is wanted by, the fewest. */
export function viewerSide(facts: ViewerFacts | null): MatchSide {
  return facts ? memberSideOf(facts) : { gender: null, seeking: 'both' };
}

/** YYYY-MM-DD of `today` minus `years`, the 29th of February becoming the 28th in other years. */
export function yearsBefore(today: Date, years: number): string {
  const year = today.getUTCFullYear() - years;
  const month = today.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(year, month, Math.min(today.getUTCDate(), lastDay)));
  return date.toISOString().slice(0, 10);
}

/** Ages minAge..maxAge today, as birth_date bounds (someone is `a` years old until the day before turning a+1). */
export function birthDateBounds(today: Date, minAge?: number, maxAge?: number): Pick<ProfileFilter, 'bornOnOrBefore' | 'bornAfter'> {
  return {
    bornOnOrBefore: minAge !== undefined ? yearsBefore(today, minAge) : undefined,
    bornAfter: maxAge !== undefined ? yearsBefore(today, maxAge + 1) : undefined,
  };
}

/** The profiles a member never finds: their own and those blocked either way. None for a visitor. */
export async function excludedProfileIds(db: Database, searcher: Searcher): Promise<number[]> {
  if (!searcher) return [];
  return [searcher.profileId, ...(await blockedEitherWay(db, searcher))];
}

/**
 * profiles_nearby_idx keys gender before the place, so a member looking for both (no gender
 * condition) reads each gender's range of it, and those of unknown gender, apart, rather than
 * the index whole.
 */
export function genderSplits(match: MatchSide | undefined): (SQL | undefined)[] {
  return match?.seeking === 'both' ? [inArray(profiles.gender, [...GENDERS]), sql`${profiles.gender} is null`] : [undefined];
}

/** Within the radius as the distance is shown. */
const withinShownSql = (within: NonNullable<ProfileFilter['within']>) =>
  sql`${shownMetresSql(within.point)} <= ${within.km * 1000}::float8`;

/**
 * The filter's SQL. The radius: for counting, the rows and band of profiles_nearby_idx; for pages
 * read nearest first it is a prefix of that order, so it filters their output (nearestBranchesSql)
 * and the KNN scan stops after the page whatever the radius; otherwise the shown distance.
 */
function filterSql(f: ProfileFilter, use: 'count' | 'nearest' | 'page' = 'page'): SQL {
  const radius = !f.within
    ? undefined
    : use === 'count'
      ? withinCountSql(f.within.point, f.within.km, f)
      : use === 'page'
        ? withinShownSql(f.within)
        : undefined;
  // Planned with its values on every call (decision 059): which index is best depends on them.
  const filters = and(
    eq(profiles.siteId, f.siteId),
    // The bare column, as in the partial indexes' predicate, so the planner can use them.
    sql`${profiles.searchable}`,
    f.country !== undefined ? eq(profiles.country, f.country) : undefined,
    f.region !== undefined ? eq(profiles.region, f.region) : undefined,
    f.gender !== undefined ? eq(profiles.gender, f.gender as 'male' | 'female') : undefined,
    f.match ? mutualMatchSql(f.match) : undefined,
    f.bornOnOrBefore !== undefined ? lte(profiles.birthDate, f.bornOnOrBefore) : undefined,
    f.bornAfter !== undefined ? gt(profiles.birthDate, f.bornAfter) : undefined,
    radius,
    f.excludeIds.length > 0 ? notInArray(profiles.id, f.excludeIds) : undefined,
  )!;
  return sql`${filters} ${plannedPerCall}`;
}

/** Profiles with a photo first, then the newest. Ids are unique, so the order is stable across pages. */
const ORDER = [desc(profiles.hasPhoto), desc(profiles.id)];

/**
 * Nearest first (decision 036): the shown distance, then the real one (a fictional profile's
 * floor ties many), then with a photo first and the newest. Two branches, each already holding
 * its first `take` in this order, so their merge is exact: the profiles with a location
 * (distance-sql.ts's nearestSql: rings of profiles_nearby_idx, else profiles_location_idx read
 * nearest first), then (without a radius) those without a location from the search indexes.
 * Columns: id, has_photo, real_m, shown_m.
 */
function nearestBranchesSql(f: ProfileFilter, near: LatLon, take: number): SQL {
  const where = filterSql(f, 'nearest');
  const tie = [
    { key: sql`${profiles.hasPhoto}`, descending: true },
    { key: sql`${profiles.id}`, descending: true },
  ];
  const located = nearestSql({ where, splits: genderSplits(f.match), point: near, born: f, tie, take, radiusKm: f.within?.km });
  const unlocated = sql`(select ${profiles.id} as id, ${profiles.hasPhoto} as has_photo, null::float8 as real_m, null::float8 as shown_m
    from ${profiles} where ${where} and ${profiles.latitude} is null order by ${sql.join(ORDER, sql`, `)} limit ${take})`;
  // Within a radius every match has a location.
  return sql`(${sql.join([located, ...(f.within ? [] : [unlocated])], sql` union all `)}) as branches`;
}

/** The order of nearest first over the branches' columns (no location last). */
const NEAREST_ORDER = [sql`branches.shown_m`, sql`branches.real_m`, sql`branches.has_photo desc`, sql`branches.id desc`];

/** A page of nearest ids with their order's keys. */
function nearestPageQuery(db: Pick<Database, 'select'>, f: ProfileFilter, limit: number, offset: number, near: LatLon) {
  return db
    .select({
      id: sql<number>`branches.id`.as('id'),
      hasPhoto: sql<boolean>`branches.has_photo`.as('has_photo'),
      realM: sql<number | null>`branches.real_m`.as('real_m'),
      shownM: sql<number | null>`branches.shown_m`.as('shown_m'),
    })
    .from(nearestBranchesSql(f, near, limit + offset))
    .orderBy(...NEAREST_ORDER)
    .limit(limit)
    .offset(offset);
}

/** The ids of a page in the search order: with a photo first and the newest, or nearest first when `near` (the member's point) is given. */
export function pageIdsQuery(db: Pick<Database, 'select'>, f: ProfileFilter, limit: number, offset: number, near?: LatLon | null) {
  if (near) return nearestPageQuery(db, f, limit, offset, near);
  return db
    .select({ id: profiles.id })
    .from(profiles)
    .where(filterSql(f))
    .orderBy(...ORDER)
    .limit(limit)
    .offset(offset);
}

/** Matches counted up to `cap` + 1 (enough to tell "more than cap"), so a broad search stops early. */
export function countQuery(db: Pick<Database, 'select'>, f: ProfileFilter, cap: number) {
  const where = filterSql(f, 'count');
  const splits = f.within ? genderSplits(f.match) : [undefined];
  if (splits.length > 1) {
    const part = (split: SQL | undefined) => sql`(select 1 from ${profiles} where ${where} and ${split} limit ${cap + 1})`;
    const parts = sql.join(splits.map(part), sql` union all `);
    return db.select({ count: sql<number>`count(*)::int` }).from(sql`(select 1 from (${parts}) as parts limit ${cap + 1}) as matches`);
  }
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(profiles)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  return db.select({ count: sql<number>`count(*)::int` }).from(matches);
}

const cardColumns = {
  id: profiles.id,
  name: profiles.name,
  birthDate: profiles.birthDate,
  city: profiles.city,
  country: profiles.country,
  isFictional: profiles.isFictional,
  // One probe of the main photo index per card (a page is at most a few dozen rows).
  thumbFilename: approvedMainThumbOf(profiles.id).as('thumb_filename'),
};

/** The card's columns: the real distance from `near` (the viewer's point) when given, for the card's `distance_km`. */
export const cardColumnsNear = (near?: LatLon | null) => ({
  ...cardColumns,
  distanceM: (near ? realMetresSql(near) : sql<number | null>`null::float8`).as('distance_m'),
});

/**
 * One page of cards: the ids from the index, then their rows and approved main photos by key.
 * Nearest first when `near` (the member's point) is given; `distanceFrom` (by default `near`)
 * puts the distance on the cards.
 */
export function pageCardsQuery(
  db: Pick<Database, 'select'>,
  f: ProfileFilter,
  limit: number,
  offset: number,
  near?: LatLon | null,
  distanceFrom: LatLon | null | undefined = near,
) {
  if (!near) {
    const page = pageIdsQuery(db, f, limit, offset).as('page');
    return db
      .select(cardColumnsNear(distanceFrom))
      .from(page)
      .innerJoin(profiles, eq(profiles.id, page.id))
      .orderBy(...ORDER);
  }
  // The page's columns by their qualified names: a subquery's aliased fields would render bare.
  const page = nearestPageQuery(db, f, limit, offset, near).as('page');
  return db
    .select({ ...cardColumns, distanceM: sql<number | null>`"page"."real_m"`.as('distance_m') })
    .from(profiles)
    .innerJoin(page, sql`${profiles.id} = "page"."id"`)
    .orderBy(sql`"page"."shown_m"`, sql`"page"."real_m"`, sql`"page"."has_photo" desc`, sql`"page"."id" desc`);
}

/** Cards of given profiles, in the search order without distance (for ids picked by another query); with the distance from `near` when given. */
export function cardsByIdsQuery(db: Pick<Database, 'select'>, ids: number[], near?: LatLon | null) {
  return db
    .select(cardColumnsNear(near))
    .from(profiles)
    .where(inArray(profiles.id, ids))
    .orderBy(...ORDER);
}

export type CardRow = Awaited<ReturnType<typeof cardsByIdsQuery>>[number];

/** Search results, similar and related profiles show this card; `distance_km` when the row has the distance from the viewer. */
export function toCard(
  row: Omit<CardRow, 'distanceM'> & { distanceM?: number | null },
  site: { cdnPrefix: string; fictionalIcon: string },
  today: Date,
): TProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, today) ?? 0,
    city: row.city,
    country: row.country,
    main_image: row.thumbFilename ? photoUrl(row.thumbFilename, site.cdnPrefix) : null,
    is_fictional: row.isFictional,
    ...(row.isFictional ? { fictional_icon: site.fictionalIcon } : {}),
    ...distanceKmOf(row.distanceM, row.isFictional),
  };
}

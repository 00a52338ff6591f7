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
 */
import { and, desc, eq, gt, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { ageOn } from '@cupido/shared/accounts';
import type { TProfileCard } from '@cupido/shared/profiles';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';
import { photoUrl } from '../../infra/photo-storage';
import { blockedEitherWay } from '../blocks/service';
import { approvedMainThumbOf } from '../photos/service';

export interface ProfileFilter {
  siteId: number;
  country?: string;
  region?: string;
  gender?: string;
  /** Inclusive upper bound of birth_date (the minimum age). */
  bornOnOrBefore?: string;
  /** Exclusive lower bound of birth_date (the maximum age). */
  bornAfter?: string;
  /** Own profile and blocked profiles. */
  excludeIds: number[];
}

/** The member looking, or null for a visitor. */
export type Searcher = { userId: number; profileId: number } | null;

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

function filterSql(f: ProfileFilter): SQL {
  return and(
    eq(profiles.siteId, f.siteId),
    // The bare column, as in the partial indexes' predicate, so the planner can use them.
    sql`${profiles.searchable}`,
    f.country !== undefined ? eq(profiles.country, f.country) : undefined,
    f.region !== undefined ? eq(profiles.region, f.region) : undefined,
    f.gender !== undefined ? eq(profiles.gender, f.gender as 'male' | 'female') : undefined,
    f.bornOnOrBefore !== undefined ? lte(profiles.birthDate, f.bornOnOrBefore) : undefined,
    f.bornAfter !== undefined ? gt(profiles.birthDate, f.bornAfter) : undefined,
    f.excludeIds.length > 0 ? notInArray(profiles.id, f.excludeIds) : undefined,
  )!;
}

/** Profiles with a photo first, then the newest. Ids are unique, so the order is stable across pages. */
const ORDER = [desc(profiles.hasPhoto), desc(profiles.id)];

export function pageIdsQuery(db: Database, f: ProfileFilter, limit: number, offset: number) {
  return db.select({ id: profiles.id }).from(profiles).where(filterSql(f)).orderBy(...ORDER).limit(limit).offset(offset);
}

/** Matches counted up to `cap` + 1 (enough to tell "more than cap"), so a broad search stops early. */
export function countQuery(db: Database, f: ProfileFilter, cap: number) {
  const matches = db.select({ one: sql<number>`1`.as('one') }).from(profiles).where(filterSql(f)).limit(cap + 1).as('matches');
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

/** One page of cards: the ids from the index, then their rows and approved main photos by key. */
export function pageCardsQuery(db: Database, f: ProfileFilter, limit: number, offset: number) {
  const page = pageIdsQuery(db, f, limit, offset).as('page');
  return db
    .select(cardColumns)
    .from(page)
    .innerJoin(profiles, eq(profiles.id, page.id))
    .orderBy(...ORDER);
}

/** Cards of given profiles, in the search order (for ids picked by another query). */
export function cardsByIdsQuery(db: Database, ids: number[]) {
  return db.select(cardColumns).from(profiles).where(inArray(profiles.id, ids)).orderBy(...ORDER);
}

export type CardRow = Awaited<ReturnType<typeof cardsByIdsQuery>>[number];

/** Search results, similar and related profiles show this card. */
export function toCard(row: CardRow, site: { cdnPrefix: string; fictionalIcon: string }, today: Date): TProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, today) ?? 0,
    city: row.city,
    country: row.country,
    main_image: row.thumbFilename ? photoUrl(row.thumbFilename, site.cdnPrefix) : null,
    is_fictional: row.isFictional,
    ...(row.isFictional ? { fictional_icon: site.fictionalIcon } : {}),
  };
}

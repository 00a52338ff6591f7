/**
 * The SQL of member search, for the partial indexes of migration 0002 (`WHERE searchable`):
 * - counts and selective pages: equality on site, country (and region), gender and a range on
 *   birth_date (profiles_search_idx, _region_idx, _site_idx), has_photo and id in the index, so
 *   they are index-only scans and a page sorts only the matches;
 * - broad pages: read in result order (profiles_search_order_idx, _site_order_idx: has_photo,
 *   id, then gender and birth_date to filter on) and stop after one page.
 * The planner picks per query from its estimates. search-plans.test.ts checks the plans, so a
 * lost index is caught.
 */
import { and, desc, eq, gt, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { photos, profiles } from '../../db/schema';
import type { CardRow } from './cards';

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

export function filterSql(f: ProfileFilter): SQL {
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

/** One page of cards: the ids from the index, then their rows and approved main photos by key. */
export function pageCardsQuery(db: Database, f: ProfileFilter, limit: number, offset: number) {
  const page = pageIdsQuery(db, f, limit, offset).as('page');
  return db
    .select(cardColumns)
    .from(page)
    .innerJoin(profiles, eq(profiles.id, page.id))
    .leftJoin(mainPhoto, mainPhotoJoin)
    .orderBy(...ORDER);
}

export const cardColumns = {
  id: profiles.id,
  name: profiles.name,
  birthDate: profiles.birthDate,
  city: profiles.city,
  country: profiles.country,
  isFictional: profiles.isFictional,
  thumbFilename: photos.thumbFilename,
};

const mainPhoto = photos;
const mainPhotoJoin = and(eq(photos.profileId, profiles.id), eq(photos.isMain, true), eq(photos.status, 'approved'));

/** Cards of given profiles, in the search order (for ids picked by another query). */
export function cardsByIdsQuery(db: Database, ids: number[]) {
  return db.select(cardColumns).from(profiles).leftJoin(mainPhoto, mainPhotoJoin).where(inArray(profiles.id, ids)).orderBy(...ORDER);
}

/** A profile has one main photo; should two ever be marked, show the card once. */
export function uniqueCards(rows: CardRow[]): CardRow[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}

/**
 * What matching (swipe stack, match finder, signup matches, auto-like; features/matching) reads
 * of profiles, answered from this feature's table (decision 021). Matching sits above profiles
 * and likes; the likes conditions ("not liked by the member", "liked the member") come in as SQL
 * over the candidate's id that likes exports, so profiles never imports likes and each list
 * stays one query.
 *
 * Candidates are profiles of the site that are active with a usable account. Invisible ones are
 * left out (spec section 4: others cannot like them first) unless `invisibleShownWhen` holds for
 * them: an invisible member who liked the member may be liked back. Every candidate meets the
 * two-way rule from the member's side (decision 036, mutual-match-sql.ts).
 */
import { and, asc, desc, eq, gt, lte, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ageOn } from '@cupido/shared/rules/accounts';
import type { LatLon, MatchSide } from '@cupido/shared/rules/matching';
import type { SearchPreferenceFacts } from '@cupido/shared/rules/profiles';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';
import { approvedMainThumbOf } from '../photos/service';
import { nearestSql, realMetresSql, shownMetresSql } from './distance-sql';
import { mutualMatchSql, type SideFacts } from './mutual-match-sql';
import { genderSplits, type CardRow } from './search-read-model';

/** SQL about a candidate, given its profiles.id column. */
export type CandidateCondition = (profileId: SQLWrapper) => SQL;

export interface MatchingFilter {
  siteId: number;
  /** The member's side of the two-way rule: their gender and whom they look for (decision 036). */
  match: MatchSide;
  /** The member's point (their cell's centre): cards carry the distance from it, and near_first orders by it. */
  from?: LatLon | null;
  /** Inclusive upper bound of birth_date (the minimum age). */
  bornOnOrBefore?: string;
  /** Exclusive lower bound of birth_date (the maximum age). */
  bornAfter?: string;
  /** The member's own profile and those blocked either way. */
  excludeIds: number[];
  /** Only profiles with an approved main photo. */
  withPhotoOnly?: boolean;
  /** Only fictional profiles (auto-like). */
  fictionalOnly?: boolean;
  /** Only profiles created after this (the weekly update's new members). */
  joinedAfter?: Date;
  /** Only profiles of this country (the weekly update: near the member). */
  country?: string;
  /** Conditions of the features above, all of which must hold (likes: not liked or passed by the member). */
  conditions?: CandidateCondition[];
  /** Invisible profiles are candidates only where this holds (likes: they liked the member). */
  invisibleShownWhen?: CandidateCondition;
}

/** Where the member lives: candidates in the same country, then region, then city come first. */
export interface Place {
  country: string;
  region: string;
  city: string;
}

/** What every candidate meets apart from being shown (searchable, or invisible but allowed). */
function criteriaSql(f: MatchingFilter): SQL {
  return and(
    eq(profiles.siteId, f.siteId),
    mutualMatchSql(f.match),
    f.bornOnOrBefore !== undefined ? lte(profiles.birthDate, f.bornOnOrBefore) : undefined,
    f.bornAfter !== undefined ? gt(profiles.birthDate, f.bornAfter) : undefined,
    f.excludeIds.length > 0 ? notInArray(profiles.id, f.excludeIds) : undefined,
    f.withPhotoOnly ? sql`${profiles.hasPhoto}` : undefined,
    f.fictionalOnly ? sql`${profiles.isFictional}` : undefined,
    f.joinedAfter !== undefined ? gt(profiles.createdAt, f.joinedAfter) : undefined,
    f.country !== undefined ? eq(profiles.country, f.country) : undefined,
    ...(f.conditions ?? []).map((condition) => condition(profiles.id)),
  )!;
}

/** Same country first, then also the same region, then also the same city (empty values never count as the same). */
function nearFirst(place: Place): SQL[] {
  const order = [desc(sql`(${profiles.country} = ${place.country})`)];
  if (place.region) order.push(desc(sql`(${profiles.country} = ${place.country} and ${profiles.region} = ${place.region})`));
  if (place.city) order.push(desc(sql`(${profiles.country} = ${place.country} and lower(${profiles.city}) = lower(${place.city}))`));
  return order;
}

/** Among equal distances, and for those without a location: the member's country first, then the newest. */
const sameCountryFirst = (place: Place) => [desc(sql`(${profiles.country} = ${place.country})`), desc(profiles.id)];

export type CandidateOrder =
  /** Profiles with a photo first, then the newest (swipe stack). */
  | { by: 'photo_first' }
  /**
   * Near the member first, then the newest (match finder, signup matches): by distance when the
   * member has a location (`MatchingFilter.from`; fictional profiles count at least the minimum;
   * those without a location follow, of the member's country first), else the same country,
   * region and city first.
   */
  | { by: 'near_first'; place: Place }
  /** With a photo first, near first, then by chance among equals (auto-like: not always the same one). */
  | { by: 'photo_near_random'; place: Place };

function orderSql(order: CandidateOrder, from: LatLon | null | undefined): SQL[] {
  switch (order.by) {
    case 'photo_first':
      return [desc(profiles.hasPhoto), desc(profiles.id)];
    case 'near_first':
      return from
        ? [asc(shownMetresSql(from)), asc(realMetresSql(from)), ...sameCountryFirst(order.place)]
        : [...nearFirst(order.place), desc(profiles.id)];
    case 'photo_near_random':
      return [desc(profiles.hasPhoto), ...nearFirst(order.place), sql`random()`];
  }
}

/**
 * The searchable candidates in the order asked for, each branch stopping after `limit`. Nearest
 * first is three branches, each holding its first `limit` in that order: the profiles with a
 * location (distance-sql.ts's nearestSql: rings of profiles_nearby_idx, else profiles_location_idx
 * read nearest first), and those without a location of the member's country and of the others.
 */
function shownBranches(db: Pick<Database, 'select'>, where: SQL, filter: MatchingFilter, order: CandidateOrder, limit: number): SQL[] {
  const { match, from } = filter;
  const born = { bornAfter: filter.bornAfter, bornOnOrBefore: filter.bornOnOrBefore };
  const ids = (condition: SQL, ordering: SQL[]) =>
    sql`${db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(where, condition))
      .orderBy(...ordering)
      .limit(limit)}`;
  if (order.by !== 'near_first' || !from) return [ids(sql`true`, orderSql(order, from))];
  const country = eq(profiles.country, order.place.country);
  const tie = [
    { key: sql`(${country})`, descending: true },
    { key: sql`${profiles.id}`, descending: true },
  ];
  const nearest = sql`select id from ${nearestSql({ where, splits: genderSplits(match), point: from, born, tie, take: limit })} as nearest`;
  // Without a location, the newest of the member's country, then of the others: each read in
  // order from a search index (with a photo and the newest), never a sort of all of them.
  return [
    nearest,
    ids(sql`${profiles.latitude} is null and ${country}`, [desc(profiles.id)]),
    ids(sql`${profiles.latitude} is null and not ${country}`, [desc(profiles.id)]),
  ];
}

/**
 * Up to `limit` candidate cards in the order asked for; the thumbnail is photos' approved main one.
 * The searchable ones are one query over the search indexes (the bare column, as in their
 * predicate), stopping after `limit`; invisible ones that the condition allows join them as a
 * second branch (driven by that condition, e.g. the likes of the member: a handful), rather than
 * an OR that would keep the planner off the partial indexes.
 */
export function matchingCardsQuery(db: Pick<Database, 'select'>, filter: MatchingFilter, order: CandidateOrder, limit: number) {
  const ordering = orderSql(order, filter.from);
  const shown = shownBranches(db, and(sql`${profiles.searchable}`, criteriaSql(filter))!, filter, order, limit);
  const allowedInvisible = filter.invisibleShownWhen
    ? db
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          and(
            sql`${profiles.isInvisible}`,
            sql`${profiles.status} = 'active'`,
            sql`${profiles.accountUsable}`,
            criteriaSql(filter),
            filter.invisibleShownWhen(profiles.id),
          ),
        )
    : undefined;
  const branches = allowedInvisible ? [...shown, sql`${allowedInvisible}`] : shown;
  const candidateIds = sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` union all `,
  );
  return (
    db
      .select({
        id: profiles.id,
        name: profiles.name,
        birthDate: profiles.birthDate,
        city: profiles.city,
        country: profiles.country,
        isFictional: profiles.isFictional,
        thumbFilename: approvedMainThumbOf(profiles.id).as('thumb_filename'),
        distanceM: (filter.from ? realMetresSql(filter.from) : sql<number | null>`null::float8`).as('distance_m'),
      })
      // The branches are disjoint (searchable or invisible; with a location, real or fictional, or
      // none), so a join: a few dozen probes of the primary key.
      .from(profiles)
      .innerJoin(sql`(${candidateIds}) as candidates`, sql`${profiles.id} = candidates.id`)
      .orderBy(...ordering)
      .limit(limit)
  );
}

export function matchingCards(
  db: Pick<Database, 'select'>,
  filter: MatchingFilter,
  order: CandidateOrder,
  limit: number,
): Promise<CardRow[]> {
  return matchingCardsQuery(db, filter, order, limit);
}

/**
 * What matching needs of the member's own profile: the facts of their default search (decision
 * 013), of their side of the two-way rule (decision 036), their place and their point.
 */
export interface MatchingSelf extends Place {
  preferences: SearchPreferenceFacts;
  side: SideFacts;
  point: LatLon | null;
}

export async function matchingSelfOf(db: Pick<Database, 'select'>, profileId: number, today: Date): Promise<MatchingSelf | null> {
  const [row] = await db
    .select({
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      birthDate: profiles.birthDate,
      lookingForGender: profiles.lookingForGender,
      lookingForMinAge: profiles.lookingForMinAge,
      lookingForMaxAge: profiles.lookingForMaxAge,
      country: profiles.country,
      region: profiles.region,
      city: profiles.city,
      latitude: profiles.latitude,
      longitude: profiles.longitude,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) return null;
  return {
    country: row.country,
    region: row.region,
    city: row.city,
    preferences: {
      gender: row.gender,
      sexuality: row.sexuality,
      age: ageOn(row.birthDate, today) ?? 0,
      looking_for_gender: row.lookingForGender,
      looking_for_min_age: row.lookingForMinAge,
      looking_for_max_age: row.lookingForMaxAge,
    },
    side: { gender: row.gender, sexuality: row.sexuality, lookingForGender: row.lookingForGender },
    point: row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
  };
}

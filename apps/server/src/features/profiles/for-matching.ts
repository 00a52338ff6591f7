/**
 * What matching (swipe stack, match finder, signup matches, auto-like; features/matching) reads
 * of profiles, answered from this feature's table (decision 021). Matching sits above profiles
 * and likes; the likes conditions ("not liked by the member", "liked the member") come in as SQL
 * over the candidate's id that likes exports, so profiles never imports likes and each list
 * stays one query.
 *
 * Candidates are profiles of the site that are active with a usable account. Invisible ones are
 * left out (spec section 4: others cannot like them first) unless `invisibleShownWhen` holds for
 * them: an invisible member who liked the member may be liked back.
 */
import { and, desc, eq, gt, lte, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ageOn } from '@cupido/shared/accounts';
import type { SearchPreferenceFacts } from '@cupido/shared/profiles';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';
import { approvedMainThumbOf } from '../photos/service';
import type { CardRow } from './search-read-model';

/** SQL about a candidate, given its profiles.id column. */
export type CandidateCondition = (profileId: SQLWrapper) => SQL;

export interface MatchingFilter {
  siteId: number;
  gender?: 'male' | 'female';
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
    f.gender !== undefined ? eq(profiles.gender, f.gender) : undefined,
    f.bornOnOrBefore !== undefined ? lte(profiles.birthDate, f.bornOnOrBefore) : undefined,
    f.bornAfter !== undefined ? gt(profiles.birthDate, f.bornAfter) : undefined,
    f.excludeIds.length > 0 ? notInArray(profiles.id, f.excludeIds) : undefined,
    f.withPhotoOnly ? sql`${profiles.hasPhoto}` : undefined,
    f.fictionalOnly ? sql`${profiles.isFictional}` : undefined,
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

export type CandidateOrder =
  /** Profiles with a photo first, then the newest (swipe stack). */
  | { by: 'photo_first' }
  /** Near the member first, then the newest (match finder, signup matches). */
  | { by: 'near_first'; place: Place }
  /** With a photo first, near first, then by chance among equals (auto-like: not always the same one). */
  | { by: 'photo_near_random'; place: Place };

function orderSql(order: CandidateOrder): SQL[] {
  switch (order.by) {
    case 'photo_first':
      return [desc(profiles.hasPhoto), desc(profiles.id)];
    case 'near_first':
      return [...nearFirst(order.place), desc(profiles.id)];
    case 'photo_near_random':
      return [desc(profiles.hasPhoto), ...nearFirst(order.place), sql`random()`];
  }
}

/**
 * Up to `limit` candidate cards in the order asked for; the thumbnail is photos' approved main one.
 * The searchable ones are one query over the search indexes (the bare column, as in their
 * predicate), stopping after `limit`; invisible ones that the condition allows join them as a
 * second branch (driven by that condition, e.g. the likes of the member: a handful), rather than
 * an OR that would keep the planner off the partial indexes.
 */
export function matchingCardsQuery(db: Pick<Database, 'select'>, filter: MatchingFilter, order: CandidateOrder, limit: number) {
  const ordering = orderSql(order);
  const shown = db.select({ id: profiles.id }).from(profiles).where(and(sql`${profiles.searchable}`, criteriaSql(filter))).orderBy(...ordering).limit(limit);
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
  const candidateIds = allowedInvisible ? sql`(${shown}) union all (${allowedInvisible})` : sql`${shown}`;
  return db
    .select({
      id: profiles.id,
      name: profiles.name,
      birthDate: profiles.birthDate,
      city: profiles.city,
      country: profiles.country,
      isFictional: profiles.isFictional,
      thumbFilename: approvedMainThumbOf(profiles.id).as('thumb_filename'),
    })
    .from(profiles)
    .where(sql`${profiles.id} in (${candidateIds})`)
    .orderBy(...ordering)
    .limit(limit);
}

export function matchingCards(db: Pick<Database, 'select'>, filter: MatchingFilter, order: CandidateOrder, limit: number): Promise<CardRow[]> {
  return matchingCardsQuery(db, filter, order, limit);
}

/** What matching needs of the member's own profile: the facts of their default search (decision 013) and their place. */
export interface MatchingSelf extends Place {
  preferences: SearchPreferenceFacts;
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
  };
}

/**
 * Distances between profiles in SQL (decision 036), over earthdistance's `ll_to_earth` points
 * exactly as `profiles_location_idx` indexes them (a GiST index over the searchable profiles
 * with a location), so:
 * - nearest first is `point <-> member` (a KNN index scan that stops after a page);
 * - within a radius is `earth_box(member, r) @> point` (the index) and the exact distance;
 * - a fictional profile counts at least FICTIONAL_MIN_DISTANCE_KM away, in the filter, the order
 *   and on the card alike (`shownMetresSql`; the card's `shownDistanceKm` applies the same floor).
 * Only whole km ever leave the server; coordinates never do.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FICTIONAL_MIN_DISTANCE_KM, shownDistanceKm, type LatLon } from '@cupido/shared/matching-rules';
import { profiles } from '../../db/schema';

/** The candidate's point: the expression of profiles_location_idx. */
export const candidatePoint = sql`ll_to_earth(${profiles.latitude}, ${profiles.longitude})`;

/** The member's point (the centre of their cell). */
export const pointOf = (point: LatLon) => sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;

/** Great-circle metres from the member to the candidate; null when the candidate has no location. */
export const realMetresSql = (point: LatLon) => sql<number | null>`earth_distance(${candidatePoint}, ${pointOf(point)})`;

/**
 * The distance a member is shown, in metres: the real one, and for a fictional profile at least
 * the minimum; null when the candidate has no location.
 */
export function shownMetresSql(point: LatLon): SQL<number | null> {
  return sql<number | null>`case when ${profiles.latitude} is not null then greatest(${realMetresSql(point)}, case when ${profiles.isFictional} then ${FICTIONAL_MIN_DISTANCE_KM * 1000}::float8 else 0::float8 end) end`;
}

/** Within `km` of the member as shown: the box is answered by profiles_location_idx, the shown distance checks exactly. */
export function withinSql(point: LatLon, km: number): SQL {
  return sql`earth_box(${pointOf(point)}, ${km * 1000}::float8) @> ${candidatePoint} and ${shownMetresSql(point)} <= ${km * 1000}::float8`;
}

/** KNN order: profiles_location_idx read nearest first (the chord distance, in the order of the great-circle one). */
export const nearestFirstSql = (point: LatLon) => sql`${candidatePoint} <-> ${pointOf(point)}`;

/**
 * The first `take` profiles of `where` that have a location, exactly in the order (real distance
 * from `point`, then `tieOrder`), as a parenthesised query of `id, has_photo, real_m, shown_m`.
 *
 * profiles_location_idx is read nearest first (KNN) only for an ORDER BY of the distance alone
 * (PostgreSQL 15), so the `take` nearest come in the index's order among equal distances. Equal
 * distances are profiles of one cell (many, where members chose a city by name and sit at its
 * centre): the cell of the farthest of those `take` may hold more at that very distance, so that
 * cell is read again whole through the same index (cube equality) in `tieOrder` and replaces
 * its part of the KNN rows. Every row nearer than that cell is among the KNN rows, so the union
 * holds the first `take` of the full order; the caller sorts it.
 */
export function nearestIdsSql(where: SQL, point: LatLon, tieOrder: SQL[], take: number): SQL {
  const columns = sql`${profiles.id} as id, ${profiles.hasPhoto} as has_photo, ${realMetresSql(point)} as real_m, ${shownMetresSql(point)} as shown_m`;
  const located = sql`${where} and ${profiles.latitude} is not null`;
  return sql`(with knn as (
      select ${columns}, ${profiles.latitude} as latitude, ${profiles.longitude} as longitude
      from ${profiles} where ${located}
      order by ${nearestFirstSql(point)} limit ${take}
    ), edge as (select latitude, longitude from knn order by real_m desc limit 1)
    select id, has_photo, real_m, shown_m from knn
    where not exists (select 1 from edge where edge.latitude = knn.latitude and edge.longitude = knn.longitude)
    union all
    (select ${columns} from ${profiles}
      where ${located} and ${candidatePoint} = (select ll_to_earth(edge.latitude, edge.longitude) from edge)
      order by ${sql.join(tieOrder, sql`, `)} limit ${take}))`;
}

/** The card's `distance_km` from the real metres (null: either side has no location). */
export function distanceKmOf(realMetres: number | null | undefined, fictional: boolean): { distance_km: number } | Record<string, never> {
  if (realMetres === null || realMetres === undefined) return {};
  return { distance_km: shownDistanceKm(Number(realMetres) / 1000, fictional) };
}

/**
 * Distances between profiles in SQL (decision 036):
 * - nearest first (nearestSql) reads rings of profiles_nearby_idx and, beyond them,
 *   `point <-> member` over earthdistance's `ll_to_earth` points exactly as profiles_location_idx
 *   (GiST, the searchable profiles with a location) indexes them: a KNN scan that stops after a page;
 * - distances are great-circle metres on earthdistance's sphere (realMetresSql), and a fictional
 *   profile counts at least FICTIONAL_MIN_DISTANCE_KM away, in the radius, the order and on the
 *   card alike (`shownMetresSql`; the card's `shownDistanceKm` applies the same floor);
 * - a radius is a prefix of the nearest-first order, so pages filter the nearest they read;
 *   counts read profiles_nearby_idx (withinCountSql).
 * Only whole km ever leave the server; coordinates never do.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FICTIONAL_MIN_DISTANCE_KM, shownDistanceKm, type LatLon } from '@cupido/shared/rules/matching';
import { profiles } from '../../db/schema';

/** The candidate's point: the expression of profiles_location_idx. */
export const candidatePoint = sql`ll_to_earth(${profiles.latitude}, ${profiles.longitude})`;

/** The member's point (the centre of their cell). */
export const pointOf = (point: LatLon) => sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;

/** earthdistance's earth(): the sphere its points and boxes are on, in metres. */
const EARTH_METRES = 6378168;
const DEGREES = 180 / Math.PI;

/**
 * Great-circle metres from the member to the candidate on earthdistance's sphere (what
 * earth_distance gives), by the haversine formula over the columns: plain float arithmetic, about
 * ten times cheaper than building earth points (ll_to_earth checks its domain each time), which
 * matters where thousands of rows are counted. Null when the candidate has no location.
 */
export function realMetresSql(point: LatLon): SQL<number | null> {
  const lat = sql`radians(${profiles.latitude})`;
  const memberLat = point.latitude / DEGREES;
  // (least() would turn a missing location's null into 1: the case keeps it null.)
  return sql<number | null>`case when ${profiles.latitude} is not null then ${2 * EARTH_METRES}::float8 * asin(least(1::float8, sqrt(
    power(sin((${lat} - ${memberLat}::float8) / 2), 2)
    + cos(${lat}) * ${Math.cos(memberLat)}::float8 * power(sin((radians(${profiles.longitude}) - ${point.longitude / DEGREES}::float8) / 2), 2)))) end`;
}

/**
 * The distance a member is shown, in metres: the real one, and for a fictional profile at least
 * the minimum; null when the candidate has no location.
 */
export function shownMetresSql(point: LatLon): SQL<number | null> {
  return sql<
    number | null
  >`case when ${profiles.latitude} is not null then greatest(${realMetresSql(point)}, case when ${profiles.isFictional} then ${FICTIONAL_MIN_DISTANCE_KM * 1000}::float8 else 0::float8 end) end`;
}

/** The same sphere in km. */
const EARTH_KM = EARTH_METRES / 1000;
/** Rounding room at the band's edges, in degrees (about 1 m). */
const MARGIN = 1e-5;
/**
 * The keys of profiles_nearby_idx before the place, as the index writes them (the constants
 * spelt out so the planner matches the expressions): bands of about 10 km of latitude, and
 * births in blocks of 1,826 days (five years) since 1900.
 */
const ROWS_PER_DEGREE = 11.132;
export const latitudeRowSql = sql`floor((${profiles.latitude} + ${sql.raw('90::float8')}) * ${sql.raw(`${ROWS_PER_DEGREE}::float8`)})`;
const BIRTH_EPOCH = '1900-01-01';
const BIRTH_BLOCK_DAYS = 1826;
export const birthBlockSql = sql`((${profiles.birthDate} - ${sql.raw(`'${BIRTH_EPOCH}'::date`)}) / ${sql.raw(String(BIRTH_BLOCK_DAYS))})`;
/** Births a search without ages reads: from one nobody is older than, to a year from now. */
const OLDEST_BIRTH = '1880-01-01';
const latestBirth = () => new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10);

const daysSinceEpoch = (isoDate: string) =>
  Math.round((Date.parse(`${isoDate}T00:00:00Z`) - Date.parse(`${BIRTH_EPOCH}T00:00:00Z`)) / 86_400_000);
const range = (first: number, last: number) => Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);

/** Birth dates a search keeps: the filter's bounds (after, exclusive; on or before, inclusive), as in ProfileFilter. */
export interface BirthBounds {
  bornAfter?: string;
  bornOnOrBefore?: string;
}

/**
 * Near a member (decision 036): within `km` as shown, for counting and for the nearest rings.
 * The blocks of birth within the ages, the bands of latitude within reach and, away from the poles
 * and the date line, a range of longitude, then the shown distance exactly. profiles_nearby_idx
 * (the other side's wish, gender, birth block, latitude band, longitude, then the rest) answers
 * it from the index alone, one range of longitude per block and band, so it reads about the
 * members of those ages in the box around the circle, never the table. (A GiST box would read
 * every profile in it from the table, and PostgreSQL guesses its size badly.)
 */
export function withinCountSql(point: LatLon, km: number, born: BirthBounds = {}): SQL {
  const arc = km / EARTH_KM;
  const dLat = arc * DEGREES + MARGIN;
  const rows = range(
    Math.floor((Math.max(-90, point.latitude - dLat) + 90) * ROWS_PER_DEGREE),
    Math.floor((Math.min(90, point.latitude + dLat) + 90) * ROWS_PER_DEGREE),
  );
  const blocks = range(
    Math.floor(daysSinceEpoch(born.bornAfter ?? OLDEST_BIRTH) / BIRTH_BLOCK_DAYS),
    Math.floor(daysSinceEpoch(born.bornOnOrBefore ?? latestBirth()) / BIRTH_BLOCK_DAYS),
  );
  const cosLat = Math.cos(point.latitude / DEGREES);
  const sinArc = Math.sin(Math.min(arc, Math.PI / 2));
  // The widest longitude within reach, where the circle stays clear of a pole and the date line.
  const dLon = sinArc < cosLat ? Math.asin(sinArc / cosLat) * DEGREES + MARGIN : null;
  const lonBand =
    dLon !== null && point.longitude - dLon > -180 && point.longitude + dLon < 180
      ? sql` and ${profiles.longitude} between ${point.longitude - dLon}::float8 and ${point.longitude + dLon}::float8`
      : sql``;
  return sql`${birthBlockSql} = any(${sql.raw(`'{${blocks.join(',')}}'::int[]`)}) and ${latitudeRowSql} = any(${sql.raw(`'{${rows.join(',')}}'::float8[]`)})${lonBand}
    and ${shownWithinSql(point, km)}`;
}

/**
 * Shown within `km` (a fictional profile counts at least its floor away), cheaply for the many
 * rows a count reads: a profile inside the square inscribed in the circle needs no trigonometry.
 */
function shownWithinSql(point: LatLon, km: number): SQL {
  const floorOk = km >= FICTIONAL_MIN_DISTANCE_KM ? sql`` : sql`not ${profiles.isFictional} and `;
  // Half the side of the inscribed square, well inside it (at these sizes the sphere's curvature
  // moves distances by far less than the 3% kept back), in degrees of latitude; in degrees of
  // longitude as wide as that where a degree is widest, on the band's side nearer the equator.
  const half = (km / Math.SQRT2 / EARTH_KM) * DEGREES * 0.97;
  const latitude = Math.abs(point.latitude);
  const halfLon = latitude + half < 89 ? half / Math.cos(Math.max(0, latitude - half) / DEGREES) : null;
  const inner =
    halfLon !== null && point.longitude - halfLon > -180 && point.longitude + halfLon < 180
      ? sql`(${profiles.latitude} between ${point.latitude - half}::float8 and ${point.latitude + half}::float8
          and ${profiles.longitude} between ${point.longitude - halfLon}::float8 and ${point.longitude + halfLon}::float8) or `
      : sql``;
  return sql`${floorOk}(${inner}${haversineSql(point)} <= ${Math.sin(km / EARTH_KM / 2) ** 2}::float8)`;
}

/**
 * The haversine of the angle between the member and the candidate: the part of realMetresSql
 * before its square root and arcsine, which grows with the distance, so a radius compares it
 * with the radius's own haversine without them.
 */
function haversineSql(point: LatLon): SQL {
  const memberLat = point.latitude / DEGREES;
  const north = sql`sin((radians(${profiles.latitude}) - ${memberLat}::float8) / 2)`;
  const east = sql`sin((radians(${profiles.longitude}) - ${point.longitude / DEGREES}::float8) / 2)`;
  return sql`(${north} * ${north} + cos(radians(${profiles.latitude})) * ${Math.cos(memberLat)}::float8 * ${east} * ${east})`;
}

/** KNN order: profiles_location_idx read nearest first (the chord distance, in the order of the great-circle one). */
export const nearestFirstSql = (point: LatLon) => sql`${candidatePoint} <-> ${pointOf(point)}`;

/** A key of the order among equal distances, over the profiles columns. */
export interface TieKey {
  key: SQL;
  descending: boolean;
}

/** The rings read from profiles_nearby_idx before (without a radius) falling back to the KNN scan, in km. */
const RINGS_KM = [10, 100];

/**
 * The first `take` profiles of `where` that have a location, exactly in the order (shown distance
 * from `point`, real distance, then `tie`), as a parenthesised query of
 * `id, has_photo, real_m, shown_m`; with `radiusKm`, only those within it (as shown).
 *
 * Rings first: all matches within 5, then 25, then 100 km (and the radius last), each read from
 * profiles_nearby_idx alone (one range of longitude per ~1 km row of latitude) and sorted whole,
 * so ties of one crowded cell keep their order; the first ring with `take` matches within it
 * holds the answer, since everyone outside is farther. Rarely read rings are never run (each
 * waits behind one-time filters on the rings before). Without a radius, where 100 km holds too
 * few, the KNN scan of profiles_location_idx takes over: it reads only as far as it must, which a
 * ring cannot know (PostgreSQL 15 reads that index in distance order only for an ORDER BY of the
 * distance alone). A KNN scan costs about 10 µs a row read, an index row of a ring well under
 * 1 µs, so in crowded places the rings win by far.
 *
 * `splits`: conditions that each get a scan of their own (a member looking for both: each
 * gender's range of the index, and the unknown gender).
 */
export function nearestSql(args: {
  where: SQL;
  splits: (SQL | undefined)[];
  point: LatLon;
  born: BirthBounds;
  tie: TieKey[];
  take: number;
  radiusKm?: number;
}): SQL {
  const { where, splits, point, born, tie, take, radiusKm } = args;
  const tieColumns = tie.map((t, i) => sql`, ${t.key} as ${sql.raw(`tie_${i}`)}`);
  const order = sql.join([sql`shown_m`, sql`real_m`, ...tie.map((t, i) => sql.raw(`tie_${i}${t.descending ? ' desc' : ''}`))], sql`, `);
  const columns = sql`${profiles.id} as id, ${profiles.hasPhoto} as has_photo, ${realMetresSql(point)} as real_m, ${shownMetresSql(point)} as shown_m${sql.join(tieColumns, sql``)}`;
  const ringsKm = radiusKm === undefined ? RINGS_KM : [...RINGS_KM.filter((km) => km < radiusKm), radiusKm];
  const ring = (km: number) => {
    const parts = splits.map(
      (
        split,
      ) => sql`(select ${columns} from ${profiles} where ${where} and ${profiles.latitude} is not null${split ? sql` and ${split}` : sql``}
        and ${withinCountSql(point, km, born)} order by ${order} limit ${take})`,
    );
    return parts.length === 1
      ? parts[0]!
      : sql`(select * from (${sql.join(parts, sql` union all `)}) as parts order by ${order} limit ${take})`;
  };
  const name = (i: number) => sql.raw(`ring_${i}`);
  const full = (i: number) => sql`(select count(*) from ${name(i)}) >= ${take}`;
  const short = (i: number) => sql`(select count(*) from ${name(i)}) < ${take}`;
  const last = ringsKm.length - 1;
  const fallback = radiusKm === undefined;
  // A ring answers when every ring before it fell short and it did not (the last with a radius
  // answers whatever it holds); asked in ring order, so a wider ring is read only when needed.
  const shortUpTo = (count: number) => ringsKm.slice(0, count).map((_, i) => short(i));
  const answers = ringsKm.map((_, i) => {
    const gate = [...shortUpTo(i), ...(i < last || fallback ? [full(i)] : [])];
    return sql`select id, has_photo, real_m, shown_m from ${name(i)}${gate.length > 0 ? sql` where ${sql.join(gate, sql` and `)}` : sql``}`;
  });
  // Beyond the rings everyone is farther than a fictional profile's floor, so the shown order is
  // the real one: the KNN scan's own, which stops after `take`. (Ties of one cell keep the
  // index's order there: a crowded cell that far from the member is rare.)
  const allShort = sql.join(shortUpTo(ringsKm.length), sql` and `);
  const knn = sql`select id, has_photo, real_m, shown_m from (select ${columns} from ${profiles} where ${where} and ${profiles.latitude} is not null
    order by ${nearestFirstSql(point)} limit ${take}) as knn where ${allShort}`;
  const beyond = fallback ? [knn] : [];
  const rings = sql.join(
    ringsKm.map((km, i) => sql`${name(i)} as materialized ${ring(km)}`),
    sql`, `,
  );
  return sql`(with ${rings} ${sql.join([...answers, ...beyond], sql` union all `)})`;
}

/** The card's `distance_km` from the real metres (null: either side has no location). */
export function distanceKmOf(realMetres: number | null | undefined, fictional: boolean): { distance_km: number } | Record<string, never> {
  if (realMetres === null || realMetres === undefined) return {};
  return { distance_km: shownDistanceKm(Number(realMetres) / 1000, fictional) };
}

/**
 * Who is shown to whom, how far apart they are, and who is active (issue 28, decision 036).
 * Zod-free: the web chunks and every server query use these same rules. The SQL form of the
 * two-way rule (profiles/mutual-match-sql.ts and the generated `profiles.seeking` column) is
 * tested against `isMutualMatch` over every combination.
 */
import type { Gender, Sexuality } from './profile-options';

// ---------------------------------------------------------------------------------------------
// Two-way matching
// ---------------------------------------------------------------------------------------------

/** Whom a member looks for: men, women, or both. */
export const SEEKINGS = ['male', 'female', 'both'] as const;
export type Seeking = (typeof SEEKINGS)[number];

export interface SeekingFacts {
  gender: Gender | null;
  sexuality: Sexuality | null;
  /** The stored choice (only with the orientation consent) or the one the browser keeps for the session. */
  looking_for_gender: Seeking | null;
}

/**
 * Whom a profile looks for: the member's own choice when there is one, else the default of
 * decision 013 derived from gender and orientation (hetero: the other gender; gay and lesbian:
 * the same; bi, or an unknown gender or orientation: both).
 */
export function seekingOf(facts: SeekingFacts): Seeking {
  if (facts.looking_for_gender) return facts.looking_for_gender;
  const { gender, sexuality } = facts;
  if (!gender || !sexuality || sexuality === 'bi') return 'both';
  if (sexuality === 'hetero') return gender === 'male' ? 'female' : 'male';
  return gender;
}

/** Does someone looking for `seeking` want a person of `gender`? An unknown gender suits only "both". */
export function seeks(seeking: Seeking, gender: Gender | null): boolean {
  return seeking === 'both' || seeking === gender;
}

export interface MatchSide {
  gender: Gender | null;
  seeking: Seeking;
}

/**
 * The two-way rule: the candidate is shown to the member only when the candidate's gender is one
 * the member looks for AND the member's gender is one the candidate looks for. A member's
 * explicit search filter replaces only the member's own side; the candidate's wish always holds.
 */
export function isMutualMatch(member: MatchSide, candidate: MatchSide): boolean {
  return seeks(member.seeking, candidate.gender) && seeks(candidate.seeking, member.gender);
}

/** The `seeking` values of candidates who want someone of `gender` (the SQL's `seeking IN (...)`). */
export function seekingsThatWant(gender: Gender | null): Seeking[] {
  return gender ? [gender, 'both'] : ['both'];
}

/** The candidate genders someone looking for `seeking` wants (the SQL's `gender IN (...)`). */
export function gendersWantedBy(seeking: Seeking): Gender[] {
  return seeking === 'both' ? ['male', 'female'] : [seeking];
}

// ---------------------------------------------------------------------------------------------
// Distance
// ---------------------------------------------------------------------------------------------

/** The radius filter's choices in km; none ('') means anywhere. */
export const RADIUS_CHOICES_KM = [10, 25, 50, 100, 250] as const;
export type RadiusKm = (typeof RADIUS_CHOICES_KM)[number];

/**
 * A fictional profile is never shown nearer than this to a member: it cannot be met, so no
 * "2 km away" lure. Its distance is shown and filtered as at least this much.
 */
export const FICTIONAL_MIN_DISTANCE_KM = 30;

/** A stored location is the centre of a grid cell this many km on a side, never the exact point. */
export const LOCATION_CELL_KM = 1;
const KM_PER_DEGREE_LATITUDE = 111.32;
const EARTH_RADIUS_KM = 6371;

export interface LatLon {
  latitude: number;
  longitude: number;
}

export function isValidLatLon(point: { latitude: unknown; longitude: unknown }): point is LatLon {
  const { latitude, longitude } = point;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    latitude >= -90 &&
    latitude <= 90 &&
    longitude >= -180 &&
    longitude <= 180
  );
}

/**
 * The centre of the ~1 km grid cell holding the point: latitude in steps of 1 km, longitude in
 * steps of 1 km at that latitude's row. This is all that is ever stored of a location.
 */
export function snapToCell(point: LatLon): LatLon {
  const latStep = LOCATION_CELL_KM / KM_PER_DEGREE_LATITUDE;
  const row = Math.floor((point.latitude + 90) / latStep);
  const latitude = Math.min(90, -90 + (row + 0.5) * latStep);
  const cos = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  const lonStep = latStep / cos;
  const column = Math.floor((point.longitude + 180) / lonStep);
  let longitude = -180 + (column + 0.5) * lonStep;
  if (longitude > 180) longitude -= 360;
  return { latitude: round6(latitude), longitude: round6(longitude) };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Great-circle distance in km (haversine), as earthdistance's earth_distance computes it. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance a member is shown: whole km, at least 1, and for a fictional profile at least the minimum. */
export function shownDistanceKm(km: number, fictional: boolean): number {
  const floor = fictional ? FICTIONAL_MIN_DISTANCE_KM : 1;
  return Math.max(floor, Math.round(km));
}

/** Distances are said in miles to members in the United States and the United Kingdom, in km elsewhere. */
export type DistanceUnit = 'km' | 'mi';
export function distanceUnitFor(country: string | null | undefined): DistanceUnit {
  return country === 'US' || country === 'GB' ? 'mi' : 'km';
}

const KM_PER_MILE = 1.609344;
/** The number to say in the unit: whole units, at least 1. */
export function distanceInUnit(km: number, unit: DistanceUnit): number {
  return Math.max(1, Math.round(unit === 'mi' ? km / KM_PER_MILE : km));
}

// ---------------------------------------------------------------------------------------------
// Activity
// ---------------------------------------------------------------------------------------------

/** "Online now" (a live socket, or an operator answering a fictional profile) or "active today". */
export const ACTIVITIES = ['online', 'today'] as const;
export type Activity = (typeof ACTIVITIES)[number];

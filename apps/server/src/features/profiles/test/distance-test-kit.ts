/**
 * Places for the distance tests (search, profile pages, matching): real cities as the ~1 km cells
 * a profile stores, and the whole km a viewer is shown between two of them.
 */
import { distanceKm, shownDistanceKm, snapToCell, type LatLon } from '@cupido/shared/rules/matching';

const cell = (latitude: number, longitude: number) => snapToCell({ latitude, longitude });

/** Cells of real places, with their rough distance from London in the comment. */
export const PLACES = {
  london: cell(51.507, -0.128),
  londonNextDoor: cell(51.52, -0.1), // 3 km
  croydon: cell(51.372, -0.098), // 15 km
  watford: cell(51.656, -0.396), // 26 km
  reading: cell(51.454, -0.978), // 60 km
  brighton: cell(50.823, -0.137), // 76 km
  manchester: cell(53.481, -2.243), // 263 km
  edinburgh: cell(55.953, -3.189), // 535 km
} satisfies Record<string, LatLon>;

/** As a profile row's columns. */
export const at = (place: LatLon) => ({ latitude: place.latitude, longitude: place.longitude });

/** earthdistance measures on a sphere of 6,378,168 m (its earth()); the shared haversine on one of 6,371 km. */
const EARTHDISTANCE_RADIUS_RATIO = 6378.168 / 6371;

/** The whole km a viewer at `from` is shown for a profile at `to`, as the server computes them. */
export function shownKm(from: LatLon, to: LatLon, fictional = false): number {
  return shownDistanceKm(distanceKm(from, to) * EARTHDISTANCE_RADIUS_RATIO, fictional);
}

/**
 * Offline reverse geocoding for the location button (spec section 3, geocode result):
 * - country: @rapideditor/country-coder (borders, including coastal waters);
 * - city and region, in a larger city: the table of major-cities.ts (centre, radius, region);
 * - city elsewhere: the UN/LOCODE places of offline-geocode-city, one per S2 cell of level 8
 *   (about 30-40 km). Its own lookup recurses without end far from any place (at sea), so the
 *   cells are searched here instead, ring by ring up to MAX_RINGS, only places of the country,
 *   within a ring the cell nearest to the point;
 * - region elsewhere: neither library knows regions. A place whose name is a region of its
 *   country or a city listed for a region in the demo places table gets that region's code
 *   (country-region-data, as /api/regions.php); otherwise null. Suburbs do not inherit the
 *   region of the nearby city: around Berlin, Vienna or Brussels that would be wrong.
 * Loaded on first use: decoding the place table takes a moment and some memory.
 */
import * as countryCoder from '@rapideditor/country-coder';
import { getBaseDataCities } from 'offline-geocode-city';
import s2 from 's2-geometry';
import { DEMO_COUNTRIES } from '../../seed/demo-places';
import { slugifyRegionName } from '../reference-data/regions';
import { regionsOf } from '../reference-data/region-codes';
import { majorCityAt } from './major-cities';

const LEVEL = 8;
const MAX_RINGS = 3;

export interface GeocodeResult {
  country: string;
  region: string | null;
  city: string | null;
}

type Place = { city: string; country: string };
let places: Map<string, Place> | undefined;

function placesByCell(): Map<string, Place> {
  if (!places) {
    places = new Map();
    for (const [key, row] of Object.entries(getBaseDataCities())) {
      places.set(key, { city: String(row[0]), country: String(row[1]) });
    }
  }
  return places;
}

function squaredDistance(lat: number, lon: number, other: { lat: number; lng: number }): number {
  const dLat = other.lat - lat;
  let dLon = Math.abs(other.lng - lon);
  if (dLon > 180) dLon = 360 - dLon;
  const scaled = dLon * Math.cos((lat * Math.PI) / 180);
  return dLat * dLat + scaled * scaled;
}

/** The nearest place in `country` within MAX_RINGS rings of cells, or null. */
function nearestPlace(lat: number, lon: number, country: string): Place | null {
  const table = placesByCell();
  const { S2 } = s2;
  let ring = [S2.latLngToKey(lat, lon, LEVEL)];
  const seen = new Set(ring);
  for (let depth = 0; depth <= MAX_RINGS && ring.length > 0; depth++) {
    let best: { place: Place; distance: number } | null = null;
    for (const key of ring) {
      const place = table.get(key);
      if (!place || place.country !== country) continue;
      const distance = squaredDistance(lat, lon, S2.keyToLatLng(key));
      if (!best || distance < best.distance) best = { place, distance };
    }
    if (best) return best.place;
    const next: string[] = [];
    for (const key of ring) {
      const center = S2.keyToLatLng(key);
      for (const neighbour of S2.latLngToNeighborKeys(center.lat, center.lng, LEVEL)) {
        if (!seen.has(neighbour)) {
          seen.add(neighbour);
          next.push(neighbour);
        }
      }
    }
    ring = next;
  }
  return null;
}

let regionByCity: Map<string, string> | undefined;

/** 'country|city slug' -> region code, from region names and the demo places table. */
function cityRegions(): Map<string, string> {
  if (!regionByCity) {
    regionByCity = new Map();
    for (const [country, { places: regionCities }] of Object.entries(DEMO_COUNTRIES)) {
      for (const [region, cities] of Object.entries(regionCities)) {
        for (const city of cities) regionByCity.set(`${country}|${slugifyRegionName(city)}`, region);
      }
    }
  }
  return regionByCity;
}

export function regionOfCity(country: string, city: string): string | null {
  const slug = slugifyRegionName(city);
  for (const [code, name] of regionsOf(country)) if (slugifyRegionName(name) === slug) return code;
  const listed = cityRegions().get(`${country}|${slug}`);
  return listed && regionsOf(country).has(listed) ? listed : null;
}

/**
 * Country, region and city at a point; null at sea or far from any known place. A point in a
 * country's waters but out of reach of its places counts as at sea.
 */
export function reverseGeocode(lat: number, lon: number): GeocodeResult | null {
  const country = countryCoder.iso1A2Code([lon, lat]);
  if (!country) return null;
  const city = majorCityAt(lat, lon, country);
  if (city) return { country, region: city.region, city: city.name };
  const place = nearestPlace(lat, lon, country);
  if (!place) return null;
  return { country, region: regionOfCity(country, place.city), city: place.city };
}

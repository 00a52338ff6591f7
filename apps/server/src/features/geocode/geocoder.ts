/**
 * Offline reverse geocoding for the location button (spec section 3, geocode result):
 * - country: @rapideditor/country-coder (borders, including coastal waters);
 * - city and region, in a larger city: the table of major-cities.ts (centre, radius, region);
 * - city elsewhere: the UN/LOCODE places of offline-geocode-city, one per S2 cell of level 8
 *   (about 30-40 km). Its own lookup recurses without end far from any place (at sea), so the
 *   cells are searched here instead, ring by ring up to MAX_RINGS, only places of the country,
 *   within a ring the cell nearest to the point;
 * - region elsewhere: neither library knows regions. A place whose name is a region of its
 *   country or a city listed for a region in the reference cities (reference-data/cities.ts) gets that region's code
 *   (country-region-data, as /api/regions.php); otherwise null. Suburbs do not inherit the
 *   region of the nearby city: around Berlin, Vienna or Brussels that would be wrong.
 * Forward, for a member's place (decision 036): `placeOfCity` finds the point of a city the member
 * typed or picked (the table of major-cities.ts, else a UN/LOCODE place of that name), and
 * `countryAt` the country of a browser's position.
 * Loaded on first use (lazy.ts): decoding the place table takes a moment and some memory.
 */
import * as countryCoder from '@rapideditor/country-coder';
import { getBaseDataCities } from 'offline-geocode-city';
import s2 from 's2-geometry';
import { CITIES_BY_COUNTRY, citiesByRegion } from '../reference-data/cities';
import { slugifyRegionName } from '../reference-data/regions';
import { regionsOf } from '../reference-data/region-codes';
import { MAJOR_CITIES, majorCityAt } from './major-cities';

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

/** 'country|city slug' -> the S2 cells of the places of that name (one name may be several places). */
let cellsByName: Map<string, string[]> | undefined;

function placeCellsNamed(country: string, slug: string): string[] {
  if (!cellsByName) {
    cellsByName = new Map();
    for (const [key, place] of placesByCell()) {
      const name = `${place.country}|${slugifyRegionName(place.city)}`;
      const cells = cellsByName.get(name);
      if (cells) cells.push(key);
      else cellsByName.set(name, [key]);
    }
  }
  return cellsByName.get(`${country}|${slug}`) ?? [];
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

/** 'country|city slug' -> region code, from region names and the reference cities. */
function cityRegions(): Map<string, string> {
  if (!regionByCity) {
    regionByCity = new Map();
    for (const country of Object.keys(CITIES_BY_COUNTRY)) {
      for (const [region, cities] of Object.entries(citiesByRegion(country))) {
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

export interface Point {
  latitude: number;
  longitude: number;
}

/** The country (ISO 3166-1 alpha-2) a point lies in, its coastal waters included; null at sea. */
export function countryAt(latitude: number, longitude: number): string | null {
  return countryCoder.iso1A2Code([longitude, latitude]);
}

/**
 * Where a city of a country lies, for a member who chose it without sharing their position: the
 * centre of a city of major-cities.ts by that name (letter case and accents aside), else the cell
 * of the one UN/LOCODE place of that name in the country (a cell is 30-40 km across, so this is
 * rougher). Null when the name is empty, unknown, or names several places of the country that
 * could not be told apart: no place is better than a wrong one.
 */
export function placeOfCity(country: string, city: string): Point | null {
  const slug = slugifyRegionName(city);
  if (!slug) return null;
  const major = MAJOR_CITIES.find((c) => c.country === country && slugifyRegionName(c.name) === slug);
  if (major) return { latitude: major.lat, longitude: major.lon };
  const cells = placeCellsNamed(country, slug);
  if (cells.length !== 1) return null;
  const centre = s2.S2.keyToLatLng(cells[0]!);
  return { latitude: centre.lat, longitude: centre.lng };
}

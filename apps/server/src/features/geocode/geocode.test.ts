import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as countryCoder from '@rapideditor/country-coder';
import { COUNTRY_CODES } from '@cupido/shared/rules/countries';
import { ZGeocodeAnswer } from '@cupido/shared/contracts/profiles';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isRegionOf } from '../reference-data/region-codes';
import { countryAt, placeOfCity, reverseGeocode } from './geocoder';
import { MAJOR_CITIES } from './major-cities';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const geocode = (query: string) => t.app.inject({ method: 'GET', url: `/api/geocode.php?${query}` });

describe('GET /api/geocode.php', () => {
  it.each([
    ['52.3731', '4.8922', { country: 'NL', region: 'NH', city: 'Amsterdam' }],
    ['52.5163', '13.3777', { country: 'DE', region: 'BE', city: 'Berlin' }],
    ['51.5007', '-0.1246', { country: 'GB', region: 'LND', city: 'London' }],
    ['-33.8568', '151.2153', { country: 'AU', region: 'NSW', city: 'Sydney' }],
    ['50.0614', '19.9366', { country: 'PL', region: '12', city: 'Kraków' }],
    ['52.06', '-9.5', { country: 'IE', region: 'KY', city: 'Tralee' }],
  ])('finds the place at %s, %s', async (lat, lon, expected) => {
    const response = await geocode(`lat=${lat}&lon=${lon}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(ZGeocodeAnswer.strict().parse(response.json())).toEqual(expected);
  });

  it('names a small place without a region when the region cannot be told', async () => {
    const answer = ZGeocodeAnswer.parse((await geocode('lat=47.49&lon=11.10')).json());
    expect(answer.country).toBe('DE');
    expect(answer.city).toEqual(expect.any(String));
    expect(answer.region).toBeNull();
  });

  it.each([
    ['0', '-30'], // mid-Atlantic, inside Brazil's waters
    ['50', '-30'],
    ['55', '3'], // North Sea
    ['-60', '-120'],
  ])('answers 404 with a translated message at sea (%s, %s)', async (lat, lon) => {
    const response = await geocode(`lat=${lat}&lon=${lon}&locale=it`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'location_unknown',
      message: 'Non abbiamo trovato nessuna località nella tua posizione.',
    });
  });

  it.each([
    ['lat=91&lon=0', 'lat'],
    ['lat=-90.5&lon=0', 'lat'],
    ['lat=10&lon=180.01', 'lon'],
    ['lat=abc&lon=0', 'lat'],
    ['lat=1e2&lon=0', 'lat'],
    ['lat=10', 'lon'],
    ['lon=10', 'lat'],
    ['lat=&lon=', 'lat'],
  ])('refuses %s', async (query, field) => {
    const response = await geocode(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'invalid_coordinates', message: 'Your location could not be read', field });
  });
});

describe('the city table', () => {
  it('has a known region and a centre inside its country for every city', () => {
    for (const city of MAJOR_CITIES) {
      expect(COUNTRY_CODES, city.name).toContain(city.country);
      expect(isRegionOf(city.country, city.region), `${city.name} ${city.region}`).toBe(true);
      expect(countryCoder.iso1A2Code([city.lon, city.lat]), city.name).toBe(city.country);
      expect(reverseGeocode(city.lat, city.lon)).toEqual({ country: city.country, region: city.region, city: city.name });
    }
    for (const country of COUNTRY_CODES)
      expect(
        MAJOR_CITIES.some((c) => c.country === country),
        country,
      ).toBe(true);
  });
});

describe('placeOfCity (a member who chose a city without sharing their position)', () => {
  it.each([
    ['GB', 'London', { latitude: 51.507, longitude: -0.128 }],
    ['GB', '  london ', { latitude: 51.507, longitude: -0.128 }],
    ['PL', 'Krakow', { latitude: 50.065, longitude: 19.945 }],
    ['CA', 'Halifax', { latitude: 44.649, longitude: -63.575 }],
  ])('finds %s %s in the table of larger cities, letter case and accents aside', (country, city, expected) => {
    expect(placeOfCity(country, city)).toEqual(expected);
  });

  it('finds a smaller place by its name, within its cell, in its own country', () => {
    const tralee = placeOfCity('IE', 'Tralee')!;
    expect(reverseGeocode(tralee.latitude, tralee.longitude)).toMatchObject({ country: 'IE', city: 'Tralee' });
    expect(placeOfCity('NZ', 'Rotorua')).not.toBeNull();
    expect(placeOfCity('AU', 'Rotorua')).toBeNull();
  });

  it('answers null for an empty, unknown or ambiguous name: no place is better than a wrong one', () => {
    expect(placeOfCity('GB', '')).toBeNull();
    expect(placeOfCity('GB', ' - ')).toBeNull();
    expect(placeOfCity('GB', 'Annabelville')).toBeNull();
    // Several places of that name in the country.
    expect(placeOfCity('GB', 'Newport')).toBeNull();
  });
});

describe('countryAt', () => {
  it('tells the country of a point, and null at sea', () => {
    expect(countryAt(51.5007, -0.1246)).toBe('GB');
    expect(countryAt(52.5163, 13.3777)).toBe('DE');
    expect(countryAt(55, 3)).toBeNull();
  });
});

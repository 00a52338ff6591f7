/**
 * Places for the demo profiles: per country, the real cities of the reference data
 * (features/reference-data/cities.ts: region, centre, weight) and the faker locale whose names fit
 * the country. A city's weight is a rough stand-in for its population: it gets that many shares of
 * its country's profiles. A profile's stored location is the ~1 km cell
 * of its city centre (`snapToCell`, decision 036), never a finer point.
 */
import { Faker, base, en, en_AU, en_CA, en_GB, en_IE, en_US, nl, nl_BE, type LocaleDefinition } from '@faker-js/faker';
import { snapToCell, type LatLon } from '@cupido/shared/rules/matching';
import { CITIES_BY_COUNTRY, citiesByRegion } from '../features/reference-data/cities';

export interface DemoPlace extends LatLon {
  region: string;
  city: string;
  weight: number;
}

export interface DemoCountry {
  /** Name locales, most specific first. New Zealand has no faker locale: Australian names fit. */
  locales: LocaleDefinition[];
  /** The cities, heaviest first. */
  cities: DemoPlace[];
  /** Region short code (country-region-data) -> the cities in that region. */
  places: Record<string, string[]>;
}

const LOCALES: Record<string, LocaleDefinition[]> = {
  GB: [en_GB, en, base],
  IE: [en_IE, en, base],
  US: [en_US, en, base],
  CA: [en_CA, en, base],
  AU: [en_AU, en, base],
  NZ: [en_AU, en, base],
  NL: [nl, en, base],
  BE: [nl_BE, nl, en, base],
};

export const DEMO_COUNTRIES: Record<string, DemoCountry> = Object.fromEntries(
  Object.entries(CITIES_BY_COUNTRY).map(([code, cities]) => [code, { locales: LOCALES[code]!, cities, places: citiesByRegion(code) }]),
);

/** How a site's profiles spread over its countries (countries not listed weigh 1). */
export const COUNTRY_WEIGHTS: Record<string, number> = { GB: 40, US: 25, AU: 12, CA: 10, IE: 8, NZ: 5, NL: 70, BE: 30 };

/** One Faker per country, built once; the caller seeds it per profile. */
export function countryFakers(): Map<string, Faker> {
  return new Map(Object.entries(DEMO_COUNTRIES).map(([code, country]) => [code, new Faker({ locale: country.locales })]));
}

/** The cities of a country, heaviest first (empty for a country without demo places). */
export function placesOf(country: string): DemoPlace[] {
  return DEMO_COUNTRIES[country]?.cities ?? [];
}

/** What a profile in this city stores as its location: the ~1 km cell of the city centre. */
export function locationOf(place: LatLon): LatLon {
  return snapToCell({ latitude: place.latitude, longitude: place.longitude });
}

/** The demo place of that city in that country, or undefined. */
export function demoPlace(country: string, city: string): DemoPlace | undefined {
  return placesOf(country).find((place) => place.city === city);
}

/**
 * Where the demo members live (demo-member.ts): no fictional profile is seeded within
 * FICTIONAL_MIN_DISTANCE_KM of these, so none is ever the "nearby" one a demo member sees.
 */
export const DEMO_MEMBER_HOMES: readonly { country: string; city: string }[] = [{ country: 'GB', city: 'Bristol' }];

/** The demo places of DEMO_MEMBER_HOMES. */
export function demoMemberHomes(): DemoPlace[] {
  return DEMO_MEMBER_HOMES.map(({ country, city }) => {
    const place = demoPlace(country, city);
    if (!place) throw new Error(`Demo seed: the demo member's city ${city} (${country}) is not among the demo places`);
    return place;
  });
}

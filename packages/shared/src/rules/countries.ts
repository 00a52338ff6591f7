import type { LocaleCode } from './locales';

/** Countries the product serves, with the languages spoken there (spec section 4). */
export const COUNTRY_LOCALES = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
} as const satisfies Record<string, readonly LocaleCode[]>;

export type CountryCode = keyof typeof COUNTRY_LOCALES;
export const COUNTRY_CODES = Object.keys(COUNTRY_LOCALES) as CountryCode[];

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(COUNTRY_LOCALES, value);
}

/** 'province', 'state'... : how a country names its regions (spec section 3). */
export type RegionLabelKind = 'province' | 'voivodeship' | 'state' | 'canton' | 'region';

export const REGION_LABEL_KIND: Record<CountryCode, RegionLabelKind> = {
  NL: 'province',
  BE: 'province',
  IE: 'province',
  IT: 'province',
  ES: 'province',
  CA: 'province',
  PL: 'voivodeship',
  DE: 'state',
  AT: 'state',
  US: 'state',
  AU: 'state',
  NZ: 'state',
  CH: 'canton',
  GB: 'region',
  FR: 'region',
};

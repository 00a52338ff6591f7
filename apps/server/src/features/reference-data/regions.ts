/**
 * The regions of /api/regions.php, taken from the maintained `country-region-data` package
 * (names and ISO 3166-2 short codes), labelled the way spec section 3 names them per country.
 */
import { allCountries, type Region } from 'country-region-data';
import { COUNTRY_CODES, COUNTRY_LOCALES, REGION_LABEL_KIND, type CountryCode } from '@cupido/shared/rules/countries';
import { LOCALES } from '@cupido/shared/rules/locales';
import type { TRegions } from '@cupido/shared/contracts/contracts';

type CountryRegions = TRegions['countries'][number];

const FOLDED: Record<string, string> = { ł: 'l', ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ı: 'i' };

/** 'Île-de-France' -> 'ile-de-france', 'Łódzkie' -> 'lodzkie': a stable code when the package has none. */
export function slugifyRegionName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łßøæœđı]/g, (c) => FOLDED[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Codes must be unique within a country: missing or repeated short codes fall back to the name's slug. */
export function toRegions(pairs: readonly Region[], iso: string): CountryRegions['regions'] {
  const seen = new Set<string>();
  const regions: CountryRegions['regions'] = [];
  for (const [rawName, shortCode] of pairs) {
    const name = rawName.trim();
    if (!name) continue;
    let code = shortCode.trim() || slugifyRegionName(name);
    if (seen.has(code)) code = slugifyRegionName(name);
    for (let n = 2; seen.has(code); n++) code = `${slugifyRegionName(name)}-${n}`;
    seen.add(code);
    regions.push({ code, name });
  }
  // The package's order is not always alphabetical (ES, FR): sort as the country's first language does.
  const collator = new Intl.Collator(iso, { sensitivity: 'base' });
  return regions.sort((a, b) => collator.compare(a.name, b.name));
}

export function buildCountryRegions(): CountryRegions[] {
  const byCode = new Map(allCountries.map(([, code, regions]) => [code as string, regions]));
  return COUNTRY_CODES.map((country: CountryCode) => {
    const pairs = byCode.get(country);
    if (!pairs) throw new Error(`country-region-data has no entry for ${country}`);
    const language = COUNTRY_LOCALES[country][0];
    const iso = LOCALES.find((l) => l.code === language)?.iso ?? 'en';
    return { country, label: REGION_LABEL_KIND[country], regions: toRegions(pairs, iso) };
  });
}

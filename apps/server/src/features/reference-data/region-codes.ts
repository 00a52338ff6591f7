/** Region codes per country, the same ones /api/regions.php lists (country-region-data), built once. */
import { buildCountryRegions } from './regions';

let byCountry: Map<string, Map<string, string>> | undefined;

function regions(): Map<string, Map<string, string>> {
  byCountry ??= new Map(buildCountryRegions().map((c) => [c.country as string, new Map(c.regions.map((r) => [r.code, r.name]))]));
  return byCountry;
}

export function isRegionOf(country: string, code: string): boolean {
  return regions().get(country)?.has(code) ?? false;
}

/** code -> name of the country's regions (empty for countries the product does not serve). */
export function regionsOf(country: string): ReadonlyMap<string, string> {
  return regions().get(country) ?? new Map();
}

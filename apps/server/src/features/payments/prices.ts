/**
 * What a payer is charged (issue 29, decision 037), by the shared price rule: the shop, the
 * checkout, the repeat order and the direct debit all price a package here, so they agree.
 */
import { packagesIn, payerCurrency, type PricedPackage } from '@cupido/shared/rules/prices';
import type { Site } from '../sites/service';
import { priceSettingsOf } from '../sites/price-settings';

/**
 * The currency a payer from this country is charged in (issue 29, decision 037): their
 * country's when the site holds a price list in it, else the site's own. The shop shows the same.
 */
export function chargeCurrency(site: Site, country: string): string {
  return payerCurrency(priceSettingsOf(site), country);
}

/** The site's packages priced in a currency (the site's own: the packages' amounts; else its price list). */
export function sitePackagesIn(site: Site, currency: string): PricedPackage[] {
  return packagesIn(priceSettingsOf(site), currency);
}

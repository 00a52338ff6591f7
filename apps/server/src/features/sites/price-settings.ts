/**
 * A site's prices as the shared price rule reads them (issue 29, decision 037): the packages'
 * amounts in the site's own currency and the price lists of its further currencies.
 */
import { minimumMessageCosts, type PriceSettings } from '@cupido/shared/rules/prices';

/** The columns of a sites row prices come from (structural, so service.ts can use this without a cycle). */
interface SitePrices {
  currency: string;
  creditPackages: PriceSettings['credit_packages'];
  priceLists: PriceSettings['price_lists'];
  messageCredits: number;
}

export function priceSettingsOf(site: SitePrices): PriceSettings {
  return {
    currency: site.currency,
    credit_packages: site.creditPackages,
    price_lists: site.priceLists,
    message_credits: site.messageCredits,
  };
}

/** settings.php's minimum_message_costs: derived from the price lists for every country the site serves, never typed by hand. */
export function siteMinimumMessageCosts(site: SitePrices & { countries: readonly string[] }) {
  return minimumMessageCosts(priceSettingsOf(site), site.countries);
}

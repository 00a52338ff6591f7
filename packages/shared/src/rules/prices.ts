import type { CountryCode } from './countries';

/**
 * One price, said the same everywhere (issue 29, docs/decisions/037-price-lists.md). A site sells
 * its credit packages in its own currency (`currency`, the packages' `amount`) and, where it lists
 * one, in further currencies (`price_lists`: a price per package per currency). A payer pays in
 * the currency of their payment country when the site lists it, else in the site's currency.
 * Every price a member sees (packages, checkout, chat footer, gifts, photos, pricing and premium
 * pages, the welcome offer) and the derived `minimum_message_costs` of settings.php come from the
 * functions here, on the server and in the browser alike.
 *
 * Zod-free on purpose: the web app imports this without pulling the contracts' validator into its
 * chunks. Money is always an integer in minor units (cents, pence, grosze), VAT included.
 */

/** The currencies a site can hold a price list in. */
export const SELLING_CURRENCIES = ['EUR', 'GBP', 'PLN', 'CHF', 'USD'] as const;
export type SellingCurrency = (typeof SELLING_CURRENCIES)[number];

export function isSellingCurrency(value: unknown): value is SellingCurrency {
  return typeof value === 'string' && (SELLING_CURRENCIES as readonly string[]).includes(value);
}

export const PRICE_PACKAGE_IDS = ['p0', 'p1', 'p2', 'p3'] as const;
export type PricePackageId = (typeof PRICE_PACKAGE_IDS)[number];

/** The legal tender of each country the product serves (ISO 3166-1 -> ISO 4217). */
const COUNTRY_CURRENCY: Record<CountryCode, string> = {
  US: 'USD',
  NL: 'EUR',
  BE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  IE: 'EUR',
  GB: 'GBP',
  CA: 'CAD',
  PL: 'PLN',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
};

/** The currency people pay with in a country; null for a country the product does not know. */
export function currencyOfCountry(country: string): string | null {
  return Object.prototype.hasOwnProperty.call(COUNTRY_CURRENCY, country) ? COUNTRY_CURRENCY[country as CountryCode] : null;
}

/** A package as a site sells it: its credits and, per currency, its price. */
export interface PricedPackage {
  id: PricePackageId;
  credits: number;
  /** The price in the currency asked for, minor units, VAT included. */
  amount: number;
  popular: boolean;
}

/** The part of a site's settings prices come from. */
export interface PriceSettings {
  /** The site's own currency: the packages' `amount` is in it. */
  currency: string;
  credit_packages: readonly PricedPackage[];
  /** Further currencies: the price of each package in that currency's minor units. */
  price_lists: Partial<Record<SellingCurrency, Record<PricePackageId, number>>>;
  /** Credits one message costs. */
  message_credits: number;
}

/** The currencies the site sells in: its own first, then its further price lists in the list's order. */
export function siteCurrencies(settings: Pick<PriceSettings, 'currency' | 'price_lists'>): string[] {
  const further = SELLING_CURRENCIES.filter((code) => code !== settings.currency && settings.price_lists[code]);
  return [settings.currency, ...further];
}

/** The currency a payer from this country pays in: their country's, when the site lists it; else the site's. */
export function payerCurrency(settings: Pick<PriceSettings, 'currency' | 'price_lists'>, paymentCountry: string): string {
  const own = currencyOfCountry(paymentCountry);
  return own !== null && siteCurrencies(settings).includes(own) ? own : settings.currency;
}

/**
 * The site's packages priced in one currency. A currency the site does not sell in falls back to
 * the site's own (payerCurrency never asks for one; this keeps a stale value from charging zero).
 */
export function packagesIn(
  settings: Pick<PriceSettings, 'currency' | 'credit_packages' | 'price_lists'>,
  currency: string,
): PricedPackage[] {
  const list = currency === settings.currency ? null : isSellingCurrency(currency) ? settings.price_lists[currency] : undefined;
  if (list === undefined) return settings.credit_packages.map((pkg) => ({ ...pkg }));
  return settings.credit_packages.map((pkg) => ({ ...pkg, amount: list === null ? pkg.amount : list[pkg.id] }));
}

/** One package's price in a currency (minor units); undefined for a package the site does not sell. */
export function packagePrice(
  settings: Pick<PriceSettings, 'currency' | 'credit_packages' | 'price_lists'>,
  currency: string,
  packageId: string,
): number | undefined {
  return packagesIn(settings, currency).find((pkg) => pkg.id === packageId)?.amount;
}

/** A percentage off, rounded to the minor unit in the member's favour. */
export function discountedAmount(amount: number, percentOff: number): number {
  if (percentOff <= 0) return amount;
  return Math.max(0, Math.floor((amount * (100 - Math.min(100, percentOff))) / 100));
}

/**
 * The real-money price of one message at a package (trust.md: shown beside its credit price), in
 * minor units, rounded up; null when messages are free.
 */
export function pricePerMessage(pkg: { credits: number; amount: number }, messageCredits: number): number | null {
  if (messageCredits <= 0 || pkg.credits <= 0) return null;
  return Math.ceil((pkg.amount * messageCredits) / pkg.credits);
}

/** The price of a number of credits at a package (a gift, a photo): minor units, rounded up. */
export function priceOfCredits(pkg: { credits: number; amount: number }, credits: number): number | null {
  return pricePerMessage(pkg, credits);
}

/** The package that makes credits cheapest (the lowest price per credit; the larger one on a tie). */
export function bestPackage<T extends { credits: number; amount: number }>(packages: readonly T[]): T | null {
  let best: T | null = null;
  for (const pkg of packages) {
    if (pkg.credits <= 0) continue;
    if (
      !best ||
      pkg.amount * best.credits < best.amount * pkg.credits ||
      (pkg.amount * best.credits === best.amount * pkg.credits && pkg.credits > best.credits)
    )
      best = pkg;
  }
  return best;
}

/** "From £0.35 per message": the best package's price of one message, minor units; null when messages are free. */
export function bestPricePerMessage(packages: readonly { credits: number; amount: number }[], messageCredits: number): number | null {
  const best = bestPackage(packages);
  return best ? pricePerMessage(best, messageCredits) : null;
}

/**
 * settings.php's `minimum_message_costs` (spec section 3: per country, costs and currency),
 * derived from the price lists: for each country the site serves, the cheapest price of one
 * message in the currency a payer there pays in. Empty when messages are free.
 */
export function minimumMessageCosts(
  settings: PriceSettings,
  countries: readonly string[],
): Record<string, { costs: number; currency: string }> {
  const costs: Record<string, { costs: number; currency: string }> = {};
  for (const country of countries) {
    const currency = payerCurrency(settings, country);
    const price = bestPricePerMessage(packagesIn(settings, currency), settings.message_credits);
    if (price !== null) costs[country] = { costs: price, currency };
  }
  return costs;
}

/**
 * Intl's answers by currency (and locale): making a formatter costs far more than using it, and a
 * list of packages asks for the same ones many times (issue 29: a long task on a phone).
 */
const digitsByCurrency = new Map<string, number>();
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** How many minor units a currency has (EUR 2, JPY 0), as Intl knows it. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * A price in minor units in a locale's notation (an Intl tag such as en-GB, nl-NL, pl-PL):
 * £9.95, € 9,95, 9,95 €, 39,95 zł. An unknown currency code is written as "9.95 XYZ".
 */

export function formatMoney(localeTag: string, minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  try {
    const key = `${localeTag}|${currency}`;
    let format = moneyFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(localeTag, { style: 'currency', currency });
      moneyFormats.set(key, format);
    }
    return format.format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

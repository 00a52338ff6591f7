import { LOCALES } from '@cupido/shared/rules/locales';
import { formatMoney } from '@cupido/shared/rules/prices';
import { numberFormat, regionNames } from '../../i18n/intl-formats';
import { useLocale } from '../locale/use-locale';

/** The member's notation (en-GB, nl-NL...) for prices and percentages. */
export function useShopIso(): string {
  const { locale } = useLocale();
  return LOCALES.find((l) => l.code === locale)?.iso ?? locale;
}

/**
 * A price in minor units in the member's notation (€19.95, 19,95 €): the one price rule's
 * formatter (packages/shared/src/rules/prices.ts, issue 29), re-exported so the shop's imports stay.
 */
export { formatMoney };

/** A whole percentage in the member's notation: 25%, 25 % (with the narrow space French needs). */
export function formatPercent(iso: string, percent: number): string {
  return numberFormat(iso, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** Formatters bound to the member's locale and one currency. */
export function useShopFormat(currency: string) {
  const iso = useShopIso();
  return {
    money: (minor: number) => formatMoney(iso, minor, currency),
    percent: (value: number) => formatPercent(iso, value),
    number: (value: number) => numberFormat(iso).format(value),
  };
}

/** A payment country's name in the member's language (Intl's region names: no catalogue to keep). */
export function countryName(iso: string, country: string): string {
  try {
    return regionNames(iso).of(country) ?? country;
  } catch {
    return country;
  }
}

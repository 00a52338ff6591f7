/** Money in minor units, written the way the member's language writes it ("€ 9,95", "9,95 €", "£9.95"). */
import { LOCALES, type LocaleCode } from '@cupido/shared/rules/locales';

function isoOf(locale: LocaleCode): string {
  return LOCALES.find((l) => l.code === locale)?.iso ?? 'en-GB';
}

/** How many minor units the currency has (EUR 2, JPY 0), as Intl knows it. */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function formatMoney(locale: LocaleCode, minorUnits: number, currency: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(isoOf(locale), { style: 'currency', currency }).format(minorUnits / 10 ** digits);
}

/** A VAT rate in basis points as a percentage in the member's language: 2100 -> "21%", 2550 -> "25,5 %". */
export function formatRate(locale: LocaleCode, basisPoints: number): string {
  return new Intl.NumberFormat(isoOf(locale), { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

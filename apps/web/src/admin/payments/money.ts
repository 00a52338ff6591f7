/**
 * Money in the back office (issue 14): amounts travel as integers in the currency's minor units;
 * staff read and type them in the currency's units (19.95 EUR, 1 000 JPY).
 */
import { currencyDigits, formatMoney as formatInNotation } from '@cupido/shared/rules/prices';

/** Digits after the decimal point of a currency (2 for EUR, 0 for JPY): the one price rule's (issue 29). */
export function minorDigits(currency: string): number {
  return currencyDigits(currency);
}

/** 1995 EUR → "€19.95": staff read every amount in one notation, through the one price rule (issue 29). */
export function formatMoney(minor: number, currency: string): string {
  return formatInNotation('en-GB', minor, currency);
}

/** What staff typed in the currency's units ("19.95", "19,95") as minor units; null when it is no such amount. */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const normalized = text.trim().replace(',', '.');
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(normalized)) return null;
  const [whole, fraction = ''] = normalized.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units as the form shows them in units ("19.95"). */
export function unitsOf(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

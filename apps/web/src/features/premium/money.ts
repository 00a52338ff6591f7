import { LOCALES } from '@cupido/shared/rules/locales';
import { formatMoney as formatInNotation } from '@cupido/shared/rules/prices';

/**
 * An amount in minor units (cents) as the member's language writes the currency, through the one
 * price rule (packages/shared/src/rules/prices.ts, issue 29): a language code ('de') is written in
 * its notation (de-DE), an Intl tag as it is. Used by /pricing, the direct debit summary and the
 * orders in the settings.
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  return formatInNotation(LOCALES.find((l) => l.code === locale)?.iso ?? locale, amount, currency);
}

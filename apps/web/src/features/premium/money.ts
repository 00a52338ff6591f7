/**
 * An amount in minor units (cents) as the locale writes the currency: the currency's own number
 * of decimals (2 for EUR, 0 for JPY) turns the integer into its value. Used by /pricing, the
 * direct debit summary and the orders in the settings.
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

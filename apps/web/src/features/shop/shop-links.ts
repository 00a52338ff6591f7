import type { TPackageId, TPaymentMethod } from '@cupido/shared/rules/payments';
import { routePath } from '@cupido/shared/rules/routes';
import type { PackagesChoice } from './shop-calls';

/** The payment country and discount code of the address (?country=&code=), as the shop screens hand them on. */
export function choiceFrom(params: URLSearchParams): PackagesChoice {
  return { country: params.get('country') || undefined, code: params.get('code') || undefined };
}

export function choiceSearch(choice: PackagesChoice): string {
  const search = new URLSearchParams();
  if (choice.country) search.set('country', choice.country);
  if (choice.code) search.set('code', choice.code);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** /credits/{id}/{paymentmethod?} with the member's country and code. */
export function checkoutLink(id: TPackageId, method: TPaymentMethod | undefined, choice: PackagesChoice = {}): string {
  return routePath('credits-id-paymentmethod', method ? { id, paymentmethod: method } : { id }) + choiceSearch(choice);
}

/** Direct debit has its own form (/directdebit?package=): bank details and a code by SMS. */
export function directDebitLink(id: TPackageId, choice: PackagesChoice = {}): string {
  const search = new URLSearchParams({ package: id });
  if (choice.country) search.set('country', choice.country);
  if (choice.code) search.set('code', choice.code);
  return `${routePath('directdebit')}?${search.toString()}`;
}

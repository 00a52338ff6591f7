/**
 * Starting a payment (helper: payments core), shared by POST /api/payment.php, the repeat order
 * and the confirmed direct debit. Placeholder with the signature until it lands.
 */
import type { TCreatePaymentAnswer, TPackageId, TPaymentMethod } from '@cupido/shared/payments';
import type { CountryCode } from '@cupido/shared/countries';
import type { LocaleCode } from '@cupido/shared/locales';
import type { Site } from '../sites/service';
import type { PaymentDeps } from './deps';
import type { CreateProviderPayment } from './providers/port';

export interface StartPaymentInput {
  member: { userId: number; email: string; language: LocaleCode; signupDate: Date; paidUser: boolean; ipAddress: string };
  site: Site;
  packageId: TPackageId;
  method: TPaymentMethod;
  country: CountryCode;
  /** A typed code; without one the active discount (time bonus) applies. */
  discountCode?: string;
  /** The member's key for this checkout: the same key answers the same payment. */
  idempotencyKey: string;
  /** A repeated card order. */
  recurring?: boolean;
  /** Bank details of a confirmed direct debit (method sdd). */
  directDebit?: CreateProviderPayment['directDebit'];
}

/**
 * Checks the order (package of the site, method enabled for the country, purchase blocks,
 * discount), stores the payment, asks the provider for it and answers where to send the member.
 */
export async function startPayment(deps: PaymentDeps, input: StartPaymentInput): Promise<TCreatePaymentAnswer> {
  void deps;
  void input;
  throw new Error('startPayment is not built yet');
}

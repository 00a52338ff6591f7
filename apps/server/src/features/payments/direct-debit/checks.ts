/**
 * What a direct debit must pass before a code is sent or a payment started (spec sections 3, 5
 * and 8): a SEPA IBAN, a phone number that can take an SMS, a package and method the site sells,
 * no direct debit block, and the member's 30-day limit.
 */
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
// The full metadata (max): it knows which numbers are mobile, and a landline cannot take the SMS.
import { parsePhoneNumberFromString, type CountryCode as PhoneCountry } from 'libphonenumber-js/max';
import { DIRECT_DEBIT_LIMIT_DAYS, discountedAmount, methodsFor, type TCreditPackageSetting, type TPackageId } from '@cupido/shared/payments';
import type { CountryCode } from '@cupido/shared/countries';
import { payments, purchaseBlocks } from '../../../db/schema';
import { AppError } from '../../../errors';
import { activeDiscount, checkDiscountCode, type DiscountContext } from '../../discounts/service';
import type { Site } from '../../sites/service';
import type { PaymentDeps } from '../deps';

const DAY_MS = 86_400_000;

/** The IBAN in electronic format (no spaces, upper case); 422 iban_invalid unless valid and of a SEPA country. */
export function checkedIban(typed: string): string {
  const iban = electronicFormatIBAN(typed) ?? '';
  if (!isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) throw new AppError(422, 'iban_invalid', 'errors.iban_invalid', {}, 'iban');
  return iban;
}

/** Number types that may take an SMS; a type the metadata does not know (undefined) is given the benefit of the doubt. */
const SMS_CAPABLE = new Set([undefined, 'MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER']);

/**
 * The number in E.164, read as a number of the payment country unless it has its own +prefix;
 * 422 phone_invalid unless valid and able to take an SMS (not a landline, toll-free or premium number).
 */
export function checkedPhone(stripped: string, country: CountryCode): string {
  const parsed = parsePhoneNumberFromString(stripped, country as PhoneCountry);
  if (!parsed || !parsed.isValid() || !SMS_CAPABLE.has(parsed.getType())) throw new AppError(422, 'phone_invalid', 'errors.direct_debit_phone_invalid', {}, 'phone');
  return parsed.number;
}

/** The package, when the site sells it and offers direct debit to members paying from `country`. */
export function checkedPackage(site: Site, packageId: TPackageId, country: CountryCode): TCreditPackageSetting {
  const pkg = site.creditPackages.find((p) => p.id === packageId);
  if (!pkg) throw new AppError(422, 'invalid_request', 'errors.invalid_request', {}, 'package_id');
  if (!site.countries.includes(country) || !methodsFor(country, site.paymentMethods).includes('sdd')) {
    throw new AppError(422, 'direct_debit_unavailable', 'errors.direct_debit_unavailable', {}, 'country');
  }
  return pkg;
}

/** 403 direct_debit_blocked while staff's direct debit block stands. */
export async function checkNotBlocked(db: PaymentDeps['db'], userId: number): Promise<void> {
  const [block] = await db
    .select({ id: purchaseBlocks.id })
    .from(purchaseBlocks)
    .where(and(eq(purchaseBlocks.userId, userId), eq(purchaseBlocks.kind, 'direct_debit'), isNull(purchaseBlocks.liftedAt)))
    .limit(1);
  if (block) throw new AppError(403, 'direct_debit_blocked', 'errors.direct_debit_blocked');
}

/**
 * What this order will cost: the package less the typed code, or else the active discount (the
 * time bonus), as startPayment will apply it. A bad typed code is refused here already, before
 * an SMS goes out.
 */
export async function orderAmount(db: PaymentDeps['db'], ctx: DiscountContext, pkg: TCreditPackageSetting, typedCode: string | undefined): Promise<number> {
  const typed = typedCode?.trim();
  const discount = typed ? await checkDiscountCode(db, ctx, typed, { amount: pkg.amount, method: 'sdd' }) : await activeDiscount(db, ctx);
  return discountedAmount(pkg.amount, discount?.percentage ?? 0);
}

/**
 * The limit (spec section 8): the member's direct debits of the last 30 days that are open,
 * pending or paid, plus this one, may not exceed the site's limit. 422 direct_debit_limit.
 */
export async function checkLimit(db: PaymentDeps['db'], site: Site, userId: number, amount: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DIRECT_DEBIT_LIMIT_DAYS * DAY_MS);
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${payments.amount}), 0)` })
    .from(payments)
    .where(
      and(eq(payments.userId, userId), eq(payments.method, 'sdd'), inArray(payments.status, ['open', 'pending', 'paid']), gte(payments.createdAt, since)),
    );
  if (Number(row?.total ?? 0) + amount > site.directDebitLimit) throw new AppError(422, 'direct_debit_limit', 'errors.direct_debit_limit');
}

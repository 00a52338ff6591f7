/**
 * What a direct debit must pass before a code is sent or a payment started (spec sections 3, 5
 * and 8): a SEPA IBAN, a phone number that can take an SMS, a package and method the site sells,
 * no direct debit block, and the member's 30-day limit.
 */
import { and, eq, gt, gte, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
// The full metadata (max): it knows which numbers are mobile, and a landline cannot take the SMS.
import { parsePhoneNumberFromString, type CountryCode as PhoneCountry } from 'libphonenumber-js/max';
import { DIRECT_DEBIT_LIMIT_DAYS, methodsFor, type TPackageId } from '@cupido/shared/rules/payments';
import { discountedAmount } from '@cupido/shared/rules/prices';
import { type TCreditPackageSetting } from '@cupido/shared/contracts/payments';
import type { CountryCode } from '@cupido/shared/rules/countries';
import type { Database } from '../../../db/open';
import { directDebitRequests, payments, purchaseBlocks } from '../../../db/schema';
import { AppError } from '../../../errors';
import { lockMemberAccount } from '../../accounts/member-lock';
import { activeDiscount, checkTypedDiscountCode, type DiscountContext } from '../../discounts/service';
import type { Site } from '../../sites/service';
import type { PaymentDeps } from '../deps';
import { chargeCurrency, sitePackagesIn } from '../prices';

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
  if (!parsed || !parsed.isValid() || !SMS_CAPABLE.has(parsed.getType()))
    throw new AppError(422, 'phone_invalid', 'errors.direct_debit_phone_invalid', {}, 'phone');
  return parsed.number;
}

/** The package, when the site sells it and offers direct debit to members paying from `country`. */
export function checkedPackage(site: Site, packageId: TPackageId, country: CountryCode): TCreditPackageSetting {
  // Priced in the currency the payer is charged in (issue 29), as startPayment will charge it.
  const pkg = sitePackagesIn(site, chargeCurrency(site, country)).find((p) => p.id === packageId);
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
 * an SMS goes out, and counted with every other typed code (issue 27, finding 7).
 */
export async function orderAmount(
  deps: Pick<PaymentDeps, 'db' | 'limiter'>,
  ctx: DiscountContext,
  pkg: TCreditPackageSetting,
  typedCode: string | undefined,
): Promise<number> {
  const typed = typedCode?.trim();
  const discount = typed
    ? await checkTypedDiscountCode(deps, ctx, typed, { amount: pkg.amount, method: 'sdd' })
    : await activeDiscount(deps.db, ctx);
  return discountedAmount(pkg.amount, discount?.percentage ?? 0);
}

/** What a direct debit above the limit answers (spec section 8). */
const limitReached = () => new AppError(422, 'direct_debit_limit', 'errors.direct_debit_limit');

type Reader = Pick<Database, 'select'>;

/** The key in a request's details that marks it confirmed, with the amount it claims of the limit. */
const CLAIMED_AMOUNT = 'claimed_amount';

/**
 * What already counts against the member's limit, apart from the checkout `idempotencyKey` (its
 * own payment or claim is the order being checked, not another one): direct debits of the last
 * 30 days that are open, pending or paid, plus confirmed orders whose payment is not stored yet
 * (the claim of claimWithinLimit, while its request is live).
 */
async function countedAgainstLimit(db: Reader, userId: number, idempotencyKey: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - DIRECT_DEBIT_LIMIT_DAYS * DAY_MS);
  const [paid] = await db
    .select({ total: sql<string>`COALESCE(SUM(${payments.amount}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.method, 'sdd'),
        inArray(payments.status, ['open', 'pending', 'paid']),
        gte(payments.createdAt, since),
        ne(payments.idempotencyKey, idempotencyKey),
      ),
    );
  const claimKey = sql`${directDebitRequests.details} ->> 'idempotency_key'`;
  const [claimed] = await db
    .select({ total: sql<string>`COALESCE(SUM((${directDebitRequests.details} ->> ${CLAIMED_AMOUNT})::int), 0)` })
    .from(directDebitRequests)
    .where(
      and(
        eq(directDebitRequests.userId, userId),
        isNull(directDebitRequests.paymentId),
        gt(directDebitRequests.expiresAt, now),
        sql`${directDebitRequests.details} ->> ${CLAIMED_AMOUNT} IS NOT NULL`,
        sql`${claimKey} <> ${idempotencyKey}`,
        // Once its payment row is stored, that row counts (above) and the claim no longer does.
        notExists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.userId, userId), sql`${payments.idempotencyKey} = ${claimKey}`)),
        ),
      ),
    );
  return Number(paid?.total ?? 0) + Number(claimed?.total ?? 0);
}

/**
 * The limit (spec section 8) before a code is sent: what already counts plus this order may not
 * exceed the site's limit. 422 direct_debit_limit. Only a first answer: parallel confirmations
 * are held to the limit by claimWithinLimit.
 */
export async function checkLimit(
  db: PaymentDeps['db'],
  site: Site,
  userId: number,
  idempotencyKey: string,
  amount: number,
  now: Date,
): Promise<void> {
  if ((await countedAgainstLimit(db, userId, idempotencyKey, now)) + amount > site.directDebitLimit) throw limitReached();
}

/**
 * Checks the limit again for a confirmed code and claims `amount` of it for the request, under the
 * member's account row lock (issue 27): two confirmations of one member, in any process, take
 * turns here, and the second sees the first's claim, which counts until its payment row does.
 * The payment itself is started afterwards, outside any transaction (a slow provider holds no
 * lock), so the claim is what the lock protects. 422 direct_debit_limit, nothing claimed.
 */
export async function claimWithinLimit(
  db: PaymentDeps['db'],
  site: Site,
  claim: { userId: number; requestId: number; idempotencyKey: string; amount: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMemberAccount(tx, claim.userId);
    if ((await countedAgainstLimit(tx, claim.userId, claim.idempotencyKey, claim.now)) + claim.amount > site.directDebitLimit)
      throw limitReached();
    await tx
      .update(directDebitRequests)
      .set({ details: sql`${directDebitRequests.details} || jsonb_build_object(${CLAIMED_AMOUNT}::text, ${String(claim.amount)}::text)` })
      .where(eq(directDebitRequests.id, claim.requestId));
  });
}

/** Gives a claim back when the payment was not started (its row would have taken the claim's place). */
export async function releaseClaim(db: PaymentDeps['db'], requestId: number): Promise<void> {
  await db
    .update(directDebitRequests)
    .set({ details: sql`${directDebitRequests.details} - ${CLAIMED_AMOUNT}::text` })
    .where(and(eq(directDebitRequests.id, requestId), isNull(directDebitRequests.paymentId)));
}

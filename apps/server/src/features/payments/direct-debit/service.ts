/**
 * Direct debit with an SMS code (spec sections 3, 5 and 8; issue 14). One call, two steps:
 *
 * 1. Without otp: the form is checked (IBAN, phone, package, block, 30-day limit), a six-digit
 *    code is stored as its hash for DIRECT_DEBIT_CODE_TTL_MINUTES and sent by SMS in the member's
 *    language. Asking again (resend, or the same form again) renews the code of the same request,
 *    at most every DIRECT_DEBIT_RESEND_SECONDS and DIRECT_DEBIT_SMS_PER_HOUR times an hour.
 * 2. With otp: the member's live request for this very order takes the guess (counted first, in
 *    its own statement); more than DIRECT_DEBIT_MAX_ATTEMPTS kill it. The right code claims its
 *    amount of the 30-day limit under the member's lock (parallel confirmations on any process
 *    cannot both fit, issue 27), then starts the payment (startPayment, method sdd, the checkout's idempotency key: a double submit makes one
 *    payment) and the request keeps only what still explains it.
 */
import { eq } from 'drizzle-orm';
import {
  DIRECT_DEBIT_CODE_TTL_MINUTES,
  DIRECT_DEBIT_RESEND_SECONDS,
  type TDirectDebitAnswer,
  type ZDirectDebitForm,
} from '@cupido/shared/contracts/direct-debit';
import type { CountryCode } from '@cupido/shared/rules/countries';
import { isLocaleCode, type LocaleCode } from '@cupido/shared/rules/locales';
import type { z } from 'zod';
import { directDebitRequests } from '../../../db/schema';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n/translate';
import { maskedPhone } from '../../../infra/sms';
import type { Site } from '../../sites/service';
import { startPayment } from '../checkout';
import type { PaymentDeps } from '../deps';
import { chargeCurrency } from '../prices';
import {
  checkedIban,
  checkedPackage,
  checkedPhone,
  checkLimit,
  checkNotBlocked,
  claimWithinLimit,
  orderAmount,
  releaseClaim,
} from './checks';
import {
  codeMatches,
  countGuess,
  hashCode,
  latestRequest,
  liveRequest,
  newCode,
  usedRequest,
  wipedDetails,
  type DirectDebitDetails,
} from './requests';

export type DirectDebitForm = z.output<typeof ZDirectDebitForm>;

/** Codes one member may be sent per hour (each SMS costs money and bothers the phone's owner). */
export const DIRECT_DEBIT_SMS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export interface DirectDebitMember {
  userId: number;
  email: string;
  language: string;
  /** Activation (e-mail confirmed): the welcome offer's window starts here; null before. */
  activatedAt: Date | null;
  paidUser: boolean;
  ipAddress: string;
}

const tooManyRequests = () => new AppError(429, 'too_many_requests', 'errors.too_many_requests');
const codeInvalid = () => new AppError(422, 'code_invalid', 'errors.code_invalid', {}, 'otp');

export async function directDebit(
  deps: PaymentDeps,
  site: Site,
  member: DirectDebitMember,
  form: DirectDebitForm,
): Promise<TDirectDebitAnswer> {
  if (form.otp !== undefined) {
    // The same checkout confirmed twice (a double click after the first went through): its
    // payment, before the limit check would count that payment against itself.
    const paymentId = await usedRequest(deps.db, member.userId, form.idempotency_key);
    if (paymentId !== null) return { payment_id: paymentId, redirect_url: `/transactions/${paymentId}` };
  }
  const country = form.country as CountryCode;
  const iban = checkedIban(form.iban);
  const phone = checkedPhone(form.phone, country);
  const pkg = checkedPackage(site, form.package_id, country);
  await checkNotBlocked(deps.db, member.userId);
  const now = deps.clock();
  const discountCtx = {
    userId: member.userId,
    siteId: site.id,
    activatedAt: member.activatedAt,
    paidUser: member.paidUser,
    country,
    currency: chargeCurrency(site, country),
    now,
  };
  const amount = await orderAmount(deps, discountCtx, pkg, form.discount_code);
  await checkLimit(deps.db, site, member.userId, form.idempotency_key, amount, now);

  const details: DirectDebitDetails = {
    package_id: form.package_id,
    country,
    account_holder: form.account_holder,
    iban,
    street: form.street,
    house_number: form.house_number,
    zip: form.zip,
    city: form.city,
    discount_code: form.discount_code?.trim() ?? '',
    idempotency_key: form.idempotency_key,
  };
  if (form.otp === undefined) return sendCode(deps, site, member, details, phone, now);
  return confirm(deps, site, member, { details, phone, otp: form.otp, amount }, now);
}

async function sendCode(
  deps: PaymentDeps,
  site: Site,
  member: DirectDebitMember,
  details: DirectDebitDetails,
  phone: string,
  now: Date,
): Promise<TDirectDebitAnswer> {
  const latest = await latestRequest(deps.db, member.userId);
  if (latest && now.getTime() - latest.lastSentAt.getTime() < DIRECT_DEBIT_RESEND_SECONDS * 1000) throw tooManyRequests();
  // The row check is exact for one request after another; the counters hold parallel requests too.
  const hourly = await deps.limiter.hit(`direct-debit-sms:${member.userId}`, DIRECT_DEBIT_SMS_PER_HOUR, HOUR_MS);
  if (!hourly.allowed) throw tooManyRequests();
  const burst = await deps.limiter.hit(`direct-debit-sms-burst:${member.userId}`, 1, DIRECT_DEBIT_RESEND_SECONDS * 1000);
  if (!burst.allowed) {
    await deps.limiter.refund(`direct-debit-sms:${member.userId}`, HOUR_MS, hourly);
    throw tooManyRequests();
  }

  const code = newCode();
  const expiresAt = new Date(now.getTime() + DIRECT_DEBIT_CODE_TTL_MINUTES * MINUTE_MS);
  const live = await liveRequest(deps.db, member.userId, details, phone, now);
  const language: LocaleCode = isLocaleCode(member.language) ? member.language : 'en';
  const text = translate(language, 'sms.direct_debit_code', { site: site.name, code });
  // The row first, then the SMS outside any transaction (a slow gateway must not hold a database
  // connection); a message the gateway refused takes its code back.
  let undo: () => Promise<unknown>;
  if (live) {
    const previous = {
      codeHash: live.codeHash,
      attempts: live.attempts,
      sends: live.sends,
      lastSentAt: live.lastSentAt,
      expiresAt: live.expiresAt,
    };
    await deps.db
      .update(directDebitRequests)
      .set({ codeHash: hashCode(code), attempts: 0, sends: live.sends + 1, lastSentAt: now, expiresAt })
      .where(eq(directDebitRequests.id, live.id));
    undo = () => deps.db.update(directDebitRequests).set(previous).where(eq(directDebitRequests.id, live.id));
  } else {
    const [created] = await deps.db
      .insert(directDebitRequests)
      .values({
        userId: member.userId,
        details: { ...details },
        phone,
        codeHash: hashCode(code),
        lastSentAt: now,
        expiresAt,
        createdAt: now,
      })
      .returning({ id: directDebitRequests.id });
    undo = () => deps.db.delete(directDebitRequests).where(eq(directDebitRequests.id, created!.id));
  }
  try {
    await deps.sms.send({ to: phone, text });
  } catch (error) {
    deps.log.error({ err: error, to: maskedPhone(phone) }, 'direct debit code not sent');
    await undo();
    throw new AppError(502, 'direct_debit_sms_failed', 'errors.direct_debit_sms_failed', {}, 'phone');
  }
  return { code_sent: true, phone_hint: phone.slice(-3) };
}

async function confirm(
  deps: PaymentDeps,
  site: Site,
  member: DirectDebitMember,
  confirmation: { details: DirectDebitDetails; phone: string; otp: string; amount: number },
  now: Date,
): Promise<TDirectDebitAnswer> {
  const { details, phone, otp } = confirmation;
  const request = await liveRequest(deps.db, member.userId, details, phone, now);
  if (!request) throw codeInvalid();
  if (!(await countGuess(deps.db, request.id))) throw codeInvalid();
  if (!codeMatches(otp, request.codeHash)) throw codeInvalid();

  await claimWithinLimit(deps.db, site, {
    userId: member.userId,
    requestId: request.id,
    idempotencyKey: details.idempotency_key,
    amount: confirmation.amount,
    now,
  });

  const language: LocaleCode = isLocaleCode(member.language) ? member.language : 'en';
  const answer = await startPayment(deps, {
    member: { ...member, language },
    site,
    packageId: details.package_id as DirectDebitForm['package_id'],
    method: 'sdd',
    country: details.country as CountryCode,
    ...(details.discount_code ? { discountCode: details.discount_code } : {}),
    idempotencyKey: details.idempotency_key,
    directDebit: {
      iban: details.iban,
      accountHolder: details.account_holder,
      street: details.street,
      houseNumber: details.house_number,
      zip: details.zip,
      city: details.city,
    },
  }).catch(async (error: unknown) => {
    await releaseClaim(deps.db, request.id);
    throw error;
  });
  await deps.db
    .update(directDebitRequests)
    .set({ paymentId: answer.payment_id, details: wipedDetails(details) })
    .where(eq(directDebitRequests.id, request.id));
  return answer;
}

/** The tables of payments (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { between, maxLength, notNegative, oneOf } from '../checks';
import { PACKAGE_IDS, PAYMENT_METHODS, PAYMENT_STATUSES } from '@cupido/shared/rules/payments';
import { users } from './accounts';
import { discountCodes } from './discounts';
import { companies, sites } from './sites';
import { staffAccounts } from './staff';

/**
 * A purchase of a credit package (issue 14, features/payments, decision 032). Amounts are minor
 * units of `currency`, VAT included. The row outlives an erased account (tax law keeps payment
 * records; the user row is pseudonymised). Status moves only forward (isForwardTransition).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    packageId: text('package_id', { enum: PACKAGE_IDS }).notNull(),
    credits: integer('credits').notNull(),
    currency: text('currency').notNull(),
    /** The package's price when ordered. */
    listAmount: integer('list_amount').notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    /**
     * The discount stands only if the member leaves the provider's checkout (pending or paid)
     * before this: the later of the code's own end and the payment window (features/payments/
     * discount-hold.ts). Null: no limit (no discount, a code that never ends, or checkout done in time).
     */
    discountValidUntil: timestamp('discount_valid_until', { withTimezone: true }),
    /** What the member pays: the list price less the discount. */
    amount: integer('amount').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The country the member pays from (methods, VAT). */
    country: text('country').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** The provider's checkout page for this payment, so a replayed start answers it from any process. */
    checkoutUrl: text('checkout_url'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('open'),
    /** A repeated card order (repeat-order): when it fails the member is offered a retry or PayPal. */
    recurring: boolean('recurring').notNull().default(false),
    /** The member's key for this checkout: a double click or a retry creates no second payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** When the member ticked "delivery starts at once, which ends the 14-day withdrawal right". */
    withdrawalConsentAt: timestamp('withdrawal_consent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Given when paid, from the seller's gapless counter (invoice_counters). */
    invoiceNumber: text('invoice_number'),
    /** VAT of the member's country inside `amount`, fixed when paid; rate in basis points (21% = 2100). */
    vatRateBp: integer('vat_rate_bp'),
    vatAmount: integer('vat_amount'),
    /** The receipt mail went out (outbox: a job retries until it has). */
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    /** Money given back by refunds and chargebacks, minor units. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    chargedBackAt: timestamp('charged_back_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_user_key_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('payments_provider_id_unique').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_invoice_number_unique').on(t.invoiceNumber),
    // The member's orders and the last order to repeat.
    index('payments_user_idx').on(t.userId, t.id),
    // Finance's list and revenue per day and site.
    index('payments_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} IS NOT NULL`),
    index('payments_site_created_idx').on(t.siteId, t.createdAt),
    // Unsent receipts, for the outbox job.
    index('payments_receipt_outbox_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid' AND ${t.receiptSentAt} IS NULL`),
    oneOf('payments_status_known', t.status, PAYMENT_STATUSES),
    oneOf('payments_method_known', t.method, PAYMENT_METHODS),
    oneOf('payments_package_known', t.packageId, PACKAGE_IDS),
    check('payments_credits_positive', sql`${t.credits} > 0`),
    notNegative('payments_amount_not_negative', t.amount),
    check('payments_amount_not_above_list', sql`${t.amount} <= ${t.listAmount}`),
    between('payments_discount_percentage_range', t.discountPercentage, 0, 100),
    check('payments_refunded_range', sql`${t.refundedAmount} BETWEEN 0 AND ${t.amount}`),
    check('payments_paid_fields', sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL AND ${t.invoiceNumber} IS NOT NULL)`),
    check('payments_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * Webhook deliveries, stored once per provider event id (issue 14). A delivery is stored and
 * answered at once; `processed_at` is set when the payment's status was fetched from the provider
 * and applied. A replayed event id is answered without being stored again.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_unique').on(t.provider, t.eventId),
    index('payment_events_unprocessed_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} IS NULL`),
  ],
);

/** Money given back: a refund by finance staff or a chargeback reported by the provider (issue 14). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: text('kind', { enum: ['refund', 'chargeback'] }).notNull(),
    amount: integer('amount').notNull(),
    /** Credits taken back through the ledger (as far as they were unspent). */
    creditsTaken: integer('credits_taken').notNull(),
    /** Credits of the purchase already spent, so not taken back (recorded for finance). */
    creditsSpent: integer('credits_spent').notNull(),
    reason: text('reason').notNull().default(''),
    staffUserId: integer('staff_user_id').references(() => staffAccounts.id),
    providerRefundId: text('provider_refund_id'),
    /** Finance's key for this refund: a double click refunds once. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_refunds_key_unique').on(t.paymentId, t.idempotencyKey),
    index('payment_refunds_payment_idx').on(t.paymentId),
    // Refunds booked per day (the dashboard's and finance's net revenue, issue 31).
    index('payment_refunds_created_idx').on(t.createdAt),
    oneOf('payment_refunds_kind_known', t.kind, ['refund', 'chargeback']),
    check('payment_refunds_amount_positive', sql`${t.amount} > 0`),
    notNegative('payment_refunds_credits_taken', t.creditsTaken),
    notNegative('payment_refunds_credits_spent', t.creditsSpent),
    maxLength('payment_refunds_reason_length', t.reason, 500),
  ],
);

/** The seller's gapless invoice numbers, per company and year: locked and counted up in the payment's transaction. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year] }), check('invoice_counters_last_positive', sql`${t.last} > 0`)],
);

/**
 * Purchases a member may not make (issue 14): by card after a chargeback until support lifts it,
 * by direct debit when staff blocked it. At most one open block per member and kind.
 */
export const purchaseBlocks = pgTable(
  'purchase_blocks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['card', 'direct_debit'] }).notNull(),
    reason: text('reason', { enum: ['chargeback', 'staff'] }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedByStaffId: integer('lifted_by_staff_id').references(() => staffAccounts.id),
  },
  (t) => [
    uniqueIndex('purchase_blocks_open_unique')
      .on(t.userId, t.kind)
      .where(sql`${t.liftedAt} IS NULL`),
    oneOf('purchase_blocks_kind_known', t.kind, ['card', 'direct_debit']),
    oneOf('purchase_blocks_reason_known', t.reason, ['chargeback', 'staff']),
  ],
);

/**
 * A direct debit order waiting for its SMS code (issue 14). Holds the bank details only until
 * the code is confirmed (then they go to the provider with the payment) or it expires; the
 * code is stored as its SHA-256.
 */
export const directDebitRequests = pgTable(
  'direct_debit_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('direct_debit_requests_user_idx').on(t.userId, t.id), notNegative('direct_debit_requests_attempts', t.attempts)],
);

/**
 * The built-in sandbox provider's own book of payments (issue 14): what its test checkout page
 * was told (paid, failed, cancelled, pending), read back as the provider's status. In the
 * database, so any process answers for any payment.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    description: text('description').notNull(),
    returnUrl: text('return_url').notNull(),
    webhookUrl: text('webhook_url').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('open'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    chargedBack: boolean('charged_back').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [oneOf('sandbox_payments_status_known', t.status, PAYMENT_STATUSES)],
);

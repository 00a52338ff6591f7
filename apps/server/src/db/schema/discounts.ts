/** The tables of discounts (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { arrayOf, between, oneOf } from '../checks';
import { DISCOUNT_STATUSES, DISCOUNT_VALIDITIES, PAYMENT_METHODS, type TPaymentMethod } from '@cupido/shared/rules/payments';
import { users } from './accounts';
import { sites } from './sites';

/**
 * Discount codes (spec section 3; issue 14, features/discounts). Codes are stored in upper case.
 * TIMEBONUS25 is one of them, valid only within `signup_window_seconds` of the member's signup.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** Only on this site; null for every site. */
    siteId: integer('site_id').references(() => sites.id),
    /** Only for members paying from this country; null for any. */
    country: text('country'),
    /** Only for this member; null for anyone. */
    userId: integer('user_id').references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    valuePercentage: integer('value_percentage').notNull(),
    /** Only for prices in this currency; null for any. */
    currency: text('currency'),
    minimumOrderValue: integer('minimum_order_value'),
    status: text('status', { enum: DISCOUNT_STATUSES }).notNull().default('active'),
    validity: text('validity', { enum: DISCOUNT_VALIDITIES }).notNull().default('once-per-user'),
    /** Methods the code may be paid with; empty for all. */
    paymentMethods: jsonb('payment_methods').$type<TPaymentMethod[]>().notNull().default([]),
    /** Valid only this many seconds after the member's signup (TIMEBONUS25: 14400); null for always. */
    signupWindowSeconds: integer('signup_window_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(t.code),
    check('discount_codes_code_upper', sql`${t.code} = upper(${t.code}) AND char_length(${t.code}) BETWEEN 1 AND 40`),
    between('discount_codes_value_range', t.valuePercentage, 1, 100),
    oneOf('discount_codes_status_known', t.status, DISCOUNT_STATUSES),
    oneOf('discount_codes_validity_known', t.validity, DISCOUNT_VALIDITIES),
    arrayOf('discount_codes_methods_known', t.paymentMethods, PAYMENT_METHODS),
    check('discount_codes_minimum_positive', sql`${t.minimumOrderValue} IS NULL OR ${t.minimumOrderValue} > 0`),
    check('discount_codes_window_positive', sql`${t.signupWindowSeconds} IS NULL OR ${t.signupWindowSeconds} > 0`),
  ],
);

/**
 * A code used for a payment: written in the paid payment's transaction. A once-per-user code
 * has at most one redemption per member (the partial unique index), even under parallel webhooks.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id').notNull(),
    oncePerUser: boolean('once_per_user').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_payment_unique').on(t.paymentId),
    uniqueIndex('discount_redemptions_once_unique')
      .on(t.codeId, t.userId)
      .where(sql`${t.oncePerUser}`),
  ],
);

/**
 * A once-per-user code held by one order of the member (issue 27, finding 2): written with the
 * order, so at most one order per member and code carries the discount, whatever runs in
 * parallel (the primary key decides). The payments feature gives it back when the order fails,
 * is cancelled or expires, and makes it permanent once the member has finished the checkout.
 */
export const discountReservations = pgTable(
  'discount_reservations',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The order holding the code (a payment; no foreign key: discounts sits below payments, as with redemptions). */
    paymentId: integer('payment_id').notNull(),
    /** Until then no other order may take the code; after it, a new order may (the first was abandoned). Null: held for good (checkout finished). */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] }), uniqueIndex('discount_reservations_payment_unique').on(t.paymentId)],
);

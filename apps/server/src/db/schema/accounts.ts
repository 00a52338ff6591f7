/** The tables of accounts (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import {
  ACCOUNT_STATUSES,
  CONSENT_KINDS,
  DELETE_REASONS,
  DELETE_REMARKS_MAX_LENGTH,
  NOTIFICATIONS_DISABLED_REASONS,
  SIGNUP_MESSAGE_MAX_LENGTH,
} from '@cupido/shared/rules/accounts';
import { EMAIL_MAX_LENGTH } from '@cupido/shared/rules/email';
import { arrayOf, maxLength, oneOf } from '../checks';
import { TIME_ZONE_MAX_LENGTH } from '@cupido/shared/rules/likes';
import { profiles } from './profiles';
import { sites } from './sites';

/**
 * A member's account on one site. The e-mail is stored lower-cased and is unique per site, so
 * two simultaneous signups with one address create one account. `credits` is the balance of
 * the append-only credit_entries, written only by features/credits in the same transaction as
 * each entry; the database refuses a negative balance.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** Null only once the account is erased (its profile is deleted then). */
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** A new address waiting for the confirmation link of /mail-change/do. */
    pendingEmail: text('pending_email'),
    /** argon2id; null once the account is erased. */
    passwordHash: text('password_hash'),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('not_confirmed'),
    language: text('language').notNull().default('en'),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    notificationsDisabled: jsonb('notifications_disabled').$type<string[]>().notNull().default([]),
    /** First message typed at signup, delivered to signup_profile_id once chats exist for it. */
    signupMessage: text('signup_message'),
    signupProfileId: integer('signup_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    tracking: jsonb('tracking').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deleteReason: text('delete_reason'),
    deleteRemarks: text('delete_remarks'),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The browser's IANA zone, for the member's local day (daily Likes); null until the browser tells it, then the site's counts. */
    timeZone: text('time_zone'),
    /** While status is 'suspended': when the suspension ends (the suspension_lift job makes the account active again). */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_site_email_unique').on(t.siteId, t.email),
    uniqueIndex('users_profile_unique').on(t.profileId),
    // The erase job looks for accounts whose 14 days have passed.
    index('users_pending_deletion_idx')
      .on(t.deletedAt)
      .where(sql`${t.status} = 'pending_deletion'`),
    // The dashboard's signups and activations per day of all sites (issue 31): a range of days, not the whole table.
    index('users_created_idx').on(t.createdAt),
    index('users_activated_idx')
      .on(t.activatedAt)
      .where(sql`${t.activatedAt} IS NOT NULL`),
    oneOf('users_status_known', t.status, ACCOUNT_STATUSES),
    check('users_suspended_until', sql`(${t.status} = 'suspended') = (${t.suspendedUntil} IS NOT NULL)`),
    oneOf('users_language_known', t.language, LOCALE_CODES),
    oneOf('users_delete_reason_known', t.deleteReason, DELETE_REASONS),
    arrayOf('users_notifications_disabled_known', t.notificationsDisabled, NOTIFICATIONS_DISABLED_REASONS),
    maxLength('users_email_length', t.email, EMAIL_MAX_LENGTH),
    maxLength('users_pending_email_length', t.pendingEmail, EMAIL_MAX_LENGTH),
    maxLength('users_delete_remarks_length', t.deleteRemarks, DELETE_REMARKS_MAX_LENGTH),
    maxLength('users_signup_message_length', t.signupMessage, SIGNUP_MESSAGE_MAX_LENGTH),
    maxLength('users_time_zone_length', t.timeZone, TIME_ZONE_MAX_LENGTH),
    check('users_credits_not_negative', sql`${t.credits} >= 0`),
  ],
);

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** What an account token is for; the server's own list, so it lives here (decision 020). */
export const ACCOUNT_TOKEN_PURPOSES = ['activation', 'password_reset', 'mail_change', 'reactivation', 'security_undo'] as const;

/** Single-use e-mailed tokens (activation, password reset, mail change, reactivation), stored hashed. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For mail_change: the address that becomes the login once the link is used; for security_undo: the address to restore. */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_unique').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    oneOf('account_tokens_purpose_known', t.purpose, ACCOUNT_TOKEN_PURPOSES),
    maxLength('account_tokens_new_email_length', t.newEmail, EMAIL_MAX_LENGTH),
  ],
);

/** Consents given by a member (trust.md), with the version of the text agreed to and the time. */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONSENT_KINDS }).notNull(),
    version: text('version').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('consents_user_idx').on(t.userId),
    // Withdrawing sets revoked_at and giving again adds a row: one stands at a time.
    uniqueIndex('consents_one_open_per_kind')
      .on(t.userId, t.kind)
      .where(sql`${t.revokedAt} IS NULL`),
    oneOf('consents_kind_known', t.kind, CONSENT_KINDS),
  ],
);

/**
 * The days on which a member used the site (issue 13, features/accounts): the dashboard's active
 * members per day. Written at most once per member and day (the first authenticated request of
 * the day; repeats are ignored by the primary key), so it costs one insert a day per member.
 */
export const memberActiveDays = pgTable(
  'member_active_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    day: date('day', { mode: 'string' }).notNull(),
  },
  // (day) for the dashboard's all-sites figures (issue 31); (site_id, day) for one site's.
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index('member_active_days_site_day_idx').on(t.siteId, t.day),
    index('member_active_days_day_idx').on(t.day),
  ],
);

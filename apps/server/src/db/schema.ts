/**
 * The one database schema (drizzle pg-core), valid on PGlite and PostgreSQL 15+.
 * Change it, then run `npm run db:generate` to write a new committed SQL migration.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LOCALE_CODES, type LocalizedText } from '@cupido/shared/locales';
import {
  ACCOUNT_STATUSES,
  CONSENT_KINDS,
  DELETE_REASONS,
  DELETE_REMARKS_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NOTIFICATIONS_DISABLED_REASONS,
  SIGNUP_MESSAGE_MAX_LENGTH,
} from '@cupido/shared/account-rules';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  INTEREST_IDS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
} from '@cupido/shared/profile-options';
import {
  ABOUT_MAX_LENGTH,
  CITY_MAX_LENGTH,
  LOOKING_FOR_GENDERS,
  PROFILE_STATUSES,
  SEARCH_FIELDS,
  SEARCH_MAX_AGE,
  SEARCH_MIN_AGE,
} from '@cupido/shared/profile-rules';
import { PHOTO_STATUSES } from '@cupido/shared/photo-rules';
import { APPEAL_STATUSES, DECISION_ACTIONS, DECISION_GROUNDS, DECISION_SOURCES, PHOTO_MODERATION_MODES, STAFF_ROLES } from '@cupido/shared/staff';
import { REPORT_REASONS, REPORT_TEXT_MAX } from '@cupido/shared/reports';
import { arrayOf, autoLikeRules, between, maxLength, notNegative, oneOf, settingWord } from './checks';
import { CREDIT_KINDS } from '@cupido/shared/credits';
import { DEFAULT_CHAT_HISTORY_DAYS, MESSAGE_HARD_MAX_LENGTH, MESSAGE_KINDS } from '@cupido/shared/chat-rules';
import { GIFT_CODES } from '@cupido/shared/gifts';
import {
  DEFAULT_CREDIT_PACKAGES,
  DEFAULT_DIRECT_DEBIT_LIMIT,
  DEFAULT_SITE_CURRENCY,
  DEFAULT_SITE_PAYMENT_METHODS,
  DISCOUNT_STATUSES,
  DISCOUNT_VALIDITIES,
  PACKAGE_IDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type TCreditPackageSetting,
  type TPaymentMethod,
} from '@cupido/shared/payments';
import { AUTO_LIKE_EVENTS, DEFAULT_AUTO_LIKE_RULES, DEFAULT_SITE_TIME_ZONE, TIME_ZONE_MAX_LENGTH, type AutoLikeRules } from '@cupido/shared/like-rules';

/** The operator behind one or more sites (spec section 3, company info). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  kvk: text('kvk').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  tradenames: jsonb('tradenames').$type<string[]>().notNull().default([]),
  vatNumbers: jsonb('vat_numbers').$type<string[]>().notNull().default([]),
  supportPhone: text('support_phone').notNull(),
  /** Percent off offered to a member who is about to delete the account. */
  deleteDiscount: integer('delete_discount').notNull().default(0),
  added: timestamp('added', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [between('companies_delete_discount_percent', t.deleteDiscount, 0, 100)]);

/** One branded site, known by its domain, with every settings field of spec section 3. */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    logoText: text('logo_text').notNull().default(''),
    themeColor: text('theme_color').notNull().default('#d63384'),
    domainLanguage: text('domain_language').notNull().default('en'),
    cdnPrefix: text('cdn_prefix').notNull().default('/photos/'),
    indexTitle: jsonb('index_title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    countries: jsonb('countries').$type<string[]>().notNull(),
    visibleProfileFields: jsonb('visible_profile_fields').$type<string[]>().notNull().default([]),
    visibleProfileNotes: jsonb('visible_profile_notes').$type<string[]>().notNull().default([]),
    signups: text('signups').notNull().default('all'),
    loggedOutSearch: text('logged_out_search').notNull().default('none'),
    loggedOutSearchTrafficsource: text('logged_out_search_trafficsource').notNull().default('none'),
    enableSiteEntryPopup: text('enable_site_entry_popup').notNull().default('yes'),
    siteEntryPopupCountries: jsonb('site_entry_popup_countries').$type<string[]>().notNull().default([]),
    minimumMessageCosts: jsonb('minimum_message_costs')
      .$type<Record<string, { costs: number; currency: string }>>()
      .notNull()
      .default({}),
    messageCredits: integer('message_credits').notNull().default(10),
    signupCredits: integer('signup_credits').notNull().default(0),
    photoCredits: integer('photo_credits').notNull().default(0),
    giftCredits: integer('gift_credits').notNull().default(0),
    messageLength: integer('message_length').notNull().default(1000),
    minimumAge: integer('minimum_age').notNull().default(18),
    supportPhone: text('support_phone').notNull().default(''),
    supportEmail: text('support_email').notNull(),
    searchFields: jsonb('search_fields').$type<string[]>().notNull().default(['gender', 'country', 'countryregion', 'min_age', 'max_age']),
    fictionalWarning: jsonb('fictional_warning').$type<LocalizedText>().notNull(),
    fictionalSingular: jsonb('fictional_singular').$type<LocalizedText>().notNull(),
    fictionalPlural: jsonb('fictional_plural').$type<LocalizedText>().notNull(),
    fictionalIcon: text('fictional_icon').notNull().default('🎭'),
    refundDays: integer('refund_days').notNull().default(14),
    memberResell: boolean('member_resell').notNull().default(false),
    showAllLanguages: boolean('show_all_languages').notNull().default(false),
    hideLocaleDropdown: boolean('hide_locale_dropdown').notNull().default(false),
    /** The zone the free members' daily Likes count in until a member's browser tells theirs (issue 11). */
    timeZone: text('time_zone').notNull().default(DEFAULT_SITE_TIME_ZONE),
    /** When fictional profiles of the site like a new member by themselves (issue 11; features/matching). */
    autoLike: jsonb('auto_like').$type<AutoLikeRules>().notNull().default(DEFAULT_AUTO_LIKE_RULES),
    /** Messages older than this many days are hidden with the privacy notice (issue 12; features/chats). */
    chatHistoryDays: integer('chat_history_days').notNull().default(DEFAULT_CHAT_HISTORY_DAYS),
    /** Photos hidden until approved ('pre') or shown at once and reviewed afterwards ('post') (issue 13). */
    photoModeration: text('photo_moderation', { enum: PHOTO_MODERATION_MODES }).notNull().default('pre'),
    /** The currency of the site's prices (ISO 4217); packages are priced in its minor units (issue 14). */
    currency: text('currency').notNull().default(DEFAULT_SITE_CURRENCY),
    /** The credit packages p0 to p3 (issue 14; features/payments): credits, price VAT included, one popular. */
    creditPackages: jsonb('credit_packages').$type<TCreditPackageSetting[]>().notNull().default(DEFAULT_CREDIT_PACKAGES),
    /** The payment methods the site offers (giropay and sofort off by default). */
    paymentMethods: jsonb('payment_methods').$type<TPaymentMethod[]>().notNull().default(DEFAULT_SITE_PAYMENT_METHODS),
    /** What one member's direct debits may add up to within 30 days, minor units. */
    directDebitLimit: integer('direct_debit_limit').notNull().default(DEFAULT_DIRECT_DEBIT_LIMIT),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_domain_unique').on(t.domain),
    // At most one default site: the fallback for unknown domains.
    uniqueIndex('sites_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    oneOf('sites_domain_language_known', t.domainLanguage, LOCALE_CODES),
    // The contract of the settings call requires it; a mail or the shell would otherwise carry it.
    check('sites_theme_color_hex', sql`${t.themeColor} ~ '^#[0-9a-fA-F]{6}$'`),
    // Open by the spec ('all', 'with_trafficsource', anything else is invite-only; 'none' or
    // another value; 'no' disables): one lower-case word, so a blank or mistyped value is refused
    // instead of silently closing signups or the search.
    settingWord('sites_signups_word', t.signups),
    settingWord('sites_logged_out_search_word', t.loggedOutSearch),
    settingWord('sites_logged_out_search_trafficsource_word', t.loggedOutSearchTrafficsource),
    settingWord('sites_enable_site_entry_popup_word', t.enableSiteEntryPopup),
    arrayOf('sites_search_fields_known', t.searchFields, SEARCH_FIELDS),
    notNegative('sites_message_credits_not_negative', t.messageCredits),
    notNegative('sites_signup_credits_not_negative', t.signupCredits),
    notNegative('sites_photo_credits_not_negative', t.photoCredits),
    notNegative('sites_gift_credits_not_negative', t.giftCredits),
    notNegative('sites_refund_days_not_negative', t.refundDays),
    check('sites_message_length_positive', sql`${t.messageLength} > 0`),
    // Adults only (trust.md): no site may let anyone younger sign up.
    check('sites_minimum_age_adult', sql`${t.minimumAge} >= 18`),
    maxLength('sites_time_zone_length', t.timeZone, TIME_ZONE_MAX_LENGTH),
    autoLikeRules('sites_auto_like_rules', t.autoLike, AUTO_LIKE_EVENTS),
    between('sites_chat_history_days_range', t.chatHistoryDays, 1, 3650),
    oneOf('sites_photo_moderation_known', t.photoModeration, PHOTO_MODERATION_MODES),
    check('sites_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    arrayOf('sites_payment_methods_known', t.paymentMethods, PAYMENT_METHODS),
    check('sites_credit_packages_array', sql`jsonb_typeof(${t.creditPackages}) = 'array' AND jsonb_array_length(${t.creditPackages}) = 4`),
    notNegative('sites_direct_debit_limit_not_negative', t.directDebitLimit),
  ],
);

/** Keys generated once per deployment (e.g. the VAPID key pair for web push). */
export const appKeys = pgTable('app_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A dating profile. Fictional profiles are run by staff and always disclosed (trust.md). */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** Stable key of a seeded demo profile, so seeding twice changes nothing. */
    seedKey: text('seed_key'),
    name: text('name').notNull(),
    // A member fills these in on their profile after signup; seeded profiles always have them.
    gender: text('gender', { enum: GENDERS }),
    sexuality: text('sexuality', { enum: SEXUALITIES }),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    city: text('city').notNull().default(''),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    signupReason: text('signup_reason'),
    about: text('about').notNull().default(''),
    isFictional: boolean('is_fictional').notNull().default(false),
    /** Invisible mode (spec section 4): hidden from search; others cannot contact them first. */
    isInvisible: boolean('is_invisible').notNull().default(false),
    /**
     * Whom the member looks for (decision 013): the web app's default search. Null means "derive
     * it from gender, sexuality and age"; the ages stay within the search limits, min <= max.
     */
    lookingForGender: text('looking_for_gender', { enum: LOOKING_FOR_GENDERS }),
    lookingForMinAge: smallint('looking_for_min_age'),
    lookingForMaxAge: smallint('looking_for_max_age'),
    status: text('status').notNull().default('active'),
    /**
     * Maintained by database triggers (migration 0002), never written by the application:
     * `has_photo` is true while the profile has an approved main photo (trigger on photos);
     * `account_usable` is false while the profile's account is not 'active' (not confirmed,
     * pending deletion; trigger on users). Profiles without an account (seeded, staff-run) are
     * usable. They exist so that search filters and sorts on one table with one index.
     */
    hasPhoto: boolean('has_photo').notNull().default(false),
    accountUsable: boolean('account_usable').notNull().default(true),
    /** Shown in search and to members without an existing contact: active, visible, usable account. */
    searchable: boolean('searchable').generatedAlwaysAs(
      sql`status = 'active' AND NOT is_invisible AND account_usable`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_seed_key_unique').on(t.seedKey),
    // Member search (features/search): equality on site, country (and region), gender, a range on
    // birth_date, sorted by has_photo and id, all answered from the index (index-only scans).
    index('profiles_search_idx')
      .on(t.siteId, t.country, t.gender, t.birthDate, t.hasPhoto, t.id)
      .where(sql`searchable`),
    index('profiles_search_region_idx')
      .on(t.siteId, t.country, t.region, t.gender, t.birthDate, t.hasPhoto, t.id)
      .where(sql`searchable`),
    // Searches over all of a site's countries.
    index('profiles_search_site_idx')
      .on(t.siteId, t.gender, t.birthDate, t.hasPhoto, t.id)
      .where(sql`searchable`),
    // Broad searches (many matches): read in result order, gender and age checked in the index,
    // stop after one page instead of sorting every match.
    index('profiles_search_order_idx')
      .on(t.siteId, t.country, t.hasPhoto, t.id, t.gender, t.birthDate)
      .where(sql`searchable`),
    index('profiles_search_site_order_idx')
      .on(t.siteId, t.hasPhoto, t.id, t.gender, t.birthDate)
      .where(sql`searchable`),
    // The few profiles not shown to partners (disabled, account not usable): lists of a member's
    // likes leave them out by hashing these ids instead of probing every liked profile (decision 027).
    index('profiles_not_shown_idx')
      .on(t.id)
      .where(sql`NOT (status = 'active' AND account_usable)`),
    oneOf('profiles_status_known', t.status, PROFILE_STATUSES),
    oneOf('profiles_gender_known', t.gender, GENDERS),
    oneOf('profiles_sexuality_known', t.sexuality, SEXUALITIES),
    oneOf('profiles_hair_color_known', t.hairColor, HAIR_COLORS),
    oneOf('profiles_eye_color_known', t.eyeColor, EYE_COLORS),
    oneOf('profiles_body_type_known', t.bodyType, BODY_TYPES),
    oneOf('profiles_relationship_status_known', t.relationshipStatus, RELATIONSHIP_STATUSES),
    oneOf('profiles_tattoos_known', t.tattoos, TATTOOS),
    oneOf('profiles_signup_reason_known', t.signupReason, SIGNUP_REASONS),
    oneOf('profiles_looking_for_gender_known', t.lookingForGender, LOOKING_FOR_GENDERS),
    between('profiles_looking_for_min_age_range', t.lookingForMinAge, SEARCH_MIN_AGE, SEARCH_MAX_AGE),
    between('profiles_looking_for_max_age_range', t.lookingForMaxAge, SEARCH_MIN_AGE, SEARCH_MAX_AGE),
    check('profiles_looking_for_ages_ordered', sql`${t.lookingForMinAge} <= ${t.lookingForMaxAge}`),
    check('profiles_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
    maxLength('profiles_name_length', t.name, NAME_MAX_LENGTH),
    maxLength('profiles_city_length', t.city, CITY_MAX_LENGTH),
    maxLength('profiles_about_length', t.about, ABOUT_MAX_LENGTH),
  ],
);

export const profileInterests = pgTable(
  'profile_interests',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    interestId: text('interest_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.interestId] }), oneOf('profile_interests_interest_id_known', t.interestId, INTEREST_IDS)],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    status: text('status', { enum: PHOTO_STATUSES }).notNull().default('pending'),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When staff reviewed the photo (issue 13): null while it waits in the moderation queue, which
     * holds pending photos (sites in 'pre' mode) and approved but unreviewed ones ('post' mode).
     */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedByStaffId: integer('reviewed_by_staff_id'),
  },
  (t) => [
    index('photos_profile_idx').on(t.profileId),
    // The moderation queue, oldest first: only the photos still waiting are in this index.
    index('photos_review_queue_idx').on(t.createdAt, t.id).where(sql`${t.reviewedAt} is null`),
    // Moving the mark is two statements (unset, then set): this index is checked row by row.
    uniqueIndex('photos_one_main_per_profile').on(t.profileId).where(sql`${t.isMain}`),
    oneOf('photos_status_known', t.status, PHOTO_STATUSES),
  ],
);

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
    status: text('status', { enum: ACCOUNT_STATUSES })
      .notNull()
      .default('not_confirmed'),
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
    index('users_pending_deletion_idx').on(t.deletedAt).where(sql`${t.status} = 'pending_deletion'`),
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
    uniqueIndex('consents_one_open_per_kind').on(t.userId, t.kind).where(sql`${t.revokedAt} IS NULL`),
    oneOf('consents_kind_known', t.kind, CONSENT_KINDS),
  ],
);

/**
 * The append-only credit ledger, owned by features/credits. A unique key per user makes a
 * replayed grant (a double click, a webhook arriving twice) post nothing twice. Each entry keeps
 * the balance it left, so the history needs no running sum. Kept when an account is erased: the
 * user row is pseudonymised instead, as tax law keeps payment records.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Signed: positive grants, negative spends; never 0. */
    amount: integer('amount').notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the entry pays for or comes from, e.g. 'message:123' or 'payment:45'. */
    reference: text('reference'),
    /** Why staff corrected the balance (kind manual_correction: the reason given in the back office). */
    note: text('note'),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('credit_entries_user_key_unique').on(t.userId, t.idempotencyKey),
    // The member's history, newest first.
    index('credit_entries_user_history_idx').on(t.userId, t.id),
    check('credit_entries_amount_not_zero', sql`${t.amount} <> 0`),
    check('credit_entries_balance_after_not_negative', sql`${t.balanceAfter} >= 0`),
    check('credit_entries_kind_known', sql.raw(`"kind" IN (${CREDIT_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
  ],
);

/** Fixed-window rate-limit counters shared by every server process (when Redis is not configured). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt), notNegative('rate_limit_counters_count_not_negative', t.count)],
);

/**
 * Blocks (spec sections 4 and 6): a member blocks a profile. Either way round, the two no longer
 * find each other in search and cannot contact each other; the blocked member cannot view the
 * blocker's profile.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerUserId: integer('blocker_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedProfileId: integer('blocked_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerUserId, t.blockedProfileId] }), index('blocks_blocked_profile_idx').on(t.blockedProfileId)],
);

/** A report stays 'open' until a moderation tool closes it; the server's own list (decision 020). */
export const REPORT_STATUSES = ['open', 'closed'] as const;

/**
 * Reports of a profile (or one of its photos) for moderation (trust.md, EU Digital Services Act):
 * the reporter, the exact item, a reason, the reporter's words and their good-faith statement.
 * One open report per reporter and profile (partial unique index); a moderation tool closes them.
 * A report outlives the reporter's account (reporter set null) but not the reported profile.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterUserId: integer('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reportedProfileId: integer('reported_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /**
     * A reported chat message (issue 12): its id and its text as reported, kept so moderation
     * sees what was said even after the conversation is deleted (no foreign key: reports own no
     * chat rows, and the snapshot is the evidence).
     */
    messageId: bigint('message_id', { mode: 'number' }),
    messageText: text('message_text'),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    goodFaith: boolean('good_faith').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The moderation decision that closed the report (issue 13; features/moderation owns it). */
    decisionId: integer('decision_id'),
  },
  (t) => [
    uniqueIndex('reports_open_per_reporter_idx').on(t.reporterUserId, t.reportedProfileId).where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    oneOf('reports_status_known', t.status, REPORT_STATUSES),
    oneOf('reports_reason_known', t.reason, REPORT_REASONS),
    maxLength('reports_text_length', t.text, REPORT_TEXT_MAX),
  ],
);

/**
 * Likes between profiles (spec sections 4 and 9, issue 11; features/likes). One row per
 * (from, to); a match is two rows, one each way. `seen_at` is null while the receiver has not
 * opened the like (like_new). `hidden` keeps the likes of an account pending deletion out of
 * every list until it is reactivated. Both lists of GET /api/likes.php read one partial index
 * each, index only (they carry every column the list needs).
 */
export const likes = pgTable(
  'likes',
  {
    fromProfileId: integer('from_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    toProfileId: integer('to_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.fromProfileId, t.toProfileId] }),
    // "Who liked me", newest first: also finds the reverse like of a pair.
    index('likes_to_me_newest_idx').on(t.toProfileId, t.createdAt.desc(), t.fromProfileId, t.seenAt).where(sql`NOT ${t.hidden}`),
    // "Whom I liked", newest first.
    index('likes_from_me_newest_idx').on(t.fromProfileId, t.createdAt.desc(), t.toProfileId, t.seenAt).where(sql`NOT ${t.hidden}`),
    // The reverse direction of the primary key, for events that remove or hide a profile's likes both ways.
    index('likes_to_profile_idx').on(t.toProfileId),
    check('likes_not_self', sql`${t.fromProfileId} <> ${t.toProfileId}`),
  ],
);

/**
 * Every Like a member's profile gave, append-only (issue 11): the free members' daily count reads
 * it, so unliking never gives a Like back and liking again counts again. Whom the Like went to
 * is the likes row's business: a Like stays given when that row or the liked profile goes.
 */
export const likeGrants = pgTable(
  'like_grants',
  {
    id: serial('id').primaryKey(),
    fromProfileId: integer('from_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('like_grants_from_given_idx').on(t.fromProfileId, t.givenAt)],
);

/** Left swipes of the swipe game (issue 11): the profile does not come back in the member's stack. */
export const passes = pgTable(
  'passes',
  {
    fromProfileId: integer('from_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    toProfileId: integer('to_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fromProfileId, t.toProfileId] }),
    index('passes_to_profile_idx').on(t.toProfileId),
    check('passes_not_self', sql`${t.fromProfileId} <> ${t.toProfileId}`),
  ],
);

/** Auto-likes sent to a member (issue 11; features/matching): the site's rules count them per local day. */
export const autoLikes = pgTable(
  'auto_likes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The fictional profile that liked the member. */
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auto_likes_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Conversations (issue 12; features/chats): one per pair of profiles, the lower profile id first,
 * started by whoever sent the first message (free members may start FREE_CONVERSATIONS_STARTED).
 * `last_message_id` orders the lists and tells what a member has not read. `awaiting_staff_since`
 * is set while a member's message to a fictional profile waits for staff to answer (back office).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    lowProfileId: integer('low_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    highProfileId: integer('high_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    startedByProfileId: integer('started_by_profile_id').notNull(),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    awaitingStaffSince: timestamp('awaiting_staff_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.lowProfileId, t.highProfileId),
    index('conversations_high_profile_idx').on(t.highProfileId),
    // Counting the conversations a member started (the free limit).
    index('conversations_started_by_idx').on(t.startedByProfileId),
    // The staff queue: oldest waiting first.
    index('conversations_awaiting_staff_idx').on(t.awaitingStaffSince).where(sql`${t.awaitingStaffSince} IS NOT NULL`),
    check('conversations_pair_ordered', sql`${t.lowProfileId} < ${t.highProfileId}`),
    check('conversations_started_by_member', sql`${t.startedByProfileId} IN (${t.lowProfileId}, ${t.highProfileId})`),
    notNegative('conversations_last_message_id_not_negative', t.lastMessageId),
  ],
);

/**
 * Each side of a conversation: how far that member's app received and read it (message ids only
 * grow, so "unread" is the partner's messages after read_up_to), what they removed (DELETE
 * /api/chat.php hides every message up to removed_up_to; a newer one brings the conversation
 * back), whether it is hidden while their account waits for deletion, and a draft.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    deliveredUpTo: bigint('delivered_up_to', { mode: 'number' }).notNull().default(0),
    readUpTo: bigint('read_up_to', { mode: 'number' }).notNull().default(0),
    removedUpTo: bigint('removed_up_to', { mode: 'number' }).notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    draft: text('draft'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.profileId] }),
    // A member's conversations.
    index('conversation_members_profile_idx').on(t.profileId, t.conversationId),
    notNegative('conversation_members_delivered_not_negative', t.deliveredUpTo),
    notNegative('conversation_members_read_not_negative', t.readUpTo),
    notNegative('conversation_members_removed_not_negative', t.removedUpTo),
    maxLength('conversation_members_draft_length', t.draft, MESSAGE_HARD_MAX_LENGTH),
  ],
);

/**
 * Messages (issue 12). Stored first, with their credit entry in the same transaction, then
 * published. `client_id` is the sender's app's id for it: the same id again answers this row.
 * An image message points at its stored files by `image_key`; `staff_user_id` records which
 * staff account wrote a fictional profile's message (trust.md; back office).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderProfileId: integer('sender_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    body: text('body'),
    gift: text('gift', { enum: GIFT_CODES }),
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    clientId: text('client_id'),
    credits: integer('credits').notNull().default(0),
    staffUserId: integer('staff_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('messages_conversation_id_idx').on(t.conversationId, t.id),
    uniqueIndex('messages_sender_client_id_unique').on(t.senderProfileId, t.clientId),
    oneOf('messages_kind_known', t.kind, MESSAGE_KINDS),
    oneOf('messages_gift_known', t.gift, GIFT_CODES),
    maxLength('messages_body_length', t.body, MESSAGE_HARD_MAX_LENGTH),
    notNegative('messages_credits_not_negative', t.credits),
    check(
      'messages_kind_content',
      sql`(${t.kind} = 'text' AND ${t.body} IS NOT NULL AND ${t.gift} IS NULL AND ${t.imageKey} IS NULL)
        OR (${t.kind} = 'gift' AND ${t.gift} IS NOT NULL AND ${t.body} IS NULL AND ${t.imageKey} IS NULL)
        OR (${t.kind} = 'image' AND ${t.imageKey} IS NOT NULL AND ${t.body} IS NULL AND ${t.gift} IS NULL)`,
    ),
  ],
);

/**
 * Staff accounts of the back office (issue 13, features/staff). Not members: no site, no profile.
 * Never deleted (the audit log names them), only disabled. The TOTP secret is set on the first
 * login and confirmed with a first code; until then the account can do nothing but set it up.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_accounts_email_unique').on(t.email), oneOf('staff_accounts_role_known', t.role, STAFF_ROLES)],
);

/**
 * Staff sessions, by the SHA-256 of the cookie's token. `second_factor_at` is null between the
 * password and the TOTP code: such a session may only finish the login. `last_seen_at` gives
 * the idle timeout (STAFF_IDLE_TIMEOUT_MINUTES), `expires_at` the longest life.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** One-time recovery codes for a lost authenticator, stored hashed. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_unique').on(t.staffId, t.codeHash)],
);

/**
 * The audit log (issue 13, features/audit): every staff action, who, what, which item, before and
 * after, when. Append-only: a trigger (migration 0010) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    /** e.g. 'photo.approve', 'report.decide', 'site.update', 'credits.correct', 'staff.login'. */
    action: text('action').notNull(),
    /** e.g. 'photo', 'report', 'user', 'site', 'profile', 'staff', 'appeal'. */
    itemType: text('item_type').notNull(),
    itemId: text('item_id').notNull(),
    siteId: integer('site_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt),
    index('audit_log_item_idx').on(t.itemType, t.itemId, t.createdAt),
  ],
);

/**
 * Moderation decisions (issue 13, features/moderation; trust.md, DSA art. 17): each is sent to the
 * member it concerns as a statement of reasons (what, on which ground, the facts, how to appeal)
 * and can be appealed for APPEAL_WINDOW_MONTHS.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    source: text('source', { enum: DECISION_SOURCES }).notNull(),
    action: text('action', { enum: DECISION_ACTIONS }).notNull(),
    ground: text('ground', { enum: DECISION_GROUNDS }).notNull(),
    /** The facts the decision rests on, as the statement of reasons tells them. */
    facts: text('facts').notNull(),
    /** The member concerned (null once erased, or for a fictional profile without an account). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    photoId: integer('photo_id'),
    messageId: bigint('message_id', { mode: 'number' }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    decidedByStaffId: integer('decided_by_staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Outbox of the statement of reasons: null until its mail to the member went out (a job retries until then). */
    statementSentAt: timestamp('statement_sent_at', { withTimezone: true }),
    /** Likewise for the outcome told to the reporter (decisions on reports only). */
    reporterNotifiedAt: timestamp('reporter_notified_at', { withTimezone: true }),
  },
  (t) => [
    index('moderation_decisions_user_idx').on(t.userId, t.createdAt),
    oneOf('moderation_decisions_source_known', t.source, DECISION_SOURCES),
    oneOf('moderation_decisions_action_known', t.action, DECISION_ACTIONS),
    oneOf('moderation_decisions_ground_known', t.ground, DECISION_GROUNDS),
    check('moderation_decisions_suspend_until', sql`(${t.action} = 'suspend') = (${t.suspendedUntil} IS NOT NULL)`),
  ],
);

/** Appeals against decisions: one per decision, decided by another staff member than the decider. */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    decisionId: integer('decision_id')
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    status: text('status', { enum: APPEAL_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedByStaffId: integer('decided_by_staff_id').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    outcomeNote: text('outcome_note'),
  },
  (t) => [
    uniqueIndex('appeals_decision_unique').on(t.decisionId),
    index('appeals_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    oneOf('appeals_status_known', t.status, APPEAL_STATUSES),
    check('appeals_decided', sql`(${t.status} = 'open') = (${t.decidedAt} IS NULL)`),
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
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('member_active_days_site_day_idx').on(t.siteId, t.day)],
);

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
    index('payments_paid_idx').on(t.paidAt).where(sql`${t.paidAt} IS NOT NULL`),
    index('payments_site_created_idx').on(t.siteId, t.createdAt),
    // Unsent receipts, for the outbox job.
    index('payments_receipt_outbox_idx').on(t.paidAt).where(sql`${t.status} = 'paid' AND ${t.receiptSentAt} IS NULL`),
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
    index('payment_events_unprocessed_idx').on(t.receivedAt).where(sql`${t.processedAt} IS NULL`),
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
    uniqueIndex('purchase_blocks_open_unique').on(t.userId, t.kind).where(sql`${t.liftedAt} IS NULL`),
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
    uniqueIndex('discount_redemptions_once_unique').on(t.codeId, t.userId).where(sql`${t.oncePerUser}`),
  ],
);

/** The tables of sites (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOCALE_CODES, type LocalizedText } from '@cupido/shared/rules/locales';
import { SEARCH_FIELDS } from '@cupido/shared/rules/profiles';
import { PHOTO_MODERATION_MODES } from '@cupido/shared/contracts/staff';
import { arrayOf, autoLikeRules, between, maxLength, notNegative, oneOf, settingWord } from '../checks';
import { DEFAULT_CHAT_HISTORY_DAYS } from '@cupido/shared/rules/chats';
import { DEFAULT_CREDIT_PACKAGES, type TCreditPackageSetting } from '@cupido/shared/contracts/payments';
import {
  DEFAULT_DIRECT_DEBIT_LIMIT,
  DEFAULT_SITE_CURRENCY,
  DEFAULT_SITE_PAYMENT_METHODS,
  PAYMENT_METHODS,
  type TPaymentMethod,
} from '@cupido/shared/rules/payments';
import { SELLING_CURRENCIES, type PriceSettings } from '@cupido/shared/rules/prices';
import {
  DEFAULT_HONEST_ANSWER,
  DEFAULT_SPENDING_REMINDER,
  OPERATOR_CLAIM_IDLE_MINUTES_DEFAULT,
  OPERATOR_CLAIM_IDLE_MINUTES_MAX,
} from '@cupido/shared/contracts/operator-console';
import {
  AUTO_LIKE_EVENTS,
  DEFAULT_AUTO_LIKE_RULES,
  DEFAULT_SITE_TIME_ZONE,
  TIME_ZONE_MAX_LENGTH,
  type AutoLikeRules,
} from '@cupido/shared/rules/likes';

/** The operator behind one or more sites (spec section 3, company info). */
export const companies = pgTable(
  'companies',
  {
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
  },
  (t) => [between('companies_delete_discount_percent', t.deleteDiscount, 0, 100)],
);

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
    /**
     * The packages' prices in further currencies (issue 29, decision 037): currency -> { p0..p3 }
     * in its minor units. Never the site's own currency, whose prices are the packages' amounts.
     */
    priceLists: jsonb('price_lists').$type<PriceSettings['price_lists']>().notNull().default({}),
    /** The payment methods the site offers (giropay and sofort off by default). */
    paymentMethods: jsonb('payment_methods').$type<TPaymentMethod[]>().notNull().default(DEFAULT_SITE_PAYMENT_METHODS),
    /** What one member's direct debits may add up to within 30 days, minor units. */
    directDebitLimit: integer('direct_debit_limit').notNull().default(DEFAULT_DIRECT_DEBIT_LIMIT),
    /** What staff answer, as a fictional profile, to "are you real?" (issue 15; features/operator-console). */
    honestAnswer: jsonb('honest_answer').$type<LocalizedText>().notNull().default(DEFAULT_HONEST_ANSWER),
    /** The reminder of the site's spending limits shown in vulnerable members' conversations (issue 15). */
    spendingReminder: jsonb('spending_reminder').$type<LocalizedText>().notNull().default(DEFAULT_SPENDING_REMINDER),
    /** An operator's claim on a conversation ends after this many minutes without a call on it (issue 15). */
    operatorClaimIdleMinutes: integer('operator_claim_idle_minutes').notNull().default(OPERATOR_CLAIM_IDLE_MINUTES_DEFAULT),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_domain_unique').on(t.domain),
    // At most one default site: the fallback for unknown domains.
    uniqueIndex('sites_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
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
    oneOf('sites_currency_selling', t.currency, SELLING_CURRENCIES),
    // An object keyed by selling currencies only, and no list for the site's own currency.
    check(
      'sites_price_lists_currencies',
      sql`jsonb_typeof(${t.priceLists}) = 'object' AND (${t.priceLists} - ${sql.raw(`ARRAY[${SELLING_CURRENCIES.map((c) => `'${c}'`).join(', ')}]`)}) = '{}'::jsonb AND NOT jsonb_exists(${t.priceLists}, ${t.currency})`,
    ),
    arrayOf('sites_payment_methods_known', t.paymentMethods, PAYMENT_METHODS),
    check('sites_credit_packages_array', sql`jsonb_typeof(${t.creditPackages}) = 'array' AND jsonb_array_length(${t.creditPackages}) = 4`),
    notNegative('sites_direct_debit_limit_not_negative', t.directDebitLimit),
    between('sites_operator_claim_idle_minutes_range', t.operatorClaimIdleMinutes, 1, OPERATOR_CLAIM_IDLE_MINUTES_MAX),
  ],
);

/**
 * The one database schema (drizzle pg-core), valid on PGlite and PostgreSQL 15+.
 * Change it, then run `npm run db:generate` to write a new committed SQL migration.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { LocalizedText } from '@cupido/shared/locales';

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
  deleteDiscount: integer('delete_discount').notNull().default(0),
  added: timestamp('added', { withTimezone: true }).notNull().defaultNow(),
});

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_domain_unique').on(t.domain),
    // At most one default site: the fallback for unknown domains.
    uniqueIndex('sites_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
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
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    sexuality: text('sexuality', { enum: ['hetero', 'gay', 'lesbian', 'bi'] }).notNull(),
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
    isInvisible: boolean('is_invisible').notNull().default(false),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_seed_key_unique').on(t.seedKey),
    index('profiles_search_idx').on(t.country, t.gender, t.birthDate),
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
  (t) => [primaryKey({ columns: [t.profileId, t.interestId] })],
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
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photos_profile_idx').on(t.profileId)],
);

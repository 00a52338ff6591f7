/** The tables of profiles (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { NAME_MAX_LENGTH } from '@cupido/shared/rules/accounts';
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
} from '@cupido/shared/rules/profile-options';
import {
  ABOUT_MAX_LENGTH,
  CITY_MAX_LENGTH,
  LOOKING_FOR_GENDERS,
  PROFILE_STATUSES,
  SEARCH_MAX_AGE,
  SEARCH_MIN_AGE,
} from '@cupido/shared/rules/profiles';
import { between, maxLength, oneOf } from '../checks';
import { sites } from './sites';

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
    /**
     * Whom the profile looks for, as the two-way rule reads it (decision 036): the stored choice,
     * else decision 013's default from gender and sexuality. Generated, so every query and index
     * sees the same rule; rules/matching.test.ts checks it against `seekingOf` for every case.
     * looking_for_gender and sexuality are stored only with the orientation consent (art. 9).
     */
    seeking: text('seeking').generatedAlwaysAs(
      sql`CASE WHEN looking_for_gender IS NOT NULL THEN looking_for_gender WHEN gender IS NULL OR sexuality IS NULL OR sexuality = 'bi' THEN 'both' WHEN sexuality = 'hetero' THEN (CASE WHEN gender = 'male' THEN 'female' ELSE 'male' END) ELSE gender END`,
    ),
    /**
     * The centre of the ~1 km grid cell of the member's place (snapToCell in shared/rules/matching.ts),
     * from the city they chose or their browser's location; never the exact point. Null: unknown.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Privacy: the member hides their own "online" and "active today" marks, and sees nobody else's. */
    hideActivity: boolean('hide_activity').notNull().default(false),
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
    searchable: boolean('searchable').generatedAlwaysAs(sql`status = 'active' AND NOT is_invisible AND account_usable`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_seed_key_unique').on(t.seedKey),
    // Member search (features/search): equality on site, country (and region), gender, a range on
    // birth_date, the other side's wish (seeking, decision 036) checked in the index, sorted by
    // has_photo and id, all answered from the index (index-only scans).
    index('profiles_search_idx')
      .on(t.siteId, t.country, t.gender, t.birthDate, t.seeking, t.hasPhoto, t.id)
      .where(sql`searchable`),
    index('profiles_search_region_idx')
      .on(t.siteId, t.country, t.region, t.gender, t.birthDate, t.seeking, t.hasPhoto, t.id)
      .where(sql`searchable`),
    // Searches over all of a site's countries.
    index('profiles_search_site_idx')
      .on(t.siteId, t.gender, t.birthDate, t.seeking, t.hasPhoto, t.id)
      .where(sql`searchable`),
    // Broad searches (many matches): read in result order, gender and age checked in the index,
    // stop after one page instead of sorting every match.
    index('profiles_search_order_idx')
      .on(t.siteId, t.country, t.hasPhoto, t.id, t.gender, t.birthDate, t.seeking)
      .where(sql`searchable`),
    index('profiles_search_site_order_idx')
      .on(t.siteId, t.hasPhoto, t.id, t.gender, t.birthDate, t.seeking)
      .where(sql`searchable`),
    // The few profiles not shown to partners (disabled, account not usable): lists of a member's
    // likes leave them out by hashing these ids instead of probing every liked profile (decision 027).
    index('profiles_not_shown_idx')
      .on(t.id)
      .where(sql`NOT (status = 'active' AND account_usable)`),
    // Nearest first (decision 036): earthdistance's points in a GiST index, read in distance order
    // (KNN) and stopped after one page.
    index('profiles_location_idx')
      .using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`searchable AND latitude IS NOT NULL`),
    // Near a member (decision 036; profiles/distance-sql.ts withinCountSql and nearestSql): the
    // other side's wish and the gender, then five-year blocks of birth and ~10 km bands of
    // latitude, each a range of longitude, the rest checked in the index, so counting within a
    // radius and the nearest rings read only the members of those ages in the box around a
    // circle, from the index alone.
    index('profiles_nearby_idx')
      .on(
        t.siteId,
        t.seeking,
        t.gender,
        sql`((${t.birthDate} - '1900-01-01'::date) / 1826)`,
        sql`floor((${t.latitude} + 90::float8) * 11.132::float8)`,
        t.longitude,
        t.latitude,
        t.birthDate,
        t.isFictional,
        t.hasPhoto,
        t.country,
        t.id,
      )
      .where(sql`searchable AND latitude IS NOT NULL`),
    // Those without a location, who follow the located in nearest-first lists (decision 036): a
    // few, read in the search order (with a photo first, the newest), filters checked in the index.
    index('profiles_unlocated_idx')
      .on(t.siteId, t.hasPhoto, t.id, t.country, t.gender, t.seeking, t.birthDate)
      .where(sql`searchable AND latitude IS NULL`),
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
    check(
      'profiles_location_range',
      sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL) AND ${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180`,
    ),
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

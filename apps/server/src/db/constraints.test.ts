/**
 * The database refuses impossible states (issue 10, decision 020). Each constraint is broken once
 * with plain SQL, as a buggy feature or a hand-written statement would, and must answer with its
 * own name; the values the shared lists and limits allow must pass. The credit tables' own
 * constraints are proved in features/credits. Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 */
import { PHOTO_MODERATION_MODES } from '@cupido/shared/contracts/staff';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUSES,
  CONSENT_KINDS,
  DELETE_REASONS,
  DELETE_REMARKS_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
} from '@cupido/shared/rules/accounts';
import { EMAIL_MAX_LENGTH } from '@cupido/shared/rules/email';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
} from '@cupido/shared/rules/profile-options';
import { ABOUT_MAX_LENGTH, CITY_MAX_LENGTH, LOOKING_FOR_GENDERS, PROFILE_STATUSES } from '@cupido/shared/rules/profiles';
import { PHOTO_STATUSES } from '@cupido/shared/rules/photos';
import { REPORT_REASONS, REPORT_TEXT_MAX } from '@cupido/shared/contracts/reports';
import { DEFAULT_AUTO_LIKE_RULES, TIME_ZONE_MAX_LENGTH } from '@cupido/shared/rules/likes';
import { createTestDatabase } from '../test/test-database';
import { DomainEvents } from '../infra/domain-events';
import { seedDemoSites } from '../seed/demo-sites';
import { setMainPhoto } from '../features/photos/service';
import type { Database, DatabaseHandle } from './open';
import { ACCOUNT_TOKEN_PURPOSES, REPORT_STATUSES, accountTokens, consents, photos, profiles, reports, sites, users } from './schema';

let handle: DatabaseHandle;
let db: Database;
/** One valid row of each table, inserted through drizzle (so a valid row passes). */
const row = { siteId: 0, companyId: 0, profileId: 0, otherProfileId: 0, userId: 0, photoId: 0, tokenId: 0, reportId: 0 };

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await seedDemoSites(db);
  const [site] = await db
    .select({ id: sites.id, companyId: sites.companyId })
    .from(sites)
    .where(sql`${sites.isDefault}`);
  row.siteId = site!.id;
  row.companyId = site!.companyId;
  const profile = { siteId: row.siteId, name: 'Anna', gender: 'female', birthDate: '1990-01-01', country: 'GB' } as const;
  const [anna, ben] = await db
    .insert(profiles)
    .values([profile, { ...profile, name: 'Ben' }])
    .returning();
  row.profileId = anna!.id;
  row.otherProfileId = ben!.id;
  const [user] = await db
    .insert(users)
    .values({ siteId: row.siteId, profileId: row.profileId, email: 'anna@example.com', status: 'active', createdAt: new Date() })
    .returning();
  row.userId = user!.id;
  const [photo] = await db
    .insert(photos)
    .values({ profileId: row.profileId, filename: 'a.jpg', thumbFilename: 'a-t.jpg', isMain: true })
    .returning();
  row.photoId = photo!.id;
  const now = new Date();
  const [token] = await db
    .insert(accountTokens)
    .values({ userId: row.userId, purpose: 'activation', tokenHash: 'h1', createdAt: now, expiresAt: now })
    .returning();
  row.tokenId = token!.id;
  const [report] = await db
    .insert(reports)
    .values({ reporterUserId: row.userId, reportedProfileId: row.otherProfileId, reason: 'scam_spam', goodFaith: true, createdAt: now })
    .returning();
  row.reportId = report!.id;
});

afterAll(async () => {
  await handle?.close();
});

type Outcome = 'passed' | { code: string; constraint: string };

/** Runs one statement: 'passed', or the SQLSTATE and the name of the constraint that refused it. */
async function attempt(statement: SQL): Promise<Outcome> {
  try {
    await db.execute(statement);
    return 'passed';
  } catch (error) {
    // drizzle wraps the driver's error (node-postgres or PGlite) as its cause.
    for (
      let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
      e;
      e = e.cause as typeof e
    ) {
      const constraint = e.constraint ?? /constraint "([^"]+)"/.exec(e.message ?? '')?.[1];
      if (e.code && constraint) return { code: e.code, constraint };
    }
    throw error;
  }
}

const CHECK = '23514';
const UNIQUE = '23505';
const refusedBy = (constraint: string, code = CHECK) => ({ code, constraint });

/** UPDATE one row of a table that has an integer id. */
const set = (table: string, column: string, value: unknown, id: number) =>
  table === 'users' && column === 'status'
    ? // A suspended account carries the end of its suspension (users_suspended_until), any other none.
      sql`UPDATE users SET status = ${value}, suspended_until = CASE WHEN ${value} = 'suspended' THEN now() + interval '1 day' END WHERE id = ${id}`
    : sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${value} WHERE id = ${id}`;
const setJson = (table: string, column: string, value: unknown, id: number) =>
  sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${JSON.stringify(value)}::jsonb WHERE id = ${id}`;

describe('status and kind columns take exactly the values of their shared list', () => {
  const lists: [table: string, column: string, id: () => number, values: readonly string[]][] = [
    ['users', 'status', () => row.userId, ACCOUNT_STATUSES],
    ['users', 'language', () => row.userId, LOCALE_CODES],
    ['users', 'delete_reason', () => row.userId, DELETE_REASONS],
    ['sites', 'domain_language', () => row.siteId, LOCALE_CODES],
    ['sites', 'photo_moderation', () => row.siteId, PHOTO_MODERATION_MODES],
    ['profiles', 'status', () => row.profileId, PROFILE_STATUSES],
    ['profiles', 'gender', () => row.profileId, GENDERS],
    ['profiles', 'sexuality', () => row.profileId, SEXUALITIES],
    ['profiles', 'hair_color', () => row.profileId, HAIR_COLORS],
    ['profiles', 'eye_color', () => row.profileId, EYE_COLORS],
    ['profiles', 'body_type', () => row.profileId, BODY_TYPES],
    ['profiles', 'relationship_status', () => row.profileId, RELATIONSHIP_STATUSES],
    ['profiles', 'tattoos', () => row.profileId, TATTOOS],
    ['profiles', 'signup_reason', () => row.profileId, SIGNUP_REASONS],
    ['profiles', 'looking_for_gender', () => row.profileId, LOOKING_FOR_GENDERS],
    ['photos', 'status', () => row.photoId, PHOTO_STATUSES],
    ['account_tokens', 'purpose', () => row.tokenId, ACCOUNT_TOKEN_PURPOSES],
    ['reports', 'reason', () => row.reportId, REPORT_REASONS],
    ['reports', 'status', () => row.reportId, REPORT_STATUSES],
  ];
  it.each(lists)('%s.%s', async (table, column, id, values) => {
    expect(await attempt(set(table, column, 'no_such_value', id()))).toEqual(refusedBy(`${table}_${column}_known`));
    expect(await attempt(set(table, column, '', id()))).toEqual(refusedBy(`${table}_${column}_known`));
    for (const value of values) expect(await attempt(set(table, column, value, id())), value).toBe('passed');
  });

  it('a suspended account has the end of its suspension, and only a suspended one', async () => {
    expect(await attempt(sql`UPDATE users SET status = 'suspended', suspended_until = NULL WHERE id = ${row.userId}`)).toEqual(
      refusedBy('users_suspended_until'),
    );
    expect(await attempt(sql`UPDATE users SET status = 'active', suspended_until = now() WHERE id = ${row.userId}`)).toEqual(
      refusedBy('users_suspended_until'),
    );
  });

  it('consents.kind, including the ad-tracking consent of the banner', async () => {
    const consent = (kind: string) =>
      sql`INSERT INTO consents (user_id, kind, version, granted_at, revoked_at) VALUES (${row.userId}, ${kind}, 'v1', now(), now())`;
    expect(CONSENT_KINDS).toContain('ad_tracking');
    expect(await attempt(consent('newsletter'))).toEqual(refusedBy('consents_kind_known'));
    for (const kind of CONSENT_KINDS) expect(await attempt(consent(kind)), kind).toBe('passed');
  });

  it('profile_interests.interest_id', async () => {
    const interest = (id: string) => sql`INSERT INTO profile_interests (profile_id, interest_id) VALUES (${row.profileId}, ${id})`;
    expect(await attempt(interest('knitting_competitively'))).toEqual(refusedBy('profile_interests_interest_id_known'));
    expect(await attempt(interest('music'))).toBe('passed');
  });

  it('users.notifications_disabled and sites.search_fields: JSON lists of known names', async () => {
    expect(await attempt(setJson('users', 'notifications_disabled', ['spam'], row.userId))).toEqual(
      refusedBy('users_notifications_disabled_known'),
    );
    expect(await attempt(setJson('users', 'notifications_disabled', { fbl: true }, row.userId))).toEqual(
      refusedBy('users_notifications_disabled_known'),
    );
    expect(await attempt(setJson('users', 'notifications_disabled', ['fbl', 'bounce'], row.userId))).toBe('passed');
    expect(await attempt(setJson('sites', 'search_fields', ['gender', 'height'], row.siteId))).toEqual(
      refusedBy('sites_search_fields_known'),
    );
    expect(await attempt(setJson('sites', 'search_fields', ['gender', 'country'], row.siteId))).toBe('passed');
  });
});

describe('site settings', () => {
  it.each(['signups', 'logged_out_search', 'logged_out_search_trafficsource', 'enable_site_entry_popup'])(
    '%s is one lower-case word: the spec gives some a meaning and any other means "off", so a blank or mistyped one is refused',
    async (column) => {
      for (const bad of ['', ' all', 'All', 'with trafficsource']) {
        expect(await attempt(set('sites', column, bad, row.siteId)), bad).toEqual(refusedBy(`sites_${column}_word`));
      }
      for (const good of ['all', 'with_trafficsource', 'none', 'invite', 'no', 'yes'])
        expect(await attempt(set('sites', column, good, row.siteId))).toBe('passed');
    },
  );

  it('theme_color is a #rrggbb colour, as the settings contract requires', async () => {
    for (const bad of ['red', '#fff', 'red;background:url(x)'])
      expect(await attempt(set('sites', 'theme_color', bad, row.siteId))).toEqual(refusedBy('sites_theme_color_hex'));
    expect(await attempt(set('sites', 'theme_color', '#C2410c', row.siteId))).toBe('passed');
  });

  it.each([
    ['sites', 'message_credits', -1, 0, 'sites_message_credits_not_negative'],
    ['sites', 'signup_credits', -1, 0, 'sites_signup_credits_not_negative'],
    ['sites', 'photo_credits', -1, 0, 'sites_photo_credits_not_negative'],
    ['sites', 'gift_credits', -1, 0, 'sites_gift_credits_not_negative'],
    ['sites', 'refund_days', -1, 0, 'sites_refund_days_not_negative'],
    ['sites', 'message_length', 0, 1, 'sites_message_length_positive'],
    ['sites', 'minimum_age', 17, 18, 'sites_minimum_age_adult'],
    ['companies', 'delete_discount', -1, 0, 'companies_delete_discount_percent'],
    ['companies', 'delete_discount', 101, 100, 'companies_delete_discount_percent'],
  ] as const)('%s.%s refuses %d, takes %d', async (table, column, bad, good, constraint) => {
    const id = table === 'sites' ? row.siteId : row.companyId;
    expect(await attempt(set(table, column, bad, id))).toEqual(refusedBy(constraint));
    expect(await attempt(set(table, column, good, id))).toBe('passed');
  });

  it('rate_limit_counters.count is never negative', async () => {
    const counter = (count: number) =>
      sql`INSERT INTO rate_limit_counters (key, count, expires_at) VALUES (${`k${count}`}, ${count}, now())`;
    expect(await attempt(counter(-1))).toEqual(refusedBy('rate_limit_counters_count_not_negative'));
    expect(await attempt(counter(0))).toBe('passed');
  });
});

describe('free text is as long as the contracts allow, counted in characters', () => {
  const LENGTH_LIMITS = [
    ['users', 'email', EMAIL_MAX_LENGTH],
    ['users', 'pending_email', EMAIL_MAX_LENGTH],
    ['users', 'delete_remarks', DELETE_REMARKS_MAX_LENGTH],
    ['users', 'signup_message', SIGNUP_MESSAGE_MAX_LENGTH],
    ['profiles', 'name', NAME_MAX_LENGTH],
    ['profiles', 'city', CITY_MAX_LENGTH],
    ['profiles', 'about', ABOUT_MAX_LENGTH],
    ['account_tokens', 'new_email', EMAIL_MAX_LENGTH],
    ['reports', 'text', REPORT_TEXT_MAX],
    ['users', 'time_zone', TIME_ZONE_MAX_LENGTH],
    ['sites', 'time_zone', TIME_ZONE_MAX_LENGTH],
  ] as const;
  it.each(LENGTH_LIMITS)('%s.%s: at most %d', async (table, column, max) => {
    const id = { users: row.userId, profiles: row.profileId, account_tokens: row.tokenId, reports: row.reportId, sites: row.siteId }[table];
    // Two-byte characters: the limit counts characters, as the forms do, not bytes.
    expect(await attempt(set(table, column, 'ü'.repeat(max + 1), id))).toEqual(refusedBy(`${table}_${column}_length`));
    expect(await attempt(set(table, column, 'ü'.repeat(max), id))).toBe('passed');
  });
});

describe('profiles', () => {
  it('looking-for ages stay within the search limits, lowest first', async () => {
    const ages = (min: number | null, max: number | null) =>
      sql`UPDATE profiles SET looking_for_min_age = ${min}, looking_for_max_age = ${max} WHERE id = ${row.profileId}`;
    expect(await attempt(ages(17, null))).toEqual(refusedBy('profiles_looking_for_min_age_range'));
    expect(await attempt(ages(null, 100))).toEqual(refusedBy('profiles_looking_for_max_age_range'));
    expect(await attempt(ages(40, 30))).toEqual(refusedBy('profiles_looking_for_ages_ordered'));
    for (const [min, max] of [
      [30, 40],
      [35, 35],
      [null, 40],
      [25, null],
      [null, null],
    ] as const)
      expect(await attempt(ages(min, max))).toBe('passed');
  });

  it('country is an upper-case ISO code', async () => {
    for (const bad of ['gb', 'GBR', ''])
      expect(await attempt(set('profiles', 'country', bad, row.profileId))).toEqual(refusedBy('profiles_country_code'));
    expect(await attempt(set('profiles', 'country', 'NL', row.profileId))).toBe('passed');
  });
});

describe('one main photo per profile', () => {
  const photo = (profileId: number, isMain: boolean) =>
    sql`INSERT INTO photos (profile_id, filename, thumb_filename, is_main) VALUES (${profileId}, 'b.jpg', 'b-t.jpg', ${isMain})`;

  it("refuses a second main photo; more photos that are not main, and another profile's main photo, pass", async () => {
    expect(await attempt(photo(row.profileId, true))).toEqual(refusedBy('photos_one_main_per_profile', UNIQUE));
    expect(await attempt(photo(row.profileId, false))).toBe('passed');
    expect(await attempt(photo(row.otherProfileId, true))).toBe('passed');
  });

  it('the photos feature moves the main mark in any order without ever holding two', async () => {
    await db.insert(photos).values([1, 2].map((n) => ({ profileId: row.profileId, filename: `${n}.jpg`, thumbFilename: `${n}-t.jpg` })));
    const ids = (
      await db
        .select({ id: photos.id })
        .from(photos)
        .where(sql`${photos.profileId} = ${row.profileId}`)
    )
      .map((p) => p.id)
      .sort((a, b) => a - b);
    const owner = { id: row.userId, profileId: row.profileId, paidUser: false };
    // Newest to oldest and back: one of these orders updates the new main row before the old one.
    for (const target of [...ids].reverse().concat(ids)) {
      await setMainPhoto({ db, events: new DomainEvents(console) }, owner, target);
      const mains = await db
        .select({ id: photos.id })
        .from(photos)
        .where(sql`${photos.profileId} = ${row.profileId} AND ${photos.isMain}`);
      expect(mains).toEqual([{ id: target }]);
    }
  });
});

describe('one open consent per member and kind', () => {
  const grant = (kind: string) =>
    sql`INSERT INTO consents (user_id, kind, version, granted_at) VALUES (${row.userId}, ${kind}, 'v1', now())`;

  it('refuses a second open consent of one kind; withdrawn ones and other kinds pass', async () => {
    expect(await attempt(grant('terms'))).toBe('passed');
    expect(await attempt(grant('terms'))).toEqual(refusedBy('consents_one_open_per_kind', UNIQUE));
    expect(await attempt(grant('orientation_data'))).toBe('passed');
    await db
      .update(consents)
      .set({ revokedAt: new Date() })
      .where(sql`${consents.userId} = ${row.userId} AND ${consents.kind} = 'terms'`);
    expect(await attempt(grant('terms'))).toBe('passed');
  });
});

describe('likes and passes (issue 11)', () => {
  const like = (from: number, to: number) =>
    sql`INSERT INTO likes (from_profile_id, to_profile_id, created_at) VALUES (${from}, ${to}, now())`;
  const pass = (from: number, to: number) =>
    sql`INSERT INTO passes (from_profile_id, to_profile_id, created_at) VALUES (${from}, ${to}, now())`;

  it.each([
    ['likes', like],
    ['passes', pass],
  ] as const)('%s: never of oneself, one row per pair and direction', async (table, insert) => {
    expect(await attempt(insert(row.profileId, row.profileId))).toEqual(refusedBy(`${table}_not_self`));
    expect(await attempt(insert(row.profileId, row.otherProfileId))).toBe('passed');
    expect(await attempt(insert(row.profileId, row.otherProfileId))).toEqual(
      refusedBy(`${table}_from_profile_id_to_profile_id_pk`, UNIQUE),
    );
    // The other direction is its own row (a match is two likes).
    expect(await attempt(insert(row.otherProfileId, row.profileId))).toBe('passed');
  });
});

describe('sites.auto_like: the rules object the matching feature reads', () => {
  it.each([
    ['not an object', [1]],
    ['enabled missing', { max_per_day: 2, min_minutes_between: 30, after_events: [] }],
    ['enabled as text', { ...DEFAULT_AUTO_LIKE_RULES, enabled: 'yes' }],
    ['negative max_per_day', { ...DEFAULT_AUTO_LIKE_RULES, max_per_day: -1 }],
    ['fractional max_per_day', { ...DEFAULT_AUTO_LIKE_RULES, max_per_day: 1.5 }],
    ['max_per_day as text', { ...DEFAULT_AUTO_LIKE_RULES, max_per_day: 'two' }],
    ['min_minutes_between missing', { enabled: true, max_per_day: 2, after_events: [] }],
    ['an unknown event', { ...DEFAULT_AUTO_LIKE_RULES, after_events: ['first_message'] }],
    ['events not a list', { ...DEFAULT_AUTO_LIKE_RULES, after_events: 'activation' }],
  ])('refuses %s', async (_, rules) => {
    expect(await attempt(setJson('sites', 'auto_like', rules, row.siteId))).toEqual(refusedBy('sites_auto_like_rules'));
  });

  it('takes the default and every known event', async () => {
    expect(await attempt(setJson('sites', 'auto_like', DEFAULT_AUTO_LIKE_RULES, row.siteId))).toBe('passed');
    const everything = { enabled: false, max_per_day: 0, min_minutes_between: 0, after_events: ['activation', 'first_photo'] };
    expect(await attempt(setJson('sites', 'auto_like', everything, row.siteId))).toBe('passed');
  });
});

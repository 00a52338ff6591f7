import { z } from 'zod';
import { LOCALE_CODES } from '../rules/locales';
import { COUNTRY_CODES } from '../rules/countries';
import { PROFILE_FIELDS, SEARCH_FIELDS } from '../rules/profiles';
import { MESSAGE_HARD_MAX_LENGTH } from '../rules/chats';
import { AUTO_LIKE_EVENTS, isKnownTimeZone } from '../rules/likes';
import { PHOTO_MODERATION_MODES } from './staff';
import { zText } from './input';
import { PACKAGE_AMOUNT_MAX } from '../rules/payments';
import { ZCreditPackageSettings, ZPaymentMethod } from './payments';
import { OPERATOR_CLAIM_IDLE_MINUTES_MAX } from './operator-console';
import { PRICE_PACKAGE_IDS, SELLING_CURRENCIES } from '../rules/prices';

/**
 * The settings of a site staff edit in the back office (issue 13, decision 031): GET and PATCH
 * /admin/api/sites/:id. The rules repeat the sites table's CHECK constraints (db/schema.ts) and
 * add what the database cannot see (a known time zone, a well-formed domain and address), so a
 * value the database would refuse is refused here first, with the field it concerns.
 */

/** Upper bound of a credit price or grant: far above any real value, far below int32 overflow. */
export const SITE_CREDITS_MAX = 100_000;
export const SITE_NAME_MAX = 100;
export const SITE_TEXT_MAX = 2_000;
export const FICTIONAL_ICON_MAX = 16;
export const CHAT_HISTORY_DAYS_MAX = 3650;
export const SITE_MINIMUM_AGE_MAX = 99;

/** The open "one lower-case word" settings (signups, logged_out_search, ...): the sites_*_word CHECKs. */
const settingWord = z.string().regex(/^[a-z][a-z_]{0,39}$/, 'one lower-case word (a-z, _)');
const wholeCredits = z.number().int().min(0).max(SITE_CREDITS_MAX);
const country = z.enum(COUNTRY_CODES as [string, ...string[]]);
const uniqueList = <T extends z.ZodType<string>>(item: T) =>
  z.array(item).refine((list) => new Set(list).size === list.length, 'each value once');

/** A text per language; English is required (the fallback of pickLocalized), the others optional. */
export const ZLocalizedSettingText = z
  .object(
    Object.fromEntries(LOCALE_CODES.map((code) => [code, zText(SITE_TEXT_MAX).trim().max(SITE_TEXT_MAX).optional()])) as Record<
      (typeof LOCALE_CODES)[number],
      z.ZodOptional<z.ZodString>
    >,
  )
  .strict()
  .refine((text) => !!text.en && text.en.length > 0, { message: 'the English text is required', path: ['en'] })
  // A language left empty is no text: the site falls back to English for it (pickLocalized skips only missing keys).
  .transform(
    (text) =>
      Object.fromEntries(Object.entries(text).filter(([, value]) => !!value)) as Partial<Record<(typeof LOCALE_CODES)[number], string>>,
  );

export const ZAutoLikeRules = z
  .object({
    enabled: z.boolean(),
    max_per_day: z.number().int().min(0).max(1000),
    min_minutes_between: z.number().int().min(0).max(100_000),
    after_events: uniqueList(z.enum(AUTO_LIKE_EVENTS)),
  })
  .strict();

/** A price list in a further currency (issue 29): the four packages' prices in its minor units, VAT included. */
export const ZPriceList = z
  .object(
    Object.fromEntries(PRICE_PACKAGE_IDS.map((id) => [id, z.number().int().min(1).max(PACKAGE_AMOUNT_MAX)])) as Record<
      (typeof PRICE_PACKAGE_IDS)[number],
      z.ZodNumber
    >,
  )
  .strict();
export type TPriceList = z.infer<typeof ZPriceList>;

/**
 * The price lists per further currency (decision 037). The site's own currency has none: its
 * prices are the packages' amounts, and a second list for it could disagree with them. That rule
 * needs the site's currency too, so the server checks it against the stored or patched one.
 */
export const ZPriceLists = z.partialRecord(z.enum(SELLING_CURRENCIES), ZPriceList);
export type TPriceLists = z.infer<typeof ZPriceLists>;

/** A host name: lower-case labels of letters, digits and hyphens, dot separated (no scheme, port or path). */
export const SITE_DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const ZSiteSettings = z
  .object({
    name: zText(SITE_TEXT_MAX).trim().min(1).max(SITE_NAME_MAX),
    logo_text: zText(SITE_TEXT_MAX).trim().max(SITE_NAME_MAX),
    theme_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb'),
    domain: zText(SITE_TEXT_MAX).trim().toLowerCase().regex(SITE_DOMAIN_PATTERN, 'a host name such as example.com'),
    domain_language: z.enum(LOCALE_CODES),
    cdn_prefix: zText(SITE_TEXT_MAX).trim().min(1).max(200),
    index_title: ZLocalizedSettingText,
    description: ZLocalizedSettingText,
    countries: uniqueList(country).min(1, 'at least one country'),
    visible_profile_fields: uniqueList(z.enum(PROFILE_FIELDS)),
    visible_profile_notes: uniqueList(z.enum(PROFILE_FIELDS)),
    signups: settingWord,
    logged_out_search: settingWord,
    logged_out_search_trafficsource: settingWord,
    enable_site_entry_popup: settingWord,
    site_entry_popup_countries: uniqueList(country),
    message_credits: wholeCredits,
    signup_credits: wholeCredits,
    photo_credits: wholeCredits,
    gift_credits: wholeCredits,
    message_length: z.number().int().min(1).max(MESSAGE_HARD_MAX_LENGTH),
    minimum_age: z.number().int().min(18, 'adults only: 18 or more').max(SITE_MINIMUM_AGE_MAX),
    support_phone: zText(SITE_TEXT_MAX).trim().max(50),
    support_email: z.email().max(254),
    search_fields: uniqueList(z.enum(SEARCH_FIELDS)),
    fictional_warning: ZLocalizedSettingText,
    fictional_singular: ZLocalizedSettingText,
    fictional_plural: ZLocalizedSettingText,
    fictional_icon: zText(SITE_TEXT_MAX).trim().min(1).max(FICTIONAL_ICON_MAX),
    refund_days: z.number().int().min(0).max(365),
    member_resell: z.boolean(),
    show_all_languages: z.boolean(),
    hide_locale_dropdown: z.boolean(),
    time_zone: z.string().refine(isKnownTimeZone, 'an IANA time zone such as Europe/Amsterdam'),
    auto_like: ZAutoLikeRules,
    chat_history_days: z.number().int().min(1).max(CHAT_HISTORY_DAYS_MAX),
    photo_moderation: z.enum(PHOTO_MODERATION_MODES),
    /** Payments (issue 14): the prices' currency, the packages p0-p3 in its minor units, the methods offered, a member's direct debit limit per 30 days. */
    currency: z.enum(SELLING_CURRENCIES, { error: `one of ${SELLING_CURRENCIES.join(', ')}` }),
    credit_packages: ZCreditPackageSettings,
    /** Issue 29: the packages' prices in further currencies, for payers from countries paying in them. */
    price_lists: ZPriceLists,
    payment_methods: uniqueList(ZPaymentMethod).min(1, 'at least one payment method'),
    direct_debit_limit: z.number().int().min(0).max(PACKAGE_AMOUNT_MAX),
    /** The operator console (issue 15): the answer to "are you real?", the spending reminder for vulnerable members, minutes until an idle claim lapses. */
    honest_answer: ZLocalizedSettingText,
    spending_reminder: ZLocalizedSettingText,
    operator_claim_idle_minutes: z.number().int().min(1).max(OPERATOR_CLAIM_IDLE_MINUTES_MAX),
  })
  .strict();
export type TSiteSettings = z.infer<typeof ZSiteSettings>;
export type TSiteSettingsInput = z.input<typeof ZSiteSettings>;

/** The operator behind the site (companies): shown on the site's legal pages. */
export const ZCompanySettings = z
  .object({
    name: zText(SITE_TEXT_MAX).trim().min(1).max(200),
    address: zText(SITE_TEXT_MAX).trim().min(1).max(200),
    kvk: zText(SITE_TEXT_MAX).trim().min(1).max(50),
    city: zText(SITE_TEXT_MAX).trim().min(1).max(100),
    country: z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code'),
    tradenames: uniqueList(zText(SITE_TEXT_MAX).trim().min(1).max(100)),
    vat_numbers: uniqueList(zText(SITE_TEXT_MAX).trim().min(1).max(50)),
    support_phone: zText(SITE_TEXT_MAX).trim().max(50),
    delete_discount: z.number().int().min(0).max(100),
  })
  .strict();
export type TCompanySettings = z.infer<typeof ZCompanySettings>;

export const ZSiteSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  domain_language: z.string(),
  is_default: z.boolean(),
  photo_moderation: z.enum(PHOTO_MODERATION_MODES),
});
export type TSiteSummary = z.infer<typeof ZSiteSummary>;

export const ZSiteListAnswer = z.object({ sites: z.array(ZSiteSummary) });
export type TSiteListAnswer = z.infer<typeof ZSiteListAnswer>;

/**
 * GET / PATCH /admin/api/sites/:id: every editable setting, and the company. The answer's shape is
 * TSiteSettings; its schema does not re-check the rules (a row written before a rule existed must
 * still be shown, so staff can correct it).
 */
export const ZSiteDetailAnswer = z.object({
  id: z.number().int(),
  is_default: z.boolean(),
  company_id: z.number().int(),
  /** Sites sharing this company: a company change shows on all of them. */
  company_site_count: z.number().int(),
  settings: z.looseObject({}),
  company: z.looseObject({}),
});
export type TSiteDetailAnswer = Omit<z.infer<typeof ZSiteDetailAnswer>, 'settings' | 'company'> & {
  settings: TSiteSettings;
  company: TCompanySettings;
};

/**
 * PATCH body: any subset of the settings, at the top level (so a refused value names its field),
 * and optionally `company` with any subset of the company's fields. At least one change.
 */
export const ZSiteUpdateRequest = ZSiteSettings.partial()
  .extend({ company: ZCompanySettings.partial().strict().optional() })
  .strict()
  .refine(
    (body) => Object.keys(body).some((key) => key !== 'company') || (body.company && Object.keys(body.company).length > 0),
    'change at least one setting',
  );
export type TSiteUpdateRequest = z.infer<typeof ZSiteUpdateRequest>;

/**
 * Editing a site's settings and its company in the back office (issue 13, decision 031). The
 * shared contract (site-settings.ts) has checked every value by the time it gets here; this file
 * maps the contract's names to the columns, writes the change with its audit entry in one
 * transaction, and after the commit tells every process to read the site afresh
 * (SiteService.changed, through the broker), so the sites show the new setting at once.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type {
  TCompanySettings,
  TSiteDetailAnswer,
  TSiteSettings,
  TSiteSummary,
  TSiteUpdateRequest,
} from '@cupido/shared/contracts/site-settings';
import type { Database } from '../../db/open';
import { companies, sites } from '../../db/schema';
import { AppError } from '../../errors';
import { recordStaffAction } from '../audit/service';
import type { Company, Site, SiteService } from './service';

/** Contract name -> column name of the sites row, for every editable setting. */
const SETTING_COLUMNS = {
  name: 'name',
  logo_text: 'logoText',
  theme_color: 'themeColor',
  domain: 'domain',
  domain_language: 'domainLanguage',
  cdn_prefix: 'cdnPrefix',
  index_title: 'indexTitle',
  description: 'description',
  countries: 'countries',
  visible_profile_fields: 'visibleProfileFields',
  visible_profile_notes: 'visibleProfileNotes',
  signups: 'signups',
  logged_out_search: 'loggedOutSearch',
  logged_out_search_trafficsource: 'loggedOutSearchTrafficsource',
  enable_site_entry_popup: 'enableSiteEntryPopup',
  site_entry_popup_countries: 'siteEntryPopupCountries',
  message_credits: 'messageCredits',
  signup_credits: 'signupCredits',
  photo_credits: 'photoCredits',
  gift_credits: 'giftCredits',
  message_length: 'messageLength',
  minimum_age: 'minimumAge',
  support_phone: 'supportPhone',
  support_email: 'supportEmail',
  search_fields: 'searchFields',
  fictional_warning: 'fictionalWarning',
  fictional_singular: 'fictionalSingular',
  fictional_plural: 'fictionalPlural',
  fictional_icon: 'fictionalIcon',
  refund_days: 'refundDays',
  member_resell: 'memberResell',
  show_all_languages: 'showAllLanguages',
  hide_locale_dropdown: 'hideLocaleDropdown',
  time_zone: 'timeZone',
  auto_like: 'autoLike',
  chat_history_days: 'chatHistoryDays',
  photo_moderation: 'photoModeration',
  currency: 'currency',
  credit_packages: 'creditPackages',
  price_lists: 'priceLists',
  payment_methods: 'paymentMethods',
  direct_debit_limit: 'directDebitLimit',
  honest_answer: 'honestAnswer',
  spending_reminder: 'spendingReminder',
  operator_claim_idle_minutes: 'operatorClaimIdleMinutes',
} as const satisfies Record<keyof TSiteSettings, keyof Site>;

const COMPANY_COLUMNS = {
  name: 'name',
  address: 'address',
  kvk: 'kvk',
  city: 'city',
  country: 'country',
  tradenames: 'tradenames',
  vat_numbers: 'vatNumbers',
  support_phone: 'supportPhone',
  delete_discount: 'deleteDiscount',
} as const satisfies Record<keyof TCompanySettings, keyof Company>;

type SettingKey = keyof typeof SETTING_COLUMNS;
type CompanyKey = keyof typeof COMPANY_COLUMNS;

export const siteNotFound = () => new AppError(404, 'site_not_found', 'staff.sites.errors.not_found');
const domainTaken = () => new AppError(409, 'domain_taken', 'staff.sites.errors.domain_taken', {}, 'domain');
const priceListOfOwnCurrency = (field: 'price_lists' | 'currency') =>
  new AppError(400, 'price_list_own_currency', 'staff.sites.errors.price_list_own_currency', {}, field);

/**
 * The site's own currency has no price list (decision 037): its prices are the packages' amounts.
 * Checked on the values after the patch, since either side may change alone; the field named is
 * the one the patch touched (the list when it brings one).
 */
function checkPriceLists(site: Site, patch: TSiteUpdateRequest): void {
  const currency = patch.currency ?? site.currency;
  const lists = patch.price_lists ?? site.priceLists;
  if (lists[currency as keyof typeof lists]) throw priceListOfOwnCurrency(patch.price_lists ? 'price_lists' : 'currency');
}

export function toSiteSettings(site: Site): TSiteSettings {
  return Object.fromEntries(Object.entries(SETTING_COLUMNS).map(([key, column]) => [key, site[column]])) as TSiteSettings;
}

export function toCompanySettings(company: Company): TCompanySettings {
  return Object.fromEntries(Object.entries(COMPANY_COLUMNS).map(([key, column]) => [key, company[column]])) as TCompanySettings;
}

export async function listSites(db: Database): Promise<TSiteSummary[]> {
  const rows = await db.select().from(sites).orderBy(asc(sites.id));
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    domain: s.domain,
    domain_language: s.domainLanguage,
    is_default: s.isDefault,
    photo_moderation: s.photoModeration,
  }));
}

type Reader = Pick<Database, 'select'>;

export async function siteDetail(db: Reader, siteId: number): Promise<TSiteDetailAnswer> {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  if (!site) throw siteNotFound();
  const [company] = await db.select().from(companies).where(eq(companies.id, site.companyId)).limit(1);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sites)
    .where(eq(sites.companyId, site.companyId));
  return {
    id: site.id,
    is_default: site.isDefault,
    company_id: site.companyId,
    company_site_count: count?.n ?? 1,
    settings: toSiteSettings(site),
    company: toCompanySettings(company!),
  };
}

/** The keys whose value differs, and their values before and after (for the audit log). */
function diff<K extends string>(before: Record<K, unknown>, patch: Partial<Record<K, unknown>>) {
  const changed = (Object.keys(patch) as K[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(patch[key]));
  return {
    changed,
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, patch[key]])),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

export interface SiteEditDeps {
  db: Database;
  sites: SiteService;
  clock: () => Date;
}

/**
 * Applies a PATCH: the changed settings (and company fields) in one transaction with one audit
 * entry naming only what changed; then every process forgets its cached sites. Unchanged values
 * write nothing (and no audit entry when nothing changed at all).
 */
export async function updateSite(
  deps: SiteEditDeps,
  staffId: number,
  siteId: number,
  request: TSiteUpdateRequest,
): Promise<TSiteDetailAnswer> {
  const { company: companyPatch, ...settingsPatch } = request;
  const now = deps.clock();
  let changedAnything = false;
  try {
    await deps.db.transaction(async (tx) => {
      const [site] = await tx.select().from(sites).where(eq(sites.id, siteId)).for('update');
      if (!site) throw siteNotFound();
      checkPriceLists(site, settingsPatch);
      const settings = diff(toSiteSettings(site) as Record<SettingKey, unknown>, settingsPatch as Partial<Record<SettingKey, unknown>>);
      if (settings.changed.includes('domain')) {
        const [other] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.domain, settingsPatch.domain!)).limit(1);
        if (other && other.id !== siteId) throw domainTaken();
      }
      if (settings.changed.length > 0) {
        const values = Object.fromEntries(settings.changed.map((key) => [SETTING_COLUMNS[key], settingsPatch[key]]));
        await tx.update(sites).set(values).where(eq(sites.id, siteId));
      }

      let company = { changed: [] as CompanyKey[], before: {}, after: {} };
      if (companyPatch) {
        const [row] = await tx.select().from(companies).where(eq(companies.id, site.companyId)).for('update');
        company = diff(toCompanySettings(row!) as Record<CompanyKey, unknown>, companyPatch as Partial<Record<CompanyKey, unknown>>);
        if (company.changed.length > 0) {
          const values = Object.fromEntries(company.changed.map((key) => [COMPANY_COLUMNS[key], companyPatch[key]]));
          await tx.update(companies).set(values).where(eq(companies.id, site.companyId));
        }
      }

      if (settings.changed.length === 0 && company.changed.length === 0) return;
      changedAnything = true;
      await recordStaffAction(
        tx,
        {
          staffId,
          action: 'site.update',
          itemType: 'site',
          itemId: siteId,
          siteId,
          before: { ...settings.before, ...(company.changed.length ? { company: company.before } : {}) },
          after: { ...settings.after, ...(company.changed.length ? { company: company.after } : {}) },
        },
        now,
      );
    });
  } catch (error) {
    // Two edits giving one domain at the same time: the unique index decides, with the same answer.
    if (isUniqueViolation(error)) throw domainTaken();
    throw error;
  }
  if (changedAnything) await deps.sites.changed();
  return siteDetail(deps.db, siteId);
}

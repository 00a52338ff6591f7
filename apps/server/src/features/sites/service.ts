/**
 * Sites: one row per branded domain. Lookups are cached briefly in memory; the cache is only a
 * cache (every process can rebuild it). Whoever changes a site row calls `changed()`, which drops
 * the cache in every process through the broker (decision 021), so new settings apply at once.
 */
import { eq } from 'drizzle-orm';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { pickLocalized } from '@cupido/shared/rules/locales';
import type { TCompanyInfo, TSettings } from '@cupido/shared/contracts/contracts';
import type { Database } from '../../db/open';
import type { Broker } from '../../infra/broker';
import { companies, sites } from '../../db/schema';
import { siteMinimumMessageCosts } from './price-settings';

export type Site = typeof sites.$inferSelect;
export type Company = typeof companies.$inferSelect;

const CACHE_TTL_MS = 30_000;
/** Broker channel: a site row changed; every process forgets its cached sites. */
export const SITES_CHANGED_CHANNEL = 'sites-changed';

export interface SettingsContext {
  locale: LocaleCode;
  geoipCountry: string | null;
  selectedCountry: string | null;
  pushPublicKey: string;
}

export class SiteService {
  private cache = new Map<string, { site: Site; expires: number }>();
  private withCompanyById = new Map<number, { found: Promise<{ site: Site; company: Company } | null>; expires: number }>();

  constructor(
    private readonly db: Database,
    private readonly broker: Broker,
  ) {}

  /** Starts listening for changes made by any process; once, before serving. */
  async listen(): Promise<void> {
    await this.broker.subscribe(SITES_CHANGED_CHANNEL, () => this.forget());
  }

  private forget(): void {
    this.cache.clear();
    this.withCompanyById.clear();
  }

  /** After a site row or its company changed (a back office, the seed): every process reads it afresh. */
  async changed(): Promise<void> {
    this.forget();
    await this.broker.publish(SITES_CHANGED_CHANNEL, {});
  }

  /** The site for a domain; unknown or missing domains get the default site. */
  async resolve(domain: string | null): Promise<Site> {
    const key = domain ?? '';
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.site;

    let site = domain ? (await this.db.select().from(sites).where(eq(sites.domain, domain)).limit(1))[0] : undefined;
    site ??= (await this.db.select().from(sites).where(eq(sites.isDefault, true)).limit(1))[0];
    site ??= (await this.db.select().from(sites).orderBy(sites.id).limit(1))[0];
    if (!site) throw new Error('No site is configured: run the seed (npm run seed) or insert a site.');

    // Bound the cache: a flood of made-up Host headers must not grow memory without limit.
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(key, { site, expires: Date.now() + CACHE_TTL_MS });
    return site;
  }

  /** A site by its id, read fresh (jobs, which name the site they were asked on); null when it is gone. */
  async byId(id: number): Promise<Site | null> {
    return siteById(this.db, id);
  }

  /**
   * A site by its id with its company, from the cache (as `resolve`): for the notification queue,
   * which would otherwise read both rows for every mail. Null when the site is gone.
   */
  async withCompany(id: number): Promise<{ site: Site; company: Company } | null> {
    const hit = this.withCompanyById.get(id);
    if (hit && hit.expires > Date.now()) return hit.found;
    const found = this.byId(id).then(async (site) => (site ? { site, company: await this.company(site) } : null));
    if (this.withCompanyById.size > 1000) this.withCompanyById.clear();
    this.withCompanyById.set(id, { found, expires: Date.now() + CACHE_TTL_MS });
    // A failed read is not kept: the next caller reads again.
    found.catch(() => this.withCompanyById.delete(id));
    return found;
  }

  async company(site: Site): Promise<Company> {
    const [company] = await this.db.select().from(companies).where(eq(companies.id, site.companyId)).limit(1);
    if (!company) throw new Error(`Site ${site.domain} has no company`);
    return company;
  }
}

/**
 * A site by its id, read fresh with the caller's database or transaction (an event handler
 * inside a transaction must not wait for another connection: PGlite has only one).
 */
export async function siteById(db: Pick<Database, 'select'>, id: number): Promise<Site | null> {
  const [site] = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
  return site ?? null;
}

/**
 * When the terms of a company took effect (companies.added), for the version a consent records
 * (accounts); null for an unknown company.
 */
export async function companyTermsDate(db: Pick<Database, 'select'>, companyId: number): Promise<Date | null> {
  const [company] = await db.select({ added: companies.added }).from(companies).where(eq(companies.id, companyId));
  return company?.added ?? null;
}

export function toSettings(site: Site, ctx: SettingsContext): TSettings {
  const text = (value: Site['indexTitle']) => pickLocalized(value, ctx.locale);
  return {
    name: site.name,
    domain: site.domain,
    domain_language: site.domainLanguage,
    cdn_prefix: site.cdnPrefix,
    index_title: text(site.indexTitle),
    description: text(site.description),
    countries: site.countries,
    visible_profile_fields: site.visibleProfileFields,
    visible_profile_notes: site.visibleProfileNotes,
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    enable_site_entry_popup: site.enableSiteEntryPopup,
    site_entry_popup_countries: site.siteEntryPopupCountries,
    geoip_country: ctx.geoipCountry,
    geoip_selected_country: ctx.selectedCountry,
    minimum_message_costs: siteMinimumMessageCosts(site),
    message_credits: site.messageCredits,
    signup_credits: site.signupCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    message_length: site.messageLength,
    minimum_age: site.minimumAge,
    support_phone: site.supportPhone,
    support_email: site.supportEmail,
    push_public_key: ctx.pushPublicKey,
    search_fields: site.searchFields,
    fictional_warning: text(site.fictionalWarning),
    fictional_singular: text(site.fictionalSingular),
    fictional_plural: text(site.fictionalPlural),
    fictional_icon: site.fictionalIcon,
    refund_days: site.refundDays,
    member_resell: site.memberResell,
    show_all_languages: site.showAllLanguages,
    hide_locale_dropdown: site.hideLocaleDropdown,
    theme_color: site.themeColor,
    logo_text: site.logoText,
  };
}

export function toCompanyInfo(company: Company): TCompanyInfo {
  return {
    name: company.name,
    address: company.address,
    kvk: company.kvk,
    city: company.city,
    country: company.country,
    tradenames: company.tradenames,
    vat_numbers: company.vatNumbers,
    support_phone: company.supportPhone,
    delete_discount: company.deleteDiscount,
    added: company.added.toISOString(),
  };
}

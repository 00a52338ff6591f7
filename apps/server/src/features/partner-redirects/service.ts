/**
 * Partner redirects (spec section 1, issue 31, decision 051): where a site sends a visitor who may
 * not sign up on it (signups closed to their traffic source, or a country the site does not
 * serve), per country or '*' for every country without a row of its own. The visitor's cleaned
 * tracking parameters go on to the partner, never the e-mail address; the member app says so on
 * the page before it redirects.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ANY_COUNTRY,
  isHttpsUrl,
  isRedirectCountry,
  PARTNER_TRACKING_EXCLUDED,
  PARTNER_URL_MAX,
  partnerHost,
  withQuery,
} from '@cupido/shared/rules/partner-redirects';
import type {
  TPartnerRedirect,
  TPartnerRedirectAnswer,
  TPartnerRedirectsAnswer,
  TPartnerRedirectUpdate,
} from '@cupido/shared/contracts/promotions';
import { cleanTracking } from '@cupido/shared/rules/tracking';
import type { Database } from '../../db/open';
import { partnerRedirects } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordStaffAction } from '../audit/service';
import { siteById } from '../sites/service';

export interface PartnerRedirectDeps {
  db: Database;
  clock: Clock;
}

type RedirectRow = typeof partnerRedirects.$inferSelect;

const staffError = (status: number, code: string, field?: string) =>
  new AppError(status, code, `staff.promotions.errors.${code}`, {}, field);

async function siteOrNotFound(db: Database, siteId: number) {
  const site = await siteById(db, siteId);
  if (!site) throw new AppError(404, 'not_found', 'staff.sites.errors.not_found');
  return site;
}

/** An ISO code (upper-cased) or '*'; anything else is refused with 400 invalid_country. */
export function redirectCountry(raw: string): string {
  const country = raw.trim().toUpperCase();
  if (!isRedirectCountry(country)) throw staffError(400, 'invalid_country', 'country');
  return country;
}

const toRedirect = (row: RedirectRow): TPartnerRedirect => ({
  country: row.country,
  target_url: row.targetUrl,
  enabled: row.enabled,
  updated_at: row.updatedAt.toISOString(),
});
const auditFields = (row: RedirectRow | undefined) => (row ? { target_url: row.targetUrl, enabled: row.enabled } : null);

export async function partnerRedirectsOf(db: Database, siteId: number): Promise<TPartnerRedirectsAnswer> {
  const site = await siteOrNotFound(db, siteId);
  const rows = await db.select().from(partnerRedirects).where(eq(partnerRedirects.siteId, siteId)).orderBy(asc(partnerRedirects.country));
  // '*' sorts before the letters: the catch-all first, then country by country.
  return { site_id: site.id, countries: site.countries, redirects: rows.map(toRedirect) };
}

/** Creates or replaces the redirect of one country, with its audit entry, in one transaction. */
export async function setPartnerRedirect(
  deps: PartnerRedirectDeps,
  staffId: number,
  siteId: number,
  rawCountry: string,
  input: TPartnerRedirectUpdate,
): Promise<TPartnerRedirect> {
  const country = redirectCountry(rawCountry);
  await siteOrNotFound(deps.db, siteId);
  const targetUrl = input.target_url.trim();
  if (!isHttpsUrl(targetUrl, PARTNER_URL_MAX)) throw staffError(400, targetUrl ? 'url_not_https' : 'url_required', 'target_url');
  const values = { targetUrl, enabled: input.enabled ?? true };
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const where = and(eq(partnerRedirects.siteId, siteId), eq(partnerRedirects.country, country));
    const [before] = await tx.select().from(partnerRedirects).where(where).for('update');
    const [row] = await tx
      .insert(partnerRedirects)
      .values({ siteId, country, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: [partnerRedirects.siteId, partnerRedirects.country], set: { ...values, updatedAt: now } })
      .returning();
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'partner_redirect.set',
        itemType: 'partner_redirect',
        itemId: `${siteId}:${country}`,
        siteId,
        before: auditFields(before),
        after: auditFields(row),
      },
      now,
    );
    return toRedirect(row!);
  });
}

/** Removes the redirect of one country (404 when there is none), with its audit entry. */
export async function deletePartnerRedirect(deps: PartnerRedirectDeps, staffId: number, siteId: number, rawCountry: string): Promise<void> {
  const country = redirectCountry(rawCountry);
  await siteOrNotFound(deps.db, siteId);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(partnerRedirects)
      .where(and(eq(partnerRedirects.siteId, siteId), eq(partnerRedirects.country, country)))
      .returning();
    if (!row) throw staffError(404, 'redirect_not_found', 'country');
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'partner_redirect.delete',
        itemType: 'partner_redirect',
        itemId: `${siteId}:${country}`,
        siteId,
        before: auditFields(row),
        after: null,
      },
      now,
    );
  });
}

/**
 * Where a visitor of `country` goes: that country's enabled redirect, else the enabled '*' one,
 * else null. The url carries the cleaned tracking (over-long values cut, malformed ones and the
 * e-mail address dropped).
 */
export async function partnerRedirectFor(
  db: Database,
  siteId: number,
  country: string,
  tracking: Record<string, unknown>,
): Promise<TPartnerRedirectAnswer | null> {
  const rows = await db
    .select()
    .from(partnerRedirects)
    .where(
      and(
        eq(partnerRedirects.siteId, siteId),
        eq(partnerRedirects.enabled, true),
        inArray(partnerRedirects.country, [country, ANY_COUNTRY]),
      ),
    );
  const row = rows.find((r) => r.country === country) ?? rows.find((r) => r.country === ANY_COUNTRY);
  if (!row || !isHttpsUrl(row.targetUrl, PARTNER_URL_MAX)) return null;
  const clean: Record<string, string> = { ...cleanTracking(tracking) };
  for (const key of PARTNER_TRACKING_EXCLUDED) delete clean[key];
  return { url: withQuery(row.targetUrl, clean), host: partnerHost(row.targetUrl) };
}

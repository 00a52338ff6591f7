/**
 * Server-side texts (API error messages, interest names, later e-mails) in the seven languages.
 * English is the source; a test fails when another catalogue lacks one of its keys.
 */
import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '@cupido/shared/rules/locales';
import en from './locales/en.json';
import nl from './locales/nl.json';
import de from './locales/de.json';
import it from './locales/it.json';
import fr from './locales/fr.json';
import es from './locales/es.json';
import pl from './locales/pl.json';
// The back office is English first (issue 13): its texts are `staff.*` keys, in English only, one
// file per area of the back office (`staff.errors.*` in common.json, `staff.<area>.*` in <area>.json).
import staffCommon from './staff/common.json';
import staffAccess from './staff/access.json';
import staffPhotos from './staff/photos.json';
import staffReports from './staff/reports.json';
import staffMembers from './staff/members.json';
import staffSites from './staff/sites.json';
import staffFictional from './staff/fictional.json';
import staffDashboard from './staff/dashboard.json';
import staffAudit from './staff/audit.json';
import staffFinance from './staff/finance.json';
import staffOperator from './staff/operator.json';
import staffCampaigns from './staff/campaigns.json';
import staffPostbacks from './staff/postbacks.json';
import staffTraffic from './staff/traffic.json';
import staffPromotions from './staff/promotions.json';

type Catalogue = { [key: string]: string | Catalogue };
export const CATALOGUES: Record<LocaleCode, Catalogue> = { en, nl, de, it, fr, es, pl };
const STAFF_CATALOGUE: Catalogue = {
  ...staffCommon,
  access: staffAccess,
  photos: staffPhotos,
  reports: staffReports,
  members: staffMembers,
  sites: staffSites,
  fictional: staffFictional,
  dashboard: staffDashboard,
  audit: staffAudit,
  finance: staffFinance,
  operator: staffOperator,
  campaigns: staffCampaigns,
  traffic: staffTraffic,
  postbacks: staffPostbacks,
  promotions: staffPromotions,
};

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** t('nl', 'errors.generic') -> Dutch text; falls back to English, then to the key itself. */
export function translate(locale: LocaleCode, key: string, params: Record<string, string | number> = {}): string {
  const text = key.startsWith('staff.')
    ? (lookup(STAFF_CATALOGUE, key.slice('staff.'.length)) ?? key)
    : (lookup(CATALOGUES[locale], key) ?? lookup(CATALOGUES[DEFAULT_LOCALE], key) ?? key);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function catalogueKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : catalogueKeys(value, `${prefix}${key}.`),
  );
}

export { LOCALE_CODES };

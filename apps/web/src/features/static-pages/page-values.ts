import type { TCompanyInfo, TSettings } from '@cupido/shared/contracts/contracts';
import { LOCALES, type LocaleCode } from '@cupido/shared/rules/locales';
import { termsVersionDate } from '@cupido/shared/rules/site-shell';

/** The {{placeholders}} of the static pages' texts, filled from the site's settings and company. */
export type PageValues = Record<string, string | number>;

const EMPTY = '—';

export function isoOf(locale: LocaleCode): string {
  return LOCALES.find((l) => l.code === locale)?.iso ?? locale;
}

/** 'NL' -> 'the Netherlands' / 'Nederland'; an unknown code is shown as it is. */
function countryName(code: string, iso: string): string {
  if (!code) return EMPTY;
  try {
    return new Intl.DisplayNames([iso], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function list(items: readonly string[], iso: string): string {
  const present = items.filter((item) => item.trim());
  return present.length ? new Intl.ListFormat(iso, { type: 'conjunction' }).format(present) : EMPTY;
}

/** The terms' version date, written out in the locale: '1 December 2023', '1. Dezember 2023'. */
export function formatTermsVersionDate(companyAdded: string | null | undefined, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(isoOf(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(termsVersionDate(companyAdded));
}

export function pageValues(settings: TSettings, company: TCompanyInfo, locale: LocaleCode): PageValues {
  const iso = isoOf(locale);
  return {
    siteName: settings.name,
    domain: settings.domain,
    companyName: company.name || EMPTY,
    companyAddress: company.address || EMPTY,
    companyCity: company.city || EMPTY,
    companyCountry: countryName(company.country, iso),
    kvk: company.kvk || EMPTY,
    vatNumbers: company.vat_numbers.filter(Boolean).join(', ') || EMPTY,
    tradenames: list(company.tradenames.length ? company.tradenames : [settings.name], iso),
    supportEmail: settings.support_email,
    supportPhone: settings.support_phone || company.support_phone || EMPTY,
    refundDays: settings.refund_days,
    minimumAge: settings.minimum_age,
    termsVersionDate: formatTermsVersionDate(company.added, locale),
    fictionalPlural: settings.fictional_plural,
    fictionalSingular: settings.fictional_singular,
    messageCredits: settings.message_credits,
  };
}

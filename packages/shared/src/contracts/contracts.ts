import { z } from 'zod';
import { LOCALE_CODES } from '../rules/locales';
import { zText } from './input';

/**
 * Contracts of the documented calls (spec section 7). The server validates its answers with
 * these schemas and publishes them as OpenAPI; the web app infers its types from them.
 * Z-prefixed names are schemas, T-prefixed names their inferred types.
 */

export const ZLocaleCode = z.enum(LOCALE_CODES);
export const ZCountryCode = z.string().regex(/^[A-Z]{2}$/);

export const ZApiError = z.object({
  error: z.object({
    code: z.string().meta({ description: 'Stable machine-readable code, e.g. not_found' }),
    message: z.string().meta({ description: "Human-readable message in the member's language" }),
    field: z.string().optional().meta({ description: 'The form field the message belongs to, when there is one' }),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZSignupsSetting = z.string().meta({ description: "'all', 'with_trafficsource', or anything else for invite-only" });

export const ZSettings = z.object({
  name: z.string(),
  domain: z.string(),
  domain_language: z.string(),
  cdn_prefix: z.string(),
  index_title: z.string(),
  description: z.string(),
  countries: z.array(ZCountryCode),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  signups: ZSignupsSetting,
  logged_out_search: z.string(),
  logged_out_search_trafficsource: z.string(),
  enable_site_entry_popup: z.string().meta({ description: "'no' disables the site-entry warning" }),
  site_entry_popup_countries: z
    .array(ZCountryCode)
    .meta({ description: 'When not empty, the entry warning shows only to visitors whose selected country is listed' }),
  geoip_country: ZCountryCode.nullable(),
  geoip_selected_country: ZCountryCode.nullable(),
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number().int(), currency: z.string() })),
  message_credits: z.number().int(),
  signup_credits: z.number().int(),
  photo_credits: z.number().int(),
  gift_credits: z.number().int(),
  message_length: z.number().int(),
  minimum_age: z.number().int(),
  support_phone: z.string(),
  support_email: z.string(),
  push_public_key: z.string(),
  search_fields: z.array(z.string()),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  fictional_icon: z.string(),
  refund_days: z.number().int(),
  member_resell: z.boolean(),
  show_all_languages: z.boolean(),
  hide_locale_dropdown: z.boolean(),
  theme_color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  logo_text: z.string(),
});
export type TSettings = z.infer<typeof ZSettings>;

export const ZSettingsQuery = z.looseObject({
  domain: zText(253).optional().meta({ description: 'Forced domain; the web app sends the host it was opened on' }),
  locale: zText(10).optional().meta({ description: 'Locale for translated settings texts' }),
  country: zText(10).optional().meta({ description: 'Country selected by the visitor (e.g. from a lander link)' }),
});

export const ZCompanyInfo = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().int(),
  added: z.string().meta({ description: 'ISO date-time the company was added' }),
});
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;

export const ZInterest = z.object({ id: z.string(), name: z.string() });
export const ZInterests = z.object({ interests: z.array(ZInterest) });
export type TInterests = z.infer<typeof ZInterests>;

export const ZRegionLabelKind = z.enum(['province', 'voivodeship', 'state', 'canton', 'region']);
export const ZRegion = z.object({ code: z.string(), name: z.string() });
export const ZCountryRegions = z.object({
  country: ZCountryCode,
  label: ZRegionLabelKind,
  regions: z.array(ZRegion),
});
export const ZRegions = z.object({ countries: z.array(ZCountryRegions) });
export type TRegions = z.infer<typeof ZRegions>;

export const ZInterestsQuery = z.looseObject({
  domain: zText(253).optional().meta({ description: 'Forced domain; the web app sends the host it was opened on' }),
  locale: zText(10).optional().meta({ description: 'Locale of the interest names' }),
});

export const ZRegionsQuery = z.looseObject({
  domain: zText(253).optional().meta({ description: 'Forced domain; the web app sends the host it was opened on' }),
  locale: zText(10).optional().meta({ description: 'Locale of error messages' }),
  country: zText(10).optional().meta({ description: 'Only this country (ISO code, any case); unknown countries answer 404' }),
});

import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { TUser } from '@cupido/shared/contracts/accounts';
import type { TCompanyInfo, TSettings } from '@cupido/shared/contracts/contracts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { i18n } from '../i18n/i18n';
import { LocaleProvider } from '../features/locale/locale-provider';
import { SettingsProvider } from '../features/site/use-settings';
import { COMPANY_INFO_QUERY_KEY } from '../features/site/use-company-info';
import { createAppQueryClient } from '../features/session/query-client';
import { SESSION_QUERY_KEY } from '../features/session/use-session';
import { ActivityCountsContext, NO_ACTIVITY, type ActivityCounts } from '../features/session/activity-counts';

/** A complete, realistic settings answer for a Dutch-run site. */
export const settingsFixture: TSettings = {
  name: 'Cupido Test',
  domain: 'cupido.test',
  domain_language: 'en',
  cdn_prefix: '',
  index_title: 'Meet adults near you',
  description: 'Chat, flirt and date with adults in your region.',
  countries: ['NL', 'BE', 'GB'],
  visible_profile_fields: [],
  visible_profile_notes: [],
  signups: 'all',
  logged_out_search: 'none',
  logged_out_search_trafficsource: 'none',
  enable_site_entry_popup: 'yes',
  site_entry_popup_countries: [],
  geoip_country: 'GB',
  geoip_selected_country: 'GB',
  minimum_message_costs: {},
  message_credits: 10,
  signup_credits: 20,
  photo_credits: 5,
  gift_credits: 25,
  message_length: 2000,
  minimum_age: 18,
  support_phone: '+31 20 000 0000',
  support_email: 'support@cupido.test',
  push_public_key: '',
  search_fields: [],
  fictional_warning: 'Some profiles on this site are fictional and are run by our staff.',
  fictional_singular: 'fictional profile',
  fictional_plural: 'fictional profiles',
  fictional_icon: '★',
  refund_days: 14,
  member_resell: false,
  show_all_languages: false,
  hide_locale_dropdown: false,
  theme_color: '#d6336c',
  logo_text: '',
};

export const companyInfoFixture: TCompanyInfo = {
  name: 'Cupido Media B.V.',
  address: 'Keizersgracht 1',
  kvk: '12345678',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Cupido Test'],
  vat_numbers: ['NL000000000B01'],
  support_phone: '+31 20 000 0000',
  delete_discount: 0,
  added: '2024-01-01T00:00:00Z',
};

/** A logged-in, confirmed free member; override fields per test. */
export const userFixture: TUser = {
  id: 7,
  email: 'anna@example.com',
  pending_email: null,
  language: 'en',
  time_zone: null,
  status: 'active',
  credits: 0,
  paid_user: false,
  signup_date: '2025-01-01T10:00:00.000Z',
  activated_at: '2025-01-01T10:05:00.000Z',
  fictional_icon: '★',
  notifications_disabled: [],
  orientation_consent: true,
  ad_tracking_consent: null,
  profile: { id: 70, name: 'Anna', country: 'NL', status: 'active', main_image: null },
};

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return { ...userFixture, ...overrides, profile: { ...userFixture.profile, ...overrides.profile } };
}

/** A MemoryRouter entry: the route's path, query and hash, with history state. */
function entryOf(route: string, state: unknown) {
  const url = new URL(route, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state };
}

export interface RenderOptions {
  settings?: Partial<TSettings>;
  companyInfo?: TCompanyInfo;
  locale?: LocaleCode;
  route?: string;
  /** The history state of `route` (what a link handed on, e.g. where "Back" leads). */
  routeState?: unknown;
  /** The session: a member, or null (the default) for a visitor; 'pending' leaves GET /api/user.php to be asked. */
  user?: TUser | null | 'pending';
  /** Unread messages and new likes (zero by default). */
  activity?: ActivityCounts;
}

export function createTestQueryClient(): QueryClient {
  return createAppQueryClient({ queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } });
}

/**
 * Renders with everything a screen expects: i18n in the given locale (call
 * `await changeLocale(code)` first for another language than English), a QueryClient
 * (company info pre-seeded when given, the session seeded: a visitor unless `user` is given),
 * the settings context and a MemoryRouter.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult & { queryClient: QueryClient } {
  const queryClient = createTestQueryClient();
  if (options.companyInfo) queryClient.setQueryData(COMPANY_INFO_QUERY_KEY, options.companyInfo);
  if (options.user !== 'pending') queryClient.setQueryData(SESSION_QUERY_KEY, options.user ?? null);
  const settings: TSettings = { ...settingsFixture, ...options.settings };
  const locale = options.locale ?? 'en';
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider initialLocale={locale}>
          <SettingsProvider value={settings}>
            <ActivityCountsContext.Provider value={options.activity ?? NO_ACTIVITY}>
              <MemoryRouter initialEntries={[entryOf(options.route ?? '/', options.routeState)]}>{ui}</MemoryRouter>
            </ActivityCountsContext.Provider>
          </SettingsProvider>
        </LocaleProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient };
}

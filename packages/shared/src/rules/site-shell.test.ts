import { describe, expect, it } from 'vitest';
import {
  badgeLabel,
  creditsBadgeVariant,
  initialLocale,
  isLoggedOutSearchVisible,
  isSignupAllowed,
  pageTitleWithCount,
  retryDelayMs,
  shouldRetryStatus,
  showLocaleDropdown,
  showSiteEntryWarning,
  termsVersionDate,
  visibleLanguages,
  type EntryWarningInput,
  type VisibleLanguagesInput,
} from './site-shell';

const visitor: VisibleLanguagesInput = {
  showAllLanguages: false,
  loggedIn: false,
  detectedCountry: 'NL',
  selectedCountry: 'NL',
  profileCountry: null,
  currentLocale: 'nl',
  browserLanguage: null,
};

describe('visibleLanguages', () => {
  it('offers the languages of the detected country plus the current locale', () => {
    expect(visibleLanguages(visitor)).toEqual(['nl']);
    expect(visibleLanguages({ ...visitor, detectedCountry: 'BE', selectedCountry: 'BE' })).toEqual(['nl', 'de', 'fr']);
    expect(visibleLanguages({ ...visitor, detectedCountry: 'CH', selectedCountry: 'CH', currentLocale: 'en' })).toEqual([
      'en',
      'de',
      'it',
      'fr',
    ]);
  });
  it('adds the profile country and a supported browser language, ignoring unsupported ones', () => {
    expect(visibleLanguages({ ...visitor, loggedIn: true, profileCountry: 'PL', browserLanguage: 'es-ES' })).toEqual(['nl', 'es', 'pl']);
    expect(visibleLanguages({ ...visitor, browserLanguage: 'ja-JP' })).toEqual(['nl']);
  });
  it('offers all languages when configured', () => {
    expect(visibleLanguages({ ...visitor, showAllLanguages: true })).toHaveLength(7);
  });
  it('offers all languages when a logged-out visitor selected another country than detected', () => {
    expect(visibleLanguages({ ...visitor, selectedCountry: 'DE' })).toHaveLength(7);
    expect(visibleLanguages({ ...visitor, selectedCountry: 'DE', loggedIn: true })).toEqual(['nl']);
  });
  it('ignores countries outside the map', () => {
    expect(visibleLanguages({ ...visitor, detectedCountry: 'JP', selectedCountry: 'JP', currentLocale: 'en' })).toEqual(['en']);
  });
});

describe('initialLocale and the dropdown', () => {
  it('prefers a valid cookie, then the domain language, then English', () => {
    expect(initialLocale('de', 'nl_NL')).toBe('de');
    expect(initialLocale('xx', 'nl_NL')).toBe('nl');
    expect(initialLocale(undefined, 'pl')).toBe('pl');
    expect(initialLocale(null, 'ja')).toBe('en');
    expect(initialLocale(null, '')).toBe('en');
  });
  it('hides the dropdown with one language or when configured', () => {
    expect(showLocaleDropdown(['en'], false)).toBe(false);
    expect(showLocaleDropdown(['en', 'nl'], false)).toBe(true);
    expect(showLocaleDropdown(['en', 'nl'], true)).toBe(false);
  });
});

describe('showSiteEntryWarning', () => {
  const base: EntryWarningInput = {
    installedApp: false,
    dismissed: false,
    enableSetting: 'yes',
    loggedIn: false,
    restrictedToCountries: [],
    selectedCountry: 'NL',
  };
  it('shows to a logged-out visitor who has not dismissed it', () => {
    expect(showSiteEntryWarning(base)).toBe(true);
  });
  it.each([
    ['installed app', { installedApp: true }],
    ['dismissed', { dismissed: true }],
    ['disabled by setting', { enableSetting: 'no' }],
    ['logged in', { loggedIn: true }],
    ['country not in the allowed list', { restrictedToCountries: ['DE'] }],
    ['no selected country while restricted', { restrictedToCountries: ['NL'], selectedCountry: null }],
  ])('hides when %s', (_label, change) => {
    expect(showSiteEntryWarning({ ...base, ...change })).toBe(false);
  });
  it('shows when the selected country is in the allowed list', () => {
    expect(showSiteEntryWarning({ ...base, restrictedToCountries: ['DE', 'NL'] })).toBe(true);
  });
});

describe('signup and logged-out search', () => {
  it('allows signup for all, or with a traffic source when required', () => {
    expect(isSignupAllowed('all', false)).toBe(true);
    expect(isSignupAllowed('with_trafficsource', false)).toBe(false);
    expect(isSignupAllowed('with_trafficsource', true)).toBe(true);
    expect(isSignupAllowed('invite', true)).toBe(false);
  });
  it('shows search when logged in, allowed, or allowed with a traffic source', () => {
    const none = { loggedIn: false, loggedOutSearch: 'none', loggedOutSearchTrafficSource: 'none', hasTrafficSource: true };
    expect(isLoggedOutSearchVisible(none)).toBe(false);
    expect(isLoggedOutSearchVisible({ ...none, loggedIn: true })).toBe(true);
    expect(isLoggedOutSearchVisible({ ...none, loggedOutSearch: 'all' })).toBe(true);
    expect(isLoggedOutSearchVisible({ ...none, loggedOutSearchTrafficSource: 'all' })).toBe(true);
    expect(isLoggedOutSearchVisible({ ...none, loggedOutSearchTrafficSource: 'all', hasTrafficSource: false })).toBe(false);
  });
});

describe('badges and title', () => {
  it('caps badges at 99+ and hides zero', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(-3)).toBeNull();
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(12345)).toBe('99+');
  });
  it('colours the credits badge at 10 or fewer', () => {
    expect(creditsBadgeVariant(11)).toBeNull();
    expect(creditsBadgeVariant(10)).toBe('warning');
    expect(creditsBadgeVariant(1)).toBe('warning');
    expect(creditsBadgeVariant(0)).toBe('danger');
  });
  it('prefixes the title with unread messages plus new likes', () => {
    expect(pageTitleWithCount('Cupido', 0, 0)).toBe('Cupido');
    expect(pageTitleWithCount('Cupido', 2, 3)).toBe('(5) Cupido');
  });
});

describe('termsVersionDate', () => {
  it('is 2023-12-01 12:00 UTC unless the company was added later', () => {
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2020-01-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2025-03-04T05:06:07Z').toISOString()).toBe('2025-03-04T05:06:07.000Z');
    expect(termsVersionDate('garbage').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });
});

describe('request retries', () => {
  it('backs off exponentially and never retries client errors', () => {
    expect([0, 1, 2, 3, 4].map((a) => retryDelayMs(a))).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(shouldRetryStatus(null)).toBe(true);
    expect(shouldRetryStatus(503)).toBe(true);
    expect(shouldRetryStatus(404)).toBe(false);
    expect(shouldRetryStatus(403)).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { STATIC_PAGE_SLUGS, type StaticPageSlug } from '@cupido/shared/rules/routes';
import type { TCompanyInfo } from '@cupido/shared/contracts/contracts';
import { renderWithProviders, settingsFixture } from '../../test/render-with-providers';
import { changeLocale } from '../../i18n/i18n';
import { checkCatalogues } from '../../i18n/catalogue-check';
import { useLocale } from '../locale/use-locale';
import StaticPage from './static-page';
import { formatTermsVersionDate } from './page-values';
import en from './texts/en.json';

const company: TCompanyInfo = {
  name: 'Amora Media B.V.',
  address: 'Herengracht 500',
  kvk: '87654321',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Amora', 'Cupido Test'],
  vat_numbers: ['NL123456789B01'],
  support_phone: '+31 20 123 4567',
  delete_discount: 0,
  added: '2020-05-05T10:00:00Z',
};

const englishTitles = en as Record<StaticPageSlug, { title: string }>;

function LocaleSwitch({ to }: { to: 'nl' | 'de' }) {
  const { setLocale } = useLocale();
  return <button onClick={() => void setLocale(to)}>switch to {to}</button>;
}

async function renderPage(slug: StaticPageSlug, options: Parameters<typeof renderWithProviders>[1] = {}) {
  const result = renderWithProviders(<StaticPage slug={slug} />, { companyInfo: company, ...options });
  await screen.findByRole('heading', { level: 1 });
  return result;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('en');
});

describe('static pages', () => {
  for (const slug of STATIC_PAGE_SLUGS) {
    it(`${slug}: shows its title, sections and the site's support address as a link`, async () => {
      await renderPage(slug);
      expect(screen.getByRole('heading', { level: 1 })).toHaveProperty('textContent', englishTitles[slug].title);
      expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(4);
      const mail = screen.getAllByRole('link', { name: settingsFixture.support_email })[0]!;
      expect(mail.getAttribute('href')).toBe(`mailto:${settingsFixture.support_email}`);
      // No placeholder is left unfilled.
      expect(document.body.textContent).not.toMatch(/\{\{|\}\}/);
      await waitFor(() => expect(document.title).toBe(`${englishTitles[slug].title} | ${settingsFixture.name}`));
    });
  }

  it('terms: names the company, its registration and the version date of 1 December 2023 for a company added earlier', async () => {
    await renderPage('terms');
    expect(screen.getByText('Version of 1 December 2023')).toBeTruthy();
    const operator = screen.getByRole('region', { name: `Who runs ${settingsFixture.name}` });
    expect(within(operator).getByText(/Amora Media B\.V\., Herengracht 500, Amsterdam, Netherlands/)).toBeTruthy();
    expect(
      within(operator).getByText(/\(KvK\) number: 87654321\. VAT number: NL123456789B01\. Trade names: Amora and Cupido Test\./),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Adults only (18+)' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeTruthy();
  });

  it('terms: the version date is the company added date when that is later', async () => {
    await renderPage('terms', { companyInfo: { ...company, added: '2024-03-15T10:00:00Z' } });
    expect(screen.getByText('Version of 15 March 2024')).toBeTruthy();
  });

  it('terms and faq show the fictional-profile badge from the settings', async () => {
    await renderPage('faq', { settings: { fictional_icon: '♦', fictional_plural: 'staff profiles', fictional_singular: 'staff profile' } });
    expect(screen.getByRole('button', { name: 'What are staff profiles, and how do I recognise them?' })).toBeTruthy();
    // The app's own SVG icon with the site's name for the mark, never the settings' emoji (an empty box without an emoji font).
    const badge = document.querySelector('.fictional-badge')!;
    expect(badge.querySelector('svg.fictional-icon[aria-hidden="true"]')).not.toBeNull();
    expect(badge.textContent).toMatch(/^ staff profiles?$/);
  });

  it('service: gives phone, e-mail and the postal address', async () => {
    await renderPage('service', { settings: { support_phone: '+31 (0)20 555 1234' } });
    expect(screen.getByRole('link', { name: '+31 (0)20 555 1234' }).getAttribute('href')).toBe('tel:+310205551234');
    expect(screen.getAllByText(/Amora Media B\.V\., Herengracht 500, Amsterdam, Netherlands/).length).toBeGreaterThan(0);
  });

  it('return policy and cookies use the refund period and the real cookie names', async () => {
    await renderPage('return-policy', { settings: { refund_days: 30 } });
    expect(screen.getByRole('heading', { name: 'Our refund within 30 days' })).toBeTruthy();
    cleanup();
    await renderPage('cookies');
    expect(screen.getByText(/^i18n_redirected: .*365 days/)).toBeTruthy();
    expect(screen.getByText(/starts with "auth".*30 days.*HttpOnly/)).toBeTruthy();
    expect(screen.getByText(/^site-entry-warning-dismissed/)).toBeTruthy();
  });

  it('shows a spinner while the company details load', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    renderWithProviders(<StaticPage slug="privacy" />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('switching the locale to Dutch renders the page in Dutch at once', async () => {
    renderWithProviders(
      <>
        <LocaleSwitch to="nl" />
        <StaticPage slug="terms" />
      </>,
      { companyInfo: company },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'switch to nl' }).click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Algemene voorwaarden' })).toBeTruthy();
    expect(screen.getByText('Versie van 1 december 2023')).toBeTruthy();
    expect(screen.getByText(/KvK-nummer: 87654321/)).toBeTruthy();
    // The title is set in an effect after the render that shows the heading.
    await waitFor(() => expect(document.title).toMatch(/^Algemene voorwaarden/));
  });

  it('opens directly in German when that is the locale', async () => {
    await changeLocale('de');
    renderWithProviders(<StaticPage slug="terms" />, { companyInfo: company, locale: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: /Geschäftsbedingungen/ })).toBeTruthy();
    expect(screen.getByText('Stand: 1. Dezember 2023')).toBeTruthy();
  });

  it('formats the version date in each locale', () => {
    expect(formatTermsVersionDate(null, 'en')).toBe('1 December 2023');
    expect(formatTermsVersionDate('2023-01-01', 'nl')).toBe('1 december 2023');
    expect(formatTermsVersionDate('2025-06-30T23:30:00Z', 'de')).toBe('30. Juni 2025');
  });

  it('every translation present has exactly the keys and placeholders of English', () => {
    const files = import.meta.glob<unknown>('./texts/*.json', { eager: true, import: 'default' });
    const catalogues = Object.fromEntries(
      Object.entries(files).map(([path, texts]) => [path.slice('./texts/'.length, -'.json'.length), texts]),
    );
    expect(Object.keys(catalogues)).toEqual(expect.arrayContaining(['en', 'nl', 'de']));
    expect(checkCatalogues(catalogues)).toEqual([]);
  });
});

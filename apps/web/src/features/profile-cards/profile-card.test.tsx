import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TProfileCard } from '@cupido/shared/contracts/profiles';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { changeLocale } from '../../i18n/i18n';
import { makeCard } from '../../test/profile-fixtures';
import { makeUser, renderWithProviders, userFixture, type RenderOptions } from '../../test/render-with-providers';
import { viewerCountry } from './distance-and-activity';
import { ProfileCard } from './profile-card';

// Issue 28: "about 12 km away" / "about 8 miles away" in the viewer's unit, and the activity marks.
const memberIn = (country: string) => makeUser({ profile: { ...userFixture.profile, country } });
const DUTCH_MEMBER = memberIn('NL');
const BRITISH_MEMBER = memberIn('GB');

async function renderCard(card: TProfileCard, options: RenderOptions = {}) {
  const locale: LocaleCode = options.locale ?? 'en';
  if (locale !== 'en') await changeLocale(locale);
  renderWithProviders(<ProfileCard profile={card} />, { user: DUTCH_MEMBER, ...options, locale });
  return screen.getByRole('link');
}

/** The card's distance line once the card texts are there. */
async function distanceOf(card: TProfileCard, options: RenderOptions = {}) {
  const link = await renderCard(card, options);
  await within(link).findByText(/\d/, { selector: '.distance-activity__distance' });
  return link.querySelector('.distance-activity__distance')!.textContent;
}

afterEach(async () => {
  await changeLocale('en');
});

describe('profile card: distance', () => {
  it('says the distance in km to a member outside the US and the UK', async () => {
    expect(await distanceOf(makeCard(1, { distance_km: 12 }))).toBe('about 12 km away');
  });

  it('says it in miles to a member in the UK, one mile and many, from the same km', async () => {
    expect(await distanceOf(makeCard(1, { distance_km: 13 }), { user: BRITISH_MEMBER })).toBe('about 8 miles away');
  });

  it('uses the singular for one mile', async () => {
    expect(await distanceOf(makeCard(1, { distance_km: 2 }), { user: memberIn('US') })).toBe('about 1 mile away');
  });

  it("writes large distances in the member's notation", async () => {
    expect(await distanceOf(makeCard(1, { distance_km: 1250 }), { locale: 'de' })).toBe('etwa 1.250 km entfernt');
  });

  it('takes the Polish plural forms of miles (one, few, many)', async () => {
    expect(await distanceOf(makeCard(1, { distance_km: 2 }), { user: BRITISH_MEMBER, locale: 'pl' })).toBe('około 1 mili od ciebie');
  });

  it.each([
    [5, 'około 3 mil od ciebie'],
    [40, 'około 25 mil od ciebie'],
    [35, 'około 22 mil od ciebie'],
  ])('Polish: %s km is "%s"', async (km, text) => {
    expect(await distanceOf(makeCard(1, { distance_km: km }), { user: BRITISH_MEMBER, locale: 'pl' })).toBe(text);
  });

  it("takes the unit from a visitor's country when nobody is logged in", async () => {
    expect(
      await distanceOf(makeCard(1, { distance_km: 13 }), { user: null, settings: { geoip_selected_country: 'US', geoip_country: 'NL' } }),
    ).toBe('about 8 miles away');
    expect(viewerCountry(null, { geoip_selected_country: null, geoip_country: null, countries: ['GB', 'NL'] })).toBe('GB');
    expect(viewerCountry(DUTCH_MEMBER, { geoip_selected_country: 'US', geoip_country: 'US', countries: ['US'] })).toBe('NL');
  });

  it('says nothing when the server gave no distance or activity', async () => {
    const link = await renderCard(makeCard(1));
    expect(within(link).getByText('Member 1, 30')).toBeTruthy();
    expect(link.querySelector('.distance-activity')).toBeNull();
    expect(link.textContent).not.toMatch(/away|online|active/i);
  });
});

describe('profile card: activity', () => {
  it('marks a member online now with words, not colour alone', async () => {
    const link = await renderCard(makeCard(1, { activity: 'online', distance_km: 3 }));
    const mark = await within(link).findByText('Online now');
    expect(mark.getAttribute('data-activity')).toBe('online');
    expect(mark.querySelector('.activity-mark__dot')!.getAttribute('aria-hidden')).toBe('true');
    // The link's name tells a screen reader user the same as the picture.
    expect(link.textContent).toContain('about 3 km away');
    expect(link.textContent).toContain('Online now');
  });

  it('marks a member active today, also without a distance', async () => {
    const link = await renderCard(makeCard(1, { activity: 'today' }));
    expect(await within(link).findByText('Active today')).toBeTruthy();
    expect(link.querySelector('.distance-activity__distance')).toBeNull();
  });

  it("speaks the member's language", async () => {
    const link = await renderCard(makeCard(1, { activity: 'today', distance_km: 8 }), { locale: 'fr' });
    expect(await within(link).findByText("Connecté(e) aujourd'hui")).toBeTruthy();
    expect(link.querySelector('.distance-activity__distance')!.textContent).toBe('à environ 8 km de vous');
  });
});

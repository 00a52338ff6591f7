import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, sentQueries, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { makeCard, makeOwnProfile } from '../../test/profile-fixtures';
import { stubPaymentApi } from '../premium/test/payments-test-kit';
import ActivateDonePage from './activate-done-page';

/** What the page asks besides the profile: the promo tiles (none) and the overview's search. */
const pageStubs = {
  'GET /api/promo-tiles.php': apiError(404, 'not_found', 'No promo tiles.'),
  'GET /api/search.php': {
    body: {
      profiles: [makeCard(5), makeCard(6, { is_fictional: true })],
      numResults: 2,
      results_capped: false,
      page: 1,
      per_page: 20,
      similar: [],
      similar_count: 0,
    },
  },
};

afterEach(() => vi.restoreAllMocks());

/** The welcome discount as GET /api/discountcode.php?welcome=true answers it. */
const welcomeCode = (percent: number, expired = false) => ({
  code: 'TIMEBONUS25',
  country: null,
  user_id: 7,
  expires: null,
  value_percentage: percent,
  currency: null,
  minimum_order_value: null,
  status: 'active',
  validity: 'once-per-user',
  expired,
  paymentmethods: [],
});
const justActivated = () => new Date(Date.now() - 60_000).toISOString();

const step = (id: string) => document.getElementById(`activate-done-step-${id}`)!;

describe('the welcome after activation (/activate/done)', () => {
  it('leads to a photo and the profile, nothing done yet, then search', async () => {
    stubApi({ ...pageStubs, 'GET /api/profile.php': { body: { profile: makeOwnProfile({ about: '', interests: [] }) } } });
    renderWithProviders(<ActivateDonePage />, { user: makeUser() });
    expect(screen.getByRole('link', { name: /Add a photo/ }).getAttribute('href')).toBe('/profile#photos-title');
    expect(screen.getByRole('link', { name: /Complete your profile/ }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe('/members');
    await waitFor(() => expect(document.getElementById('activate-done-progress')!.textContent).toBe('0 of 2 steps done'));
    expect(step('photo').dataset.done).toBe('false');
  });

  it('ticks off the photo and a completed profile', async () => {
    stubApi({
      ...pageStubs,
      'GET /api/profile.php': {
        body: { profile: makeOwnProfile({ gender: 'female', about: 'Hi there', interests: ['music'], city: 'Leeds' }) },
      },
    });
    const user = makeUser({
      profile: { ...makeUser().profile, main_image: { filename: 'a.jpg', thumb_filename: 'a-t.jpg', status: 'pending' } },
    });
    renderWithProviders(<ActivateDonePage />, { user });
    await waitFor(() => expect(document.getElementById('activate-done-progress')!.textContent).toBe('2 of 2 steps done'));
    expect(step('photo').dataset.done).toBe('true');
    expect(step('profile').textContent).toContain('Done');
  });

  it('shows the profile card, premium card with the discount badge, credits and the search button', async () => {
    const { problems } = stubPaymentApi({
      ...pageStubs,
      'GET /api/profile.php': { body: { profile: makeOwnProfile() } },
      'GET /api/discountcode.php': { body: welcomeCode(25) },
    });
    renderWithProviders(<ActivateDonePage />, {
      user: makeUser({ activated_at: justActivated(), profile: { ...makeUser().profile, name: 'Bo' } }),
      settings: { signup_credits: 20 },
    });
    expect(await screen.findByText('25% welcome discount')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeTruthy();
    expect(screen.getByText('Welcome, Bo!')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profile photo of Bo' }).textContent).toBe('B');
    expect(screen.getByText('Free credits added to your account: 20')).toBeTruthy();
    expect(screen.getByText('Up to 25 photos on your profile')).toBeTruthy();
    expect(screen.getByText('46% higher chance of a match')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');
    expect(screen.getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe('/members');
    expect(problems).toEqual([]);
  });

  it('shows no credits line when the site grants none', () => {
    stubApi({ ...pageStubs, 'GET /api/profile.php': { body: { profile: makeOwnProfile() } } });
    renderWithProviders(<ActivateDonePage />, { user: makeUser(), settings: { signup_credits: 0 } });
    expect(screen.queryByText(/Free credits/)).toBeNull();
  });

  it('the discount badge shows the discount that applies (the welcome code of this member), and none when none applies', async () => {
    const profile = { 'GET /api/profile.php': { body: { profile: makeOwnProfile() } } };
    const first = stubPaymentApi({ ...pageStubs, ...profile, 'GET /api/discountcode.php': { body: welcomeCode(30) } });
    const view = renderWithProviders(<ActivateDonePage />, { user: makeUser({ activated_at: justActivated() }) });
    expect((await screen.findByText('30% welcome discount')).id).toBe('activate-done-discount');
    expect(screen.getByText('on your first purchase, for a limited time')).toBeTruthy();
    view.unmount();
    vi.restoreAllMocks(); // a fresh fetch spy: the next page's calls alone

    // An expired code, or an offer whose 4 hours are over (no call at all): no badge, no offer text.
    const second = stubPaymentApi({ ...pageStubs, ...profile, 'GET /api/discountcode.php': { body: welcomeCode(25, true) } });
    const expired = renderWithProviders(<ActivateDonePage />, { user: makeUser({ activated_at: justActivated() }) });
    await waitFor(() => expect(sentQueries(second.api, 'GET /api/discountcode.php')).toEqual([{ welcome: 'true' }]));
    await waitFor(() => expect(document.getElementById('activate-done-overview')).not.toBeNull());
    expect(document.getElementById('activate-done-discount')).toBeNull();
    expect(screen.queryByText('on your first purchase, for a limited time')).toBeNull();
    expired.unmount();
    vi.restoreAllMocks();

    const late = stubApi({ ...pageStubs, ...profile });
    renderWithProviders(<ActivateDonePage />, { user: makeUser() });
    await waitFor(() => expect(document.getElementById('activate-done-overview')).not.toBeNull());
    expect(sentQueries(late, 'GET /api/discountcode.php')).toEqual([]);
    expect(document.getElementById('activate-done-discount')).toBeNull();
    expect([...first.problems, ...second.problems]).toEqual([]);
  });

  it('shows an overview of members from search, fictional ones disclosed, with the way into search', async () => {
    stubApi({ ...pageStubs, 'GET /api/profile.php': { body: { profile: makeOwnProfile() } } });
    renderWithProviders(<ActivateDonePage />, { user: makeUser() });
    const overview = await screen.findByRole('region', { name: 'Who is on Cupido Test' });
    await waitFor(() => expect(within(overview).getAllByRole('listitem')).toHaveLength(2));
    const cards = within(overview).getAllByRole('listitem');
    expect(within(cards[0]!).getByRole('link').getAttribute('href')).toBe('/members/5');
    expect(cards[0]!.querySelector('.fictional-badge')).toBeNull();
    expect(cards[1]!.querySelector('.fictional-badge')?.textContent).toContain('fictional profile');
    expect(within(overview).getByRole('link', { name: 'Search all members' }).getAttribute('href')).toBe('/members');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { LANDER_NAMES } from '@cupido/shared/rules/landers';
import { ROUTES } from '@cupido/shared/rules/routes';
import type { TSearchAnswer } from '@cupido/shared/contracts/profiles';
import { sentBodies, sentQueries, stubApi } from '../../test/api-stub';
import { makeCard, makeMemberAnswer } from '../../test/profile-fixtures';
import { companyInfoFixture, makeUser, renderWithProviders, type RenderOptions } from '../../test/render-with-providers';
import { LANDING_PAGE_STORAGE_KEY } from '../tracking/landing-page';
import { DefaultLayout } from '../../app/layouts/default-layout';
import { NotFoundPage } from '../errors/not-found-page';
import LanderPage, { LANDER_PAGES } from './lander-page';

const search = (
  profiles = [makeCard(11, { name: 'Mila', is_fictional: true, fictional_icon: '★' }), makeCard(12, { name: 'Noor' })],
): TSearchAnswer => ({
  profiles,
  numResults: profiles.length,
  results_capped: false,
  page: 1,
  per_page: 20,
  similar: [],
  similar_count: 0,
});

/** Members shown to visitors (logged_out_search), as on the demo site. */
const OPEN_SEARCH: RenderOptions['settings'] = { logged_out_search: 'all' };

function renderLander(path: string, options: RenderOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route
        path={ROUTES.landers}
        element={
          <LanderPage
            notFound={
              <DefaultLayout>
                <NotFoundPage />
              </DefaultLayout>
            }
          />
        }
      />
    </Routes>,
    { route: path, companyInfo: companyInfoFixture, ...options },
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // The entry warning was passed on an earlier visit: these tests are about the page under it.
  localStorage.setItem('site-entry-warning-dismissed', new Date().toISOString());
});
afterEach(() => vi.restoreAllMocks());

describe('landers', () => {
  it('has a page for every lander of the spec, tinderswipe alone in the empty layout', () => {
    expect(Object.keys(LANDER_PAGES).sort()).toEqual([...LANDER_NAMES].sort());
    expect(Object.entries(LANDER_PAGES).flatMap(([name, { layout }]) => (layout === 'empty' ? [name] : []))).toEqual(['tinderswipe']);
  });

  it.each(LANDER_NAMES.filter((name) => name !== 'tinderswipe'))(
    '/landers/%s: headline, the members with their disclosure, one signup action, terms and privacy',
    async (name) => {
      stubApi({ 'GET /api/search.php': { body: search() } });
      renderLander(`/landers/${name}`, { settings: OPEN_SEARCH });
      expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).toBeTruthy();
      // Every lander shows the fictional profile with its mark, and the other one without.
      const card = await waitFor(
        () => {
          const found = document.querySelector<HTMLElement>('[data-profile-id="11"]');
          expect(found).not.toBeNull();
          return found!;
        },
        { timeout: 5_000 },
      );
      expect(within(card).getByText('fictional profile')).toBeTruthy();
      expect(within(document.querySelector<HTMLElement>('[data-profile-id="12"]')!).queryByText('fictional profile')).toBeNull();
      expect(screen.getAllByRole('link', { name: 'Sign up free' })).toHaveLength(1);
      expect(document.querySelector('footer a[href="/pages/terms"]')).not.toBeNull();
      expect(document.querySelector('footer a[href="/pages/privacy"]')).not.toBeNull();
      expect(sessionStorage.getItem(LANDING_PAGE_STORAGE_KEY)).toBe(`/landers/${name}`);
    },
    15_000,
  );

  it('shows no member where visitors may not search, and never asks the server for them', async () => {
    const fetch = stubApi({});
    renderLander('/landers/gallery');
    expect(await screen.findByText('Sign up to see who is on Cupido Test.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Sign up free' })).toBeTruthy();
  });

  it('answers the 404 page for an unknown lander and for a slug on tinderswipe, in the default layout', async () => {
    for (const path of ['/landers/nosuchlander', '/landers/tinderswipe/romance']) {
      stubApi({});
      const { unmount } = renderLander(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be found' }, { timeout: 5_000 })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Sign up free' })).toBeNull();
      expect(sessionStorage.getItem(LANDING_PAGE_STORAGE_KEY)).toBeNull();
      unmount();
      vi.restoreAllMocks();
    }
  });

  it('a theme slug adds its line; an unknown slug falls back to the plain lander', async () => {
    stubApi({ 'GET /api/search.php': { body: search() } });
    const { unmount } = renderLander('/landers/gallery/Travel', { settings: OPEN_SEARCH });
    expect(await screen.findByText('For people who love to travel', {}, { timeout: 5_000 })).toBeTruthy();
    expect(sessionStorage.getItem(LANDING_PAGE_STORAGE_KEY)).toBe('/landers/gallery/travel');
    unmount();
    renderLander('/landers/gallery/no-such-theme', { settings: OPEN_SEARCH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse the gallery' }, { timeout: 5_000 })).toBeTruthy();
    expect(document.getElementById('lander-theme')).toBeNull();
    expect(sessionStorage.getItem(LANDING_PAGE_STORAGE_KEY)).toBe('/landers/gallery');
  });

  it('a profile id slug features that profile with its disclosure; an unknown one leaves it out', async () => {
    const fetch = stubApi({
      'GET /api/search.php': { body: search() },
      'GET /api/member.php': (_body, url) =>
        url.searchParams.get('id') === '42'
          ? {
              body: makeMemberAnswer({
                id: 42,
                name: 'Lotte',
                is_fictional: true,
                fictional: { icon: '★', singular: 'fictional profile', warning: 'Run by our staff.' },
              }),
            }
          : { status: 404, body: { error: { code: 'not_found', message: 'This profile does not exist.' } } },
    });
    const { unmount } = renderLander('/landers/video/42', { settings: OPEN_SEARCH });
    const featured = await screen.findByRole('heading', { name: 'Say hello to Lotte' }, { timeout: 5_000 });
    expect(within(featured.closest('section')!).getByText('fictional profile')).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/member.php')[0]).toMatchObject({ id: '42' });
    unmount();
    renderLander('/landers/video/99', { settings: OPEN_SEARCH });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(sentQueries(fetch, 'GET /api/member.php')).toHaveLength(2));
    expect(document.getElementById('lander-featured')).toBeNull();
  });

  it('tinderswipe: like and pass through the stack, then the signup modal; the signup request carries the lander as landing_page', async () => {
    const fetch = stubApi({
      'GET /api/search.php': { body: search() },
      'POST /api/signup.php': { status: 201, body: { user: makeUser({ status: 'not_confirmed' }) } },
    });
    const user = userEvent.setup();
    renderLander('/landers/tinderswipe', { settings: OPEN_SEARCH });
    expect(await screen.findByText('1 of 2', {}, { timeout: 5_000 })).toBeTruthy();
    expect(within(document.getElementById('lander-swipe-card')!).getByText('fictional profile')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Like/ }));
    expect(screen.getByText('2 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Pass/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    await user.click(within(dialog).getByRole('radio', { name: 'A woman' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Men' }));
    await user.type(within(dialog).getByLabelText('E-mail address'), 'lena@example.com');
    await user.type(within(dialog).getByLabelText('Username'), 'Lena');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.selectOptions(within(dialog).getByLabelText('Day'), '15');
    await user.selectOptions(within(dialog).getByLabelText('Month'), '05');
    await user.selectOptions(within(dialog).getByLabelText('Year'), '1990');
    await user.click(document.getElementById('signup-consent-terms')!);
    await user.click(within(dialog).getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/signup.php')).toHaveLength(1));
    expect(sentBodies(fetch, 'POST /api/signup.php')[0]).toMatchObject({ email: 'lena@example.com', landing_page: '/landers/tinderswipe' });
  }, 30_000);

  it("where signup is closed to the visitor, shows the site's notice instead of a signup form", async () => {
    stubApi({});
    renderLander('/landers/adultonly', { settings: { signups: 'with_trafficsource' } });
    expect(await screen.findByText('Signing up is by invitation only at the moment.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(document.getElementById('lander-signup-closed')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign up free' })).toBeNull();
  });
});

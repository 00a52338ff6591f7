import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUser } from '@cupido/shared/contracts/accounts';
import { i18n } from '../../i18n/i18n';
import { SESSION_QUERY_KEY } from '../session/use-session';
import type { ActivityCounts } from '../session/activity-counts';
import { sentBodies, stubApi } from '../../test/api-stub';
import { LocationProbe } from '../../test/location-probe';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { TopNavigation } from './top-navigation';

function renderNav(user: TUser | null, activity?: ActivityCounts, route = '/members') {
  return renderWithProviders(
    <>
      <TopNavigation />
      <LocationProbe />
    </>,
    { user, activity, route, settings: { cdn_prefix: '/photos/', show_all_languages: true } },
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const tabs = () => screen.getByRole('navigation', { name: 'Main places' });
const memberLinks = () => waitFor(() => within(nav()).getByRole('link', { name: /Search members/ }));
/** An element once it is there (waitFor retries only while the callback throws, and null does not throw). */
const required = <T,>(element: T | null): T => {
  expect(element).not.toBeNull();
  return element!;
};

afterEach(async () => {
  // Unmounted first: a mounted member's navigation would store the reset language with PUT /api/user.php.
  cleanup();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('top navigation', () => {
  it('for visitors: logo to the home page and a Login button leading to members', () => {
    renderNav(null);
    expect(within(nav()).getByRole('link', { name: 'Cupido Test' }).getAttribute('href')).toBe('/');
    expect(within(nav()).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/members');
    expect(document.getElementById('account-dropdown')).toBeNull();
  });

  it('for members: the spec links in order, the logo to members, Get Premium for a free member', async () => {
    renderNav(makeUser());
    await memberLinks();
    expect(within(nav()).getByRole('link', { name: 'Cupido Test' }).getAttribute('href')).toBe('/members');
    const tabBar = tabs();
    const links = within(nav())
      .getAllByRole('link')
      .filter((a) => !tabBar.contains(a))
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Cupido Test', '/members'],
      ['Search members', '/members'],
      ['Messages', '/chats'],
      ['Likes', '/likes'],
      ['Get Premium', '/premium'],
    ]);
    expect(within(nav()).queryByRole('link', { name: /Log in/ })).toBeNull();
    expect(document.getElementById('nav-credits')).toBeNull();
  });

  it('on a phone: a bottom tab bar of the five main places with the badges, the current one marked, and no menu to unfold', async () => {
    renderNav(makeUser(), { unreadMessages: 3, newLikes: 120 }, '/chats');
    await memberLinks();
    const links = within(tabs())
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]);
    expect(links).toEqual([
      ['Search', '/members', null],
      ['Likes99+(New likes: 120)', '/likes', null],
      ['Messages3(Unread messages: 3)', '/chats', 'page'],
      ['Premium', '/premium', null],
      ['Profile', '/profile', null],
    ]);
    // Only below md (Bootstrap's d-md-none), where the top bar keeps logo and account menu without a toggler.
    expect(tabs().className).toContain('d-md-none');
    expect(document.querySelector('.navbar-toggler')).toBeNull();
    expect(document.getElementById('account-dropdown')).not.toBeNull();
    expect(document.documentElement.classList.contains('has-bottom-tab-bar')).toBe(true);
  });

  it('a paid member with 5 credits sees Credits with a warning badge', async () => {
    renderNav(makeUser({ paid_user: true, credits: 5 }));
    await memberLinks();
    const credits = document.getElementById('nav-credits')!;
    expect(credits.getAttribute('href')).toBe('/credits');
    const badge = credits.querySelector('.badge')!;
    expect(badge.textContent).toBe('5');
    expect(badge.className).toContain('text-bg-warning');
    expect(credits.textContent).toContain('Credits left: 5');
    expect(document.getElementById('nav-premium')).toBeNull();
  });

  it('the credits badge turns danger at 0 and is gone above 10', async () => {
    const { unmount } = renderNav(makeUser({ paid_user: true, credits: 0 }));
    await memberLinks();
    expect(document.querySelector('#nav-credits .badge')!.className).toContain('text-bg-danger');
    unmount();
    renderNav(makeUser({ paid_user: true, credits: 11 }));
    await memberLinks();
    expect(document.querySelector('#nav-credits .badge')).toBeNull();
  });

  it('Messages and Likes carry their counts, capped at 99+', async () => {
    renderNav(makeUser(), { unreadMessages: 150, newLikes: 3 });
    await memberLinks();
    expect(document.querySelector('#nav-chats .badge')!.textContent).toBe('99+');
    expect(document.querySelector('#nav-likes .badge')!.textContent).toBe('3');
    expect(document.getElementById('nav-chats')!.textContent).toContain('Unread messages: 150');
  });

  it('no badges without unread messages or new likes', async () => {
    renderNav(makeUser());
    await memberLinks();
    expect(document.querySelector('#nav-chats .badge')).toBeNull();
    expect(document.querySelector('#nav-likes .badge')).toBeNull();
  });

  it('the account dropdown shows thumbnail and name, and opens with the keyboard', async () => {
    const user = userEvent.setup();
    const member = makeUser({
      profile: { ...makeUser().profile, name: 'Bo', main_image: { filename: 'a.jpg', thumb_filename: 'a-thumb.jpg', status: 'active' } },
    });
    renderNav(member);
    await memberLinks();
    const toggle = document.getElementById('account-dropdown')!;
    expect(toggle.textContent).toContain('Bo');
    expect(toggle.querySelector('img')!.getAttribute('src')).toBe('/photos/a-thumb.jpg');
    toggle.focus();
    await user.keyboard('{Enter}');
    const menu = await waitFor(() => required(document.querySelector<HTMLElement>('.dropdown-menu.show')));
    expect(within(menu).getByRole('button', { name: 'Log out' }).id).toBe('logout-link');
    expect(within(menu).getByText('My profile').getAttribute('href')).toBe('/profile');
    expect(within(menu).getByText('Settings').getAttribute('href')).toBe('/notifications');
  });

  it('the account menu closes on Escape and gives the focus back to its toggle', async () => {
    const user = userEvent.setup();
    renderNav(makeUser());
    await memberLinks();
    const toggle = document.getElementById('account-dropdown')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.id).toBe('profile-link');
    await user.keyboard('{Escape}');
    expect(document.querySelector('.dropdown-menu.show')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('on a phone the toggler opens and closes the collapsed navigation', async () => {
    const user = userEvent.setup();
    renderNav(null);
    const toggler = screen.getByRole('button', { name: 'Open or close the menu' });
    const collapse = document.getElementById('main-navigation')!;
    expect(toggler.getAttribute('aria-controls')).toBe('main-navigation');
    expect(collapse.classList.contains('show')).toBe(false);
    await user.click(toggler);
    expect(toggler.getAttribute('aria-expanded')).toBe('true');
    expect(collapse.classList.contains('show')).toBe(true);
    await user.keyboard('{Escape}');
    expect(collapse.classList.contains('show')).toBe(false);
    expect(document.activeElement).toBe(toggler);
  });

  it('without a usable photo the dropdown shows the initial', async () => {
    renderNav(
      makeUser({
        profile: { ...makeUser().profile, name: 'anna', main_image: { filename: 'a.jpg', thumb_filename: 't.jpg', status: 'pending' } },
      }),
    );
    await memberLinks();
    const toggle = document.getElementById('account-dropdown')!;
    expect(toggle.querySelector('img')).toBeNull();
    expect(toggle.querySelector('.member-avatar')!.textContent).toBe('A');
  });

  it('logout calls POST /api/logout.php, then loads / afresh (no member state survives)', async () => {
    const fetch = stubApi({ 'POST /api/logout.php': { body: { ok: true } } });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderNav(makeUser());
    await memberLinks();
    await user.click(document.getElementById('account-dropdown')!);
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a member's language choice is stored with PUT /api/user.php", async () => {
    const fetch = stubApi({ 'PUT /api/user.php': { body: { user: makeUser({ language: 'de' }) } } });
    const user = userEvent.setup();
    const { queryClient } = renderNav(makeUser());
    await memberLinks();
    await user.click(await waitFor(() => required(document.getElementById('locale-dropdown'))));
    await user.click(within(document.querySelector('.dropdown-menu.show') as HTMLElement).getByText('Deutsch'));
    await waitFor(() => expect(sentBodies(fetch, 'PUT /api/user.php')).toEqual([{ language: 'de' }]));
    await waitFor(() => expect((queryClient.getQueryData(SESSION_QUERY_KEY) as TUser).language).toBe('de'));
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useNavigate } from 'react-router';
import { render } from '@testing-library/react';
import { i18n } from '../../i18n/i18n';
import { LocaleProvider } from '../locale/locale-provider';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { TopNavigation } from '../navigation/top-navigation';
import BackButton from './back-button';
import { BACK_BUTTON_ROUTES, showBackButton } from './back-button-rules';

/** The display mode the page runs in: 'standalone' is the installed app. */
function displayMode(mode: 'standalone' | 'browser') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: mode === 'standalone' && query === '(display-mode: standalone)', media: query }) as MediaQueryList,
  );
}

/** The app's own place in the tab's history, as react-router's BrowserRouter keeps it. */
function inAppHistory(index: number) {
  window.history.replaceState({ idx: index }, '');
}

function renderAt(entries: string[]) {
  let go: ReturnType<typeof useNavigate> | null = null;
  function Navigator() {
    go = useNavigate();
    return null;
  }
  render(
    <I18nextProvider i18n={i18n}>
      <LocaleProvider initialLocale="en">
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
          <BackButton />
          <LocationProbe />
          <Navigator />
        </MemoryRouter>
      </LocaleProvider>
    </I18nextProvider>,
  );
  return { navigate: (to: string) => act(() => void go!(to)) };
}

const back = () => screen.queryByRole('button', { name: 'Back' });

beforeEach(() => {
  // Two entries in the tab's history: longer than 1.
  window.history.pushState(null, '', window.location.href);
  inAppHistory(1);
});
afterEach(() => {
  vi.restoreAllMocks();
  inAppHistory(0);
});

describe('Back button rules (spec section 2)', () => {
  const base = { installedApp: true, historyLength: 2, inAppIndex: 1 } as const;

  it('shows in the installed app on the five spec pages once there is somewhere in the app to go back to', () => {
    expect(BACK_BUTTON_ROUTES).toEqual(['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod']);
    for (const routeName of BACK_BUTTON_ROUTES) expect([routeName, showBackButton({ ...base, routeName })]).toEqual([routeName, true]);
  });

  it("never in a browser tab, on a history of one page, on the app's first page, or on other pages", () => {
    expect(showBackButton({ ...base, installedApp: false, routeName: 'members-id' })).toBe(false);
    expect(showBackButton({ ...base, historyLength: 1, routeName: 'members-id' })).toBe(false);
    // The app was opened on this page (from a notification, say): Back would leave the app.
    expect(showBackButton({ ...base, inAppIndex: 0, routeName: 'members-id' })).toBe(false);
    for (const routeName of ['members', 'likes', 'chats', 'chats-id', 'credits-repeat-order', 'profile', 'index', undefined] as const) {
      expect([routeName, showBackButton({ ...base, routeName })]).toEqual([routeName, false]);
    }
  });
});

describe('Back button', () => {
  it('in standalone display on a profile reached from the search: labelled, keyboard-reachable, goes back', async () => {
    displayMode('standalone');
    renderAt(['/members', '/members/12']);
    const button = await screen.findByRole('button', { name: 'Back' });
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(currentLocation()).toBe('/members');
    // On the search page itself there is none.
    expect(back()).toBeNull();
  });

  it('appears on the spec pages only, as the member moves through the app', async () => {
    displayMode('standalone');
    const { navigate } = renderAt(['/members', '/likes/m/5']);
    await screen.findByRole('button', { name: 'Back' });
    for (const [path, shown] of [
      ['/likes/liked-me', true],
      ['/credits', true],
      ['/credits/3/ideal', true],
      ['/credits/repeat-order', false],
      ['/chats', false],
      ['/likes', false],
      ['/members/9', true],
    ] as const) {
      navigate(path);
      if (shown) await screen.findByRole('button', { name: 'Back' });
      else expect([path, back()]).toEqual([path, null]);
    }
  });

  it('not on the page the app was opened on, nor in a normal browser tab', async () => {
    displayMode('standalone');
    inAppHistory(0);
    renderAt(['/members/12']);
    await act(() => i18n.loadNamespaces('installable-app'));
    expect(back()).toBeNull();

    displayMode('browser');
    inAppHistory(1);
    renderWithProviders(<TopNavigation />, { user: makeUser(), route: '/members/12' });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(back()).toBeNull();
  });

  it('the top bar carries it in standalone display, before the logo', async () => {
    displayMode('standalone');
    renderWithProviders(<TopNavigation />, { user: makeUser(), route: '/members/12' });
    const button = await screen.findByRole('button', { name: 'Back' });
    expect(
      button.compareDocumentPosition(screen.getByRole('link', { name: 'Cupido Test' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

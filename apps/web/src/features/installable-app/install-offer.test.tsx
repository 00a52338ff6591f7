import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render-with-providers';
import { heldInstallOffer, startInstallableApp } from './installed-app';
import { InstallOfferLauncher } from './install-offer-launcher';
import {
  INSTALL_OFFER_DELAY_MS,
  INSTALL_OFFER_DISMISSED_KEY,
  INSTALL_OFFER_FIRST_SEEN_KEY,
  installOfferKind,
  isIosSafari,
} from './install-offer-rules';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
const IPAD_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

/** What Chromium fires when the site can be installed; `outcome` is the member's answer in its dialog. */
function browserOffersInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  window.dispatchEvent(event);
  return event;
}

const firstSeenMinutesAgo = (minutes: number) =>
  window.localStorage.setItem(INSTALL_OFFER_FIRST_SEEN_KEY, String(Date.now() - minutes * 60_000));
const offer = () => document.getElementById('install-offer');

beforeAll(() => startInstallableApp());
afterEach(() => {
  window.dispatchEvent(new Event('appinstalled'));
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('install offer rules', () => {
  const base = { installedApp: false, promptHeld: true, iosSafari: false, dismissed: false, firstSeenAt: 0, now: INSTALL_OFFER_DELAY_MS };

  it("offers the browser's install once the site has been seen for a minute, else iOS's how-to", () => {
    expect(installOfferKind(base)).toBe('prompt');
    expect(installOfferKind({ ...base, promptHeld: false, iosSafari: true })).toBe('ios');
    expect(installOfferKind({ ...base, promptHeld: false })).toBeNull();
  });

  it('never in the installed app, once dismissed, in the first minute, or without storage', () => {
    expect(installOfferKind({ ...base, installedApp: true })).toBeNull();
    expect(installOfferKind({ ...base, dismissed: true })).toBeNull();
    expect(installOfferKind({ ...base, now: INSTALL_OFFER_DELAY_MS - 1 })).toBeNull();
    expect(installOfferKind({ ...base, firstSeenAt: null })).toBeNull();
  });

  it('knows Safari on an iPhone or iPad from other browsers', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_SAFARI, 0)).toBe(false); // a Mac
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
  });
});

describe('install offer', () => {
  it("holds the browser's own offer (no browser bar over the page) and installs from the member's click", async () => {
    const event = browserOffersInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    expect(heldInstallOffer()).toBe(event);
    firstSeenMinutesAgo(5);
    renderWithProviders(<InstallOfferLauncher />);
    expect(await screen.findByRole('heading', { name: 'Install Cupido Test as an app' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(offer()).toBeNull();
    expect(window.localStorage.getItem(INSTALL_OFFER_DISMISSED_KEY)).toBeNull();
  });

  it("a no in the browser's dialog, or the close button, is remembered", async () => {
    browserOffersInstall('dismissed');
    firstSeenMinutesAgo(5);
    const first = renderWithProviders(<InstallOfferLauncher />);
    await userEvent.click(await screen.findByRole('button', { name: 'Install the app' }));
    await waitFor(() => expect(window.localStorage.getItem(INSTALL_OFFER_DISMISSED_KEY)).not.toBeNull());
    first.unmount();

    window.localStorage.removeItem(INSTALL_OFFER_DISMISSED_KEY);
    browserOffersInstall('accepted');
    const second = renderWithProviders(<InstallOfferLauncher />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(offer()).toBeNull();
    expect(window.localStorage.getItem(INSTALL_OFFER_DISMISSED_KEY)).not.toBeNull();
    second.unmount();
    renderWithProviders(<InstallOfferLauncher />);
    expect(offer()).toBeNull();
  });

  it('nothing in the first minute of a first visit: the first page only notes the time', () => {
    browserOffersInstall('accepted');
    renderWithProviders(<InstallOfferLauncher />);
    expect(offer()).toBeNull();
    expect(Number(window.localStorage.getItem(INSTALL_OFFER_FIRST_SEEN_KEY))).toBeGreaterThan(Date.now() - 1000);
  });

  it('on iOS Safari, how to add the app to the Home Screen, dismissible', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    firstSeenMinutesAgo(5);
    renderWithProviders(<InstallOfferLauncher />);
    expect(await screen.findByRole('heading', { name: 'Add Cupido Test to your Home Screen' })).toBeTruthy();
    expect(offer()!.textContent).toContain('tap Share, then “Add to Home Screen”');
    expect(offer()!.textContent).toContain('notifications only work in the installed app');
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(offer()).toBeNull();
  });
});

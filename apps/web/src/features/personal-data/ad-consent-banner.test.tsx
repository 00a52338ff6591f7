import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sentBodies, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { readAdConsent, resetAdConsentMemory } from '../tracking/ad-consent';
import { captureTrackingParams, readTracking, rememberAdConsent, TRACKING_STORAGE_KEY } from '../tracking/tracking';
import { AdConsentBanner } from './ad-consent-banner';
import { AdConsentFooterChoice } from './ad-consent-footer-choice';

const banner = () => document.getElementById('ad-consent-banner');
const land = (url: string) => {
  window.history.replaceState(null, '', url);
  captureTrackingParams();
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetAdConsentMemory();
});
afterEach(() => vi.restoreAllMocks());

describe('ad-tracking consent banner', () => {
  it('asks a first-time visitor in a labelled region, Accept and Reject alike, the policy one link away', () => {
    renderWithProviders(<AdConsentBanner />);
    const region = screen.getByRole('region', { name: 'Ad tracking' });
    expect(region.id).toBe('ad-consent-banner');
    const accept = screen.getByRole('button', { name: 'Accept' });
    const reject = screen.getByRole('button', { name: 'Reject' });
    // Equally prominent: the same kind of button, side by side.
    expect(accept.className).toBe(reject.className);
    expect(accept.parentElement).toBe(reject.parentElement);
    expect(screen.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe('/pages/cookies');
    expect(region.getAttribute('aria-modal')).toBeNull();
  });

  it('can be answered with the keyboard alone', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdConsentBanner />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Cookie policy');
    await user.tab();
    expect(document.activeElement?.id).toBe('ad-consent-accept');
    await user.tab();
    expect(document.activeElement?.id).toBe('ad-consent-reject');
    await user.keyboard('{Enter}');
    expect(banner()).toBeNull();
    expect(readAdConsent()).toBe('rejected');
  });

  it("Accept: the visit's parameters are kept, and the banner does not come back", async () => {
    land('/?network=adnet&sub1=x');
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<AdConsentBanner />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(banner()).toBeNull();
    expect(JSON.parse(localStorage.getItem(TRACKING_STORAGE_KEY)!)).toEqual({ network: 'adnet', sub1: 'x' });
    unmount();
    renderWithProviders(<AdConsentBanner />);
    expect(banner()).toBeNull();
  });

  it('Reject: nothing is kept beyond this visit', async () => {
    land('/?network=adnet');
    const user = userEvent.setup();
    renderWithProviders(<AdConsentBanner />);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(banner()).toBeNull();
    expect(localStorage.getItem(TRACKING_STORAGE_KEY)).toBeNull();
    expect(readTracking()).toEqual({ network: 'adnet' });
  });

  it("a member's choice is stored on the server too, with the parameters of the visit that brought them", async () => {
    land('/?network=adnet&sub1=spring');
    const fetch = stubApi({ 'POST /api/consent.php': { body: { user: makeUser({ ad_tracking_consent: true }) } } });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<AdConsentBanner />, { user: makeUser({ ad_tracking_consent: null }) });
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(sentBodies(fetch, 'POST /api/consent.php')).toEqual([
        { kind: 'ad_tracking', granted: true, tracking: { network: 'adnet', sub1: 'spring' } },
      ]),
    );
    await waitFor(() => expect(queryClient.getQueryData<{ ad_tracking_consent: boolean }>(['session'])!.ad_tracking_consent).toBe(true));
    expect(banner()).toBeNull();
  });

  it('a member who chose on another device is not asked, and a withdrawal there is applied here', () => {
    const first = renderWithProviders(<AdConsentBanner />, { user: makeUser({ ad_tracking_consent: true }) });
    expect(banner()).toBeNull();
    expect(readAdConsent()).toBe('accepted');
    land('/?network=adnet');
    expect(localStorage.getItem(TRACKING_STORAGE_KEY)).not.toBeNull();
    first.unmount();
    renderWithProviders(<AdConsentBanner />, { user: makeUser({ ad_tracking_consent: false }) });
    expect(banner()).toBeNull();
    expect(readAdConsent()).toBe('rejected');
    expect(localStorage.getItem(TRACKING_STORAGE_KEY)).toBeNull();
  });
});

describe('changing the choice later', () => {
  it('a visitor reopens the banner from the footer and can choose again', async () => {
    rememberAdConsent('accepted');
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AdConsentBanner />
        <AdConsentFooterChoice />
      </>,
    );
    expect(banner()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ad tracking choices' }));
    expect(banner()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Ad tracking choices' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(readAdConsent()).toBe('rejected');
    expect(screen.getByRole('button', { name: 'Ad tracking choices' })).toBeTruthy();
  });

  it('a member is sent to the settings, where the choice is stored on the server too', () => {
    renderWithProviders(<AdConsentFooterChoice />, { user: makeUser({ ad_tracking_consent: true }) });
    expect(screen.getByRole('link', { name: 'Ad tracking choices' }).getAttribute('href')).toBe('/notifications');
  });
});

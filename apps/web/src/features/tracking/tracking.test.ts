import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_CONSENT_STORAGE_KEY, readAdConsent, resetAdConsentMemory } from './ad-consent';
import {
  captureTrackingParams,
  hasTrafficSource,
  readTracking,
  rememberAdConsent,
  signupTracking,
  TRACKING_STORAGE_KEY,
  VISIT_TRACKING_STORAGE_KEY,
} from './tracking';

const kept = () => localStorage.getItem(TRACKING_STORAGE_KEY);
const land = (url: string) => {
  window.history.replaceState(null, '', url);
  return captureTrackingParams();
};
/** A later visit: a new tab has a fresh sessionStorage, localStorage stays. */
const nextVisit = () => sessionStorage.clear();

describe('ad-tracking params', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    resetAdConsentMemory();
    window.history.replaceState(null, '', '/');
  });

  it('reads the params into this visit and removes them from the URL, keeping the others', () => {
    const found = land('/pages/faq?network=adnet&sub1=a&aff_sub5=z&cpc=0.2&email=a%40b.nl&country=NL#top');
    expect(found).toEqual({ network: 'adnet', sub1: 'a', aff_sub5: 'z', cpc: '0.2', email: 'a@b.nl' });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/pages/faq?country=NL#top');
    expect(readTracking()).toEqual(found);
    expect(hasTrafficSource()).toBe(true);
  });

  it('leaves sessionStorage unopened when the landing URL carries no parameters (decision 075: opening it costs a call to the browser process)', () => {
    const opened = vi.spyOn(window, 'sessionStorage', 'get');
    try {
      expect(land('/members?gender=female')).toEqual({});
      expect(opened).not.toHaveBeenCalled();
      land('/members?network=adnet');
      expect(opened).toHaveBeenCalled();
    } finally {
      opened.mockRestore();
    }
  });

  it('cuts an over-long value and drops a malformed one, removing both from the URL (issue 31)', () => {
    const long = 'x'.repeat(500);
    const found = land(`/landers/tinderswipe?network=n1&sub1=${long}&sub2=a%00b&sub3=li%0Ane&email=not-an-address&ref=%20%20&lb=1`);
    expect(found).toEqual({ network: 'n1', sub1: 'x'.repeat(200) });
    expect(window.location.pathname + window.location.search).toBe('/landers/tinderswipe?lb=1');
    expect(readTracking()).toEqual(found);
    // Storage written by hand or by an older version is cleaned when it is read.
    sessionStorage.setItem(
      VISIT_TRACKING_STORAGE_KEY,
      JSON.stringify({ network: 'n2', sub1: 'y'.repeat(300), sub2: 'bad\u0000', other: 'z' }),
    );
    expect(readTracking()).toEqual({ network: 'n2', sub1: 'y'.repeat(200) });
  });

  it('before any choice: nothing is kept across visits, yet this visit knows its source (the signup gate)', () => {
    land('/?network=adnet');
    expect(kept()).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(VISIT_TRACKING_STORAGE_KEY)!)).toEqual({ network: 'adnet' });
    expect(signupTracking()).toEqual({ tracking: { network: 'adnet' } });
    nextVisit();
    land('/');
    expect(readTracking()).toEqual({});
    expect(hasTrafficSource()).toBe(false);
  });

  it("accepting keeps this visit's params across visits, merged with later ones, and lets signup store them", () => {
    land('/?network=old&ref=r1');
    rememberAdConsent('accepted');
    expect(readAdConsent()).toBe('accepted');
    expect(JSON.parse(localStorage.getItem(AD_CONSENT_STORAGE_KEY)!)).toMatchObject({ choice: 'accepted' });
    nextVisit();
    land('/?network=new&sub=s');
    expect(readTracking()).toEqual({ network: 'new', ref: 'r1', sub: 's' });
    nextVisit();
    land('/');
    expect(readTracking()).toEqual({ network: 'new', ref: 'r1', sub: 's' });
    expect(signupTracking()).toEqual({ tracking: { network: 'new', ref: 'r1', sub: 's' }, consent_ad_tracking: true });
  });

  it('rejecting or withdrawing forgets what was kept; this visit still opens the gate', () => {
    rememberAdConsent('accepted');
    land('/?network=adnet');
    expect(kept()).not.toBeNull();
    rememberAdConsent('rejected');
    expect(kept()).toBeNull();
    expect(readTracking()).toEqual({ network: 'adnet' });
    expect(signupTracking()).toEqual({ tracking: { network: 'adnet' } });
    nextVisit();
    land('/?ref=again');
    expect(kept()).toBeNull();
    nextVisit();
    land('/');
    expect(readTracking()).toEqual({});
  });

  it('forgets params an older version kept without consent', () => {
    localStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ network: 'legacy' }));
    land('/');
    expect(kept()).toBeNull();
    expect(hasTrafficSource()).toBe(false);
  });

  it('leaves URL and storage alone when there is nothing to track', () => {
    expect(land('/?country=DE')).toEqual({});
    expect(window.location.search).toBe('?country=DE');
    expect(sessionStorage.getItem(VISIT_TRACKING_STORAGE_KEY)).toBeNull();
    expect(signupTracking()).toEqual({});
  });

  it('knows whether a traffic source is known (an e-mail alone is none)', () => {
    land('/?email=a%40b.nl');
    expect(hasTrafficSource()).toBe(false);
    land('/?aff_sub2=x');
    expect(hasTrafficSource()).toBe(true);
  });

  it('survives garbage in storage', () => {
    sessionStorage.setItem(VISIT_TRACKING_STORAGE_KEY, '{not json');
    localStorage.setItem(AD_CONSENT_STORAGE_KEY, '{not json');
    expect(readTracking()).toEqual({});
    expect(readAdConsent()).toBeNull();
    expect(hasTrafficSource()).toBe(false);
  });
});

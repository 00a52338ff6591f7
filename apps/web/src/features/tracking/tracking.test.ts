import { beforeEach, describe, expect, it } from 'vitest';
import { captureTrackingParams, hasTrafficSource, readTracking, TRACKING_STORAGE_KEY } from './tracking';

describe('ad-tracking params', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('stores the params, removes them from the URL and keeps the others', () => {
    window.history.replaceState(null, '', '/pages/faq?network=adnet&sub1=a&aff_sub5=z&cpc=0.2&email=a%40b.nl&country=NL#top');
    const found = captureTrackingParams();
    expect(found).toEqual({ network: 'adnet', sub1: 'a', aff_sub5: 'z', cpc: '0.2', email: 'a@b.nl' });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/pages/faq?country=NL#top');
    expect(readTracking()).toEqual(found);
  });

  it('merges with what an earlier visit stored', () => {
    localStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ network: 'old', ref: 'r1' }));
    window.history.replaceState(null, '', '/?network=new&sub=s');
    captureTrackingParams();
    expect(readTracking()).toEqual({ network: 'new', ref: 'r1', sub: 's' });
    expect(window.location.search).toBe('');
  });

  it('leaves URL and storage alone when there is nothing to track', () => {
    window.history.replaceState(null, '', '/?country=DE');
    expect(captureTrackingParams()).toEqual({});
    expect(window.location.search).toBe('?country=DE');
    expect(localStorage.getItem(TRACKING_STORAGE_KEY)).toBeNull();
  });

  it('knows whether a traffic source is known (an e-mail alone is none)', () => {
    expect(hasTrafficSource()).toBe(false);
    localStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ email: 'a@b.nl' }));
    expect(hasTrafficSource()).toBe(false);
    localStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ aff_sub2: 'x' }));
    expect(hasTrafficSource()).toBe(true);
  });

  it('survives garbage in storage', () => {
    localStorage.setItem(TRACKING_STORAGE_KEY, '{not json');
    expect(readTracking()).toEqual({});
    expect(hasTrafficSource()).toBe(false);
  });
});

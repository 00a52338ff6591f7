import { describe, expect, it } from 'vitest';
import { cleanLandingPage, cleanTracking, cleanTrackingValue, LANDING_PAGE_MAX, TRACKING_VALUE_MAX } from './tracking';

describe('tracking values', () => {
  it('keeps an ordinary value, trimmed', () => {
    expect(cleanTrackingValue('network', '  n1 ')).toBe('n1');
    expect(cleanTrackingValue('sub1', 'abc-123_x.y~z%20')).toBe('abc-123_x.y~z%20');
  });

  it('cuts an over-long value to the limit, never in the middle of a character', () => {
    expect(cleanTrackingValue('ref', 'r'.repeat(500))).toBe('r'.repeat(TRACKING_VALUE_MAX));
    const emoji = `${'a'.repeat(TRACKING_VALUE_MAX - 1)}😀tail`;
    const cut = cleanTrackingValue('sub2', emoji)!;
    expect(cut).toBe('a'.repeat(TRACKING_VALUE_MAX - 1));
    expect(cut.length).toBeLessThanOrEqual(TRACKING_VALUE_MAX);
  });

  it('drops empty and malformed values: control characters, NUL, lone surrogates', () => {
    for (const raw of ['', '   ', 'a\u0000b', 'line\nbreak', 'tab\there', 'del\u007f', 'c1\u0085', 'lone\uD800', '\uDC00x']) {
      expect(cleanTrackingValue('sub3', raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('keeps an e-mail address only when it is one, lower-cased', () => {
    expect(cleanTrackingValue('email', ' Anna@Example.COM ')).toBe('anna@example.com');
    expect(cleanTrackingValue('email', 'not-an-address')).toBeNull();
    expect(cleanTrackingValue('email', `${'a'.repeat(250)}@example.com`)).toBeNull();
  });

  it('keeps only the known parameters of a record, with their cleaned values', () => {
    expect(
      cleanTracking({
        network: 'n1',
        sub1: 's'.repeat(300),
        sub2: 'x\u0000',
        email: 'bad',
        utm_source: 'other',
        cpc: 12 as unknown as string,
      }),
    ).toEqual({
      network: 'n1',
      sub1: 's'.repeat(TRACKING_VALUE_MAX),
    });
    expect(cleanTracking(undefined)).toEqual({});
  });
});

describe('cleanLandingPage', () => {
  it('keeps a path of this site without its query or fragment', () => {
    expect(cleanLandingPage('/landers/tinderswipe?network=n1&sub1=s1')).toBe('/landers/tinderswipe');
    expect(cleanLandingPage(' /landers/video/beach#top ')).toBe('/landers/video/beach');
  });

  it('drops what is no path of this site, a malformed path and an over-long one', () => {
    expect(cleanLandingPage(undefined)).toBeNull();
    expect(cleanLandingPage('')).toBeNull();
    expect(cleanLandingPage('landers/adultonly')).toBeNull();
    expect(cleanLandingPage('//evil.example/landers')).toBeNull();
    expect(cleanLandingPage('https://evil.example/')).toBeNull();
    expect(cleanLandingPage('/landers/\u0000x')).toBeNull();
    expect(cleanLandingPage(`/${'a'.repeat(LANDING_PAGE_MAX)}`)).toBeNull();
    expect(cleanLandingPage(`/${'a'.repeat(LANDING_PAGE_MAX - 1)}`)).toHaveLength(LANDING_PAGE_MAX);
  });
});

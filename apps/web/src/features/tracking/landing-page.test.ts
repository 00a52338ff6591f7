import { beforeEach, describe, expect, it } from 'vitest';
import { LANDING_PAGE_STORAGE_KEY, rememberLandingPage, signupLandingPage } from './landing-page';

beforeEach(() => sessionStorage.clear());

describe('the landing page a signup reports', () => {
  it('is nothing until a lander notes its path, then that path (the last lander of the visit)', () => {
    expect(signupLandingPage()).toEqual({});
    rememberLandingPage('/landers/gallery/travel');
    expect(signupLandingPage()).toEqual({ landing_page: '/landers/gallery/travel' });
    rememberLandingPage('/landers/tinderswipe');
    expect(signupLandingPage()).toEqual({ landing_page: '/landers/tinderswipe' });
  });

  it('keeps no query and nothing that is not a path of this site', () => {
    rememberLandingPage('/landers/video?email=a@b.c');
    expect(signupLandingPage()).toEqual({ landing_page: '/landers/video' });
    sessionStorage.clear();
    rememberLandingPage('https://elsewhere.example/x');
    rememberLandingPage('//elsewhere.example/x');
    expect(signupLandingPage()).toEqual({});
    sessionStorage.setItem(LANDING_PAGE_STORAGE_KEY, 'javascript:alert(1)');
    expect(signupLandingPage()).toEqual({});
  });
});

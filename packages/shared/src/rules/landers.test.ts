import { describe, expect, it } from 'vitest';
import { isLanderPathname, LANDER_NAMES, resolveLander } from './landers';
import { isServedPath } from './routes';

describe('landers', () => {
  it('knows the eleven landers of the spec, with and without a slug', () => {
    expect(LANDER_NAMES).toHaveLength(11);
    for (const name of LANDER_NAMES)
      expect(resolveLander(name)).toMatchObject({ name, theme: null, featuredProfileId: null, path: `/landers/${name}` });
  });

  it('answers no page for an unknown name, or a slug on adultonly, tinderswipe and whoneedsstrings', () => {
    expect(resolveLander('nosuchlander')).toBeNull();
    expect(resolveLander('Gallery')).toBeNull();
    expect(resolveLander('tinderswipe', 'romance')).toBeNull();
    expect(resolveLander('adultonly', '12')).toBeNull();
    expect(resolveLander('whoneedsstrings', '')).toMatchObject({ name: 'whoneedsstrings' });
  });

  it('reads a slug as a theme or a featured profile, and falls back to the plain lander for any other slug', () => {
    expect(resolveLander('gallery', 'Romance')).toMatchObject({
      theme: 'romance',
      featuredProfileId: null,
      path: '/landers/gallery/romance',
    });
    expect(resolveLander('video', '42')).toMatchObject({ theme: null, featuredProfileId: 42, path: '/landers/video/42' });
    for (const slug of ['amsterdam-xyz', '0', '007', '99999999999', '-3', '4.5']) {
      expect(resolveLander('maplanding', slug), slug).toMatchObject({
        name: 'maplanding',
        theme: null,
        featuredProfileId: null,
        path: '/landers/maplanding',
      });
    }
  });

  it('serves lander paths and answers 404 for unknown ones (the server uses isServedPath)', () => {
    for (const path of [
      '/landers/adultonly',
      '/landers/tinderswipe/',
      '/landers/gallery',
      '/landers/gallery/travel',
      '/landers/video/12',
      '/landers/socialnetwork/whatever',
    ]) {
      expect(isLanderPathname(path), path).toBe(true);
      expect(isServedPath(path), path).toBe(true);
    }
    for (const path of ['/landers', '/landers/', '/landers/nope', '/landers/tinderswipe/x', '/landers/gallery/a/b', '/landersx/gallery']) {
      expect(isLanderPathname(path), path).toBe(false);
      expect(isServedPath(path), path).toBe(false);
    }
  });
});

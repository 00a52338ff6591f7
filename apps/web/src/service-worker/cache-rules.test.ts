import { describe, expect, it } from 'vitest';
import { cacheName, fetchStrategy, isAppCache } from './cache-rules';

const ORIGIN = 'https://amora.example';
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: `${ORIGIN}${path}` });

describe('service worker: what is cached (decision 041)', () => {
  it('pages go to the network first (the offline page as fallback), hashed files are cached', () => {
    expect(fetchStrategy(get('/members/12', 'navigate'), ORIGIN)).toBe('navigation');
    expect(fetchStrategy(get('/', 'navigate'), ORIGIN)).toBe('navigation');
    expect(fetchStrategy(get('/assets/members-page-Ab12.js'), ORIGIN)).toBe('asset');
    expect(fetchStrategy(get('/assets/index-Cx9.css', 'no-cors'), ORIGIN)).toBe('asset');
    // The offline page's script must load without a network too.
    expect(fetchStrategy(get('/offline.js', 'no-cors'), ORIGIN)).toBe('asset');
  });

  it('never caches API answers, photos, the back office, other origins or anything but GET', () => {
    for (const path of [
      '/api/user.php',
      '/api/search.php?page=2',
      '/api',
      '/photos/12/abc.webp',
      '/admin',
      '/admin/members',
      '/assets/admin/admin-X.js',
    ]) {
      expect([path, fetchStrategy(get(path), ORIGIN)]).toEqual([path, 'network']);
      expect([path, fetchStrategy(get(path, 'navigate'), ORIGIN)]).toEqual([path, 'network']);
    }
    expect(fetchStrategy({ method: 'POST', mode: 'cors', url: `${ORIGIN}/assets/x.js` }, ORIGIN)).toBe('network');
    expect(fetchStrategy({ method: 'GET', mode: 'cors', url: 'https://cdn.example/assets/x.js' }, ORIGIN)).toBe('network');
    // Files outside /assets/ (icons, manifest, the worker itself) keep their HTTP caching only.
    expect(fetchStrategy(get('/manifest.webmanifest'), ORIGIN)).toBe('network');
    expect(fetchStrategy(get('/sw-push.js?v=2'), ORIGIN)).toBe('network');
    // A path that only starts like /api is a page.
    expect(fetchStrategy(get('/apiary', 'navigate'), ORIGIN)).toBe('navigation');
  });

  it("names caches per version, and knows its own from the origin's other caches", () => {
    expect(cacheName('abc')).toBe('cupido-app-abc');
    expect(isAppCache(cacheName('old'))).toBe(true);
    expect(isAppCache('someone-else')).toBe(false);
  });
});

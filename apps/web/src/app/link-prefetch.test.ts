import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchChunkFiles, forgetRouteChunkMap, importedChunkFile, mayPrefetch, startLinkPrefetch } from './link-prefetch';

/** jsdom has no IntersectionObserver: this one lets the test say which links came into view. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined;
  observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  show(...elements: Element[]) {
    this.callback(
      elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}

const withConnection = (connection: object | undefined) => ({ connection }) as unknown as Navigator;

function page(html: string) {
  document.body.innerHTML = html;
  return (selector: string) => document.querySelector(selector)!;
}

describe('link prefetch', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    window.history.replaceState(null, '', '/members');
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('is off on 2g and with data saver, on elsewhere', () => {
    expect(mayPrefetch(withConnection({ saveData: true, effectiveType: '4g' }))).toBe(false);
    expect(mayPrefetch(withConnection({ effectiveType: '2g' }))).toBe(false);
    expect(mayPrefetch(withConnection({ effectiveType: 'slow-2g' }))).toBe(false);
    expect(mayPrefetch(withConnection({ effectiveType: '3g', saveData: false }))).toBe(true);
    expect(mayPrefetch(withConnection(undefined))).toBe(true);
  });

  it('fetches the page of each link that comes into view, once per page, one per idle moment, and not this page or other sites', async () => {
    vi.useFakeTimers();
    const $ = page(`
      <a id="profile" href="/members/12">Anna</a><a id="again" href="/members/12">Anna again</a>
      <a id="chats" href="/chats">Messages</a><a id="here" href="/members">Search</a>
      <a id="away" href="https://example.org/x">Elsewhere</a>`);
    const preload = vi.fn();
    stop = startLinkPrefetch(preload, document, withConnection({ effectiveType: '4g' }));
    const seen = FakeIntersectionObserver.last!;
    expect(seen.observed.size).toBe(4); // same-origin links only
    seen.show($('#profile'), $('#again'), $('#here'));
    seen.show($('#chats'));
    expect(preload).not.toHaveBeenCalled();
    await vi.advanceTimersToNextTimerAsync();
    expect(preload.mock.calls).toEqual([['/members/12']]);
    await vi.advanceTimersToNextTimerAsync();
    expect(preload.mock.calls).toEqual([['/members/12'], ['/chats']]);
    await vi.runAllTimersAsync();
    expect(preload).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('fetches the page of a link the pointer rests on or the keyboard focuses', () => {
    const $ = page(`<a id="likes" href="/likes"><span id="inner">Likes</span></a><a id="credits" href="/credits">Credits</a>`);
    const preload = vi.fn();
    stop = startLinkPrefetch(preload, document, withConnection({ effectiveType: '4g' }));
    $('#inner').dispatchEvent(new Event('pointerover', { bubbles: true }));
    ($('#credits') as HTMLAnchorElement).focus();
    expect(preload.mock.calls).toEqual([['/likes'], ['/credits']]);
  });

  it('looks again when the page shows new links', async () => {
    vi.useFakeTimers();
    try {
      page('<main id="main"></main>');
      const preload = vi.fn();
      stop = startLinkPrefetch(preload, document, withConnection(undefined));
      const link = document.createElement('a');
      link.href = '/members/7';
      document.getElementById('main')!.append(link);
      await vi.advanceTimersByTimeAsync(400);
      FakeIntersectionObserver.last!.show(link);
      await vi.runAllTimersAsync();
      expect(preload).toHaveBeenCalledWith('/members/7');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing with data saver on', () => {
    const $ = page('<a id="chats" href="/chats">Messages</a>');
    const preload = vi.fn();
    FakeIntersectionObserver.last = undefined;
    stop = startLinkPrefetch(preload, document, withConnection({ saveData: true }));
    $('#chats').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(FakeIntersectionObserver.last).toBeUndefined();
    expect(preload).not.toHaveBeenCalled();
  });

  it('fetches nothing while offline and the link once the device is back online', () => {
    const $ = page('<a id="chats" href="/chats">Messages</a>');
    const preload = vi.fn();
    const nav = { connection: undefined, onLine: false } as unknown as Navigator & { onLine: boolean };
    stop = startLinkPrefetch(preload, document, nav);
    $('#chats').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preload).not.toHaveBeenCalled();
    nav.onLine = true;
    $('#chats').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preload).toHaveBeenCalledExactlyOnceWith('/chats');
  });
});

describe('fetching a lazy page’s files without running them (decision 069)', () => {
  /** A page's import as the build writes it (Vite's preload wrapper around the import of the chunk). */
  const built = (file: string) => {
    const load = async () => undefined;
    load.toString = () => `()=>I(()=>import(\`./${file}\`),__vite__mapDeps([9,2,10]))`;
    return load;
  };
  const links = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);

  beforeEach(() => {
    forgetRouteChunkMap();
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/common.js">';
  });

  it('reads the chunk’s file from the import the build wrote, and nothing from the dev server’s', () => {
    expect(importedChunkFile(built('BcwrJWyp.js'))).toBe('BcwrJWyp.js');
    const quoted = async () => undefined;
    quoted.toString = () => '() => import("./-rhw8MXo.js")';
    expect(importedChunkFile(quoted)).toBe('-rhw8MXo.js');
    const dev = async () => undefined;
    dev.toString = () => "() => import('/src/features/members/members-page.tsx')";
    expect(importedChunkFile(dev)).toBeNull();
    expect(fetchChunkFiles(dev, document, vi.fn())).toBe(false);
  });

  it('adds a module preload for each script and a style prefetch for each stylesheet, once, with one read of the map', async () => {
    const map = {
      'page.js': ['/assets/page.js', '/assets/common.js', '/assets/page.css'],
      'other.js': ['/assets/other.js', '/assets/common.js'],
    };
    const loadMap = vi.fn(async () => map);
    expect(fetchChunkFiles(built('page.js'), document, loadMap)).toBe(true);
    expect(fetchChunkFiles(built('other.js'), document, loadMap)).toBe(true);
    expect(fetchChunkFiles(built('page.js'), document, loadMap)).toBe(true);
    await vi.waitFor(() => expect(links()).toHaveLength(4));
    expect(links()).toEqual([
      'modulepreload /assets/common.js',
      'modulepreload /assets/page.js',
      'prefetch /assets/page.css',
      'modulepreload /assets/other.js',
    ]);
    expect(document.head.querySelector<HTMLLinkElement>('link[href="/assets/page.css"]')!.as).toBe('style');
    expect(loadMap).toHaveBeenCalledOnce();
  });

  it('adds one link a task, so the files of a chunk never make one long task together', async () => {
    vi.useFakeTimers();
    try {
      const map = Promise.resolve({ 'page.js': ['/assets/page.js', '/assets/common.js', '/assets/page-dep.js', '/assets/page.css'] });
      expect(fetchChunkFiles(built('page.js'), document, () => map)).toBe(true);
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
      expect(links()).toEqual(['modulepreload /assets/common.js']);
      const added: number[] = [];
      while (vi.getTimerCount() > 0) {
        vi.advanceTimersToNextTimer();
        added.push(links().length - 1 - added.reduce((sum, count) => sum + count, 0));
      }
      // One task each for page.js, common.js (already linked: nothing added), page-dep.js and page.css.
      expect(added).toEqual([1, 0, 1, 1]);
      expect(links()).toEqual([
        'modulepreload /assets/common.js',
        'modulepreload /assets/page.js',
        'modulepreload /assets/page-dep.js',
        'prefetch /assets/page.css',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches nothing when the map could not be read or does not know the file', async () => {
    const loadMap = vi.fn(async () => null);
    expect(fetchChunkFiles(built('page.js'), document, loadMap)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(links()).toEqual(['modulepreload /assets/common.js']);
    forgetRouteChunkMap();
    expect(fetchChunkFiles(built('gone.js'), document, async () => ({ 'page.js': ['/assets/page.js'] }))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(links()).toEqual(['modulepreload /assets/common.js']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { startBounceLogging, wantsBounceLogging } from './bounce-logging';

function fakeDocument() {
  const listeners: (() => void)[] = [];
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    hide() {
      doc.visibilityState = 'hidden';
      listeners.forEach((listener) => listener());
    },
    show() {
      doc.visibilityState = 'visible';
      listeners.forEach((listener) => listener());
    },
  };
  return doc;
}

const deps = (overrides: Partial<Parameters<typeof startBounceLogging>[0]> = {}) => ({
  path: '/landers/tinderswipe',
  consented: () => false,
  tracking: () => ({ network: 'n1', sub1: 's1', email: 'a@b.nl' }),
  post: vi.fn(async () => ({ ok: true })),
  sendBeacon: vi.fn(() => true),
  doc: fakeDocument() as unknown as Document,
  onConsentChange: vi.fn((_listener: () => void) => () => undefined),
  ...overrides,
});

describe('bounce logging', () => {
  it('is asked for by lb in the query', () => {
    expect(wantsBounceLogging('?network=n1&lb=1')).toBe(true);
    expect(wantsBounceLogging('?lb')).toBe(true);
    expect(wantsBounceLogging('?network=n1')).toBe(false);
  });

  it('logs the visit without its source when ad tracking was not accepted, and beacons each time the page is hidden', async () => {
    const d = deps();
    await startBounceLogging(d);
    expect(d.post).toHaveBeenCalledWith('/api/page-visit.php', { path: '/landers/tinderswipe' });
    const doc = d.doc as unknown as ReturnType<typeof fakeDocument>;
    doc.show();
    expect(d.sendBeacon).not.toHaveBeenCalled();
    doc.hide();
    doc.show();
    doc.hide();
    expect(d.sendBeacon).toHaveBeenCalledTimes(2);
    const [url, body] = vi.mocked(d.sendBeacon).mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/page-hidden.php');
    expect(body.type).toBe('application/json');
    expect(await body.text()).toBe('{}');
  });

  it('sends the source with the consent, never the e-mail address', async () => {
    const d = deps({ consented: () => true });
    await startBounceLogging(d);
    expect(d.post).toHaveBeenCalledWith('/api/page-visit.php', { path: '/landers/tinderswipe', tracking: { network: 'n1', sub1: 's1' } });
  });

  it('sends no beacon when the visit could not be logged', async () => {
    const d = deps({ post: vi.fn(async () => Promise.reject(new Error('429'))) });
    await startBounceLogging(d);
    (d.doc as unknown as ReturnType<typeof fakeDocument>).hide();
    expect(d.sendBeacon).not.toHaveBeenCalled();
  });

  it('sends the source once the visitor accepts ad tracking after the visit was logged, and only once', async () => {
    let consented = false;
    const listeners = new Set<() => void>();
    const d = deps({
      consented: () => consented,
      onConsentChange: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    await startBounceLogging(d);
    expect(d.post).toHaveBeenCalledExactlyOnceWith('/api/page-visit.php', { path: '/landers/tinderswipe' });
    listeners.forEach((listener) => listener()); // a change that is no acceptance
    expect(d.post).toHaveBeenCalledOnce();
    consented = true;
    [...listeners].forEach((listener) => listener());
    expect(d.post).toHaveBeenLastCalledWith('/api/page-source.php', { tracking: { network: 'n1', sub1: 's1' } });
    expect(listeners.size).toBe(0);
    expect(d.post).toHaveBeenCalledTimes(2);
  });
});

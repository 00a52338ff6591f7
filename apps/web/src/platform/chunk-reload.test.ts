import { describe, expect, it, vi, type Mock } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS } from '@cupido/shared/rules/constants';
import { CHUNK_RELOAD_STORAGE_KEY, lazyWithReload, loadChunk, reloadForFailedChunk, type ChunkReloadDeps } from './chunk-reload';

function deps(now: number, stored: string | null = null): ChunkReloadDeps & { reload: Mock<() => void>; store: Map<string, string> } {
  const store = new Map<string, string>();
  if (stored !== null) store.set(CHUNK_RELOAD_STORAGE_KEY, stored);
  return {
    store,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    now: () => now,
    reload: vi.fn<() => void>(),
    isOffline: () => false,
    whenOnline: () => Promise.resolve(),
  };
}

describe('chunk reload guard', () => {
  it('reloads the first time and remembers when', () => {
    const d = deps(1_000_000);
    expect(reloadForFailedChunk(d)).toBe(true);
    expect(d.reload).toHaveBeenCalledOnce();
    expect(d.store.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('1000000');
  });

  it('does not reload again within a minute', () => {
    const d = deps(1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, '1000000');
    expect(reloadForFailedChunk(d)).toBe(false);
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('reloads again once the minute has passed', () => {
    const d = deps(1_000_000 + CHUNK_RELOAD_GUARD_MS, '1000000');
    expect(reloadForFailedChunk(d)).toBe(true);
  });

  it('rethrows the import error when it may not reload, so the error page shows', async () => {
    const d = deps(5, '0');
    await expect(loadChunk(() => Promise.reject(new Error('chunk gone')), d)).rejects.toThrow('chunk gone');
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('offline, waits for the connection and tries again instead of reloading into the offline page', async () => {
    let online!: () => void;
    const d = { ...deps(1_000_000), isOffline: () => true, whenOnline: () => new Promise<void>((resolve) => (online = resolve)) };
    const load = vi
      .fn<() => Promise<{ default: number }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValueOnce({ default: 2 });
    const loaded = loadChunk(load, d);
    await vi.waitFor(() => expect(online).toBeTypeOf('function'));
    expect(load).toHaveBeenCalledOnce();
    expect(d.reload).not.toHaveBeenCalled();
    online();
    await expect(loaded).resolves.toEqual({ default: 2 });
    expect(load).toHaveBeenCalledTimes(2);
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('reloads when the chunk still fails once the connection is back (a new version meanwhile)', async () => {
    const d = { ...deps(1_000_000), isOffline: () => true };
    void loadChunk(() => Promise.reject(new Error('Failed to fetch')), d);
    await vi.waitFor(() => expect(d.reload).toHaveBeenCalledOnce());
  });

  it('passes a successful import through', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }), deps(0))).resolves.toEqual({ default: 1 });
  });
});

describe('prefetch of a lazy page', () => {
  it('swallows a failed fetch without the reload guard (link prefetch offline or on a blip)', async () => {
    window.sessionStorage.removeItem(CHUNK_RELOAD_STORAGE_KEY);
    const load = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const Page = lazyWithReload(load);
    await expect(Page.prefetch()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledOnce();
    // The guard writes its time before it reloads: nothing was written, so nothing reloaded.
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBeNull();
  });

  it('fetches the chunk that the page then renders from', async () => {
    const module = { default: () => null };
    const load = vi.fn(() => Promise.resolve(module));
    const Page = lazyWithReload(load);
    await Page.prefetch();
    await expect(Page.preload()).resolves.toBe(module);
  });
});

import { describe, expect, it, vi, type Mock } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS } from '@cupido/shared/constants';
import { CHUNK_RELOAD_STORAGE_KEY, loadChunk, reloadForFailedChunk, type ChunkReloadDeps } from './chunk-reload';

function deps(now: number, stored: string | null = null): ChunkReloadDeps & { reload: Mock<() => void>; store: Map<string, string> } {
  const store = new Map<string, string>();
  if (stored !== null) store.set(CHUNK_RELOAD_STORAGE_KEY, stored);
  return {
    store,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    now: () => now,
    reload: vi.fn<() => void>(),
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

  it('passes a successful import through', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }), deps(0))).resolves.toEqual({ default: 1 });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ICU_WARMUP_DEADLINE_MS, warmIcuOffMainThread, type WarmupWorker } from './icu-warmup';
import { serveWarmup, warmIcu } from './icu-warmup.worker';

/** A worker that records what the page asks of it; the test answers for it. */
function fakeWorker() {
  const worker: WarmupWorker & { sent: unknown[]; terminated: boolean } = {
    onmessage: null,
    onerror: null,
    sent: [],
    terminated: false,
    postMessage(message) {
      this.sent.push(message);
    },
    terminate() {
      this.terminated = true;
    },
  };
  return worker;
}

/** Whether the promise has settled by now (after pending callbacks ran). */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('warmIcuOffMainThread', () => {
  it('asks the worker to format in the page language and settles when it answers', async () => {
    const worker = fakeWorker();
    const warm = warmIcuOffMainThread('pl', { createWorker: () => worker });
    expect(worker.sent).toEqual(['pl']);
    expect(await settled(warm)).toBe(false);
    worker.onmessage?.(new MessageEvent('message', { data: 'warm' }));
    expect(await settled(warm)).toBe(true);
    expect(worker.terminated).toBe(false);
  });

  it('settles when the worker fails to start (its script refused or missing)', async () => {
    const worker = fakeWorker();
    const warm = warmIcuOffMainThread('de', { createWorker: () => worker });
    worker.onerror?.(new ErrorEvent('error'));
    expect(await settled(warm)).toBe(true);
  });

  it('stops a worker that has not answered by the deadline, and settles', async () => {
    vi.useFakeTimers();
    const worker = fakeWorker();
    const warm = warmIcuOffMainThread('fr', { createWorker: () => worker });
    vi.advanceTimersByTime(ICU_WARMUP_DEADLINE_MS - 1);
    expect(await settled(warm)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(warm)).toBe(true);
    expect(worker.terminated).toBe(true);
  });

  it('settles at once where workers cannot be made', async () => {
    const warm = warmIcuOffMainThread('en', {
      createWorker: () => {
        throw new DOMException('refused', 'SecurityError');
      },
    });
    expect(await settled(warm)).toBe(true);
  });
});

describe('the worker side', () => {
  it('formats once, answers "warm" and ends itself', () => {
    const scope = {
      onmessage: null as ((event: MessageEvent<unknown>) => void) | null,
      postMessage: vi.fn(),
      close: vi.fn(),
    };
    serveWarmup(scope);
    scope.onmessage?.(new MessageEvent('message', { data: 'nl' }));
    expect(scope.postMessage).toHaveBeenCalledWith('warm');
    expect(scope.close).toHaveBeenCalledOnce();
  });

  it('warms with the browser language when the page language is not a tag Intl accepts', () => {
    expect(() => warmIcu('not a language tag!')).not.toThrow();
    expect(() => warmIcu(undefined)).not.toThrow();
  });
});

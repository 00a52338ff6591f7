import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { COALESCE_MS, createCoalescedTimers } from './coalesced-timers';
import { createAppQueryClient } from './query-client';

describe('the query cache timers, batched', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_003 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a hundred timeouts of the same length on one browser timer, none of them early', () => {
    const timers = createCoalescedTimers();
    const browserSetTimeout = vi.spyOn(globalThis, 'setTimeout');
    const fired: number[] = [];
    for (let i = 0; i < 100; i++) timers.setTimeout(() => fired.push(i), 5_000);
    expect(browserSetTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4_999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(fired).toHaveLength(100);
  });

  it('shares a browser timer between deadlines a few milliseconds apart', () => {
    const timers = createCoalescedTimers();
    const browserSetTimeout = vi.spyOn(globalThis, 'setTimeout');
    const fired: string[] = [];
    timers.setTimeout(() => fired.push('first'), 5_000);
    vi.advanceTimersByTime(3);
    timers.setTimeout(() => fired.push('second'), 5_000);
    // 1,000,003 + 5,000 and 1,000,006 + 5,000 round up to the same 50 ms step.
    expect(browserSetTimeout).toHaveBeenCalledTimes(1);
    // Past both deadlines (1,005,003 and 1,005,006), before the step (1,005,050): up to 50 ms late, never early.
    vi.advanceTimersByTime(5_000);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(fired).toEqual(['first', 'second']);
  });

  it('forgets a cleared timeout, and clears the browser timer once nothing is due at its step', () => {
    const timers = createCoalescedTimers();
    const browserClearTimeout = vi.spyOn(globalThis, 'clearTimeout');
    const kept = vi.fn();
    const cleared = vi.fn();
    const a = timers.setTimeout(cleared, 6_000);
    timers.setTimeout(kept, 6_000);
    timers.clearTimeout(a);
    expect(browserClearTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(6_000 + COALESCE_MS);
    expect(cleared).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);

    const alone = timers.setTimeout(cleared, 7_000);
    timers.clearTimeout(alone);
    expect(browserClearTimeout).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('repeats an interval until it is cleared, never sooner than its period', () => {
    const timers = createCoalescedTimers();
    const ticks: number[] = [];
    const id = timers.setInterval(() => ticks.push(Date.now()), 60_000);
    vi.advanceTimersByTime(3 * 60_000 + COALESCE_MS);
    expect(ticks).toHaveLength(3);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBeGreaterThanOrEqual(60_000);
    timers.clearInterval(id);
    vi.advanceTimersByTime(5 * 60_000);
    expect(ticks).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets an interval clear itself from its own callback', () => {
    const timers = createCoalescedTimers();
    let runs = 0;
    const id = timers.setInterval(() => {
      runs++;
      timers.clearInterval(id);
    }, 1_000);
    vi.advanceTimersByTime(10_000);
    expect(runs).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives short delays a browser timer of their own, on time (a payment is polled every 2 s)', () => {
    const timers = createCoalescedTimers();
    const fired = vi.fn();
    timers.setTimeout(fired, 10);
    vi.advanceTimersByTime(9);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    const polls = vi.fn();
    const id = timers.setInterval(polls, 2_000);
    vi.advanceTimersByTime(2_000);
    expect(polls).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_000);
    expect(polls).toHaveBeenCalledTimes(2);
    timers.clearInterval(id);
  });

  it('runs the other callbacks of a step when one throws, and reports the error in a task of its own', () => {
    const timers = createCoalescedTimers();
    const after = vi.fn();
    timers.setTimeout(() => {
      throw new Error('broken callback');
    }, 8_000);
    timers.setTimeout(after, 8_000);
    expect(() => vi.advanceTimersByTime(8_000 + COALESCE_MS)).toThrow('broken callback');
    expect(after).toHaveBeenCalledTimes(1);
  });

  it("is the app's query client's: fifty observers of a polled query install two browser timers, not a hundred", async () => {
    const client = createAppQueryClient();
    client.setQueryData(['polled'], 'answer');
    // Mounted 2 s after the answer came: each stale timeout waits for the 3 s left of the 5 s.
    vi.advanceTimersByTime(2_000);
    const browserSetTimeout = vi.spyOn(globalThis, 'setTimeout');
    const browserSetInterval = vi.spyOn(globalThis, 'setInterval');
    const unsubscribes = Array.from({ length: 50 }, () =>
      new QueryObserver(client, { queryKey: ['polled'], queryFn: () => 'answer', staleTime: 5_000, refetchInterval: 60_000 }).subscribe(
        () => {},
      ),
    );
    // One for the stale timeouts' step, one for the intervals' step.
    expect(browserSetTimeout.mock.calls.length + browserSetInterval.mock.calls.length).toBeLessThanOrEqual(2);
    unsubscribes.forEach((unsubscribe) => unsubscribe());
    client.clear();
  });
});

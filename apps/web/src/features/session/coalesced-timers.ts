import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/**
 * Timers of the query cache, batched: every useQuery of the session, chats and likes installs a
 * stale timeout and a refresh interval when it mounts, and a search page mounts about 130 of them
 * in one task (a like button per card reads the likes and the session). The browser's timer
 * installs were most of that task's time: about 100 ms on a desktop while a profiler records,
 * four times that on a phone (issue 29, TBT on /members).
 *
 * Here a timer's deadline is rounded up to the next COALESCE_MS step, and all timers due at the same
 * step share one browser timer. A timer may fire up to COALESCE_MS late, never early (the stale
 * timeouts rely on that). Timeouts of a second or more are batched (a stale timeout waits for what
 * is left of the query's 5 s); intervals from 5 s (the 5 s and 60 s refreshes of the session,
 * chats and likes). Shorter ones keep a browser timer of their own, on time: a payment's result is
 * asked for every 2 s, and the member waits for it.
 */
export const COALESCE_MS = 50;
export const MIN_COALESCED_TIMEOUT_MS = 1_000;
export const MIN_COALESCED_INTERVAL_MS = 5_000;

interface Timer {
  callback: TimeoutCallback;
  /** Repeats every `interval` ms; undefined for a timeout. */
  interval?: number;
  step: number;
}

/** Timer globals looked up at each call, so tests' fake timers and clocks apply. */
const platform = {
  now: () => Date.now(),
  setTimeout: (callback: () => void, delay: number) => globalThis.setTimeout(callback, delay),
  clearTimeout: (id: ReturnType<typeof globalThis.setTimeout>) => globalThis.clearTimeout(id),
};

export function createCoalescedTimers(): TimeoutProvider<number> {
  let lastId = 0;
  const timers = new Map<number, Timer>();
  /** Per step (a deadline in COALESCE_MS units, or an exact one for short delays): its browser timer and the timers due then. */
  const steps = new Map<number, { browserTimer: ReturnType<typeof globalThis.setTimeout>; due: Set<number> }>();
  let lastShortStep = 0;

  const schedule = (id: number, timer: Omit<Timer, 'step'>, delay: number) => {
    const now = platform.now();
    // As the browser does: a delay that is not a finite number waits 0 ms.
    const wait = Number.isFinite(delay) ? Math.max(0, delay) : 0;
    // Short delays get a step of their own (negative keys never meet the rounded ones).
    const short = wait < (timer.interval === undefined ? MIN_COALESCED_TIMEOUT_MS : MIN_COALESCED_INTERVAL_MS);
    const step = short ? -++lastShortStep : Math.ceil((now + wait) / COALESCE_MS);
    timers.set(id, { ...timer, step });
    const existing = steps.get(step);
    if (existing) {
      existing.due.add(id);
      return;
    }
    const fireIn = step < 0 ? wait : step * COALESCE_MS - now;
    steps.set(step, { browserTimer: platform.setTimeout(() => fire(step), fireIn), due: new Set([id]) });
  };

  const fire = (step: number) => {
    const entry = steps.get(step);
    steps.delete(step);
    for (const id of entry?.due ?? []) {
      const timer = timers.get(id);
      if (!timer) continue;
      if (timer.interval === undefined) timers.delete(id);
      else schedule(id, timer, timer.interval);
      try {
        timer.callback();
      } catch (error) {
        // As with the browser's own timers, one callback's error neither stops the others nor goes unseen.
        platform.setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  };

  const clear = (id: number | undefined) => {
    const timer = id === undefined ? undefined : timers.get(id);
    if (!timer || id === undefined) return;
    timers.delete(id);
    const entry = steps.get(timer.step);
    entry?.due.delete(id);
    if (entry && entry.due.size === 0) {
      platform.clearTimeout(entry.browserTimer);
      steps.delete(timer.step);
    }
  };

  return {
    setTimeout: (callback, delay) => {
      const id = ++lastId;
      schedule(id, { callback }, delay);
      return id;
    },
    clearTimeout: clear,
    setInterval: (callback, delay) => {
      const id = ++lastId;
      schedule(id, { callback, interval: Number.isFinite(delay) ? Math.max(0, delay) : 0 }, delay);
      return id;
    },
    clearInterval: clear,
  };
}

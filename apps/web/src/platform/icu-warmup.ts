/**
 * ICU warmed up off the main thread (decision 075). The browser loads its ICU data and finds the
 * device's time zone on the page's first number or date format: one native call of about 15 ms
 * on a desktop (30 under Lighthouse's tracing, four times that on a phone), which cannot be cut
 * into shorter tasks. Those tables are kept for the whole renderer process, so a worker that
 * formats once first, on another core, leaves the page's first format at under a millisecond.
 * The worker must be done first: while it loads them, a format on the main thread waits for it
 * or loads them too, so the boot starts it before anything else.
 */

/** A worker that has not answered by then is stopped (something is wrong with it); the page's first format pays, as without it. */
export const ICU_WARMUP_DEADLINE_MS = 1_000;

/** The little of a Worker this needs. */
export interface WarmupWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}

const startWorker = (): WarmupWorker => new Worker(new URL('./icu-warmup.worker.ts', import.meta.url), { type: 'module' });

/**
 * Starts the warmup in `locale` and answers a promise that settles (never rejects) when the worker
 * is done, when it failed, or at the deadline; at once where workers are missing or refused.
 */
export function warmIcuOffMainThread(
  locale: string,
  { createWorker = startWorker, deadlineMs = ICU_WARMUP_DEADLINE_MS }: { createWorker?: () => WarmupWorker; deadlineMs?: number } = {},
): Promise<void> {
  let worker: WarmupWorker;
  try {
    if (typeof Worker === 'undefined' && createWorker === startWorker) return Promise.resolve();
    worker = createWorker();
  } catch {
    // Workers refused (a strict policy, a private mode): the page's first format pays, as without this.
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      resolve();
    };
    const timer = setTimeout(() => {
      worker.terminate();
      done();
    }, deadlineMs);
    worker.onmessage = done;
    worker.onerror = done;
    worker.postMessage(locale);
  });
}

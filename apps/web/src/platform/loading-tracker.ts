import { LOADING_BAR_THROTTLE_MS } from '@cupido/shared/rules/constants';

type Listener = (visible: boolean) => void;

/**
 * Counts requests in flight and says when the loading bar should show: only once something
 * has been pending for the throttle (200 ms), so quick answers never flash a bar.
 */
export function createLoadingTracker(throttleMs = LOADING_BAR_THROTTLE_MS) {
  let pending = 0;
  let visible = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<Listener>();

  const emit = (next: boolean) => {
    if (visible === next) return;
    visible = next;
    listeners.forEach((listener) => listener(next));
  };

  return {
    start() {
      pending++;
      if (pending === 1 && timer === null) {
        timer = setTimeout(() => {
          timer = null;
          if (pending > 0) emit(true);
        }, throttleMs);
      }
    },
    end() {
      pending = Math.max(0, pending - 1);
      if (pending > 0) return;
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
      emit(false);
    },
    isVisible: () => visible,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type LoadingTracker = ReturnType<typeof createLoadingTracker>;
export const loadingTracker = createLoadingTracker();

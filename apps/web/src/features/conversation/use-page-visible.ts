import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const visible = () => document.visibilityState !== 'hidden';

/** True while the tab is in front of the member (read receipts are only sent then). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, visible, () => true);
}

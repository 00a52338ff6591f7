import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADING_BAR_DURATION_MS } from '@cupido/shared/rules/constants';
import { loadingTracker as defaultTracker, type LoadingTracker } from '../platform/loading-tracker';

/**
 * The thin bar at the top of the page while requests are pending. It appears only after the
 * tracker's 200 ms throttle and creeps towards the end over about 5 s.
 */
export function LoadingBar({ tracker = defaultTracker }: { tracker?: LoadingTracker }) {
  const { t } = useTranslation();
  const visible = useSyncExternalStore(tracker.subscribe, tracker.isVisible, () => false);
  if (!visible) return null;
  // A landmark of its own: the bar sits above every layout, and content outside landmarks is an
  // axe violation (region) whenever a check runs while a request is pending.
  return (
    <section className="loading-bar" aria-label={t('common.loading')} data-testid="loading-bar">
      <div
        className="loading-bar__fill"
        role="progressbar"
        aria-label={t('common.loading')}
        aria-busy="true"
        style={{ animationDuration: `${LOADING_BAR_DURATION_MS}ms` }}
      />
    </section>
  );
}

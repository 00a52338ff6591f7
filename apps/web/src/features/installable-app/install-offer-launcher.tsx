import { Suspense, useState } from 'react';
import { lazyWithReload } from '../../platform/chunk-reload';
import { heldInstallOffer, isInstalledApp } from './installed-app';
import { firstSeenAt, installOfferKind, isIosSafari, rememberInstallOfferDismissed, wasInstallOfferDismissed } from './install-offer-rules';

const InstallOffer = lazyWithReload(() => import('./install-offer'));

/**
 * The install offer's place in the page's flow (issue 30). Decided once, when the page opens: an
 * offer the browser makes later waits for the next page rather than pushing this one down.
 */
export function InstallOfferLauncher() {
  const [kind] = useState(() =>
    installOfferKind({
      installedApp: isInstalledApp(),
      promptHeld: heldInstallOffer() !== null,
      iosSafari: isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0),
      dismissed: wasInstallOfferDismissed(),
      firstSeenAt: firstSeenAt(Date.now()),
      now: Date.now(),
    }),
  );
  if (!kind) return null;
  return (
    <Suspense fallback={null}>
      <InstallOffer kind={kind} onDeclined={rememberInstallOfferDismissed} />
    </Suspense>
  );
}

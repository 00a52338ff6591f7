/**
 * When the member is offered to install the app (issue 30, decision 041): never in the installed
 * app, never once dismissed (remembered in this browser, like the other alerts), and never in the
 * first minute after this browser first saw the site. Chromium makes its own offer
 * (beforeinstallprompt, held by installed-app.ts); Safari on iOS has none, so there the member
 * reads how: Share, then Add to Home Screen (and web push on iOS needs the installed app).
 */
export const INSTALL_OFFER_DELAY_MS = 60_000;
export const INSTALL_OFFER_FIRST_SEEN_KEY = 'install-offer-first-seen';
export const INSTALL_OFFER_DISMISSED_KEY = 'install-offer-dismissed';

export type InstallOfferKind = 'prompt' | 'ios';

export interface InstallOfferContext {
  installedApp: boolean;
  /** The browser made its install offer on this page load and it is unused. */
  promptHeld: boolean;
  iosSafari: boolean;
  dismissed: boolean;
  /** When this browser first saw the site (ms), null when unknown (storage blocked). */
  firstSeenAt: number | null;
  now: number;
}

export function installOfferKind({
  installedApp,
  promptHeld,
  iosSafari,
  dismissed,
  firstSeenAt,
  now,
}: InstallOfferContext): InstallOfferKind | null {
  if (installedApp || dismissed || firstSeenAt === null || now - firstSeenAt < INSTALL_OFFER_DELAY_MS) return null;
  if (promptHeld) return 'prompt';
  return iosSafari ? 'ios' : null;
}

/** Safari on an iPhone or iPad (an iPad says Macintosh, with touch); other iOS browsers install differently. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

/** When this browser first saw the offer's page; the first call records now. Null when storage is blocked (no offer: the safe side). */
export function firstSeenAt(now: number): number | null {
  try {
    const stored = Number(window.localStorage.getItem(INSTALL_OFFER_FIRST_SEEN_KEY));
    if (stored > 0) return stored;
    window.localStorage.setItem(INSTALL_OFFER_FIRST_SEEN_KEY, String(now));
    return now;
  } catch {
    return null;
  }
}

export function wasInstallOfferDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_OFFER_DISMISSED_KEY) !== null;
  } catch {
    return true;
  }
}

export function rememberInstallOfferDismissed(): void {
  try {
    window.localStorage.setItem(INSTALL_OFFER_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Without storage the dismissal lasts for this page only.
  }
}

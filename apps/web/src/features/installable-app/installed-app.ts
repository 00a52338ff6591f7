/**
 * The installable app (issue 30, decision 041), the part that runs on every first screen and so
 * stays small: whether this is the installed app, the browser's install offer held for the
 * member's own button, and the service worker's registration once the first screen has settled.
 */
import { SERVICE_WORKER_URL } from '@cupido/shared/rules/installable-app';
import { afterFirstScreen } from '../../platform/after-first-screen';

/** Chromium's install offer (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Whether the page runs as the installed app: standalone display, or iOS's home-screen app. */
export function isInstalledApp(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

let held: BeforeInstallPromptEvent | null = null;

/** The browser's install offer, if it made one this page load and it is not used yet. */
export const heldInstallOffer = () => held;

/** Called first thing (main.tsx): the offer can come before any screen that shows it has loaded. */
export function startInstallableApp(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own bar would cover the page: the member installs from our offer instead.
    event.preventDefault();
    held = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => (held = null));
  // Only the built app on a secure origin (localhost counts): never in the dev server or in tests.
  if (import.meta.env.PROD && window.isSecureContext && 'serviceWorker' in navigator) {
    afterFirstScreen(() => {
      navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
        // No worker (private mode, a blocked origin): the site works as a plain site.
      });
    });
  }
}

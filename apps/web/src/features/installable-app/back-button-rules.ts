import type { RouteName } from '@cupido/shared/rules/routes';

/** Spec section 2, Navigation: the pages with a Back button in the installed app. */
export const BACK_BUTTON_ROUTES: readonly RouteName[] = ['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod'];

export interface BackButtonContext {
  installedApp: boolean;
  /** window.history.length */
  historyLength: number;
  /** The app's own place in the tab's history (react-router's history.state.idx): 0 is where the app was opened. */
  inAppIndex: number;
  routeName: RouteName | undefined;
}

/**
 * Spec: "A Back button appears only in the installed app (standalone display), when history is
 * longer than 1 and the page is members-id, likes-type, likes-m-id, credits or
 * credits-id-paymentmethod." The installed app has no browser Back button; a tab has one. Longer
 * than 1 is read as the app's own history: Back never leaves the app for a page before it.
 */
export function showBackButton({ installedApp, historyLength, inAppIndex, routeName }: BackButtonContext): boolean {
  return installedApp && historyLength > 1 && inAppIndex > 0 && routeName !== undefined && BACK_BUTTON_ROUTES.includes(routeName);
}

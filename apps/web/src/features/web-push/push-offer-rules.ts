import type { PushSubscribed } from './push-state';

/**
 * When a member is offered to turn on push (spec section 4: "The enable option shows only to
 * logged-in capable users not yet subscribed when a public key exists", and its alert
 * is dismissible and the dismissal is remembered). Not while the subscription is unknown (the
 * browser allowed notifications and its subscription is still being read), and not once the
 * member blocked notifications ('denied': the settings explain how to allow them). One notice at a
 * time: a member who has not confirmed the e-mail address sees the activation reminder first, and
 * the offer on a later visit.
 */
export interface PushOfferContext {
  loggedIn: boolean;
  /** The member confirmed the e-mail address (the activation reminder is gone). */
  confirmed: boolean;
  /** The settings' VAPID public key; empty when the site has none. */
  publicKey: string;
  isCapable: boolean;
  isSubscribed: PushSubscribed | null;
  dismissed: boolean;
}

export function isPushOfferShown({ loggedIn, confirmed, publicKey, isCapable, isSubscribed, dismissed }: PushOfferContext): boolean {
  return loggedIn && confirmed && publicKey !== '' && isCapable && isSubscribed === false && !dismissed;
}

/** Remembered in this browser per member, as the disabled-notifications alert is. */
export const pushOfferDismissedKey = (userId: number) => `push-offer-dismissed:${userId}`;

export function wasPushOfferDismissed(userId: number): boolean {
  try {
    return window.localStorage.getItem(pushOfferDismissedKey(userId)) !== null;
  } catch {
    return true; // storage blocked: no offer on every page, the quiet side
  }
}

export function rememberPushOfferDismissed(userId: number): void {
  try {
    window.localStorage.setItem(pushOfferDismissedKey(userId), new Date().toISOString());
  } catch {
    // Without storage the dismissal lasts for this page only.
  }
}

import type { TDiscountCode } from '@cupido/shared/contracts/payments';
import { timeBonusSecondsLeft } from '@cupido/shared/rules/welcome-offer';
import { request } from '../../api/client';

/**
 * GET /api/discountcode.php?welcome=true: the member's welcome discount (TIMEBONUS25 while the
 * time bonus runs), or null. Spec section 8: a failure is ignored, so a 404 (no welcome code),
 * a network error or a server error all mean no time bonus, and nothing is shown.
 */
export async function fetchWelcomeDiscount(): Promise<TDiscountCode | null> {
  try {
    return await request<TDiscountCode>('/api/discountcode.php', { query: { welcome: 'true' } });
  } catch {
    return null;
  }
}

/**
 * Seconds left of the time bonus at `now`: from activation (14400 s, non-paying members only),
 * never past the code's own expiry, and 0 before activation or without a usable welcome code.
 */
export function secondsLeft(code: TDiscountCode | null | undefined, activatedAt: string | null, now: number): number {
  if (!code || code.expired || code.status !== 'active' || code.value_percentage <= 0) return 0;
  const byActivation = timeBonusSecondsLeft(activatedAt === null ? null : new Date(activatedAt), new Date(now), false);
  if (!code.expires) return byActivation;
  const byExpiry = Math.max(0, Math.floor((Date.parse(code.expires) - now) / 1000));
  return Math.min(byActivation, byExpiry);
}

/**
 * Whether the member closed the time bonus modal before. Kept in localStorage per member id:
 * the spec only asks that the dismissal is stored, and this browser is where it was seen.
 */
export const modalDismissedKey = (userId: number) => `time-bonus-modal-dismissed:${userId}`;

export function wasModalDismissed(userId: number): boolean {
  try {
    return window.localStorage.getItem(modalDismissedKey(userId)) !== null;
  } catch {
    return false; // storage blocked: the modal may show once more on the next visit
  }
}

export function rememberModalDismissed(userId: number): void {
  try {
    window.localStorage.setItem(modalDismissedKey(userId), new Date().toISOString());
  } catch {
    // As above: without storage the dismissal lasts for this page only.
  }
}

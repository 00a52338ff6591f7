import type { TDiscountCode } from '@cupido/shared/payments';
import { request } from '../../api/client';

/*
 * The welcome offer's timing (spec sections 4 and 9), as @cupido/shared/payments defines it. This
 * chunk loads on a new member's first pages, and importing that module at run time would bring its
 * zod schemas and zod itself (about 28 KB gzip) along with a 2 KB banner; so the few values and
 * the two small functions are repeated here, and time-bonus.test.tsx checks they agree with the
 * shared ones. (Moving them to a zod-free shared module would make the copies unnecessary.)
 */
export const TIME_BONUS_SECONDS = 14_400;
export const TIME_BONUS_TICK_MS = 1_000;
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
export const TIME_BONUS_MODAL_HOURS = 4;

/**
 * timeBonusSecondsLeft of @cupido/shared/payments: from activation (e-mail confirmed) to
 * activation + 14400 s (exclusive), non-paying members only; 0 before activation.
 */
export function timeBonusSecondsLeft(activatedAt: Date | null, now: Date, paidUser: boolean): number {
  if (paidUser || activatedAt === null) return 0;
  const elapsed = Math.floor((now.getTime() - activatedAt.getTime()) / 1000);
  if (elapsed < 0) return TIME_BONUS_SECONDS;
  return Math.max(0, TIME_BONUS_SECONDS - elapsed);
}

/** timeBonusHoursLeft of @cupido/shared/payments: whole hours, rounded up (the bar never says 0 while it runs). */
export function timeBonusHoursLeft(secondsLeft: number): number {
  return secondsLeft <= 0 ? 0 : Math.ceil(secondsLeft / 3600);
}

/** formatHoursMinutesSeconds of @cupido/shared/payments: 3:59:07 (hours unpadded). */
export function formatHoursMinutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

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

/**
 * The welcome offer's clock (spec sections 4 and 9): a new member's 25% off for 4 hours after
 * activation, its banner and its modal. A module of its own because the app's initial chunk reads
 * its length (the time-bonus chunk is only fetched while it can run).
 */

export const WELCOME_DISCOUNT_CODE = 'TIMEBONUS25';
/** The time bonus runs for 4 hours (14400 s) after activation (the e-mail address confirmed). */
export const TIME_BONUS_SECONDS = 14_400;
export const TIME_BONUS_TICK_MS = 1_000;
/** The time bonus modal appears 40 s after entering the members area. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
/** The modal's "act fast" text names this many hours. */
export const TIME_BONUS_MODAL_HOURS = 4;

/**
 * Seconds left of a member's time bonus, or 0: it runs only for a non-paying member, from
 * activation until activation + 14400 s (exclusive: at 14400 s it is over). Before activation it
 * has not started (issue 29: a member who has not confirmed the e-mail would watch hours run out
 * that they cannot use), so there is no countdown.
 */
export function timeBonusSecondsLeft(activatedAt: Date | null, now: Date, paidUser: boolean): number {
  if (paidUser || activatedAt === null) return 0;
  const elapsed = Math.floor((now.getTime() - activatedAt.getTime()) / 1000);
  if (elapsed < 0) return TIME_BONUS_SECONDS;
  return Math.max(0, TIME_BONUS_SECONDS - elapsed);
}

/**
 * The whole hours the bar names ("Only 4 hours to claim"): rounded up, so the last minutes still
 * read "1 hour" and the bar never says 0 while the offer runs.
 */
export function timeBonusHoursLeft(secondsLeft: number): number {
  return secondsLeft <= 0 ? 0 : Math.ceil(secondsLeft / 3600);
}

/** hours:minutes:seconds, e.g. 3:59:07 (hours unpadded). */
export function formatHoursMinutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

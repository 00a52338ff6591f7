import { Suspense } from 'react';
import { TIME_BONUS_SECONDS } from '@cupido/shared/rules/welcome-offer';
import { lazyWithReload } from '../../platform/chunk-reload';
import { useSession } from '../session/use-session';

// The countdown, banner and modal are a chunk of their own: visitors, paying members and members
// who signed up long ago never download it (the home page's initial JS has a hard budget).
const TimeBonus = lazyWithReload(() => import('./time-bonus'));

/** The time bonus's 4 hours in milliseconds (a zod-free rule, so the initial chunk may import it). */
export const TIME_BONUS_WINDOW_MS = TIME_BONUS_SECONDS * 1000;

/**
 * When the app started: a member activated 4 hours before it cannot have a time bonus
 * (read once, so rendering stays pure; the chunk itself counts against the real clock).
 */
const STARTED_AT = Date.now();

/**
 * Mounted once in the default layout: loads the time bonus for a non-paying member within 4 hours
 * of activation. Before the e-mail is confirmed the offer has not started, so nothing counts down.
 */
export function TimeBonusLauncher() {
  const { user } = useSession();
  if (!user || user.paid_user || user.activated_at === null || Date.parse(user.activated_at) <= STARTED_AT - TIME_BONUS_WINDOW_MS)
    return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed by the member: another login starts over (its own discount call, its own modal timer). */}
      <TimeBonus key={user.id} userId={user.id} activatedAt={user.activated_at} />
    </Suspense>
  );
}

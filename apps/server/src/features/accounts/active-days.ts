/**
 * Active members per day (issue 13, the dashboard): one member_active_days row per member and
 * UTC day, written on the member's first authenticated request of the day (plugins/session.ts).
 * The request never waits for it: the insert runs beside it, and a failure is only logged.
 * Each process remembers which member-days it has written (a bounded set, emptied when the day
 * changes), so the insert runs about once a day per member and process; the primary key makes
 * repeats from other processes (or after a restart) do nothing.
 */
import type { Database } from '../../db/open';
import { memberActiveDays } from '../../db/schema';

/** Member-days remembered per process; past this the set starts again (a repeat costs one no-op insert). */
const MAX_REMEMBERED = 100_000;

export async function recordActiveDay(db: Database, userId: number, siteId: number, day: string): Promise<void> {
  await db.insert(memberActiveDays).values({ userId, siteId, day }).onConflictDoNothing();
}

export interface ActiveDayRecorder {
  /** Called after every successful member lookup; cheap when the member-day is already written. */
  seen(userId: number, siteId: number, now: Date): void;
}

export function activeDayRecorder(db: Database, onError: (error: unknown) => void): ActiveDayRecorder {
  let today = '';
  const written = new Set<number>();
  return {
    seen(userId, siteId, now) {
      const day = now.toISOString().slice(0, 10);
      if (day !== today) {
        today = day;
        written.clear();
      }
      if (written.has(userId)) return;
      if (written.size >= MAX_REMEMBERED) written.clear();
      written.add(userId);
      recordActiveDay(db, userId, siteId, day).catch((error: unknown) => {
        // Let a later request try again.
        written.delete(userId);
        onError(error);
      });
    },
  };
}

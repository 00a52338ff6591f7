/**
 * Active members per day (issue 13, the dashboard): one member_active_days row per member and
 * UTC day, written on the member's first authenticated request of the day (plugins/session.ts).
 * The request never waits for it: the insert runs beside it (with those of other members seen at
 * the same time, in one statement), and a failure is only logged.
 * Each process remembers which member-days it has written (a bounded set, emptied when the day
 * changes), so the insert runs about once a day per member and process; the primary key makes
 * repeats from other processes (or after a restart) do nothing.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { createGroupCommit } from '../../db/group-commit';
import { executePrepared } from '../../db/prepared';
import { memberActiveDays } from '../../db/schema';

/** Member-days remembered per process; past this the set starts again (a repeat costs one no-op insert). */
const MAX_REMEMBERED = 100_000;
/** Writes running at once; member-days seen meanwhile gather for the next one (db/group-commit.ts). */
const WRITES_IN_FLIGHT = 1;
const WRITE_BATCH_MAX = 500;

interface MemberDay {
  userId: number;
  siteId: number;
  day: string;
}

/**
 * Writes member-days seen together in one statement: right after midnight UTC every member's
 * first request of the new day writes one, so they come in bursts. In user order, so two
 * processes' statements never wait for each other in a circle.
 */
async function recordActiveDays(db: Database, memberDays: MemberDay[]): Promise<void> {
  const rows = [...memberDays].sort((a, b) => a.userId - b.userId || a.day.localeCompare(b.day));
  await executePrepared(
    db,
    sql`insert into ${memberActiveDays} (user_id, site_id, day)
      select * from unnest(${sql.param(rows.map((r) => r.userId))}::int[], ${sql.param(rows.map((r) => r.siteId))}::int[], ${sql.param(rows.map((r) => r.day))}::date[])
      on conflict do nothing`,
  );
}

export interface ActiveDayRecorder {
  /** Called after every successful member lookup; cheap when the member-day is already written. */
  seen(userId: number, siteId: number, now: Date): void;
}

export function activeDayRecorder(db: Database, onError: (error: unknown) => void): ActiveDayRecorder {
  const writes = createGroupCommit<MemberDay, void>({
    maxInFlight: WRITES_IN_FLIGHT,
    maxBatch: WRITE_BATCH_MAX,
    run: async (memberDays) => {
      await recordActiveDays(db, memberDays);
      return memberDays.map(() => undefined);
    },
  });
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
      writes.submit({ userId, siteId, day }).catch((error: unknown) => {
        // Let a later request try again.
        written.delete(userId);
        onError(error);
      });
    },
  };
}

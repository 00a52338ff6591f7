/**
 * The dashboard's operator figures (issue 15), composed from their owners: answers from the
 * operator console, the operators' names from staff, the waiting conversations from chats.
 */
import type { TOperatorFigures } from '@cupido/shared/contracts/operator-console';
import type { Database } from '../../db/open';
import { answeredPerOperatorDay, answerSeconds } from '../operator-console/for-dashboard';
import { staffQueuesPerSite } from '../chats/for-dashboard';
import { staffNames } from '../staff/for-dashboard';

/** `siteIds`: the sites the dashboard shows (the one filtered on, or all): each gets a queue, 0 when nobody waits. */
export async function operatorFigures(
  db: Database,
  period: { start: Date; end: Date },
  siteId: number | null,
  siteIds: number[],
): Promise<TOperatorFigures> {
  const answered = await answeredPerOperatorDay(db, period, siteId);
  const names = await staffNames(db, [...new Set(answered.map((a) => a.staffId))]);
  const seconds = await answerSeconds(db, period, siteId);
  const waiting = new Map((await staffQueuesPerSite(db, siteId)).map((q) => [q.siteId, q]));
  return {
    answered: answered.map((a) => ({ staff_id: a.staffId, staff_name: names.get(a.staffId) ?? '', day: a.day, count: Number(a.count) })),
    answer_seconds: seconds,
    queues: siteIds.map((id) => {
      const queue = waiting.get(id);
      return { site_id: id, count: Number(queue?.count ?? 0), oldest_at: queue?.oldestAt ? new Date(queue.oldestAt).toISOString() : null };
    }),
  };
}

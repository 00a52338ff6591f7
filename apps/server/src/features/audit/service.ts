/**
 * The audit log (issue 13): every staff action, in the transaction of the action itself, so an
 * action is never done without its entry nor logged without being done. Append-only: the table's
 * trigger refuses UPDATE, DELETE and TRUNCATE (migration 0010). Every feature that acts for staff
 * calls `recordStaffAction`; this feature sits below them all and reads nothing else.
 */
import type { Database } from '../../db/open';
import { auditLog } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';

export interface StaffAction {
  /** The staff member who acted (null only for actions of the command line, e.g. `npm run staff -- create`). */
  staffId: number | null;
  /** What was done, as `<item>.<verb>`: 'photo.approve', 'report.decide', 'site.update', 'credits.correct'. */
  action: string;
  itemType: string;
  itemId: string | number;
  siteId?: number | null;
  /** The item's relevant fields before and after (never a password hash, TOTP secret or token). */
  before?: unknown;
  after?: unknown;
}

export async function recordStaffAction(db: Tx | Database, entry: StaffAction, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    itemType: entry.itemType,
    itemId: String(entry.itemId),
    siteId: entry.siteId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: now,
  });
}

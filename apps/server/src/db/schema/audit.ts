/** The tables of audit (decision 021: db/table-owners.ts names each table's owning feature). */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffAccounts } from './staff';

/**
 * The audit log (issue 13, features/audit): every staff action, who, what, which item, before and
 * after, when. Append-only: a trigger (migration 0010) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    /** e.g. 'photo.approve', 'report.decide', 'site.update', 'credits.correct', 'staff.login'. */
    action: text('action').notNull(),
    /** e.g. 'photo', 'report', 'user', 'site', 'profile', 'staff', 'appeal'. */
    itemType: text('item_type').notNull(),
    itemId: text('item_id').notNull(),
    siteId: integer('site_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt),
    index('audit_log_item_idx').on(t.itemType, t.itemId, t.createdAt),
  ],
);

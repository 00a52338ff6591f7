/**
 * Reading the audit log (issue 13): filters by staff member, item and time, newest first, paged
 * by keyset on (created_at, id) so every page is one index range scan (audit_log_created_idx,
 * or audit_log_staff_idx / audit_log_item_idx when those filters are given), however deep.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { TAuditEntry, TAuditQuery } from '@cupido/shared/contracts/audit';
import type { Database } from '../../db/open';
import { auditLog } from '../../db/schema';

type AuditRow = typeof auditLog.$inferSelect;

const DAY_MS = 86_400_000;

/** A day means its whole UTC day: `from` its start, `to` its end (so from = to = one day works). */
export function timeBound(value: string, end: boolean): Date {
  if (/^\d{4}-\d\d-\d\d$/.test(value)) {
    const start = new Date(`${value}T00:00:00Z`);
    return end ? new Date(start.getTime() + DAY_MS) : start;
  }
  // A date-time `to` is inclusive: the bound is the next millisecond (the clock's resolution).
  const at = new Date(value);
  return end ? new Date(at.getTime() + 1) : at;
}

export const cursorOf = (row: Pick<AuditRow, 'createdAt' | 'id'>) => `${row.createdAt.toISOString()}_${row.id}`;

function parseCursor(cursor: string): { at: Date; id: number } {
  const [at, id] = cursor.split('_');
  return { at: new Date(at!), id: Number(id) };
}

export function auditConditions(filters: Omit<TAuditQuery, 'before'>, before?: string): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.staff_id !== undefined) conditions.push(eq(auditLog.staffId, filters.staff_id));
  if (filters.item_type !== undefined) conditions.push(eq(auditLog.itemType, filters.item_type));
  if (filters.item_id !== undefined) conditions.push(eq(auditLog.itemId, filters.item_id));
  if (filters.from !== undefined) conditions.push(gte(auditLog.createdAt, timeBound(filters.from, false)));
  if (filters.to !== undefined) conditions.push(lt(auditLog.createdAt, timeBound(filters.to, true)));
  if (before !== undefined) {
    const { at, id } = parseCursor(before);
    // A row comparison: PostgreSQL answers it from the (created_at, id) index as one range.
    conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page, newest first, and whether there is an older one (one extra row read to know). */
export async function auditPage(db: Database, query: TAuditQuery, limit: number): Promise<{ rows: AuditRow[]; more: boolean }> {
  const { before, ...filters } = query;
  const rows = await db
    .select()
    .from(auditLog)
    .where(auditConditions(filters, before))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

export function toAuditEntry(row: AuditRow): TAuditEntry {
  return {
    id: row.id,
    staff_id: row.staffId,
    action: row.action,
    item_type: row.itemType,
    item_id: row.itemId,
    site_id: row.siteId,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Every matching row, newest first, in batches (keyset again): the CSV export streams them
 * without holding the whole log in memory, and stops after `max` rows.
 */
export async function* auditRows(db: Database, filters: Omit<TAuditQuery, 'before'>, max: number, batch = 1000): AsyncGenerator<AuditRow> {
  let before: string | undefined;
  let left = max;
  while (left > 0) {
    const { rows, more } = await auditPage(db, { ...filters, before }, Math.min(batch, left));
    for (const row of rows) yield row;
    left -= rows.length;
    if (!more || rows.length === 0) return;
    before = cursorOf(rows[rows.length - 1]!);
  }
}

import { z } from 'zod';
import { zBackOfficeCursor, zBackOfficeTime } from './back-office-dates';

/**
 * The audit log's calls (issue 13): GET /admin/api/audit (newest first, keyset paging) and
 * GET /admin/api/audit.csv (the same filters, every matching row up to AUDIT_CSV_MAX_ROWS).
 */

export const AUDIT_PAGE_SIZE = 50;
/** A CSV export holds at most this many rows (the newest); narrow the filters for older ones. */
export const AUDIT_CSV_MAX_ROWS = 100_000;

/** The cursor of the next page: the last row's `created_at` and id, as `next_before` gives it. */
export const AUDIT_CURSOR_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z_\d+$/;

export const ZAuditQuery = z.object({
  staff_id: z.coerce.number().int().positive().optional(),
  item_type: z.string().trim().min(1).max(40).optional(),
  item_id: z.string().trim().min(1).max(100).optional(),
  /** From this time (a day: its start, UTC). */
  from: zBackOfficeTime().optional(),
  /** Up to this time (a day: its end, UTC). */
  to: zBackOfficeTime().optional(),
  before: zBackOfficeCursor(AUDIT_CURSOR_PATTERN).optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  /** null for actions of the command line (`npm run staff -- create`). */
  staff_id: z.number().int().nullable(),
  action: z.string(),
  item_type: z.string(),
  item_id: z.string(),
  site_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({
  entries: z.array(ZAuditEntry),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.string().nullable(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The CSV's columns, in order (before and after are JSON text). */
export const AUDIT_CSV_COLUMNS = ['id', 'created_at', 'staff_id', 'action', 'item_type', 'item_id', 'site_id', 'before', 'after'] as const;

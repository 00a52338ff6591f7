/** The tables of rate-limits (decision 021: db/table-owners.ts names each table's owning feature). */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { notNegative } from '../checks';

/** Fixed-window rate-limit counters shared by every server process (when Redis is not configured). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt), notNegative('rate_limit_counters_count_not_negative', t.count)],
);

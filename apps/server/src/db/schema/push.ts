/** The tables of push (decision 021: db/table-owners.ts names each table's owning feature). */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Keys generated once per deployment (e.g. the VAPID key pair for web push). */
export const appKeys = pgTable('app_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

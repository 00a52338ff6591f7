/** The tables of push (decision 021: db/table-owners.ts names each table's owning feature). */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Keys generated once per deployment (e.g. the VAPID key pair for web push). */
export const appKeys = pgTable('app_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One browser (device) that accepts web pushes for a member (issue 30, decision 040): the push
 * service's endpoint and the keys the payload is encrypted to (RFC 8291). An endpoint belongs to
 * one member at a time: the same browser subscribed by another member moves to them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key, uncompressed point, base64url. */
    p256dh: text('p256dh').notNull(),
    /** The 16-byte authentication secret, base64url. */
    auth: text('auth').notNull(),
    /** When this member subscribed this browser (again: the same browser for another member starts anew). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last time the browser sent it (it does so on every visit, keys may have changed). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** The last push the push service accepted for it. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId)],
);

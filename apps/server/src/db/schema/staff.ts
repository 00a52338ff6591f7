/** The tables of staff (decision 021: db/table-owners.ts names each table's owning feature). */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@cupido/shared/contracts/staff';
import { oneOf } from '../checks';

/**
 * Staff accounts of the back office (issue 13, features/staff). Not members: no site, no profile.
 * Never deleted (the audit log names them), only disabled. The TOTP secret is set on the first
 * login and confirmed with a first code; until then the account can do nothing but set it up.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_accounts_email_unique').on(t.email), oneOf('staff_accounts_role_known', t.role, STAFF_ROLES)],
);

/**
 * Staff sessions, by the SHA-256 of the cookie's token. `second_factor_at` is null between the
 * password and the TOTP code: such a session may only finish the login. `last_seen_at` gives
 * the idle timeout (STAFF_IDLE_TIMEOUT_MINUTES), `expires_at` the longest life.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** One-time recovery codes for a lost authenticator, stored hashed. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_unique').on(t.staffId, t.codeHash)],
);

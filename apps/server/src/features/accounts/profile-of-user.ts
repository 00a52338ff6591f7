/**
 * The account-to-profile link as SQL for features above accounts (decision 021): they compose it
 * into their own queries instead of joining the users table themselves.
 */
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { users } from '../../db/schema';

/**
 * SQL: the profile id of the account (a users.id column of the caller's query or a value); null
 * once the account is erased or when there is no such account. One probe of the users key.
 */
export function profileIdOfUser(userId: SQLWrapper | number) {
  // The condition is nested SQL, so its columns keep their table names even in a single-table
  // select (drizzle drops them for top-level columns there, and "id" would be ambiguous).
  return sql<number | null>`(select ${users.profileId} from ${users} where ${eq(users.id, userId)})`;
}

/**
 * SQL: whether the account of the profile (a profiles id column of the caller's query or a value)
 * waits for its deletion. False for profiles without an account. One probe of users_profile_unique.
 */
export function profilePendingDeletion(profileId: SQLWrapper | number) {
  return sql<boolean>`exists (select 1 from ${users} where ${and(eq(users.profileId, profileId), eq(users.status, 'pending_deletion'))})`;
}

/**
 * SQL: whether the account of the profile has not confirmed its e-mail yet (spec section 4: its
 * chat partners cannot reply until it does). False for profiles without an account. One probe of
 * users_profile_unique.
 */
export function profileAccountUnconfirmed(profileId: SQLWrapper | number) {
  return sql<boolean>`exists (select 1 from ${users} where ${and(eq(users.profileId, profileId), eq(users.status, 'not_confirmed'))})`;
}

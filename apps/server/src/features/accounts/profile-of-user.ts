/**
 * The account-to-profile link as SQL for features above accounts (decision 021): they compose it
 * into their own queries instead of joining the users table themselves.
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { users } from '../../db/schema';

/**
 * SQL: the profile id of the account (a users.id column of the caller's query or a value); null
 * once the account is erased or when there is no such account. One probe of the users key.
 */
export function profileIdOfUser(userId: SQLWrapper | number) {
  return sql<number | null>`(select ${users.profileId} from ${users} where ${users.id} = ${userId})`;
}

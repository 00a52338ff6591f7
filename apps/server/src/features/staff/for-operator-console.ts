/**
 * What the operator console (issue 15) reads of staff accounts: the names of the operators who
 * hold a claim, wrote a message or a note (decision 021: staff owns staff_accounts).
 */
import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { staffAccounts } from '../../db/schema';

/** Names of staff accounts by id; unknown ids are left out. */
export async function staffNamesOf(db: Pick<Database, 'select'>, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .where(inArray(staffAccounts.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** SQL: the name of the staff account `staffId` (a column), for one composed query. */
export function staffNameOf(staffId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${staffAccounts.name} from ${staffAccounts} where ${staffAccounts.id} = ${staffId})`;
}

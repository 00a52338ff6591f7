/** What the dashboard (issue 13) reads of staff: the names of the accounts its figures count (the operators of issue 15). */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { staffAccounts } from '../../db/schema';

/** The name of each account asked for; disabled accounts keep theirs (their past answers still count). */
export async function staffNames(db: Database, staffIds: number[]): Promise<Map<number, string>> {
  if (staffIds.length === 0) return new Map();
  const rows = await db
    .select({ id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .where(inArray(staffAccounts.id, staffIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

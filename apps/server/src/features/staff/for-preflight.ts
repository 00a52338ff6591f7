/** What the production preflight (preflight/checks.ts) asks of staff: which of some addresses have an account that can log in. */
import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { staffAccounts } from '../../db/schema';

/** The addresses among `emails` of staff accounts that are not disabled (stored lower-cased). */
export async function activeStaffEmails(db: Database, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: staffAccounts.email })
    .from(staffAccounts)
    .where(
      and(
        inArray(
          staffAccounts.email,
          emails.map((e) => e.toLowerCase()),
        ),
        isNull(staffAccounts.disabledAt),
      ),
    );
  return rows.map((r) => r.email);
}

/** What the production preflight (preflight/checks.ts) asks of accounts: which of some addresses have a member account that can log in. */
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { users } from '../../db/schema';

/** The addresses among `emails` of member accounts on any site that still have a password (erased ones have none). */
export async function memberEmailsWithPassword(db: Database, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          emails.map((e) => e.toLowerCase()),
        ),
        isNotNull(users.passwordHash),
      ),
    );
  return rows.map((r) => r.email);
}

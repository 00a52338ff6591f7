/**
 * What moderation (issue 13) reads of accounts: the account behind a reported profile (whom a
 * decision concerns), and the address and language its mails go to (statements of reasons, the
 * reporter's notice, the appeal's outcome). Suspending and lifting are suspension.ts.
 */
import { inArray } from 'drizzle-orm';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import type { Database } from '../../db/open';
import { users } from '../../db/schema';

export interface ModeratedAccount {
  userId: number;
  siteId: number;
  profileId: number | null;
  email: string;
  language: LocaleCode;
  status: string;
  suspendedUntil: Date | null;
}

const columns = {
  userId: users.id,
  siteId: users.siteId,
  profileId: users.profileId,
  email: users.email,
  language: users.language,
  status: users.status,
  suspendedUntil: users.suspendedUntil,
};

function toAccount(row: { language: string } & Omit<ModeratedAccount, 'language'>): ModeratedAccount {
  return { ...row, language: row.language as LocaleCode };
}

/** The accounts of these profiles, by profile id (fictional profiles have none; erased accounts have no profile). */
export async function accountsOfProfiles(db: Pick<Database, 'select'>, profileIds: number[]): Promise<Map<number, ModeratedAccount>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(users)
    .where(inArray(users.profileId, [...new Set(profileIds)]));
  return new Map(rows.map((r) => [r.profileId!, toAccount(r)]));
}

/** These accounts, by user id; erased ones are left out (they get no mail). */
export async function accountsByIds(db: Pick<Database, 'select'>, userIds: number[]): Promise<Map<number, ModeratedAccount>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.filter((r) => r.status !== 'erased').map((r) => [r.userId, toAccount(r)]));
}

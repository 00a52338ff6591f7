/**
 * What the back office's members desk (features/members-desk, above accounts) reads and changes
 * of accounts (issue 13): the search by e-mail or id, the account's state and consents, and the
 * start of an erasure staff make for a member. Accounts owns these tables; the desk calls here.
 */
import { and, asc, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { consents, users } from '../../db/schema';
import type { DomainEvents, Tx } from '../../infra/domain-events';
import { deleteSessionsOf } from './sessions';

type Reader = Pick<Database, 'select'>;

/** `value` as the start of a LIKE pattern: its own % and _ match only themselves. */
export function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface AccountSearch {
  /** Trimmed, lower-cased. */
  q: string;
  siteId?: number;
  limit: number;
  offset: number;
  /** SQL: the profile ids whose name matches (profiles/for-members-desk.ts), or undefined. */
  profileIdsNamed?: SQL;
  /** SQL: the name of the profile a users.profile_id column points to (the profiles port). */
  nameOf(profileId: SQLWrapper): SQL<string>;
}

/**
 * Accounts whose e-mail is `q` or starts with it, whose id is `q`, or whose profile's name
 * matches; exact hits (id, e-mail) first, then the newest accounts.
 */
export async function searchAccounts(db: Reader, search: AccountSearch) {
  const id = /^\d{1,9}$/.test(search.q) ? Number(search.q) : null;
  const matches = or(
    sql`${users.email} like ${likePrefix(search.q)}`,
    id === null ? undefined : eq(users.id, id),
    search.profileIdsNamed ? sql`${users.profileId} in ${search.profileIdsNamed}` : undefined,
  );
  const exact = id === null ? sql`${users.email} = ${search.q}` : sql`(${users.email} = ${search.q} or ${users.id} = ${id})`;
  return db
    .select({
      id: users.id,
      siteId: users.siteId,
      email: users.email,
      status: users.status,
      createdAt: users.createdAt,
      name: search.nameOf(users.profileId),
      hasProfile: sql<boolean>`${users.profileId} is not null`,
    })
    .from(users)
    .where(and(matches, search.siteId === undefined ? undefined : eq(users.siteId, search.siteId)))
    .orderBy(desc(exact), desc(users.id))
    .limit(search.limit)
    .offset(search.offset);
}

export type DeskAccount = typeof users.$inferSelect;

/** The account row (without the password hash), or null. */
export async function accountForDesk(db: Reader, userId: number): Promise<Omit<DeskAccount, 'passwordHash'> | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return null;
  const { passwordHash: _hash, ...account } = row;
  return account;
}

export async function consentsForDesk(db: Reader, userId: number) {
  return db
    .select({ kind: consents.kind, version: consents.version, grantedAt: consents.grantedAt, revokedAt: consents.revokedAt })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.grantedAt), asc(consents.id));
}

/** Why staff cannot start an erasure now. */
export type ErasureRefusal = 'not_found' | 'already_deleted' | 'suspended';

/**
 * Starts the erasure staff make for a member (a request by mail, a support case): the same as
 * the member's own deletion (deletion.ts) without the password, inside the caller's events
 * transaction: pending deletion with the 14 days, sessions gone, account.deletion_requested
 * published so likes and chats hide the member's. A suspended or ended account is refused: the
 * reactivation link would make it active again, around the suspension.
 */
export async function startErasureByStaff(
  events: DomainEvents,
  tx: Tx,
  userId: number,
  now: Date,
): Promise<
  | { ok: true; before: { status: DeskAccount['status'] }; email: string; language: string; profileId: number | null }
  | { ok: false; refusal: ErasureRefusal }
> {
  const [user] = await tx
    .select({ status: users.status, email: users.email, language: users.language, profileId: users.profileId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) return { ok: false, refusal: 'not_found' };
  if (user.status === 'pending_deletion' || user.status === 'erased') return { ok: false, refusal: 'already_deleted' };
  if (user.status === 'suspended' || user.status === 'terminated') return { ok: false, refusal: 'suspended' };
  await tx
    .update(users)
    .set({ status: 'pending_deletion', deletedAt: now, deleteReason: 'other', deleteRemarks: null, pendingEmail: null })
    .where(eq(users.id, userId));
  await deleteSessionsOf(tx, userId);
  await events.publish(tx, { type: 'account.deletion_requested', userId, profileId: user.profileId });
  return { ok: true, before: { status: user.status }, email: user.email, language: user.language, profileId: user.profileId };
}

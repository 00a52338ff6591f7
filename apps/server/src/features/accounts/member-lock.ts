/**
 * The member's account row for features above accounts (decision 021): they ask here instead of
 * reading the users table themselves.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { users } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';

export interface MemberStanding {
  paidUser: boolean;
  profileId: number | null;
  /** The browser's IANA zone the member's day counts in; null until the browser told it. */
  timeZone: string | null;
}

/**
 * Locks the member's account row until the transaction ends, so changes of one member made by
 * a feature take turns (photos: the 3/25 limit holds for parallel uploads). Null: no such account.
 */
export async function lockMemberAccount(tx: Tx, userId: number): Promise<MemberStanding | null> {
  const [row] = await tx
    .select({ paidUser: users.paidUser, profileId: users.profileId, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/** Premium right now, read fresh (a purchase may have happened since the session was looked up); null: no such account. */
export async function isPaidMember(db: Pick<Database, 'select'>, userId: number): Promise<boolean | null> {
  const [row] = await db.select({ paidUser: users.paidUser }).from(users).where(eq(users.id, userId));
  return row?.paidUser ?? null;
}

/** The member's own time zone as their browser told it; null until then (or no such account). */
export async function memberTimeZoneOf(db: Pick<Database, 'select'>, userId: number): Promise<string | null> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone ?? null;
}

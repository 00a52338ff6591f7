/**
 * The member's account row for features above accounts (decision 021): they ask here instead of
 * reading the users table themselves.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
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
  const [row] = await lockStatement(tx as unknown as Database, { userId });
  return row ? { paidUser: row.paid_user, profileId: row.profile_id, timeZone: row.time_zone } : null;
}

/** Built once: every chat send, like and upload of a member starts with it (issue 32's chat bench). */
const lockStatement = preparedStatement<{ userId: number }, { paid_user: boolean; profile_id: number | null; time_zone: string | null }>(
  (p) => sql`select ${users.paidUser}, ${users.profileId}, ${users.timeZone} from ${users} where ${users.id} = ${p.userId} for update`,
);

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

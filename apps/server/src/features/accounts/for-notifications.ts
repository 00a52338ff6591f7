/**
 * What the notifications feature (issue 30) needs of accounts: who a profile's member is and
 * whether mail may go to them, the account-wide "no mail at all" reasons, and the marketing
 * consent that turning promotions or news on records. Accounts keeps its tables; notifications
 * calls these.
 */
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { normalizeEmail } from '@cupido/shared/rules/email';
import { type NOTIFICATIONS_DISABLED_REASONS } from '@cupido/shared/rules/accounts';
import { consents, users } from '../../db/schema';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
import type { Tx } from './account-context';
import { currentTermsVersion } from './consents';

export type NotificationsDisabledReason = (typeof NOTIFICATIONS_DISABLED_REASONS)[number];

export interface NotificationRecipient {
  userId: number;
  profileId: number;
  siteId: number;
  email: string;
  language: LocaleCode;
  /** The browser's zone, or null (the site's applies). */
  timeZone: string | null;
  /**
   * Whether any notification may go to the account: confirmed, not suspended, ended or pending
   * deletion, and no reason in notifications_disabled (spam complaint, bounce, unsubscribed).
   */
  mailable: boolean;
  /**
   * Whether web pushes may go to the member's browsers: the account is in use (not suspended,
   * ended or pending deletion). Confirming the address and notifications_disabled are about
   * e-mail (a bounce or a spam complaint says nothing about a browser the member subscribed).
   */
  pushable: boolean;
  notificationsDisabled: NotificationsDisabledReason[];
}

const recipientColumns = {
  userId: users.id,
  profileId: users.profileId,
  siteId: users.siteId,
  email: users.email,
  language: users.language,
  timeZone: users.timeZone,
  status: users.status,
  notificationsDisabled: users.notificationsDisabled,
};

type RecipientRow = { [K in keyof typeof recipientColumns]: (typeof users.$inferSelect)[K extends 'userId' ? 'id' : K] };

function toRecipient(row: RecipientRow): NotificationRecipient {
  const disabled = row.notificationsDisabled as NotificationsDisabledReason[];
  return {
    userId: row.userId,
    profileId: row.profileId!,
    siteId: row.siteId,
    email: row.email,
    language: row.language as LocaleCode,
    timeZone: row.timeZone,
    mailable: row.status === 'active' && disabled.length === 0,
    pushable: row.status === 'active' || row.status === 'not_confirmed',
    notificationsDisabled: disabled,
  };
}

/** The members behind these profiles (fictional profiles have none, so they are not in the map). */
export async function recipientsByProfile(
  db: Pick<Database, 'select'>,
  profileIds: readonly number[],
): Promise<Map<number, NotificationRecipient>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select(recipientColumns)
    .from(users)
    .where(inArray(users.profileId, [...new Set(profileIds)]));
  return new Map(rows.filter((row) => row.profileId !== null).map((row) => [row.profileId!, toRecipient(row as RecipientRow)]));
}

/** Read for every notification job (several a second while the queue is busy): a prepared statement. */
const recipientByUserStatement = preparedStatement<{ userId: number }, RecipientRow>(
  (p) =>
    sql`select ${sql.join(
      Object.entries(recipientColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
      sql`, `,
    )} from ${users} where ${users.id} = ${p.userId}`,
);

export async function recipientByUser(db: Pick<Database, 'execute'>, userId: number): Promise<NotificationRecipient | null> {
  const [row] = await recipientByUserStatement(db, { userId });
  return row && row.profileId !== null ? toRecipient(row) : null;
}

/** SQL: the account may get mail, as `mailable` says (confirmed and active, no reason in notifications_disabled, a profile). */
const mayGetMail = sql`${users.status} = 'active' and ${users.notificationsDisabled} = '[]'::jsonb and ${users.profileId} is not null`;

/**
 * A page of the members who may get mail (as `mailable` says), by id after `afterUserId`: the
 * weekly update goes through them all, a page at a time.
 */
export async function mailableUserIds(db: Pick<Database, 'select'>, afterUserId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${users.id} > ${afterUserId}`, mayGetMail))
    .orderBy(users.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * SQL, for one composed query: the ids of the members of a site who speak `language` and may get
 * mail (as `mailable` says). The promotions and news of a site and language go to those of them
 * who opted in (notifications/marketing-audience.ts).
 */
export function mailableMembersOf(siteId: number, language: LocaleCode): SQL {
  return sql`select ${users.id} from ${users} where ${users.siteId} = ${siteId} and ${users.language} = ${language} and ${mayGetMail}`;
}

/** SQL: the account may get pushes, as `pushable` says (in use, confirmed or not yet, a profile; a bounced address changes nothing for its browsers). */
const mayGetPush = sql`${users.status} in ('active', 'not_confirmed') and ${users.profileId} is not null`;

/** SQL, for one composed query: the ids of the members of a site who speak `language` and may get pushes (as `pushable` says). */
export function pushableMembersOf(siteId: number, language: LocaleCode): SQL {
  return sql`select ${users.id} from ${users} where ${users.siteId} = ${siteId} and ${users.language} = ${language} and ${mayGetPush}`;
}

/** Adds a reason to notifications_disabled (no mail at all from now on); answers the reasons now. */
export async function disableNotifications(
  db: Pick<Database, 'update'>,
  userId: number,
  reason: NotificationsDisabledReason,
): Promise<NotificationsDisabledReason[]> {
  const [row] = await db
    .update(users)
    .set({
      notificationsDisabled: sql`case when ${users.notificationsDisabled} ? ${reason} then ${users.notificationsDisabled}
        else ${users.notificationsDisabled} || jsonb_build_array(${reason}::text) end`,
    })
    .where(eq(users.id, userId))
    .returning({ reasons: users.notificationsDisabled });
  return (row?.reasons ?? []) as NotificationsDisabledReason[];
}

/**
 * Adds a reason to notifications_disabled of every account with this address (a mail provider's
 * bounce or spam complaint names an address, not an account; the same address may be a member
 * of several sites). Answers the accounts changed; repeating it changes nothing.
 */
export async function disableNotificationsForAddress(
  db: Pick<Database, 'update'>,
  email: string,
  reason: NotificationsDisabledReason,
): Promise<number[]> {
  const rows = await db
    .update(users)
    .set({ notificationsDisabled: sql`${users.notificationsDisabled} || jsonb_build_array(${reason}::text)` })
    .where(and(eq(users.email, normalizeEmail(email)), ne(users.status, 'erased'), sql`not (${users.notificationsDisabled} ? ${reason})`))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** Takes a reason out of notifications_disabled; answers the reasons left. */
export async function enableNotifications(
  db: Pick<Database, 'update'>,
  userId: number,
  reason: NotificationsDisabledReason,
): Promise<NotificationsDisabledReason[]> {
  const [row] = await db
    .update(users)
    .set({ notificationsDisabled: sql`${users.notificationsDisabled} - ${reason}::text` })
    .where(eq(users.id, userId))
    .returning({ reasons: users.notificationsDisabled });
  return (row?.reasons ?? []) as NotificationsDisabledReason[];
}

/**
 * Records the marketing consent (promotions, news) with the terms version, or withdraws it,
 * in the caller's transaction; repeating either changes nothing.
 */
export async function setMarketingConsent(tx: Tx, user: { id: number; companyId: number }, granted: boolean, now: Date): Promise<void> {
  const active = and(eq(consents.userId, user.id), eq(consents.kind, 'marketing_mail'), isNull(consents.revokedAt));
  const [current] = await tx.select({ id: consents.id }).from(consents).where(active).limit(1);
  if (granted && !current) {
    const version = await currentTermsVersion(tx, user.companyId);
    await tx.insert(consents).values({ userId: user.id, kind: 'marketing_mail', version, grantedAt: now });
  } else if (!granted && current) {
    await tx.update(consents).set({ revokedAt: now }).where(active);
  }
}

/**
 * Who gets promotions and news (issue 30, decision 043): the members of a site and language who
 * may get mail at all (accounts' rule, as for every notification mail) and who opted in to that
 * kind by e-mail. The campaigns feature composes it into the statement that queues a campaign,
 * and asks again for each member when the mail goes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isMarketingKind, defaultPreference, type NotificationKind } from '@cupido/shared/notification-rules';
import type { LocaleCode } from '@cupido/shared/locales';
import type { Database } from '../../db/open';
import { executePrepared } from '../../db/prepared';
import { notificationPreferences } from '../../db/schema';
import { mailableMembersOf, recipientByUser, type NotificationRecipient } from '../accounts/for-notifications';
import { wants } from './preferences';

export interface MarketingAudience {
  kind: NotificationKind;
  siteId: number;
  language: LocaleCode;
}

/**
 * SQL, for one composed query: the user ids (column `user_id`) of the audience. Marketing is off
 * by default, so only a stored opt-in counts.
 */
export function marketingAudience({ kind, siteId, language }: MarketingAudience): SQL {
  if (!isMarketingKind(kind) || defaultPreference(kind)) throw new Error(`${kind} is not a marketing kind that members opt in to`);
  return sql`select ${notificationPreferences.userId} as user_id from ${notificationPreferences}
    where ${notificationPreferences.kind} = ${kind} and ${notificationPreferences.channel} = 'email' and ${notificationPreferences.enabled}
      and ${notificationPreferences.userId} in (${mailableMembersOf(siteId, language)})`;
}

/** How many members the audience holds now. */
export async function countMarketingAudience(db: Database, audience: MarketingAudience): Promise<number> {
  const [row] = await executePrepared<{ count: number }>(db, sql`select count(*)::int as count from (${marketingAudience(audience)}) audience`);
  return Number(row?.count ?? 0);
}

/**
 * The member, when a mail of this marketing kind may go to them now: they may get mail at all,
 * and have it turned on; else null. The caller checks the site and language it mails for.
 */
export async function marketingRecipient(db: Pick<Database, 'execute'>, userId: number, kind: NotificationKind): Promise<NotificationRecipient | null> {
  const recipient = await recipientByUser(db, userId);
  if (!recipient?.mailable) return null;
  return (await wants(db, userId, kind, 'email')) ? recipient : null;
}

/**
 * Who gets promotions and news (issue 30, decisions 043 and 040): the members of a site and
 * language who opted in to that kind by e-mail and may get mail at all (accounts' rule, as for
 * every notification mail), or who opted in by push, may get pushes and have a browser to push
 * to. The campaigns feature composes it into the statement that queues a campaign, and asks
 * again for each member, when the campaign goes, by which channels they are to get it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isMarketingKind, defaultPreference, type NotificationKind } from '@cupido/shared/rules/notifications';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import type { Database } from '../../db/open';
import { executePrepared } from '../../db/prepared';
import { notificationPreferences } from '../../db/schema';
import { mailableMembersOf, pushableMembersOf, recipientByUser, type NotificationRecipient } from '../accounts/for-notifications';
import { membersWithDevicesQuery, membersWithSubscriptions } from '../push/subscriptions';
import { wants } from './preferences';

export interface MarketingAudience {
  kind: NotificationKind;
  siteId: number;
  language: LocaleCode;
}

/**
 * SQL, for one composed query: the user ids (column `user_id`) of the audience, each once.
 * Marketing is off by default, so only a stored opt-in counts.
 */
export function marketingAudience({ kind, siteId, language }: MarketingAudience): SQL {
  if (!isMarketingKind(kind) || defaultPreference(kind)) throw new Error(`${kind} is not a marketing kind that members opt in to`);
  const { userId, channel } = notificationPreferences;
  return sql`select distinct ${userId} as user_id from ${notificationPreferences}
    where ${notificationPreferences.kind} = ${kind} and ${notificationPreferences.enabled}
      and ((${channel} = 'email' and ${userId} in (${mailableMembersOf(siteId, language)}))
        or (${channel} = 'push' and ${userId} in (${pushableMembersOf(siteId, language)}) and ${userId} in (${membersWithDevicesQuery()})))`;
}

/** How many members the audience holds now. */
export async function countMarketingAudience(db: Database, audience: MarketingAudience): Promise<number> {
  const [row] = await executePrepared<{ count: number }>(
    db,
    sql`select count(*)::int as count from (${marketingAudience(audience)}) audience`,
  );
  return Number(row?.count ?? 0);
}

export interface MarketingRecipient {
  recipient: NotificationRecipient;
  /** By which channels the member gets it now: at least one is true. */
  channels: { email: boolean; push: boolean };
}

/**
 * The member and their channels, when something of this marketing kind may go to them now: by
 * e-mail when they may get mail and have it turned on, by push when they may get pushes, have it
 * turned on and a browser to push to; else null. The caller checks the site and language.
 */
export async function marketingRecipient(db: Database, userId: number, kind: NotificationKind): Promise<MarketingRecipient | null> {
  const recipient = await recipientByUser(db, userId);
  if (!recipient) return null;
  const email = recipient.mailable && (await wants(db, userId, kind, 'email'));
  const push = recipient.pushable && (await wants(db, userId, kind, 'push')) && (await membersWithSubscriptions(db, [userId])).has(userId);
  return email || push ? { recipient, channels: { email, push } } : null;
}

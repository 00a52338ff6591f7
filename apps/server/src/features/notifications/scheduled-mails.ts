/**
 * What the scheduled notification mails (unread-message reminders, weekly updates; issue 30)
 * share: the member's quiet hours, and one mail per member and topic within a gap, sent through
 * the same react-email template, unsubscribe link and headers as the mails about news.
 *
 * The gap is claimed in the transaction that sends: the topic row's mailed_at moves only when it
 * is older than the gap, so two processes (or a job and its retry) that both get this far send
 * once; the other sees no row come back and stops. A failed send rolls the claim back.
 */
import { sql } from 'drizzle-orm';
import { isKnownTimeZone } from '@cupido/shared/like-rules';
import { quietHoursEnd } from '@cupido/shared/notification-rules';
import { executePrepared } from '../../db/prepared';
import { notificationTopics } from '../../db/schema';
import type { NotificationRecipient } from '../accounts/for-notifications';
import { onlineNow } from '../live/presence';
import { siteOrigin } from '../sites/public-origin';
import type { NotificationDeps } from './delivery';
import { mailBrand, preferenceOf, renderNotificationMail, type NotificationMailInput } from './notification-mail';
import { unsubscribeLinks } from './unsubscribe-link';

export type ScheduledMailDeps = Omit<NotificationDeps, 'delaySeconds'>;

/** When the member's quiet hours end, if they are in them now (their zone, else their site's); null otherwise. */
export async function quietHoursEndFor(deps: Pick<ScheduledMailDeps, 'sites'>, recipient: NotificationRecipient, now: Date): Promise<Date | null> {
  const site = await deps.sites.byId(recipient.siteId);
  const zone = recipient.timeZone && isKnownTimeZone(recipient.timeZone) ? recipient.timeZone : site?.timeZone;
  return quietHoursEnd(now, zone && isKnownTimeZone(zone) ? zone : 'UTC');
}

/** Whether the member has the app open now (the live channel's presence): they see what a mail would say. */
export async function isOnlineNow(deps: ScheduledMailDeps, profileId: number, now: Date): Promise<boolean> {
  const [row] = await executePrepared<{ online: boolean }>(deps.db, sql`select ${onlineNow(sql`${profileId}::int`, now)} as online`);
  return row?.online === true;
}

/** When the member was last mailed about the topic, or null. */
export async function lastMailedAt(deps: ScheduledMailDeps, userId: number, topic: string): Promise<Date | null> {
  const [row] = await deps.db
    .select({ mailedAt: notificationTopics.mailedAt })
    .from(notificationTopics)
    .where(sql`${notificationTopics.userId} = ${userId} and ${notificationTopics.topic} = ${topic}`);
  return row?.mailedAt ?? null;
}

export interface ScheduledMail {
  kind: Extract<NotificationMailInput['kind'], 'unread_message_reminders' | 'weekly_updates'>;
  /** The topic row that holds when the member was last mailed ('reminder:unread', 'weekly:updates'). */
  topic: string;
  /** No second mail on the topic within this long. */
  minGapMs: number;
  about: NotificationMailInput['about'];
  /** The weekly update's profiles, with paths on the member's site. */
  profiles?: (Omit<NonNullable<NotificationMailInput['profiles']>[number], 'link'> & { path: string })[];
  /** Where the button leads on the member's site. */
  path: string;
}

/** Renders and sends the mail unless the member got one on the topic within the gap; answers whether it went. */
export async function sendScheduledMail(deps: ScheduledMailDeps, recipient: NotificationRecipient, recipientName: string, mail: ScheduledMail, now: Date): Promise<boolean> {
  const site = await deps.sites.byId(recipient.siteId);
  if (!site) return false;
  const origin = siteOrigin(site.domain, deps.publicOrigin);
  // Where the visit came from (spec section 4's tracking), as the mails about news carry it.
  const tracking = `network=email&sub1=${mail.kind}`;
  const links = await unsubscribeLinks(deps.db, origin, recipient.userId, preferenceOf(mail.kind), now);
  const company = await deps.sites.company(site);
  const rendered = await renderNotificationMail({
    kind: mail.kind,
    locale: recipient.language,
    recipientName,
    about: mail.about,
    profiles: mail.profiles?.map(({ path, ...profile }) => ({ ...profile, link: `${origin}${path}?${tracking}` })),
    ...mailBrand(site, company, recipient.language),
    link: `${origin}${mail.path}?${tracking}`,
    unsubscribeLink: links.page,
    settingsLink: `${origin}/notifications?${tracking}`,
  });

  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(notificationTopics)
      .values({ userId: recipient.userId, topic: mail.topic, mailedUpTo: 0, mailedAt: now })
      .onConflictDoUpdate({
        target: [notificationTopics.userId, notificationTopics.topic],
        set: { mailedAt: now },
        setWhere: sql`${notificationTopics.mailedAt} <= ${new Date(now.getTime() - mail.minGapMs).toISOString()}::timestamptz`,
      })
      .returning({ userId: notificationTopics.userId });
    if (!claimed) return false;
    await deps.mailer.send({
      to: recipient.email,
      fromName: site.name,
      fromAddress: site.supportEmail,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      links: [`${origin}${mail.path}`],
      headers: {
        // RFC 8058, as every notification mail.
        'List-Unsubscribe': `<${links.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return true;
  });
}

/**
 * What the scheduled notifications (unread-message reminders, weekly updates; issue 30) share:
 * the member's quiet hours, and one mail and/or push per member and topic within a gap, the mail
 * through the same react-email template, unsubscribe link and headers as the mails about news,
 * the push with the same texts as the pushes about news (push-notification.ts).
 *
 * The gap is claimed in the transaction that sends: the topic row's mailed_at moves only when it
 * is older than the gap, so two processes (or a job and its retry) that both get this far send
 * once; the other sees no row come back and stops. A failed mail rolls the claim back. The push
 * is queued after the commit (its delivery jobs retry on their own), under an id made from the
 * topic and the claim's time, so a retry of this job queues it once.
 */
import { sql } from 'drizzle-orm';
import { isKnownTimeZone } from '@cupido/shared/rules/likes';
import { quietHoursEnd } from '@cupido/shared/rules/notifications';
import { executePrepared } from '../../db/prepared';
import { notificationTopics } from '../../db/schema';
import type { NotificationRecipient } from '../accounts/for-notifications';
import { onlineNow } from '../live/presence';
import { siteOrigin } from '../sites/public-origin';
import type { Site } from '../sites/service';
import type { NotificationDeps } from './delivery';
import { mailBrand, preferenceOf, renderNotificationMail, type NotificationMailInput } from './notification-mail';
import { wants } from './preferences';
import { PUSH_TTL_SECONDS, PUSH_URGENCY, pushMessage, vapidSubject } from './push-notification';
import { unsubscribeLinks } from './unsubscribe-link';

export type ScheduledMailDeps = Omit<NotificationDeps, 'delaySeconds'>;

/** When the member's quiet hours end, if they are in them now (their zone, else their site's); null otherwise. */
export async function quietHoursEndFor(
  deps: Pick<ScheduledMailDeps, 'sites'>,
  recipient: NotificationRecipient,
  now: Date,
): Promise<Date | null> {
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

/** The channels the member is to be told by about `kind`: e-mail and push, each when the account may get it and the member wants it. */
export async function channelsFor(
  deps: ScheduledMailDeps,
  recipient: NotificationRecipient,
  kind: ScheduledMail['kind'],
): Promise<{ email: boolean; push: boolean }> {
  const preference = preferenceOf(kind);
  const email = recipient.mailable && (await wants(deps.db, recipient.userId, preference, 'email'));
  const push =
    recipient.pushable &&
    (await wants(deps.db, recipient.userId, preference, 'push')) &&
    (await deps.push.membersWithDevices([recipient.userId])).has(recipient.userId);
  return { email, push };
}

/**
 * Sends the mail and/or the push (`channels`, from channelsFor) unless the member got one on the
 * topic within the gap; answers whether anything went.
 */
export async function sendScheduledNews(
  deps: ScheduledMailDeps,
  recipient: NotificationRecipient,
  recipientName: string,
  mail: ScheduledMail,
  now: Date,
  channels: { email: boolean; push: boolean },
): Promise<boolean> {
  if (!channels.email && !channels.push) return false;
  const site = await deps.sites.byId(recipient.siteId);
  if (!site) return false;
  const composed = channels.email ? await composeScheduledMail(deps, site, recipient, recipientName, mail, now) : null;

  const claimed = await deps.db.transaction(async (tx) => {
    const [claim] = await tx
      .insert(notificationTopics)
      .values({ userId: recipient.userId, topic: mail.topic, mailedUpTo: 0, mailedAt: now })
      .onConflictDoUpdate({
        target: [notificationTopics.userId, notificationTopics.topic],
        set: { mailedAt: now },
        setWhere: sql`${notificationTopics.mailedAt} <= ${new Date(now.getTime() - mail.minGapMs).toISOString()}::timestamptz`,
      })
      .returning({ userId: notificationTopics.userId });
    if (!claim) return false;
    if (!composed) return true;
    const { origin, rendered, links } = composed;
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
  if (claimed && channels.push) {
    const message = pushMessage(
      { kind: mail.kind, topic: mail.topic, path: mail.path },
      {
        locale: recipient.language,
        about: mail.about,
        siteName: site.name,
        fictionalLabel: site.fictionalSingular[recipient.language] ?? site.fictionalSingular.en ?? '',
      },
    );
    await deps.push.pushToMember(recipient.userId, {
      message,
      collapseKey: mail.topic,
      newsKey: `${mail.topic}:${now.toISOString()}`,
      ttlSeconds: PUSH_TTL_SECONDS,
      urgency: PUSH_URGENCY[mail.kind],
      subject: vapidSubject(site),
    });
  }
  return claimed;
}

async function composeScheduledMail(
  deps: ScheduledMailDeps,
  site: Site,
  recipient: NotificationRecipient,
  recipientName: string,
  mail: ScheduledMail,
  now: Date,
) {
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
  return { origin, rendered, links };
}

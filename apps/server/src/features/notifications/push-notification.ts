/**
 * Web pushes about what happened between members (issue 30, decision 040), beside the mails of
 * delivery.ts: the scan queues a `notification_push` job next to the mail job for a member with
 * a browser to push to. At send time the job checks again: the account is in use, the member
 * wants this kind by push, the news is still unread (or the like unopened), the member is not
 * online (the app tells them; looked at again as for mails), and it is not their quiet hours
 * (it waits for their end). Then features/push queues one delivery per browser.
 *
 * Unlike mails, every scan's news of a conversation is pushed (at most one per minute): a push is
 * replaced on the device by the next one with the same tag, and by the push service while still
 * undelivered (the Topic header), so a member does not collect a pile of them.
 *
 * The push names the profile and the site, in the member's language, with the mail's texts, and
 * discloses a fictional profile as the mail does; never the message itself (lock screens).
 */
import type { TPushMessage } from '@cupido/shared/contracts/push';
import type { PushMessageKind } from '@cupido/shared/rules/push';
import type { JobDefinition } from '../../infra/jobs';
import { translate } from '../../i18n/translate';
import { recipientByUser } from '../accounts/for-notifications';
import { profilesForNotifications } from '../profiles/for-notifications';
import type { Site } from '../sites/service';
import type { PushUrgency } from '../push/web-push-send';
import { readUpToIfStillNew, screenOf, siteIfTimeToTell, type NotificationDeps, type NotificationMailJob } from './delivery';
import { preferenceOf } from './notification-mail';
import { wants } from './preferences';

export const NOTIFICATION_PUSH_JOB = 'notification_push';

/** Old news makes no push: a browser offline for a day gets none of it (the scan reaches back a day too). */
export const PUSH_TTL_SECONDS = 24 * 3600;

/**
 * RFC 8030 urgency: a message is a chat message ('normal'); a like, a reminder or a digest may wait
 * until the phone is on power or Wi-Fi.
 */
export const PUSH_URGENCY: Record<PushMessageKind, PushUrgency> = {
  new_conversations: 'normal',
  new_messages: 'normal',
  match: 'normal',
  like: 'low',
  unread_message_reminders: 'low',
  weekly_updates: 'low',
  promotions: 'very-low',
  news: 'very-low',
};

/** What a push is about: its kind (and texts), its tag (one notification per topic on the device) and the screen it opens. */
export interface PushNews {
  kind: PushMessageKind;
  topic: string;
  /** The screen on the member's site, without query. */
  path: string;
}

/** The push services' contact for this sender (RFC 8292): the site's support address, else its web site. */
export function vapidSubject(site: Pick<Site, 'supportEmail' | 'domain'>): string {
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(site.supportEmail) ? `mailto:${site.supportEmail}` : `https://${site.domain}`;
}

/** The payload: the screen to open (checkUrl), and the login that leads there for a browser without a session (openUrl). */
export function pushMessage(
  news: PushNews,
  input: { locale: Parameters<typeof translate>[0]; about: { name: string; fictional: boolean }; siteName: string; fictionalLabel: string },
): TPushMessage {
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(input.locale, `mail.notification.${key}`, { name: input.about.name, site: input.siteName, ...params });
  const body = t(`${news.kind}.body`);
  // Where the visit came from (spec section 4's tracking), as in the mails' links.
  const checkUrl = `${news.path}?network=push&sub1=${news.kind}`;
  return {
    kind: news.kind,
    title: t(`${news.kind}.subject`),
    body: input.about.fictional ? `${body} ${t('fictional', { label: input.fictionalLabel })}` : body,
    tag: news.topic,
    checkUrl,
    openUrl: `/login?redirect=${encodeURIComponent(checkUrl)}`,
  };
}

/** Pushes the news a job is about to the member's browsers, unless something since says not to. */
export async function sendNotificationPush(
  deps: NotificationDeps,
  push: JobDefinition<NotificationMailJob>,
  job: NotificationMailJob,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock();
  const recipient = await recipientByUser(db, job.userId);
  if (!recipient?.pushable) return;
  if (!(await wants(db, recipient.userId, preferenceOf(job.kind), 'push'))) return;
  if ((await readUpToIfStillNew(db, job, recipient)) === null) return;
  const told = await siteIfTimeToTell(deps, push, job, recipient, now);
  if (!told) return;
  const { site } = told;

  const about = (await profilesForNotifications(db, [job.aboutProfileId])).get(job.aboutProfileId);
  if (!about) return;
  const message = pushMessage(
    { kind: job.kind, topic: job.topic, path: screenOf(job) },
    {
      locale: recipient.language,
      about,
      siteName: site.name,
      fictionalLabel: site.fictionalSingular[recipient.language] ?? site.fictionalSingular.en ?? '',
    },
  );
  await deps.push.pushToMember(recipient.userId, {
    message,
    collapseKey: job.topic,
    newsKey: `${job.topic}:${job.upTo}`,
    ttlSeconds: PUSH_TTL_SECONDS,
    urgency: PUSH_URGENCY[job.kind],
    subject: vapidSubject(site),
  });
}

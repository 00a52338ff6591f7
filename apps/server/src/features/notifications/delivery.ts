/**
 * Notification mails about what happened between members (issue 30): new conversations and
 * messages, likes and matches. Nothing here runs in the request that sends a message or a like:
 *
 * - `notification_scan` (every minute, one job per tick across all processes) reads from chats
 *   and likes what happened since the last scan and at least `delaySeconds` ago (120 by default)
 *   (a message read meanwhile is left out), and queues one `notification_mail` job per member
 *   and topic under an id made from them, so a scan that runs twice queues each mail once, and
 *   beside it a `notification_push` job for a member with a browser to push to
 *   (push-notification.ts, decision 040);
 * - `notification_mail` checks again at send time and sends at most one mail: not to a member
 *   who may get none (not confirmed, suspended, ended, pending deletion, notifications_disabled),
 *   who turned the kind off, or who read the conversation or opened the like meanwhile; while the
 *   member is online (the app told them) it looks again every two minutes, for up to an hour, and
 *   mails if they left without reading; at most one mail per conversation until the member has
 *   read what the last one was about, one per like and per match; during the member's quiet
 *   hours it waits until they end.
 */
import { eq, sql } from 'drizzle-orm';
import { isKnownTimeZone } from '@cupido/shared/rules/likes';
import { quietHoursEnd } from '@cupido/shared/rules/notifications';
import type { Database } from '../../db/open';
import { executePrepared, preparedStatement } from '../../db/prepared';
import { notificationScans, notificationTopics } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { workJobId, type JobDefinition, type JobQueue } from '../../infra/jobs';
import type { Mailer } from '../../infra/mailer';
import { recipientByUser, recipientsByProfile, type NotificationRecipient } from '../accounts/for-notifications';
import { readUpToOf, unreadMessagesBetween } from '../chats/for-notifications';
import { likeStillNew, newLikesBetween } from '../likes/for-notifications';
import { onlineNow } from '../live/presence';
import { profilesForNotifications } from '../profiles/for-notifications';
import { siteOrigin, type PublicOriginConfig } from '../sites/public-origin';
import type { Company, Site, SiteService } from '../sites/service';
import type { PushPort } from '../push/delivery';
import { mailBrand, preferenceOf, renderNotificationMail, type MemberNewsKind } from './notification-mail';
import { wants } from './preferences';
import { unsubscribeLinks } from './unsubscribe-link';

export const NOTIFICATION_SCAN_JOB = 'notification_scan';
export const NOTIFICATION_MAIL_JOB = 'notification_mail';
/** After an outage the first scan reaches back at most this far: old news makes no mail. */
const SCAN_MAX_SPAN_MS = 24 * 3600_000;
/** The first scan of a new database starts here. */
const FIRST_SCAN_SPAN_MS = 10 * 60_000;
const SCAN_SOURCE = 'members_activity';

export interface NotificationDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  jobs: JobQueue;
  sites: SiteService;
  publicOrigin: PublicOriginConfig;
  /** How old news must be before its mail (NOTIFICATION_MAIL_DELAY_SECONDS; 120 by default). */
  delaySeconds: number;
  /** The members' browsers (features/push): the pushes of push-notification.ts go through it. */
  push: PushPort;
}

export interface NotificationMailJob {
  userId: number;
  kind: MemberNewsKind;
  /** 'conversation:<id>', 'like:<profile id>' or 'match:<profile id>'. */
  topic: string;
  /** The profile the mail is about (the sender, the liker). */
  aboutProfileId: number;
  conversationId: number | null;
  /** The last message the mail is about (0 for likes). */
  upTo: number;
  /** Queued again at the end of the member's quiet hours: send then, whatever the clock says. */
  afterQuietHours?: boolean;
  /** How many times the member was found online, each time looked at again ONLINE_RECHECK_MS later. */
  onlineChecks?: number;
}

/** A member online now is told by the app; if they leave without reading, the mail (or push) goes after all. */
const ONLINE_RECHECK_MS = 2 * 60_000;
/** After this many checks (an hour online without reading the conversation) the mail (or push) is dropped. */
const ONLINE_RECHECKS_MAX = 30;

/**
 * Queues the mails and pushes about what happened since the last scan (in bulk: a busy minute
 * makes thousands); answers how many jobs it offered (those queued before keep their place). A
 * push job is queued only for a member with a browser to push to (decision 040).
 */
export async function scanForNotifications(
  deps: NotificationDeps,
  definitions: { mail: JobDefinition<NotificationMailJob>; push: JobDefinition<NotificationMailJob> },
): Promise<number> {
  const until = new Date(deps.clock().getTime() - deps.delaySeconds * 1000);
  const [cursor] = await deps.db.select().from(notificationScans).where(eq(notificationScans.source, SCAN_SOURCE));
  const from = new Date(
    Math.max(cursor?.scannedUntil.getTime() ?? until.getTime() - FIRST_SCAN_SPAN_MS, until.getTime() - SCAN_MAX_SPAN_MS),
  );
  if (from >= until) return 0;

  const [messages, likes] = await Promise.all([unreadMessagesBetween(deps.db, from, until), newLikesBetween(deps.db, from, until)]);
  const recipients = await recipientsByProfile(deps.db, [...messages.map((m) => m.recipientProfileId), ...likes.map((l) => l.toProfileId)]);
  const news: { job: NotificationMailJob; recipient: NotificationRecipient }[] = [];
  for (const message of messages) {
    const recipient = recipients.get(message.recipientProfileId);
    if (!recipient) continue;
    const job: NotificationMailJob = {
      userId: recipient.userId,
      kind: message.newConversation ? 'new_conversations' : 'new_messages',
      topic: `conversation:${message.conversationId}`,
      aboutProfileId: message.senderProfileId,
      conversationId: message.conversationId,
      upTo: message.lastMessageId,
    };
    news.push({ job, recipient });
  }
  for (const like of likes) {
    const recipient = recipients.get(like.toProfileId);
    if (!recipient) continue;
    const kind = like.match ? 'match' : 'like';
    news.push({
      recipient,
      job: {
        userId: recipient.userId,
        kind,
        topic: `${kind}:${like.fromProfileId}`,
        aboutProfileId: like.fromProfileId,
        conversationId: null,
        upTo: 0,
      },
    });
  }
  const withBrowsers = await deps.push.membersWithDevices(
    news.filter(({ recipient }) => recipient.pushable).map(({ recipient }) => recipient.userId),
  );
  const mails = news
    .filter(({ recipient }) => recipient.mailable)
    .map(({ job }) => ({ data: job, id: workJobId(definitions.mail.name, job.userId, job.topic, job.upTo) }));
  const pushes = news
    .filter(({ recipient }) => recipient.pushable && withBrowsers.has(recipient.userId))
    .map(({ job }) => ({ data: job, id: workJobId(definitions.push.name, job.userId, job.topic, job.upTo) }));
  await deps.jobs.sendMany(definitions.mail, mails);
  await deps.jobs.sendMany(definitions.push, pushes);
  // Queued before the cursor moves: a scan that fails here is repeated, and the ids queue nothing twice.
  await deps.db
    .insert(notificationScans)
    .values({ source: SCAN_SOURCE, scannedUntil: until })
    .onConflictDoUpdate({
      target: notificationScans.source,
      set: { scannedUntil: sql`greatest(${notificationScans.scannedUntil}, excluded.scanned_until)` },
    });
  return mails.length + pushes.length;
}

async function isOnline(db: Database, profileId: number, now: Date): Promise<boolean> {
  const [row] = await executePrepared<{ online: boolean }>(db, sql`select ${onlineNow(sql`${profileId}::int`, now)} as online`);
  return row?.online === true;
}

/**
 * How far the member has read the conversation the news is about (0 for likes), or null when the
 * news is no longer news: the member read up to it, or opened the like.
 */
export async function readUpToIfStillNew(db: Database, job: NotificationMailJob, recipient: NotificationRecipient): Promise<number | null> {
  if (job.conversationId === null) return (await likeStillNew(db, job.aboutProfileId, recipient.profileId)) ? 0 : null;
  const readUpTo = await readUpToOf(db, job.conversationId, recipient.profileId);
  return readUpTo >= job.upTo ? null : readUpTo;
}

/**
 * Whether to tell the member now. A member online now is told by the app: the job looks again
 * every two minutes (up to an hour) and goes if they left without reading. During the member's
 * quiet hours it is queued again for their end. Answers the member's site (and its company) when
 * it goes now, else null (queued again, or dropped). The same for mails and pushes (`definition`).
 */
export async function siteIfTimeToTell(
  deps: NotificationDeps,
  definition: JobDefinition<NotificationMailJob>,
  job: NotificationMailJob,
  recipient: NotificationRecipient,
  now: Date,
): Promise<{ site: Site; company: Company } | null> {
  if (await isOnline(deps.db, recipient.profileId, now)) {
    const checks = (job.onlineChecks ?? 0) + 1;
    if (checks > ONLINE_RECHECKS_MAX) return null;
    const again = { ...job, onlineChecks: checks };
    await deps.jobs.send(definition, again, {
      id: workJobId(definition.name, job.userId, job.topic, job.upTo, 'online', checks),
      startAfter: new Date(now.getTime() + ONLINE_RECHECK_MS),
    });
    return null;
  }
  const found = await deps.sites.withCompany(recipient.siteId);
  if (!found) return null;
  const { site } = found;
  const zone = recipient.timeZone && isKnownTimeZone(recipient.timeZone) ? recipient.timeZone : site.timeZone;
  const quietEnd = job.afterQuietHours ? null : quietHoursEnd(now, isKnownTimeZone(zone) ? zone : 'UTC');
  if (quietEnd) {
    await deps.jobs.send(
      definition,
      { ...job, afterQuietHours: true },
      { id: workJobId(definition.name, job.userId, job.topic, job.upTo, 'after-quiet-hours'), startAfter: quietEnd },
    );
    return null;
  }
  return found;
}

/** The path of the screen the news is about: the conversation, the match's chat, the like. */
export function screenOf(job: NotificationMailJob): string {
  if (job.conversationId !== null) return `/chats/${job.conversationId}`;
  return job.kind === 'match' ? `/members/${job.aboutProfileId}/chat` : `/likes/m/${job.aboutProfileId}`;
}

/** What the last mail on a topic was about (a prepared statement: asked by every mail job). */
const mailedTopicStatement = preparedStatement<{ userId: number; topic: string }, { mailedUpTo: number }>(
  (p) =>
    sql`select (${notificationTopics.mailedUpTo})::float8 as "mailedUpTo" from ${notificationTopics}
        where ${notificationTopics.userId} = ${p.userId} and ${notificationTopics.topic} = ${p.topic}`,
);

/** Sends the mail a job is about, unless something since says not to (see the file's comment). */
export async function sendNotificationMail(
  deps: NotificationDeps,
  mail: JobDefinition<NotificationMailJob>,
  job: NotificationMailJob,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock();
  const recipient = await recipientByUser(db, job.userId);
  if (!recipient?.mailable) return;
  if (!(await wants(db, recipient.userId, preferenceOf(job.kind), 'email'))) return;

  const readUpTo = await readUpToIfStillNew(db, job, recipient);
  if (readUpTo === null) return;
  const [mailed] = await mailedTopicStatement(db, { userId: recipient.userId, topic: job.topic });
  // One mail per like and per match; per conversation, none until the member read what the last one was about.
  if (mailed && (job.conversationId === null || mailed.mailedUpTo >= job.upTo || readUpTo < mailed.mailedUpTo)) return;
  const told = await siteIfTimeToTell(deps, mail, job, recipient, now);
  if (!told) return;
  const { site, company } = told;

  const profiles = await profilesForNotifications(db, [job.aboutProfileId, recipient.profileId]);
  const about = profiles.get(job.aboutProfileId);
  if (!about) return;
  const origin = siteOrigin(site.domain, deps.publicOrigin);
  const kindPreference = preferenceOf(job.kind);
  // Where the visit came from (spec section 4's tracking), read by the web app and dropped from the address.
  const tracking = `network=email&sub1=${job.kind}`;
  const path = screenOf(job);
  const links = await unsubscribeLinks(db, origin, recipient.userId, kindPreference, now);
  const rendered = await renderNotificationMail({
    kind: job.kind,
    locale: recipient.language,
    recipientName: profiles.get(recipient.profileId)?.name ?? '',
    about: { name: about.name, fictional: about.fictional },
    ...mailBrand(site, company, recipient.language),
    link: `${origin}${path}?${tracking}`,
    unsubscribeLink: links.page,
    settingsLink: `${origin}/notifications?${tracking}`,
  });

  // The topic is written with the send: a mail that fails rolls it back, and the job's retry tries again.
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationTopics)
      .values({ userId: recipient.userId, topic: job.topic, mailedUpTo: job.upTo, mailedAt: now })
      .onConflictDoUpdate({ target: [notificationTopics.userId, notificationTopics.topic], set: { mailedUpTo: job.upTo, mailedAt: now } });
    await deps.mailer.send({
      to: recipient.email,
      fromName: site.name,
      fromAddress: site.supportEmail,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      links: [`${origin}${path}`],
      headers: {
        // RFC 8058: the mail app's one-click unsubscribe POSTs to this address; no login, no page.
        'List-Unsubscribe': `<${links.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  });
}

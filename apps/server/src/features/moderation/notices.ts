/**
 * The e-mails that follow a decision (issue 13), sent after the commit by the job queue:
 * - the statement of reasons to the member it concerns (every action but 'dismiss'), with the
 *   signed appeal link (appeal-link.ts); `statement_sent_at` is its outbox mark;
 * - the outcome to the member(s) who reported the item (decisions on reports);
 *   `reporter_notified_at` likewise;
 * - the outcome of an appeal to the member who filed it.
 * A decision queues its notice job at once; a failed send is retried by the job queue, and the
 * cron job `decision_notices_retry` picks up any decision whose marks are still empty (a job lost
 * with a crashed process, or queued by a photo decision that did not queue it), so every decision
 * gets its mails. At-least-once: a crash between the mail and its mark can send one twice, which
 * is better than not at all.
 */
import { and, eq, gt, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { appeals, moderationDecisions } from '../../db/schema';
import type { JobDefinition, JobQueue } from '../../infra/jobs';
import { translate } from '../../i18n/translate';
import type { BackOfficeDeps } from '../../back-office-deps';
import { accountsByIds, type ModeratedAccount } from '../accounts/moderation-accounts';
import { profilesForModeration } from '../profiles/moderation';
import { reportedMessageTexts, reportersOfDecision, reportsOfDecisions } from '../reports/queue';
import { siteOrigin } from '../sites/public-origin';
import type { Site } from '../sites/service';
import { appealToken } from './appeal-link';
import { renderNoticeMail } from './notice-mails';
import { formatDay, statementTexts } from './statement';

export type NoticeDeps = Pick<BackOfficeDeps, 'db' | 'clock' | 'mailer' | 'sites' | 'publicOrigin' | 'log' | 'jobs'>;
type Decision = typeof moderationDecisions.$inferSelect;

export const DECISION_NOTICE_JOB = 'decision_notices';
export const DECISION_NOTICE_RETRY_JOB = 'decision_notices_retry';
export const APPEAL_OUTCOME_JOB = 'appeal_outcome_mail';
/** The retry job leaves a decision this long to its own job first, and gives up on it after RETRY_DAYS. */
const RETRY_AFTER_MS = 5 * 60_000;
const RETRY_DAYS = 14;

function mailSite(site: Site) {
  return { name: site.name, domain: site.domain, themeColor: site.themeColor, logoText: site.logoText, supportEmail: site.supportEmail };
}

async function send(deps: NoticeDeps, site: Site, to: ModeratedAccount, mail: ReturnType<typeof renderNoticeMail>, links: string[]) {
  await deps.mailer.send({
    to: to.email,
    fromName: site.name,
    fromAddress: site.supportEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links,
  });
}

async function nameOf(deps: NoticeDeps, profileId: number | null): Promise<string> {
  if (profileId === null) return '';
  return (await profilesForModeration(deps.db, [profileId])).get(profileId)?.name ?? '';
}

/** The statement of reasons: what, ground, facts, basis, and how to appeal until when. */
async function sendStatement(deps: NoticeDeps, site: Site, decision: Decision, member: ModeratedAccount): Promise<void> {
  const locale = member.language;
  const x = statementTexts(locale, decision);
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(locale, `mail.statement.${key}`, { site: site.name, ...params });
  const link = `${siteOrigin(site.domain, deps.publicOrigin)}/decision/${await appealToken(deps.db, decision.id, member.userId)}`;
  // Which message: the member may have sent many (the report kept its text).
  const message = decision.messageId === null ? undefined : (await reportedMessageTexts(deps.db, [decision.id])).get(decision.id);
  const mail = renderNoticeMail({
    locale,
    site: mailSite(site),
    name: await nameOf(deps, member.profileId),
    subject: t('subject'),
    heading: t('heading'),
    paragraphs: [
      x.what,
      ...(message === undefined ? [] : [t('content', { text: message })]),
      t('ground', { ground: x.ground }),
      t('facts', { facts: x.facts }),
      x.basis,
      t('appeal', { date: formatDay(locale, x.appealUntil) }),
      t('redress'),
    ],
    action: { label: t('button'), link },
  });
  await send(deps, site, member, mail, [link]);
}

/** The outcome to each reporter: what they reported and what came of it, nothing more about the member. */
async function sendReporterNotices(deps: NoticeDeps, site: Site, decision: Decision): Promise<void> {
  const [reporterIds, closed] = await Promise.all([reportersOfDecision(deps.db, decision.id), reportsOfDecisions(deps.db, [decision.id])]);
  const reporters = await accountsByIds(deps.db, reporterIds);
  const profiles = await profilesForModeration(deps.db, [
    ...closed.map((r) => r.reportedProfileId),
    ...[...reporters.values()].flatMap((r) => (r.profileId ? [r.profileId] : [])),
  ]);
  const outcome = decision.action === 'dismiss' || decision.action === 'remove_content' ? decision.action : 'measures';
  for (const reporter of reporters.values()) {
    const report = closed
      .filter((r) => r.reporterUserId === reporter.userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
    if (!report) continue;
    const locale: LocaleCode = reporter.language;
    const t = (key: string, params: Record<string, string> = {}) =>
      translate(locale, `mail.reporter.${key}`, { site: site.name, ...params });
    const mail = renderNoticeMail({
      locale,
      site: mailSite(site),
      name: reporter.profileId ? (profiles.get(reporter.profileId)?.name ?? '') : '',
      subject: t('subject'),
      heading: t('heading'),
      paragraphs: [
        t('body', { date: formatDay(locale, report.createdAt), name: profiles.get(report.reportedProfileId)?.name ?? '' }),
        t(`outcome.${outcome}`),
      ],
    });
    await send(deps, site, reporter, mail, []);
  }
}

/** Sends what is still due for the decision and marks it sent. */
export async function sendDecisionNotices(deps: NoticeDeps, decisionId: number): Promise<void> {
  const [decision] = await deps.db.select().from(moderationDecisions).where(eq(moderationDecisions.id, decisionId));
  if (!decision) return;
  const site = await deps.sites.byId(decision.siteId);
  if (!site) return;
  if (decision.statementSentAt === null && decision.action !== 'dismiss' && decision.userId !== null) {
    // An erased account gets no mail: nothing is left to send, so the mark is set all the same.
    const member = (await accountsByIds(deps.db, [decision.userId])).get(decision.userId);
    if (member) await sendStatement(deps, site, decision, member);
    await deps.db
      .update(moderationDecisions)
      .set({ statementSentAt: deps.clock() })
      .where(and(eq(moderationDecisions.id, decision.id), isNull(moderationDecisions.statementSentAt)));
  }
  if (decision.reporterNotifiedAt === null && decision.source === 'report') {
    await sendReporterNotices(deps, site, decision);
    await deps.db
      .update(moderationDecisions)
      .set({ reporterNotifiedAt: deps.clock() })
      .where(and(eq(moderationDecisions.id, decision.id), isNull(moderationDecisions.reporterNotifiedAt)));
  }
}

/** Decisions whose mails are still due, older than RETRY_AFTER_MS (their own job had its chance). */
export async function pendingNoticeIds(deps: Pick<NoticeDeps, 'db'>, now: Date): Promise<number[]> {
  const rows = await deps.db
    .select({ id: moderationDecisions.id })
    .from(moderationDecisions)
    .where(
      and(
        lt(moderationDecisions.createdAt, new Date(now.getTime() - RETRY_AFTER_MS)),
        gt(moderationDecisions.createdAt, new Date(now.getTime() - RETRY_DAYS * 86_400_000)),
        or(
          and(
            isNull(moderationDecisions.statementSentAt),
            ne(moderationDecisions.action, 'dismiss'),
            isNotNull(moderationDecisions.userId),
          ),
          and(isNull(moderationDecisions.reporterNotifiedAt), eq(moderationDecisions.source, 'report')),
        ),
      ),
    )
    .orderBy(moderationDecisions.id)
    .limit(100);
  return rows.map((r) => r.id);
}

/** The outcome of an appeal, to the member who filed it. */
export async function sendAppealOutcome(deps: NoticeDeps, appealId: number): Promise<void> {
  const [row] = await deps.db
    .select({ appeal: appeals, decision: moderationDecisions })
    .from(appeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
    .where(and(eq(appeals.id, appealId), ne(appeals.status, 'open')));
  if (!row || row.decision.userId === null) return;
  const { appeal, decision } = row;
  const [site, members] = await Promise.all([deps.sites.byId(decision.siteId), accountsByIds(deps.db, [decision.userId!])]);
  const member = members.get(decision.userId!);
  if (!site || !member) return;
  const locale = member.language;
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(locale, `mail.appeal_outcome.${key}`, { site: site.name, ...params });
  const paragraphs = [t(appeal.status, { date: formatDay(locale, decision.createdAt) })];
  if (appeal.status === 'reversed') {
    if (decision.action === 'suspend' || decision.action === 'terminate') paragraphs.push(t('account_restored'));
    if (decision.action === 'remove_content') paragraphs.push(t('content_not_restored'));
  }
  if (appeal.outcomeNote) paragraphs.push(t('note', { note: appeal.outcomeNote }));
  const mail = renderNoticeMail({
    locale,
    site: mailSite(site),
    name: await nameOf(deps, member.profileId),
    subject: t('subject'),
    heading: t('heading'),
    paragraphs,
  });
  await send(deps, site, member, mail, []);
}

interface NoticeJobs {
  decision: JobDefinition<{ decisionId: number }>;
  appeal: JobDefinition<{ appealId: number }>;
}
const registered = new WeakMap<JobQueue, NoticeJobs>();

/** Registers the notice jobs once per job queue (report-queue-routes.ts does, at app start). */
export function registerNoticeJobs(deps: NoticeDeps): void {
  if (registered.has(deps.jobs)) return;
  const jobs: NoticeJobs = {
    decision: { name: DECISION_NOTICE_JOB, run: ({ decisionId }) => sendDecisionNotices(deps, decisionId) },
    appeal: { name: APPEAL_OUTCOME_JOB, run: ({ appealId }) => sendAppealOutcome(deps, appealId) },
  };
  deps.jobs.register(jobs.decision);
  deps.jobs.register(jobs.appeal);
  deps.jobs.register({
    name: DECISION_NOTICE_RETRY_JOB,
    cron: '*/10 * * * *',
    run: async () => {
      for (const id of await pendingNoticeIds(deps, deps.clock())) {
        try {
          await sendDecisionNotices(deps, id);
        } catch (err) {
          // One bad address must not hold up the others; the next tick tries it again.
          deps.log.warn({ err, decisionId: id }, 'moderation: a decision notice could not be sent');
        }
      }
    },
  });
  registered.set(deps.jobs, jobs);
}

/**
 * After the decision's commit: queue its mails (the photo queue calls this too). A failure to
 * queue is logged, not thrown: the decision stands and the retry job sends them.
 */
export async function queueDecisionNotices(deps: Pick<NoticeDeps, 'jobs' | 'log'>, decisionId: number): Promise<void> {
  const jobs = registered.get(deps.jobs);
  try {
    if (!jobs) throw new Error('moderation notice jobs are not registered');
    await deps.jobs.send(jobs.decision, { decisionId });
  } catch (err) {
    deps.log.warn({ err, decisionId }, 'moderation: decision notices not queued; the retry job sends them');
  }
}

export async function queueAppealOutcome(deps: Pick<NoticeDeps, 'jobs' | 'log'>, appealId: number): Promise<void> {
  const jobs = registered.get(deps.jobs);
  try {
    if (!jobs) throw new Error('moderation notice jobs are not registered');
    await deps.jobs.send(jobs.appeal, { appealId });
  } catch (err) {
    deps.log.error({ err, appealId }, 'moderation: the appeal outcome mail was not queued');
  }
}

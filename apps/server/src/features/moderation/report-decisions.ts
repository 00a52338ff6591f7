/**
 * Deciding a report (issue 13): in ONE transaction the decision (recordModerationDecision, with
 * its audit entry), its effect (the content removed, or the account suspended or ended), the
 * report closed together with every other open report on the same item, and the audit entries of
 * each change. After the commit: the member's cached sessions are dropped everywhere (suspend,
 * terminate), a removed chat message's image files go and both members' open apps drop it
 * (chats' afterMessageRemoved), and the statement of reasons and the reporter's notice are queued (notices.ts).
 */
import { SUSPEND_DAYS_MAX, type TReportDecisionRequest } from '@cupido/shared/contracts/moderation';
import { AppError } from '../../errors';
import type { BackOfficeDeps } from '../../back-office-deps';
import type { StaffPrincipal } from '../staff/sessions';
import { recordStaffAction } from '../audit/service';
import { accountsOfProfiles } from '../accounts/moderation-accounts';
import { suspendAccount } from '../accounts/suspension';
import { removeMessageForModeration, type RemovedMessage } from '../chats/moderation-removal';
import { lockPhotosForReview, rejectPhotoInReview } from '../photos/review';
import { clearProfileAbout, profilesForModeration } from '../profiles/moderation';
import { closeReportsOfItem, lockReport } from '../reports/queue';
import { recordModerationDecision } from './decisions';
import { queueDecisionNotices } from './notices';

export type DecisionDeps = Pick<BackOfficeDeps, 'db' | 'clock' | 'jobs' | 'log' | 'events' | 'chatMessageRemoved'>;

const staffError = (status: number, code: string) => new AppError(status, code, `staff.reports.errors.${code}`);
const ACCOUNT_ACTIONS = new Set(['warn', 'suspend', 'terminate']);
const DAY_MS = 86_400_000;

/** The rules of the request itself, before any row is read. */
function checkRequest(input: TReportDecisionRequest): string {
  const facts = input.facts.trim();
  if (!facts) throw staffError(400, 'facts_required');
  if (input.action === 'suspend' && input.suspend_days === undefined) throw staffError(400, 'suspend_days_required');
  if (input.action !== 'suspend' && input.suspend_days !== undefined) throw staffError(400, 'suspend_days_only_with_suspend');
  if (input.suspend_days !== undefined && input.suspend_days > SUSPEND_DAYS_MAX) throw staffError(400, 'suspend_days_required');
  // 'no_breach' is the ground of a dismissal and of nothing else.
  if ((input.action === 'dismiss') !== (input.ground === 'no_breach')) throw staffError(400, 'ground_does_not_fit');
  return facts;
}

export interface ReportDecisionResult {
  decisionId: number;
  closedReportIds: number[];
}

export async function decideReport(
  deps: DecisionDeps,
  staff: StaffPrincipal,
  reportId: number,
  input: TReportDecisionRequest,
): Promise<ReportDecisionResult> {
  const facts = checkRequest(input);
  const now = deps.clock();
  // A suspension's account.view_changed drops the member's cached lookups after the commit.
  const result = await deps.events.transaction(deps.db, async (tx) => {
    const report = await lockReport(tx, reportId);
    if (!report) throw staffError(404, 'report_not_found');
    if (report.status !== 'open') throw staffError(409, 'report_already_decided');
    const profile = (await profilesForModeration(tx, [report.reportedProfileId])).get(report.reportedProfileId);
    if (!profile) throw staffError(404, 'report_not_found');
    const account = (await accountsOfProfiles(tx, [profile.id])).get(profile.id) ?? null;
    if (ACCOUNT_ACTIONS.has(input.action) && !account)
      throw staffError(409, profile.isFictional ? 'fictional_profile_has_no_account' : 'profile_has_no_account');
    if (input.action === 'suspend' && account?.status === 'terminated') throw staffError(409, 'account_already_terminated');

    const suspendedUntil = input.action === 'suspend' ? new Date(now.getTime() + input.suspend_days! * DAY_MS) : null;
    const decisionId = await recordModerationDecision(
      tx,
      {
        siteId: profile.siteId,
        source: 'report',
        action: input.action,
        ground: input.ground,
        facts,
        userId: account?.userId ?? null,
        profileId: profile.id,
        reportId: report.id,
        photoId: report.photoId,
        messageId: report.messageId,
        suspendedUntil,
        decidedByStaffId: staff.id,
      },
      now,
    );
    let removedMessage: RemovedMessage | null = null;
    const audit = (entry: Omit<Parameters<typeof recordStaffAction>[1], 'staffId' | 'siteId'>) =>
      recordStaffAction(tx, { staffId: staff.id, siteId: profile.siteId, ...entry }, now);

    if (input.action === 'remove_content') {
      if (report.messageId !== null) {
        const removed = await removeMessageForModeration(tx, report.messageId);
        removedMessage = removed;
        await audit({
          action: 'message.remove',
          itemType: 'message',
          itemId: report.messageId,
          before: { text: report.messageText, existed: removed !== null },
          after: null,
        });
      } else if (report.photoId !== null) {
        // Rejected, not deleted (review.ts, as the photo queue does): others stop seeing it at once,
        // the member sees it marked rejected beside the statement, and an appeal has the evidence.
        const photo = (await lockPhotosForReview(tx, [report.photoId])).get(report.photoId);
        if (photo) await rejectPhotoInReview(tx, photo, staff.id, now);
        await audit({
          action: 'photo.remove',
          itemType: 'photo',
          itemId: report.photoId,
          before: { status: photo?.status ?? null },
          after: { status: photo ? 'rejected' : null },
        });
      } else {
        const before = await clearProfileAbout(tx, profile.id);
        await audit({
          action: 'profile.clear_about',
          itemType: 'profile',
          itemId: profile.id,
          before: { about: before },
          after: { about: '' },
        });
      }
    } else if ((input.action === 'suspend' || input.action === 'terminate') && account) {
      const before = await suspendAccount(deps.events, tx, account.userId, suspendedUntil);
      await audit({
        action: input.action === 'suspend' ? 'user.suspend' : 'user.terminate',
        itemType: 'user',
        itemId: account.userId,
        before: before && { status: before.status, suspended_until: before.suspendedUntil?.toISOString() ?? null },
        after: { status: input.action === 'suspend' ? 'suspended' : 'terminated', suspended_until: suspendedUntil?.toISOString() ?? null },
      });
    }

    const closedReportIds = await closeReportsOfItem(tx, report, decisionId);
    await audit({
      action: 'report.decide',
      itemType: 'report',
      itemId: report.id,
      before: { status: 'open' },
      after: { status: 'closed', decision_id: decisionId, closed_report_ids: closedReportIds },
    });
    return {
      decisionId,
      closedReportIds,
      removedMessage,
    };
  });
  const removed = result.removedMessage;
  if (removed) {
    // The decision stands either way: a file left behind or a frame not sent is logged, not answered as a failure.
    await deps
      .chatMessageRemoved(removed)
      .catch((err: unknown) =>
        deps.log.error({ err, messageId: removed.messageId }, 'moderation: after-commit effects of a removed message failed'),
      );
  }
  await queueDecisionNotices(deps, result.decisionId);
  return { decisionId: result.decisionId, closedReportIds: result.closedReportIds };
}

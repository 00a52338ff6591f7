/**
 * Reports for moderation (trust.md, EU Digital Services Act): a member reports a profile of their
 * own site, or one of its photos, with a reason, their words and a good-faith statement. Stored as
 * 'open' until a moderation tool closes it; a member has at most one open report per profile, so
 * repeating one does not pile up the queue (answered 409 report_already_open).
 */
import { REPORT_TEXT_MAX, type TReportReason } from '@cupido/shared/contracts/reports';
import type { Database } from '../../db/open';
import { reports } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { targetProfile } from '../profiles/contact';
import { isPhotoOfProfile } from '../photos/service';

export interface ReportDeps {
  db: Database;
  clock: Clock;
}

export interface Reporter {
  userId: number;
  profileId: number;
  siteId: number;
}

export interface NewReport {
  profileId: number;
  photoId?: number;
  /** A chat message of that profile's (chats), with its content as reported: the evidence outlives the conversation. */
  message?: ReportedMessage;
  reason: TReportReason;
  text: string;
  goodFaith: boolean;
}

export interface ReportedMessage {
  id: number;
  text: string;
}

const invalid = (code: string, field: string, params: Record<string, number> = {}) =>
  new AppError(400, code, `errors.${code}`, params, field);
const alreadyOpen = () => new AppError(409, 'report_already_open', 'errors.report_already_open');

function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/** Checks the report, then stores it; answers the new report's id. */
export async function fileReport(deps: ReportDeps, reporter: Reporter, report: NewReport): Promise<number> {
  const text = report.text.trim();
  if (report.profileId === reporter.profileId) throw new AppError(400, 'cannot_report_self', 'errors.cannot_report_self', {}, 'profile_id');
  if (!report.goodFaith) throw invalid('report_good_faith_required', 'good_faith');
  if (report.reason === 'other' && !text) throw invalid('report_text_required', 'text');
  if (text.length > REPORT_TEXT_MAX) throw invalid('report_text_too_long', 'text', { max: REPORT_TEXT_MAX });

  // The profile and the photo belong to their features: ask them (decision 021).
  if (!(await targetProfile(deps.db, reporter.siteId, report.profileId))) {
    throw new AppError(404, 'profile_not_found', 'errors.profile_not_found');
  }
  if (report.photoId !== undefined && !(await isPhotoOfProfile(deps.db, report.photoId, report.profileId))) {
    throw new AppError(404, 'photo_not_found', 'errors.photo_not_found', {}, 'photo_id');
  }

  try {
    const [row] = await deps.db
      .insert(reports)
      .values({
        reporterUserId: reporter.userId,
        reportedProfileId: report.profileId,
        photoId: report.photoId ?? null,
        messageId: report.message?.id ?? null,
        messageText: report.message?.text ?? null,
        reason: report.reason,
        text,
        goodFaith: true,
        status: 'open',
        createdAt: deps.clock(),
      })
      .returning({ id: reports.id });
    return row!.id;
  } catch (error) {
    // The partial unique index decides, so two reports sent at once cannot both be stored.
    if (isUniqueViolation(error)) throw alreadyOpen();
    throw error;
  }
}

/**
 * A report of a chat message the profile sent the reporter (chats checks that first), with the
 * same checks, the same one-open-report-per-profile rule and the same acknowledgement.
 */
export async function fileMessageReport(
  deps: ReportDeps,
  reporter: Reporter,
  report: Omit<NewReport, 'photoId'> & { message: ReportedMessage },
): Promise<number> {
  return fileReport(deps, reporter, report);
}

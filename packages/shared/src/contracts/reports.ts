import { z } from 'zod';
import { zId, zText } from './input';

/**
 * Reports (issue 9, trust.md: EU Digital Services Act). A member reports a profile, or one of its
 * photos, with a reason, their own words and a good-faith statement; the report is stored for
 * moderation and acknowledged. POST /api/report.php.
 */

export const REPORT_REASONS = ['fake_profile', 'inappropriate_photos', 'harassment', 'scam_spam', 'underage', 'other'] as const;
export type TReportReason = (typeof REPORT_REASONS)[number];

/** Most characters of a report's text; the screen counts down to it. */
export const REPORT_TEXT_MAX = 1000;

export const ZReportRequest = z.object({
  profile_id: zId(),
  photo_id: zId().optional().meta({ description: 'A photo of that profile, when the report is about it' }),
  reason: z.enum(REPORT_REASONS),
  // The limit is the service's, so a long text gets a translated message; this bound only stops abuse.
  text: zText(REPORT_TEXT_MAX * 4)
    .default('')
    .meta({ description: `Up to ${REPORT_TEXT_MAX} characters; required for reason 'other'` }),
  good_faith: z.boolean().meta({ description: 'The reporter states the report is accurate and made in good faith (DSA); must be true' }),
});
export type TReportRequest = z.input<typeof ZReportRequest>;

export const ZReportAnswer = z.object({
  report_id: z.number().int(),
  status: z.literal('open'),
  message: z.string().meta({ description: "The acknowledgement in the member's language" }),
});
export type TReportAnswer = z.infer<typeof ZReportAnswer>;

/** Error codes of POST /api/report.php beyond the generic ones. */
export const REPORT_ERROR_CODES = [
  /** 400: one's own profile. */
  'cannot_report_self',
  /** 400 (field text): reason 'other' without a text. */
  'report_text_required',
  /** 400 (field text): longer than REPORT_TEXT_MAX. */
  'report_text_too_long',
  /** 400 (field good_faith): the statement was not given. */
  'report_good_faith_required',
  /** 404: no such profile on this site; or photo_not_found for a photo not of that profile. */
  'profile_not_found',
  'photo_not_found',
  /** 409: this member's earlier report of the profile is still open. */
  'report_already_open',
] as const;

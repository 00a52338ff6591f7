import { z } from 'zod';
import { zBackOfficeCursor } from './back-office-dates';
import { zId, zText } from './input';
import { PHOTO_MODERATION_MODES, type TDecisionGround } from './staff';

/**
 * The photo moderation queue of the back office (issue 13, decision 063):
 *   GET  /admin/api/photos/queue   the photos waiting for review, oldest first (keyset paging)
 *   POST /admin/api/photos/review  approve or reject up to PHOTO_REVIEW_MAX_DECISIONS at once
 * A photo waits while its `reviewed_at` is null: pending on sites in 'pre' mode (hidden until
 * approved), already approved and shown on sites in 'post' mode. A rejection is a moderation
 * decision: the member gets a statement of reasons whose ground follows from the reason.
 */

export const PHOTO_QUEUE_PAGE_MAX = 100;
export const PHOTO_QUEUE_PAGE_DEFAULT = 60;
export const PHOTO_REVIEW_MAX_DECISIONS = 100;
/** A site's queue is counted up to this many (each photo costs a probe of its profile); all sites' exactly. */
export const PHOTO_QUEUE_COUNT_CAP = 1000;
/** Most characters of a reviewer's note (it becomes part of the statement's facts). */
export const PHOTO_REVIEW_NOTE_MAX = 1000;

/**
 * Why a photo is rejected, as the reviewer picks it, and the ground of the site's terms each one
 * rests on (DECISION_GROUNDS: the statement of reasons names it). 'other' needs a note.
 */
export const PHOTO_REJECT_GROUNDS = {
  nudity: 'nudity_or_sexual_content',
  not_the_member: 'not_a_photo_of_the_member',
  no_person: 'not_a_photo_of_the_member',
  poor_quality: 'poor_quality_photo',
  contact_details: 'contact_details',
  minor: 'underage',
  violent_or_illegal: 'illegal_content',
  advertising: 'scam_spam',
  other: 'other_terms_breach',
} as const satisfies Record<string, TDecisionGround>;
export const PHOTO_REJECT_REASONS = Object.keys(PHOTO_REJECT_GROUNDS) as (keyof typeof PHOTO_REJECT_GROUNDS)[];
export type TPhotoRejectReason = keyof typeof PHOTO_REJECT_GROUNDS;
export const ZPhotoRejectReason = z.enum(PHOTO_REJECT_REASONS as [TPhotoRejectReason, ...TPhotoRejectReason[]]);

/** The reason that cannot stand alone: the note says what was wrong. */
export const PHOTO_REJECT_REASON_NEEDING_NOTE: TPhotoRejectReason = 'other';

/** Cursor of the next page: the last photo's upload time (microseconds, UTC) and id. */
export const PHOTO_QUEUE_CURSOR_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z_\d{1,10}$/;

export const ZPhotoQueueQuery = z.object({
  site_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  after: zBackOfficeCursor(PHOTO_QUEUE_CURSOR_PATTERN).optional(),
  limit: z.coerce.number().int().min(1).max(PHOTO_QUEUE_PAGE_MAX).default(PHOTO_QUEUE_PAGE_DEFAULT),
});
export type TPhotoQueueQuery = z.infer<typeof ZPhotoQueueQuery>;

export const ZPhotoQueueItem = z.object({
  photo_id: z.number().int(),
  thumb_url: z.string(),
  url: z.string(),
  /** 'pending' (hidden until approved) or 'approved' (a 'post' site: shown already, reviewed afterwards). */
  status: z.enum(['pending', 'approved']),
  is_main: z.boolean(),
  uploaded_at: z.string(),
  profile_id: z.number().int(),
  name: z.string(),
  /** Years on the day of the call; null when the birth date is unreadable (never for real profiles). */
  age: z.number().int().nullable(),
  is_fictional: z.boolean(),
  site_id: z.number().int(),
});
export type TPhotoQueueItem = z.infer<typeof ZPhotoQueueItem>;

export const ZPhotoQueueSite = z.object({ id: z.number().int(), name: z.string(), photo_moderation: z.enum(PHOTO_MODERATION_MODES) });
export type TPhotoQueueSite = z.infer<typeof ZPhotoQueueSite>;

export const ZPhotoQueue = z.object({
  photos: z.array(ZPhotoQueueItem),
  /** Photos waiting (for the chosen site, or all sites), this page included; for one site at most PHOTO_QUEUE_COUNT_CAP. */
  total: z.number().int(),
  /** More than `total` wait (a site's queue past PHOTO_QUEUE_COUNT_CAP): show "1000+". */
  total_capped: z.boolean(),
  /** Upload time of the oldest waiting photo and its age in seconds; null when none waits. */
  oldest_at: z.string().nullable(),
  oldest_age_seconds: z.number().int().nullable(),
  /** Pass as `after` for the next page; null on the last page. */
  next_after: z.string().nullable(),
  /** Every site, for the filter. */
  sites: z.array(ZPhotoQueueSite),
});
export type TPhotoQueue = z.infer<typeof ZPhotoQueue>;

export const PHOTO_VERDICTS = ['approve', 'reject'] as const;
export type TPhotoVerdict = (typeof PHOTO_VERDICTS)[number];

export const ZPhotoDecision = z
  .object({
    photo_id: zId(),
    verdict: z.enum(PHOTO_VERDICTS),
    reason: ZPhotoRejectReason.optional(),
    note: zText(PHOTO_REVIEW_NOTE_MAX).optional(),
  })
  .superRefine((decision, ctx) => {
    if (decision.verdict === 'reject' && !decision.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A rejection needs a reason.', params: { code: 'reason_required' } });
    }
    if (decision.verdict === 'approve' && decision.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'An approval has no reason.', params: { code: 'reason_not_allowed' } });
    }
    if (decision.reason === PHOTO_REJECT_REASON_NEEDING_NOTE && !decision.note?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say what is wrong with the photo.', params: { code: 'note_required' } });
    }
  });
export type TPhotoDecision = z.infer<typeof ZPhotoDecision>;

export const ZPhotoReviewRequest = z.object({
  decisions: z
    .array(ZPhotoDecision)
    .min(1)
    .max(PHOTO_REVIEW_MAX_DECISIONS)
    .refine((decisions) => new Set(decisions.map((d) => d.photo_id)).size === decisions.length, { message: 'Each photo at most once.' }),
});
export type TPhotoReviewRequest = z.infer<typeof ZPhotoReviewRequest>;

/** Why a decision was not carried out: someone else reviewed the photo first, or it is gone (the member deleted it). */
export const PHOTO_REVIEW_SKIP_REASONS = ['already_reviewed', 'not_found'] as const;

export const ZPhotoReviewAnswer = z.object({
  reviewed: z.array(
    z.object({
      photo_id: z.number().int(),
      verdict: z.enum(PHOTO_VERDICTS),
      status: z.enum(['approved', 'rejected']),
      /** The moderation decision of a rejection (its statement of reasons goes to the member); null for an approval. */
      decision_id: z.number().int().nullable(),
    }),
  ),
  skipped: z.array(z.object({ photo_id: z.number().int(), reason: z.enum(PHOTO_REVIEW_SKIP_REASONS) })),
});
export type TPhotoReviewAnswer = z.infer<typeof ZPhotoReviewAnswer>;

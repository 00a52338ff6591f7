import { z } from 'zod';
import { zId, zText } from './input';
import { REPORT_REASONS } from './reports';
import { APPEAL_STATUSES, DECISION_ACTIONS, DECISION_GROUNDS } from './staff';

/**
 * Reports, decisions, statements of reasons and appeals (issue 13; trust.md, EU Digital Services
 * Act art. 17 and 20). The back office's report queue and appeal queue (under /admin/api), and the
 * member's side: their decisions with the statement of reasons, and an appeal within
 * APPEAL_WINDOW_MONTHS, from the app or, for a member who cannot log in (suspended), from the
 * signed link in the statement's e-mail (/decision/{token}).
 */

/** Most characters of a decision's facts, an appeal's text and an appeal decision's note. */
export const MODERATION_TEXT_MAX = 2000;
/** A suspension lasts at least one day and at most a year; longer ones are an ended account. */
export const SUSPEND_DAYS_MIN = 1;
export const SUSPEND_DAYS_MAX = 365;

/** What a report is about: the whole profile (its text), one photo, or one chat message. */
export const REPORTED_ITEM_KINDS = ['profile', 'photo', 'message'] as const;
export type TReportedItemKind = (typeof REPORTED_ITEM_KINDS)[number];

export const ZReportedProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  about: z.string(),
  /** Staff-run: its content can be removed, but there is no account to warn, suspend or end. */
  is_fictional: z.boolean(),
  /** The account behind the profile, null for fictional profiles (or once erased). */
  account: z.object({ user_id: z.number().int(), status: z.string(), suspended_until: z.string().nullable() }).nullable(),
});

export const ZReportQueueItem = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  created_at: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  reporter: z.object({ user_id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  item: z.object({
    kind: z.enum(REPORTED_ITEM_KINDS),
    profile: ZReportedProfile,
    /** The reported photo (still stored: its URL), or null when the report is not about one or it is gone. */
    photo: z.object({ id: z.number().int(), url: z.string(), thumb_url: z.string(), status: z.string() }).nullable(),
    /** The reported message: its id and its text as reported (the evidence outlives the conversation). */
    message: z
      .object({
        id: z.number().int(),
        text: z.string(),
        /**
         * An image message's picture (issue 29), through the back office's own call
         * (GET /admin/api/reports/:id/image); absent for other kinds or once the message is removed.
         */
        image: z.object({ thumb_url: z.string(), url: z.string() }).optional(),
      })
      .nullable(),
  }),
  /** How many open reports there are on this exact item (this one included): a decision closes them all. */
  open_reports_on_item: z.number().int(),
  status: z.enum(['open', 'closed']),
  decision_id: z.number().int().nullable(),
});
export type TReportQueueItem = z.infer<typeof ZReportQueueItem>;

export const ZReportQueueQuery = z.object({ site_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
/** The sites, for the queues' site filter. */
export const ZQueueSites = z.array(z.object({ id: z.number().int(), name: z.string() }));
export const ZReportQueue = z.object({ reports: z.array(ZReportQueueItem), sites: ZQueueSites });
export type TReportQueue = z.infer<typeof ZReportQueue>;

export const ZReportDecisionRequest = z.object({
  action: z.enum(DECISION_ACTIONS),
  ground: z.enum(DECISION_GROUNDS),
  facts: zText(MODERATION_TEXT_MAX).meta({ description: 'The facts the decision rests on, as the statement of reasons tells the member' }),
  suspend_days: z.number().int().min(SUSPEND_DAYS_MIN).max(SUSPEND_DAYS_MAX).optional().meta({ description: "Only with action 'suspend'" }),
});
export type TReportDecisionRequest = z.infer<typeof ZReportDecisionRequest>;

export const ZReportDecisionAnswer = z.object({
  decision_id: z.number().int(),
  /** Every report the decision closed: this one and the other open ones on the same item. */
  closed_report_ids: z.array(z.number().int()),
});
export type TReportDecisionAnswer = z.infer<typeof ZReportDecisionAnswer>;

export const ZStaffDecision = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  source: z.enum(['report', 'photo_review']),
  action: z.enum(DECISION_ACTIONS),
  ground: z.enum(DECISION_GROUNDS),
  facts: z.string(),
  user_id: z.number().int().nullable(),
  profile_id: z.number().int().nullable(),
  suspended_until: z.string().nullable(),
  decided_by_staff_id: z.number().int(),
  /** The staff member asking took this decision: they may not decide its appeal. */
  decided_by_me: z.boolean(),
  created_at: z.string(),
});

export const ZAppealQueueItem = z.object({
  id: z.number().int(),
  created_at: z.string(),
  text: z.string(),
  decision: ZStaffDecision,
});
export type TAppealQueueItem = z.infer<typeof ZAppealQueueItem>;
export const ZAppealQueue = z.object({ appeals: z.array(ZAppealQueueItem), sites: ZQueueSites });
export type TAppealQueue = z.infer<typeof ZAppealQueue>;

export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type TAppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export const ZAppealDecisionRequest = z.object({
  outcome: z.enum(APPEAL_OUTCOMES),
  note: zText(MODERATION_TEXT_MAX).meta({ description: 'Why; told to the member' }),
});
export type TAppealDecisionRequest = z.infer<typeof ZAppealDecisionRequest>;
export const ZAppealDecisionAnswer = z.object({ appeal_id: z.number().int(), status: z.enum(APPEAL_OUTCOMES) });

/** A decision as the member it concerns sees it: the statement of reasons, in their language. */
export const ZMemberDecision = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.enum(DECISION_ACTIONS),
  /** "Your photo was removed.", "Your account is suspended until …": what was decided. */
  what: z.string(),
  /** The ground, in words. */
  ground: z.string(),
  facts: z.string(),
  /** The content the decision is about when it is a message: its text as reported; else null. */
  content: z.string().nullable(),
  suspended_until: z.string().nullable(),
  /** The last day an appeal can be filed (APPEAL_WINDOW_MONTHS after the decision). */
  appeal_until: z.string(),
  can_appeal: z.boolean(),
  appeal: z
    .object({
      status: z.enum(APPEAL_STATUSES),
      created_at: z.string(),
      /** The decision on the appeal, told in the member's language; null while open. */
      outcome: z.string().nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
});
export type TMemberDecision = z.infer<typeof ZMemberDecision>;
export const ZMemberDecisions = z.object({ decisions: z.array(ZMemberDecision) });
export type TMemberDecisions = z.infer<typeof ZMemberDecisions>;

export const ZAppealRequest = z.object({
  decision_id: zId(),
  text: zText(MODERATION_TEXT_MAX * 4).meta({ description: `Up to ${MODERATION_TEXT_MAX} characters` }),
});
export type TAppealRequest = z.input<typeof ZAppealRequest>;
export const ZAppealAnswer = z.object({ appeal_id: z.number().int(), status: z.literal('open'), message: z.string() });
export type TAppealAnswer = z.infer<typeof ZAppealAnswer>;

/** The signed link of a statement's e-mail: no login needed (a suspended member cannot log in). */
export const ZDecisionLinkQuery = z.object({ token: z.string().min(1).max(400) });
export const ZDecisionLinkAnswer = z.object({ decision: ZMemberDecision, site_name: z.string() });
export type TDecisionLinkAnswer = z.infer<typeof ZDecisionLinkAnswer>;
export const ZDecisionLinkAppealRequest = z.object({
  token: z.string().min(1).max(400),
  text: zText(MODERATION_TEXT_MAX * 4),
});

/** Error codes of the member calls beyond the generic ones. */
export const APPEAL_ERROR_CODES = [
  /** 404: no such decision of this member (or the link is not valid). */
  'decision_not_found',
  /** 403: the appeal window of APPEAL_WINDOW_MONTHS has passed. */
  'appeal_window_closed',
  /** 409: this decision was appealed already (one appeal per decision). */
  'appeal_already_filed',
  /** 400 (field text): empty, or longer than MODERATION_TEXT_MAX. */
  'appeal_text_required',
  'appeal_text_too_long',
  /** 400: a dismissed report changes nothing for the member: there is nothing to appeal. */
  'decision_not_appealable',
] as const;

import { z } from 'zod';
import { ACCOUNT_STATUSES, CONSENT_KINDS } from '../rules/accounts';
import { CREDIT_KINDS } from './credits';
import { INT32_MAX, zText } from './input';
import { PHOTO_STATUSES } from '../rules/photos';
import { DECISION_ACTIONS, DECISION_GROUNDS, DECISION_SOURCES } from './staff';

/**
 * The members desk of the back office (issue 13, decision 031): find a member by e-mail, name or
 * id, see everything the product holds about the account, and act on it (suspend and lift,
 * resend the activation mail, start erasure, correct credits with a reason).
 */

export const MEMBER_SEARCH_PAGE_SIZE = 25;
/** Longest suspension staff may give from the desk (a longer one is ending the account: a moderation decision). */
export const MEMBER_SUSPEND_MAX_DAYS = 365;
/** A single correction may move at most this many credits either way. */
export const CREDIT_CORRECTION_MAX = 10_000;
export const STAFF_REASON_MAX = 1_000;

/** GET /admin/api/members?q=: an e-mail (exact or its beginning), a name's beginning, or an id. */
export const ZMemberSearchQuery = z.object({
  q: zText(254).trim().min(1, 'type an e-mail, a name or an id'),
  site_id: z.coerce.number().int().positive().max(INT32_MAX).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type TMemberSearchQuery = z.input<typeof ZMemberSearchQuery>;

export const ZMemberSearchRow = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  created_at: z.string(),
});
export type TMemberSearchRow = z.infer<typeof ZMemberSearchRow>;

export const ZMemberSearchAnswer = z.object({
  members: z.array(ZMemberSearchRow),
  page: z.number().int(),
  has_more: z.boolean(),
});
export type TMemberSearchAnswer = z.infer<typeof ZMemberSearchAnswer>;

const ZReportView = z.object({
  id: z.number().int(),
  reporter_user_id: z.number().int().nullable(),
  reported_profile_id: z.number().int(),
  photo_id: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
  reason: z.string(),
  text: z.string(),
  status: z.string(),
  created_at: z.string(),
  decision_id: z.number().int().nullable(),
});

/** GET /admin/api/members/:id: the account and everything the product holds about it. */
export const ZMemberDetail = z.object({
  account: z.object({
    id: z.number().int(),
    site_id: z.number().int(),
    site_name: z.string(),
    email: z.string(),
    pending_email: z.string().nullable(),
    status: z.enum(ACCOUNT_STATUSES),
    suspended_until: z.string().nullable(),
    created_at: z.string(),
    activated_at: z.string().nullable(),
    deleted_at: z.string().nullable(),
    delete_reason: z.string().nullable(),
    delete_remarks: z.string().nullable(),
    erased_at: z.string().nullable(),
    language: z.string(),
    paid_user: z.boolean(),
    credits: z.number().int(),
    profile_id: z.number().int().nullable(),
  }),
  consents: z.array(
    z.object({ kind: z.enum(CONSENT_KINDS), version: z.string(), granted_at: z.string(), revoked_at: z.string().nullable() }),
  ),
  /** Every field of the profile, as stored (null once the account is erased). */
  profile: z
    .object({
      id: z.number().int(),
      name: z.string(),
      is_fictional: z.boolean(),
      status: z.string(),
      invisible: z.boolean(),
      fields: z.record(z.string(), z.unknown()),
    })
    .nullable(),
  photos: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(PHOTO_STATUSES),
      is_main: z.boolean(),
      url: z.string(),
      thumb_url: z.string(),
      created_at: z.string(),
      reviewed_at: z.string().nullable(),
    }),
  ),
  blocks: z.object({
    /** Profiles this member blocked. */
    given: z.array(z.object({ profile_id: z.number().int(), name: z.string(), created_at: z.string() })),
    /** How many members blocked this member's profile. */
    received_count: z.number().int(),
  }),
  credits: z.object({
    balance: z.number().int(),
    entries: z.array(
      z.object({
        id: z.number().int(),
        created_at: z.string(),
        kind: z.enum(CREDIT_KINDS),
        amount: z.number().int(),
        balance_after: z.number().int(),
        reference: z.string().nullable(),
        note: z.string().nullable(),
      }),
    ),
  }),
  reports: z.object({ filed: z.array(ZReportView), about: z.array(ZReportView) }),
  decisions: z.array(
    z.object({
      id: z.number().int(),
      source: z.enum(DECISION_SOURCES),
      action: z.enum(DECISION_ACTIONS),
      ground: z.enum(DECISION_GROUNDS),
      facts: z.string(),
      suspended_until: z.string().nullable(),
      decided_by_staff_id: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type TMemberDetail = z.infer<typeof ZMemberDetail>;

const reason = zText(STAFF_REASON_MAX).trim().min(1, 'give a reason');

/** POST /admin/api/members/:id/suspend */
export const ZSuspendMemberRequest = z.object({
  days: z.number().int().min(1).max(MEMBER_SUSPEND_MAX_DAYS),
  reason,
});
export type TSuspendMemberRequest = z.infer<typeof ZSuspendMemberRequest>;

/** POST /admin/api/members/:id/lift */
export const ZLiftSuspensionRequest = z.object({ reason });
export type TLiftSuspensionRequest = z.infer<typeof ZLiftSuspensionRequest>;

/** POST /admin/api/members/:id/erase: the member's id typed again, so a slip of the mouse erases nobody. */
export const ZEraseMemberRequest = z.object({ confirm_id: z.number().int().positive().max(INT32_MAX), reason });
export type TEraseMemberRequest = z.infer<typeof ZEraseMemberRequest>;

/** POST /admin/api/members/:id/credits: a signed correction with its reason (stored on the ledger entry). */
export const ZCreditCorrectionRequest = z.object({
  amount: z
    .number()
    .int()
    .min(-CREDIT_CORRECTION_MAX)
    .max(CREDIT_CORRECTION_MAX)
    .refine((amount) => amount !== 0, 'not 0'),
  reason,
  /** A fresh random key per correction form: a double click or a retried request posts once. */
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _'),
});
export type TCreditCorrectionRequest = z.infer<typeof ZCreditCorrectionRequest>;

export const ZCreditCorrectionAnswer = z.object({ entry_id: z.number().int(), balance: z.number().int(), replayed: z.boolean() });
export type TCreditCorrectionAnswer = z.infer<typeof ZCreditCorrectionAnswer>;

/** What the account actions answer: the member as it is now. */
export const ZMemberActionAnswer = z.object({ status: z.enum(ACCOUNT_STATUSES), suspended_until: z.string().nullable() });
export type TMemberActionAnswer = z.infer<typeof ZMemberActionAnswer>;

import { z } from 'zod';

/**
 * The back office's staff (issue 13, docs/decisions/031-back-office.md). Staff accounts are not
 * members: they log in at /admin with a password and a TOTP second factor, and each role may use
 * only the screens and calls its permissions name. This table is the one place that says who may
 * do what; the server checks it on every staff call (a route declares the permission it needs)
 * and the back office hides what a role may not use.
 */

export const STAFF_ROLES = ['admin', 'moderator', 'operator', 'support', 'finance', 'marketing'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** The dashboard's figures and charts. */
  'dashboard.view',
  /** The photo moderation queue: approve and reject. */
  'photos.moderate',
  /** The report queue and its decisions (dismiss, remove content, warn, suspend, end the account). */
  'reports.decide',
  /** Appeals against decisions (never by the staff member who took the decision). */
  'appeals.decide',
  /** Find members and see their account, consents, profile, photos, blocks, credits and reports. */
  'members.view',
  /** Suspend and lift, resend the activation mail, start erasure. */
  'members.manage',
  /** Correct a member's credits with a reason (a ledger entry naming the staff member). */
  'credits.correct',
  /** Edit every setting of a site. */
  'sites.edit',
  /** Create and edit the fictional profiles staff run, with their photos. */
  'fictional.manage',
  /** Answer conversations as a fictional profile (operator console, issue 15). */
  'conversations.answer',
  /** Payments and refunds (issue 14). */
  'payments.manage',
  /** Write promotions and news for a site's opted-in members, preview, test and send them (issue 30). */
  'campaigns.send',
  /** Read and export the audit log. */
  'audit.view',
  /** Create staff accounts and change their roles. */
  'staff.manage',
] as const;
export type TStaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** Role -> permissions. admin has every permission; the others only what their daily work needs. */
export const ROLE_PERMISSIONS: Record<TStaffRole, readonly TStaffPermission[]> = {
  admin: STAFF_PERMISSIONS,
  moderator: ['dashboard.view', 'photos.moderate', 'reports.decide', 'appeals.decide', 'members.view'],
  operator: ['dashboard.view', 'fictional.manage', 'conversations.answer'],
  support: ['dashboard.view', 'members.view', 'members.manage', 'credits.correct'],
  finance: ['dashboard.view', 'members.view', 'credits.correct', 'payments.manage'],
  // Mails in the site's name to every opted-in member: nobody's daily work above, so a role of its own (decision 043).
  marketing: ['dashboard.view', 'campaigns.send'],
};

export function staffMay(role: TStaffRole, permission: TStaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Where the back office's calls live: under /admin, so the staff cookie (Path=/admin) reaches them and no member call. */
export const ADMIN_API_PREFIX = '/admin/api';

/** A staff session ends after this long without a call (the member session lasts weeks). */
export const STAFF_IDLE_TIMEOUT_MINUTES = 30;
/** And after this long in any case, active or not. */
export const STAFF_SESSION_MAX_HOURS = 12;

export const ZStaffRole = z.enum(STAFF_ROLES);
export const ZStaffPermission = z.enum(STAFF_PERMISSIONS);

/** GET /admin/api/me: the logged-in staff member, or null. */
export const ZStaffMe = z.object({
  staff: z
    .object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      role: ZStaffRole,
      permissions: z.array(ZStaffPermission),
      /** false while the password was given but the TOTP code not yet (or TOTP is still to be set up). */
      second_factor_done: z.boolean(),
      /** false until the staff member has set up TOTP (the first login shows the QR code). */
      totp_set_up: z.boolean(),
    })
    .nullable(),
});
export type TStaffMe = z.infer<typeof ZStaffMe>;

/**
 * Moderation decisions (trust.md, EU Digital Services Act art. 17): what staff decided about a
 * member's content or account. Each one is sent to the member as a statement of reasons and can
 * be appealed within APPEAL_WINDOW_MONTHS, by a different staff member.
 */
export const DECISION_ACTIONS = [
  /** The report was not upheld; nothing changes for the reported member (no statement is sent to them). */
  'dismiss',
  /** The reported or reviewed content (a photo, a message, the profile text) is removed. */
  'remove_content',
  /** A warning; the account stays as it is. */
  'warn',
  /** The account is suspended until a time: no login, the profile hidden. */
  'suspend',
  /** The account is ended for good. */
  'terminate',
] as const;
export type TDecisionAction = (typeof DECISION_ACTIONS)[number];

/** Where a decision came from: a member's report, or the review of an uploaded photo. */
export const DECISION_SOURCES = ['report', 'photo_review'] as const;
export type TDecisionSource = (typeof DECISION_SOURCES)[number];

/** The grounds a decision rests on: the site's terms it applies (statement of reasons: "on which ground"). */
export const DECISION_GROUNDS = [
  'fake_profile',
  'nudity_or_sexual_content',
  'not_a_photo_of_the_member',
  'poor_quality_photo',
  'contact_details',
  'harassment',
  'scam_spam',
  'underage',
  'illegal_content',
  'other_terms_breach',
  'no_breach',
] as const;
export type TDecisionGround = (typeof DECISION_GROUNDS)[number];

/** A member may appeal a decision this many months after it. */
export const APPEAL_WINDOW_MONTHS = 6;
export const APPEAL_STATUSES = ['open', 'upheld', 'reversed'] as const;
export type TAppealStatus = (typeof APPEAL_STATUSES)[number];

/** Per site: photos hidden until approved (`pre`) or shown at once and reviewed afterwards (`post`). */
export const PHOTO_MODERATION_MODES = ['pre', 'post'] as const;
export type TPhotoModerationMode = (typeof PHOTO_MODERATION_MODES)[number];

import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../rules/email';
import { COMPLAINT_NAME_MAX, COMPLAINT_NOTE_MAX, COMPLAINT_TEXT_MAX, COMPLAINT_TOPICS } from '../rules/complaints';
import { zId, zText } from './input';

/**
 * Complaints (issue 31; the service terms' complaints section): anyone, visitor or member, files a
 * complaint on /complaints and gets a reference number at once; the complaint waits in the back
 * office's reports queue until staff mark it answered. POST /api/complaint.php. The topics, limits,
 * reference and checks are zod-free in shared/rules/complaints.ts (the web form's chunk has no zod).
 */

/** Complaints one address (IP) may file per hour: enough for a person, not for a flood. */
export const COMPLAINTS_PER_IP_PER_HOUR = 5;

export const ZComplaintRequest = z.object({
  topic: z.enum(COMPLAINT_TOPICS),
  // The limits are the service's, so a long value gets a translated message; these bounds only stop abuse.
  name: zText(COMPLAINT_NAME_MAX * 4)
    .default('')
    .meta({ description: `Optional, up to ${COMPLAINT_NAME_MAX} characters` }),
  email: zText(EMAIL_MAX_LENGTH * 2).meta({ description: 'Where the answer goes; a member may leave it empty to use the account address' }),
  text: zText(COMPLAINT_TEXT_MAX * 4).meta({
    description: `What happened and what the complainant asks for, up to ${COMPLAINT_TEXT_MAX} characters`,
  }),
});
export type TComplaintRequest = z.input<typeof ZComplaintRequest>;

export const ZComplaintAnswer = z.object({
  reference: z.string().meta({ description: 'The reference number, as C-000123' }),
  message: z.string().meta({ description: "The acknowledgement in the complainant's language" }),
});
export type TComplaintAnswer = z.infer<typeof ZComplaintAnswer>;

/** Error codes of POST /api/complaint.php beyond the generic ones (field in brackets). */
export const COMPLAINT_ERROR_CODES = [
  /** 400 (text): empty. */
  'complaint_text_required',
  /** 400 (text): longer than COMPLAINT_TEXT_MAX. */
  'complaint_text_too_long',
  /** 400 (name): longer than COMPLAINT_NAME_MAX. */
  'complaint_name_too_long',
  /** 400 (email): not an address (a visitor must give one). */
  'invalid_email',
  /** 429: more than COMPLAINTS_PER_IP_PER_HOUR from one address. */
  'too_many_complaints',
] as const;

export const COMPLAINT_STATUSES = ['open', 'answered'] as const;
export type TComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** A complaint in the back office's queue (GET /admin/api/complaints). */
export const ZComplaintQueueItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  site_id: z.number().int(),
  topic: z.enum(COMPLAINT_TOPICS),
  name: z.string(),
  email: z.string(),
  text: z.string(),
  locale: z.string(),
  /** The member who filed it while logged in; null for a visitor (or an account since deleted). */
  user_id: z.number().int().nullable(),
  status: z.enum(COMPLAINT_STATUSES),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  note: z.string(),
});
export type TComplaintQueueItem = z.infer<typeof ZComplaintQueueItem>;

export const ZComplaintQueueQuery = z.looseObject({ site_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const ZComplaintQueue = z.object({
  complaints: z.array(ZComplaintQueueItem),
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TComplaintQueue = z.infer<typeof ZComplaintQueue>;

/** POST /admin/api/complaints/{id}/answered: staff answered the complainant (by mail) and say how, briefly. */
export const ZComplaintAnsweredRequest = z.object({ note: zText(COMPLAINT_NOTE_MAX) });
export type TComplaintAnsweredRequest = z.input<typeof ZComplaintAnsweredRequest>;
export const ZComplaintAnsweredAnswer = z.object({ id: zId(), status: z.literal('answered') });

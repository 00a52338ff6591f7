/**
 * The rules of a complaint (issue 31), zod-free so the web app's /complaints form carries no
 * schema library: the topics, the limits, the reference number, and the checks in the order the
 * server makes them (each problem the error code the server answers, under its field).
 */
import { isValidEmail } from './email';

export const COMPLAINT_TOPICS = ['billing', 'profile', 'privacy', 'service', 'other'] as const;
export type TComplaintTopic = (typeof COMPLAINT_TOPICS)[number];

export const isComplaintTopic = (value: string): value is TComplaintTopic => (COMPLAINT_TOPICS as readonly string[]).includes(value);

/** Most characters of a complaint's text and of the complainant's name; the form counts down to the text's. */
export const COMPLAINT_TEXT_MAX = 4000;
export const COMPLAINT_NAME_MAX = 100;
/** Most characters of staff's note on how a complaint was answered (the back office's queue). */
export const COMPLAINT_NOTE_MAX = 2000;

/** The reference a complainant quotes: C- and the complaint's number, six digits at least. */
export function complaintReference(id: number): string {
  return `C-${String(id).padStart(6, '0')}`;
}

export type ComplaintProblem = 'complaint_text_required' | 'complaint_text_too_long' | 'complaint_name_too_long' | 'invalid_email';

/**
 * What is wrong with a complaint, by field (nothing: it may be sent). An empty e-mail is fine
 * when the complainant is logged in (`accountEmail`): the answer then goes to the account's address.
 */
export function complaintProblems(
  complaint: { name: string; email: string; text: string },
  accountEmail: string | null = null,
): Partial<Record<'text' | 'name' | 'email', ComplaintProblem>> {
  const text = complaint.text.trim();
  const email = complaint.email.trim() || accountEmail || '';
  return {
    ...(!text
      ? { text: 'complaint_text_required' as const }
      : text.length > COMPLAINT_TEXT_MAX
        ? { text: 'complaint_text_too_long' as const }
        : {}),
    ...(complaint.name.trim().length > COMPLAINT_NAME_MAX ? { name: 'complaint_name_too_long' as const } : {}),
    ...(isValidEmail(email) ? {} : { email: 'invalid_email' as const }),
  };
}

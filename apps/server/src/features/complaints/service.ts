/**
 * Complaints (issue 31; the service terms' complaints section): anyone may complain, a visitor or
 * a member, about billing, a profile, privacy or the service. The complaint is stored at once and
 * answered with its reference number; staff see it in the back office's reports queue and mark it
 * answered with a note once they have written back (queue.ts).
 */
import { normalizeEmail } from '@cupido/shared/rules/email';
import {
  COMPLAINT_NAME_MAX,
  COMPLAINT_TEXT_MAX,
  complaintProblems,
  complaintReference,
  type TComplaintTopic,
} from '@cupido/shared/rules/complaints';
import { COMPLAINTS_PER_IP_PER_HOUR } from '@cupido/shared/contracts/complaints';
import type { Database } from '../../db/open';
import { complaints } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { RateLimiter } from '../../infra/rate-limiter';

const HOUR_MS = 60 * 60 * 1000;

export interface ComplaintDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
}

/** Who complains, as the request tells: the site, the language of the page, the address, and the member when logged in. */
export interface Complainant {
  siteId: number;
  locale: string;
  ip: string;
  member: { userId: number; email: string } | null;
}

export interface NewComplaint {
  topic: TComplaintTopic;
  name: string;
  email: string;
  text: string;
}

const invalid = (code: string, field: string, params: Record<string, number> = {}) =>
  new AppError(400, code, `errors.${code}`, params, field);

/** Checks the complaint, stores it and answers its id and reference; at most COMPLAINTS_PER_IP_PER_HOUR per address. */
export async function fileComplaint(
  deps: ComplaintDeps,
  from: Complainant,
  complaint: NewComplaint,
): Promise<{ id: number; reference: string }> {
  // The same checks as the form's (shared/rules/complaints.ts); the first problem is answered, field by field in that order.
  const problems = complaintProblems(complaint, from.member?.email ?? null);
  const maxOf = { text: COMPLAINT_TEXT_MAX, name: COMPLAINT_NAME_MAX } as const;
  for (const field of ['text', 'name', 'email'] as const) {
    const code = problems[field];
    if (code) throw invalid(code, field, field === 'email' ? {} : { max: maxOf[field] });
  }
  const text = complaint.text.trim();
  const name = complaint.name.trim();
  // A member may leave the address out: the answer then goes to the account's.
  const email = normalizeEmail(complaint.email.trim() || from.member?.email || '');

  // Counted only for complaints that pass the checks: a typo costs nothing, a flood is stopped.
  const key = `complaint:ip:${from.ip}`;
  const counted = await deps.limiter.hit(key, COMPLAINTS_PER_IP_PER_HOUR, HOUR_MS);
  if (!counted.allowed) {
    await deps.limiter.refund(key, HOUR_MS, counted);
    throw new AppError(429, 'too_many_complaints', 'errors.too_many_complaints');
  }
  try {
    const [row] = await deps.db
      .insert(complaints)
      .values({
        siteId: from.siteId,
        userId: from.member?.userId ?? null,
        topic: complaint.topic,
        name,
        email,
        text,
        locale: from.locale,
        createdAt: deps.clock(),
      })
      .returning({ id: complaints.id });
    return { id: row!.id, reference: complaintReference(row!.id) };
  } catch (error) {
    await deps.limiter.refund(key, HOUR_MS, counted);
    throw error;
  }
}
